//! Attributes: `Attribute` and one Python class per builtin kind (`IntegerAttr`,
//! `DictAttr`, `DenseIntElementsAttr`...), plus `DialectAttr`. As for types, every attribute
//! handed to Python is an instance of its most specific class ([`omnir::AttributeClass`]).

use std::borrow::Cow;

use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::PyClass;
use pyo3::types::{PyBytes, PyDict, PyInt, PyString};
use pyo3::PyClassInitializer;

use omnir::AttributeClass;

use crate::context::{context_object, resolve, Context};
use crate::errors::OrPy;
use crate::fastcall::{self, static_method};
use crate::location::wrap_loc;
use crate::types::{wrap_type, Type, TypeID};

/// A uniqued attribute. Equal attributes compare (and hash) equal.
#[pyclass(module = "omnir._omnir", subclass, frozen)]
pub struct Attribute {
    pub attr: omnir::Attribute,
}

/// A (name, attribute) pair, as found in operation and dictionary attributes.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct NamedAttribute {
    #[pyo3(get)]
    pub name: String,
    pub attr: omnir::Attribute,
}

#[pymethods]
impl NamedAttribute {
    #[getter]
    fn attr(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        wrap_attr(py, self.attr.clone())
    }

    fn __repr__(&self) -> String {
        format!("NamedAttribute({}={})", self.name, self.attr)
    }
}

/// The `omnir::Attribute` inside any instance of `Attribute` or a subclass.
#[inline]
pub fn aref<'a, T: PyClass>(obj: &'a Bound<'_, T>) -> &'a omnir::Attribute {
    // SAFETY: every pyclass this is called with extends `Attribute` (directly or not).
    unsafe { &obj.as_any().cast_unchecked::<Attribute>().get().attr }
}

fn base(attr: omnir::Attribute) -> PyClassInitializer<Attribute> {
    PyClassInitializer::from(Attribute { attr })
}

/// Wraps an attribute in the Python class of its most specific kind.
pub fn wrap_attr(py: Python<'_>, a: omnir::Attribute) -> PyResult<Py<PyAny>> {
    let class = a.class().py()?;
    Ok(match class {
        AttributeClass::Unit => Py::new(py, base(a).add_subclass(UnitAttr))?.into_any(),
        AttributeClass::Bool => Py::new(py, base(a).add_subclass(BoolAttr))?.into_any(),
        AttributeClass::Integer => Py::new(py, base(a).add_subclass(IntegerAttr))?.into_any(),
        AttributeClass::Float => Py::new(py, base(a).add_subclass(FloatAttr))?.into_any(),
        AttributeClass::String => Py::new(py, base(a).add_subclass(StringAttr))?.into_any(),
        AttributeClass::Type => Py::new(py, base(a).add_subclass(TypeAttr))?.into_any(),
        AttributeClass::Array => Py::new(py, base(a).add_subclass(ArrayAttr))?.into_any(),
        AttributeClass::Dictionary => Py::new(py, base(a).add_subclass(DictAttr))?.into_any(),
        AttributeClass::SymbolRef => Py::new(py, base(a).add_subclass(SymbolRefAttr))?.into_any(),
        AttributeClass::FlatSymbolRef => {
            Py::new(py, base(a).add_subclass(SymbolRefAttr).add_subclass(FlatSymbolRefAttr))?.into_any()
        }
        AttributeClass::DenseIntElements => {
            Py::new(py, base(a).add_subclass(DenseElementsAttr).add_subclass(DenseIntElementsAttr))?.into_any()
        }
        AttributeClass::DenseFPElements => {
            Py::new(py, base(a).add_subclass(DenseElementsAttr).add_subclass(DenseFPElementsAttr))?.into_any()
        }
        AttributeClass::DenseStringElements => Py::new(py, base(a).add_subclass(DenseStringElementsAttr))?.into_any(),
        AttributeClass::DenseBoolArray => {
            Py::new(py, base(a).add_subclass(DenseArrayAttr).add_subclass(DenseBoolArrayAttr))?.into_any()
        }
        AttributeClass::DenseI8Array => {
            Py::new(py, base(a).add_subclass(DenseArrayAttr).add_subclass(DenseI8ArrayAttr))?.into_any()
        }
        AttributeClass::DenseI16Array => {
            Py::new(py, base(a).add_subclass(DenseArrayAttr).add_subclass(DenseI16ArrayAttr))?.into_any()
        }
        AttributeClass::DenseI32Array => {
            Py::new(py, base(a).add_subclass(DenseArrayAttr).add_subclass(DenseI32ArrayAttr))?.into_any()
        }
        AttributeClass::DenseI64Array => {
            Py::new(py, base(a).add_subclass(DenseArrayAttr).add_subclass(DenseI64ArrayAttr))?.into_any()
        }
        AttributeClass::DenseF32Array => {
            Py::new(py, base(a).add_subclass(DenseArrayAttr).add_subclass(DenseF32ArrayAttr))?.into_any()
        }
        AttributeClass::DenseF64Array => {
            Py::new(py, base(a).add_subclass(DenseArrayAttr).add_subclass(DenseF64ArrayAttr))?.into_any()
        }
        AttributeClass::DenseArray => Py::new(py, base(a).add_subclass(DenseArrayAttr))?.into_any(),
        AttributeClass::DenseResourceElements => {
            Py::new(py, base(a).add_subclass(DenseResourceElementsAttr))?.into_any()
        }
        AttributeClass::AffineMap => Py::new(py, base(a).add_subclass(AffineMapAttr))?.into_any(),
        AttributeClass::IntegerSet => Py::new(py, base(a).add_subclass(IntegerSetAttr))?.into_any(),
        AttributeClass::StridedLayout => Py::new(py, base(a).add_subclass(StridedLayoutAttr))?.into_any(),
        AttributeClass::Distinct => Py::new(py, base(a).add_subclass(DistinctAttr))?.into_any(),
        AttributeClass::Location => Py::new(py, base(a).add_subclass(LocationAttr))?.into_any(),
        AttributeClass::Opaque => Py::new(py, base(a).add_subclass(OpaqueAttr))?.into_any(),
        AttributeClass::Dialect => Py::new(py, base(a).add_subclass(DialectAttr))?.into_any(),
    })
}

fn attrs_of(items: &[Bound<'_, Attribute>]) -> Vec<omnir::Attribute> {
    items.iter().map(|a| a.get().attr.clone()).collect()
}

#[pymethods]
impl Attribute {
    /// `Attribute(a)`: a generic view of an attribute (see `maybe_downcast`).
    #[new]
    fn py_new(cast_from: &Bound<'_, Attribute>) -> Attribute {
        Attribute { attr: cast_from.get().attr.clone() }
    }

    /// Parses an attribute (`"[1, 2 : i8]"`, `"dense<1.0> : tensor<2xf32>"`).
    #[staticmethod]
    #[pyo3(signature = (asm, context = None))]
    fn parse(py: Python<'_>, asm: &str, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
        let ctx = resolve(context)?;
        let a = ctx
            .with_diagnostics(|| ctx.parse_attribute(asm))
            .map_err(|e| crate::errors::diag_err(py, e, "Unable to parse attribute"))?;
        wrap_attr(py, a)
    }

    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<Context>> {
        context_object(py, self.attr.context())
    }

    /// A capsule holding the C handle (for other packages linking libomnir.so.0).
    #[getter]
    #[allow(non_snake_case)]
    fn _CAPIPtr(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let r = self.attr.raw();
        crate::capi::capsule(
            py,
            crate::capi::pack(r.context, r.id) as usize as *mut std::ffi::c_void,
            crate::capi::ATTRIBUTE_CAPSULE,
        )
    }

    /// The attribute of a C handle made by any package of this process (see
    /// `Type._CAPICreate`).
    #[staticmethod]
    #[allow(non_snake_case)]
    fn _CAPICreate(py: Python<'_>, capsule: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let (serial, id) = crate::capi::unpack(capsule, crate::capi::ATTRIBUTE_CAPSULE)?;
        let ctx = crate::capi::context_of(py, serial)?;
        let a = omnir::Attribute::from_raw(&ctx, omnir::sys::omnir_attribute { context: serial, id });
        a.kind().py()?;
        wrap_attr(py, a)
    }

    /// The type of a typed attribute (integer, float, dense...), else `none` (MLIR's
    /// `NoneType`, as its `mlirAttributeGetType` answers).
    #[getter]
    fn r#type(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.attr.ty().py()? {
            Some(t) => wrap_type(py, t),
            None => wrap_type(py, self.attr.context().none_type().py()?),
        }
    }

    /// The TypeID of the attribute's kind.
    #[getter]
    fn typeid(&self) -> PyResult<TypeID> {
        Ok(TypeID { id: self.attr.type_id().py()? })
    }

    /// The same attribute as an instance of its most specific class.
    fn maybe_downcast(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        wrap_attr(py, self.attr.clone())
    }

    /// A `NamedAttribute` of this attribute under `name`.
    fn get_named(&self, name: String) -> NamedAttribute {
        NamedAttribute { name, attr: self.attr.clone() }
    }

    /// Calls `method` of `interface` (a TypeID or name) implemented for this attribute with
    /// methods (in any language): arguments are attributes (or Python values converted to
    /// them); returns an attribute or None. A failing method raises `MLIRError`.
    #[pyo3(signature = (interface, method, *args))]
    fn call_interface_method(
        &self,
        py: Python<'_>,
        interface: &Bound<'_, PyAny>,
        method: &str,
        args: &Bound<'_, pyo3::types::PyTuple>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let iface = crate::dialects::interface_id(interface)?;
        let ctx = self.attr.context().clone();
        let a: Vec<omnir::Attribute> =
            args.iter().map(|x| crate::dialects::to_attr(&ctx, &x)).collect::<PyResult<_>>()?;
        let r = ctx
            .with_diagnostics(|| self.attr.call_interface_method(iface, method, &a))
            .map_err(|e| crate::errors::diag_err(py, e, &format!("Interface method {method} failed")))?;
        r.map(|v| crate::attributes::wrap_attr(py, v)).transpose()
    }

    /// Whether the attribute implements the interface (a TypeID or its qualified name).
    fn implements(&self, interface: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.attr.implements(crate::dialects::interface_id(interface)?).py()
    }

    fn dump(&self) -> PyResult<()> {
        println!("{}", self.attr.print().py()?);
        Ok(())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Attribute>().map(|o| o.get().attr == self.attr).unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        let r = self.attr.raw();
        crate::util::hash2(r.context, r.id)
    }

    fn __str__(&self) -> PyResult<String> {
        self.attr.print().py()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        Ok(format!("{}({})", name, slf.get().attr.print().py()?))
    }
}

macro_rules! attr_class {
    (
        $(#[$doc:meta])*
        $name:ident extends $parent:ident via [$($chain:ident),*],
        check = $check:expr,
        typeid = $tid:expr,
        { $($extra:tt)* }
    ) => {
        $(#[$doc])*
        #[pyclass(module = "omnir._omnir", extends = $parent, subclass, frozen)]
        pub struct $name;

        impl $name {
            #[allow(dead_code)]
            fn check(a: &omnir::Attribute) -> omnir::Result<bool> {
                let f: fn(&omnir::Attribute) -> omnir::Result<bool> = $check;
                f(a)
            }
        }

        #[pymethods]
        impl $name {
            /// Casts an attribute to this class (ValueError if it is of another kind).
            #[new]
            fn py_new(cast_from: &Bound<'_, Attribute>) -> PyResult<PyClassInitializer<$name>> {
                let a = cast_from.get().attr.clone();
                if !Self::check(&a).py()? {
                    return Err(PyValueError::new_err(format!(
                        "Cannot cast attribute to {}: {}",
                        stringify!($name),
                        a
                    )));
                }
                Ok(base(a)$(.add_subclass($chain))*.add_subclass($name))
            }

            /// Whether `other` is an attribute of this class.
            #[staticmethod]
            fn isinstance(other: &Bound<'_, PyAny>) -> PyResult<bool> {
                match other.cast::<Attribute>() {
                    Ok(a) => Self::check(&a.get().attr).py(),
                    Err(_) => Ok(false),
                }
            }

            /// The TypeID of this class's kind (None for classes of several kinds).
            #[classattr]
            fn static_typeid() -> PyResult<Option<TypeID>> {
                let name: Option<&str> = $tid;
                name.map(crate::types::typeid_named).transpose()
            }

            $($extra)*
        }
    };
}

fn is(a: &omnir::Attribute, c: AttributeClass) -> omnir::Result<bool> {
    Ok(a.class()? == c)
}

fn any_of(a: &omnir::Attribute, cs: &[AttributeClass]) -> omnir::Result<bool> {
    let c = a.class()?;
    Ok(cs.contains(&c))
}

fn first_ctx(context: Option<&Bound<'_, Context>>, fallback: Option<&omnir::Context>) -> PyResult<omnir::Context> {
    match (context, fallback) {
        (None, Some(c)) => Ok(c.clone()),
        _ => resolve(context),
    }
}

attr_class!(
    /// `unit`.
    UnitAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::Unit),
    typeid = Some("#builtin.unit"),
    {
        #[staticmethod]
        #[pyo3(signature = (context = None))]
        fn get(py: Python<'_>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            unit_attr(py, context)
        }
    }
);

// The hot constructors: the class of the result is known, no kind query; through
// METH_FASTCALL on CPython >= 3.10 (see `register`).

fn unit_attr(py: Python<'_>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
    let a = resolve(context)?.unit_attr().py()?;
    Ok(Py::new(py, base(a).add_subclass(UnitAttr))?.into_any())
}

static_method!(UnitAttrGet, "UnitAttr.get", ["context"], required = 0, |py, a| {
    unit_attr(py, a.cast_opt::<Context>(0)?.as_deref())
});

fn bool_attr(py: Python<'_>, value: bool, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
    let a = resolve(context)?.bool_attr(value).py()?;
    Ok(Py::new(py, base(a).add_subclass(BoolAttr))?.into_any())
}

static_method!(BoolAttrGet, "BoolAttr.get", ["value", "context"], required = 1, |py, a| {
    bool_attr(py, a.extract(0)?, a.cast_opt::<Context>(1)?.as_deref())
});

attr_class!(
    /// `true` / `false`.
    BoolAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::Bool),
    typeid = Some("#builtin.bool"),
    {
        #[staticmethod]
        #[pyo3(signature = (value, context = None))]
        fn get(py: Python<'_>, value: bool, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            bool_attr(py, value, context)
        }
        #[getter]
        fn value(slf: &Bound<'_, Self>) -> PyResult<bool> {
            aref(slf).bool_value().py()
        }
        fn __bool__(slf: &Bound<'_, Self>) -> PyResult<bool> {
            aref(slf).bool_value().py()
        }
    }
);

/// Python int -> little-endian two's complement 64-bit words, for `width` bits.
fn int_to_words(v: &Bound<'_, PyInt>, width: u32) -> PyResult<Vec<u64>> {
    let nwords = (width.max(1) as usize).div_ceil(64);
    let nbytes = nwords * 8;
    let bytes = v.call_method1("to_bytes", (nbytes, "little")).or_else(|_| {
        // Negative values: two's complement over `nbytes` bytes.
        let kwargs = PyDict::new(v.py());
        kwargs.set_item("signed", true)?;
        v.call_method("to_bytes", (nbytes, "little"), Some(&kwargs))
    })?;
    let bytes = bytes.cast::<PyBytes>()?.as_bytes().to_vec();
    Ok(bytes.chunks(8).map(|c| u64::from_le_bytes(c.try_into().expect("8-byte chunks"))).collect())
}

fn words_to_int<'py>(py: Python<'py>, words: &[u64], signed: bool) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let kwargs = PyDict::new(py);
    kwargs.set_item("signed", signed)?;
    py.get_type::<PyInt>().call_method("from_bytes", (PyBytes::new(py, &bytes), "little"), Some(&kwargs))
}

/// The Python int of an integer attribute: signed for signless and signed types (MLIR's
/// `getInt`), unsigned for unsigned types; any width.
pub fn int_value<'py>(py: Python<'py>, a: &omnir::Attribute) -> PyResult<Bound<'py, PyAny>> {
    let ty = a.ty().py()?;
    let (width, unsigned) = match &ty {
        Some(t) if t.kind().py()? == omnir::TypeKind::Integer => {
            (t.integer_width().py()?, t.signedness().py()? == omnir::Signedness::Unsigned)
        }
        _ => (64, false),
    };
    if width <= 64 {
        return Ok(if unsigned {
            a.uint_value().py()?.into_pyobject(py)?.into_any()
        } else {
            a.int_value().py()?.into_pyobject(py)?.into_any()
        });
    }
    let words = a.int_words().py()?;
    // Sign-extend from the type's width when signed.
    let v = words_to_int(py, &words, false)?;
    if unsigned {
        return Ok(v);
    }
    let sign_bit = PyInt::new(py, 1).call_method1("__lshift__", (width - 1,))?;
    if v.call_method1("__and__", (&sign_bit,))?.is_truthy()? {
        let modulus = PyInt::new(py, 1).call_method1("__lshift__", (width,))?;
        return v.call_method1("__sub__", (modulus,));
    }
    Ok(v)
}

fn integer_attr(py: Python<'_>, r#type: &Bound<'_, Type>, value: &Bound<'_, PyInt>) -> PyResult<Py<PyAny>> {
    let t = &r#type.get().t;
    let ctx = t.context();
    let a = match value.extract::<i64>() {
        Ok(v) => ctx.integer_attr(t, v),
        Err(_) => {
            let width = if t.kind().py()? == omnir::TypeKind::Integer { t.integer_width().py()? } else { 64 };
            ctx.integer_attr_from_words(t, &int_to_words(value, width)?)
        }
    }
    .py()?;
    Ok(Py::new(py, base(a).add_subclass(IntegerAttr))?.into_any())
}

/// An integer value for `IntegerAttr.get`: a Python int, or any object with `__index__`
/// (numpy integers), as MLIR's bindings take.
fn int_like<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyInt>> {
    if let Ok(i) = value.cast::<PyInt>() {
        return Ok(i.clone());
    }
    if !value.is_instance_of::<pyo3::types::PyFloat>() && value.hasattr("__index__")? {
        if let Ok(i) = value.call_method0("__index__")?.cast_into::<PyInt>() {
            return Ok(i);
        }
    }
    Err(PyTypeError::new_err(format!("argument 'value': expected an integer, got {}", crate::util::type_name(value))))
}

static_method!(IntegerAttrGet, "IntegerAttr.get", ["type", "value"], required = 2, |py, a| {
    integer_attr(py, &*a.cast::<Type>(0)?, &int_like(&a.required(1))?)
});

attr_class!(
    /// `value : type` for integer and index types.
    IntegerAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::Integer),
    typeid = Some("#builtin.integer"),
    {
        /// An integer attribute of `type` (any width: Python ints of any size).
        #[staticmethod]
        fn get(py: Python<'_>, r#type: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
            let r#type = crate::util::cast_arg::<Type>(r#type, "type")?;
            integer_attr(py, r#type, &int_like(value)?)
        }
        #[getter]
        fn value<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
            int_value(slf.py(), aref(slf))
        }
        fn __int__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
            int_value(slf.py(), aref(slf))
        }
    }
);

fn float_attr(py: Python<'_>, ctx: &omnir::Context, t: &omnir::Type, value: f64) -> PyResult<Py<PyAny>> {
    let a = ctx.float_attr(t, value).py()?;
    Ok(Py::new(py, base(a).add_subclass(FloatAttr))?.into_any())
}

static_method!(FloatAttrGetF32, "FloatAttr.get_f32", ["value", "context"], required = 1, |py, a| {
    let value: f64 = a.extract(0)?;
    let ctx = resolve(a.cast_opt::<Context>(1)?.as_deref())?;
    float_attr(py, &ctx, &ctx.f32_type().py()?, value)
});

static_method!(FloatAttrGetF64, "FloatAttr.get_f64", ["value", "context"], required = 1, |py, a| {
    let value: f64 = a.extract(0)?;
    let ctx = resolve(a.cast_opt::<Context>(1)?.as_deref())?;
    float_attr(py, &ctx, &ctx.f64_type().py()?, value)
});

static_method!(FloatAttrGet, "FloatAttr.get", ["type", "value", "loc"], required = 2, |py, a| {
    let t = a.cast::<Type>(0)?;
    let value: f64 = a.extract(1)?;
    let t = &t.get().t;
    float_attr(py, t.context(), t, value)
});

attr_class!(
    /// `value : type` for float types.
    FloatAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::Float),
    typeid = Some("#builtin.float"),
    {
        /// A float attribute of `type` (rounded to its format).
        #[staticmethod]
        #[pyo3(signature = (r#type, value, loc = None))]
        fn get(py: Python<'_>, r#type: &Bound<'_, PyAny>, value: f64, loc: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
            let r#type = crate::util::cast_arg::<Type>(r#type, "type")?;
            let _ = loc;
            let t = &r#type.get().t;
            float_attr(py, t.context(), t, value)
        }
        #[staticmethod]
        #[pyo3(signature = (value, context = None))]
        fn get_f32(py: Python<'_>, value: f64, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            let ctx = resolve(context)?;
            float_attr(py, &ctx, &ctx.f32_type().py()?, value)
        }
        #[staticmethod]
        #[pyo3(signature = (value, context = None))]
        fn get_f64(py: Python<'_>, value: f64, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            let ctx = resolve(context)?;
            float_attr(py, &ctx, &ctx.f64_type().py()?, value)
        }
        #[getter]
        fn value(slf: &Bound<'_, Self>) -> PyResult<f64> {
            aref(slf).float_value().py()
        }
        fn __float__(slf: &Bound<'_, Self>) -> PyResult<f64> {
            aref(slf).float_value().py()
        }
    }
);

/// The bytes of a str (UTF-8) or bytes object, copied only where abi3 must.
fn bytes_of<'a>(value: &'a Bound<'_, PyAny>) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(match s.to_cow()? {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(s.into_bytes()),
        });
    }
    if let Ok(b) = value.cast::<PyBytes>() {
        return Ok(Cow::Borrowed(b.as_bytes()));
    }
    Err(PyTypeError::new_err(format!("value: expected str or bytes, got {}", crate::util::type_name(value))))
}

fn string_attr(py: Python<'_>, value: &Bound<'_, PyAny>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
    let ctx = resolve(context)?;
    let a = ctx.string_attr_bytes(&bytes_of(value)?, None).py()?;
    Ok(Py::new(py, base(a).add_subclass(StringAttr))?.into_any())
}

static_method!(StringAttrGet, "StringAttr.get", ["value", "context"], required = 1, |py, a| {
    string_attr(py, &a.required(0), a.cast_opt::<Context>(1)?.as_deref())
});

attr_class!(
    /// `"text"` (any bytes), optionally typed.
    StringAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::String),
    typeid = Some("#builtin.string"),
    {
        #[staticmethod]
        #[pyo3(signature = (value, context = None))]
        fn get(py: Python<'_>, value: &Bound<'_, PyAny>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            string_attr(py, value, context)
        }
        #[staticmethod]
        fn get_typed(py: Python<'_>, r#type: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
            let r#type = crate::util::cast_arg::<Type>(r#type, "type")?;
            let t = &r#type.get().t;
            wrap_attr(py, t.context().string_attr_bytes(&bytes_of(value)?, Some(t)).py()?)
        }
        /// The value as str (invalid UTF-8 replaced; see `value_bytes`).
        #[getter]
        fn value(slf: &Bound<'_, Self>) -> PyResult<String> {
            aref(slf).string_value().py()
        }
        #[getter]
        fn value_bytes<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyBytes>> {
            Ok(PyBytes::new(slf.py(), &aref(slf).string_bytes().py()?))
        }
    }
);

fn type_attr(py: Python<'_>, value: &Bound<'_, Type>) -> PyResult<Py<PyAny>> {
    let t = &value.get().t;
    let a = t.context().type_attr(t).py()?;
    Ok(Py::new(py, base(a).add_subclass(TypeAttr))?.into_any())
}

static_method!(TypeAttrGet, "TypeAttr.get", ["value", "context"], required = 1, |py, a| {
    let value = a.cast::<Type>(0)?;
    a.cast_opt::<Context>(1)?;
    type_attr(py, &value)
});

attr_class!(
    /// A type as an attribute.
    TypeAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::Type),
    typeid = Some("#builtin.type"),
    {
        #[staticmethod]
        #[pyo3(signature = (value, context = None))]
        fn get(py: Python<'_>, value: &Bound<'_, Type>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            let _ = context;
            type_attr(py, value)
        }
        #[getter]
        fn value(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
            wrap_type(slf.py(), aref(slf).type_value().py()?)
        }
    }
);

attr_class!(
    /// `[a, b, ...]`.
    ArrayAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::Array),
    typeid = Some("#builtin.array"),
    {
        #[staticmethod]
        #[pyo3(signature = (attributes, context = None))]
        fn get(py: Python<'_>, attributes: Vec<Bound<'_, Attribute>>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            let ctx = first_ctx(context, attributes.first().map(|a| a.get().attr.context()))?;
            wrap_attr(py, ctx.array_attr(&attrs_of(&attributes)).py()?)
        }
        fn __len__(slf: &Bound<'_, Self>) -> PyResult<usize> {
            Ok(aref(slf).array_elements().py()?.len())
        }
        fn __getitem__(slf: &Bound<'_, Self>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
            let items = aref(slf).array_elements().py()?;
            let i = index_arg(index, items.len(), "index")?;
            wrap_attr(slf.py(), items[i].clone())
        }
        fn __iter__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
            let items: Vec<Py<PyAny>> =
                aref(slf).array_elements().py()?.into_iter().map(|a| wrap_attr(slf.py(), a)).collect::<PyResult<_>>()?;
            pyo3::types::PyList::new(slf.py(), items)?.try_iter().map(|i| i.into_any())
        }
        fn __add__(slf: &Bound<'_, Self>, other: Vec<Bound<'_, Attribute>>) -> PyResult<Py<PyAny>> {
            let a = aref(slf);
            let mut items = a.array_elements().py()?;
            items.extend(attrs_of(&other));
            wrap_attr(slf.py(), a.context().array_attr(&items).py()?)
        }
    }
);

pub use crate::util::index_arg;

/// A mapping key: a name (`str`), else an index; a string that cannot be encoded (a lone
/// surrogate) raises rather than being taken for an index.
pub fn key_name(key: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if key.is_instance_of::<pyo3::types::PyString>() {
        return key
            .extract::<String>()
            .map(Some)
            .map_err(|e| PyValueError::new_err(format!("key: {}", e.value(key.py()))));
    }
    Ok(None)
}

attr_class!(
    /// `{name = value, ...}` (sorted by name).
    DictAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::Dictionary),
    typeid = Some("#builtin.dictionary"),
    {
        #[staticmethod]
        #[pyo3(signature = (value = None, context = None))]
        fn get(py: Python<'_>, value: Option<&Bound<'_, PyDict>>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            let mut entries: Vec<(String, omnir::Attribute)> = Vec::new();
            if let Some(d) = value {
                for (k, v) in d.iter() {
                    let k: String = k.extract()?;
                    let v = v.cast::<Attribute>().map_err(|_| crate::errors::type_error("Attribute values", &v))?;
                    entries.push((k, v.get().attr.clone()));
                }
            }
            let ctx = first_ctx(context, entries.first().map(|(_, a)| a.context()))?;
            let e: Vec<(&str, omnir::Attribute)> = entries.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
            wrap_attr(py, ctx.dictionary_attr(&e).py()?)
        }
        fn __len__(slf: &Bound<'_, Self>) -> PyResult<usize> {
            Ok(aref(slf).dictionary_entries().py()?.len())
        }
        /// `d["name"]` gives the attribute; `d[i]` the i-th `NamedAttribute`.
        fn __getitem__(slf: &Bound<'_, Self>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
            let a = aref(slf);
            if let Some(name) = key_name(key)? {
                let v = a.dictionary_get(&name).py()?.ok_or_else(|| PyKeyError::new_err(name))?;
                return wrap_attr(slf.py(), v);
            }
            let entries = a.dictionary_entries().py()?;
            let i = index_arg(key, entries.len(), "index")?;
            let (name, attr) = entries[i].clone();
            Ok(Py::new(slf.py(), NamedAttribute { name, attr })?.into_any())
        }
        fn __contains__(slf: &Bound<'_, Self>, name: &str) -> PyResult<bool> {
            Ok(aref(slf).dictionary_get(name).py()?.is_some())
        }
        fn __iter__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
            let items: Vec<Py<NamedAttribute>> = aref(slf)
                .dictionary_entries()
                .py()?
                .into_iter()
                .map(|(name, attr)| Py::new(slf.py(), NamedAttribute { name, attr }))
                .collect::<PyResult<_>>()?;
            pyo3::types::PyList::new(slf.py(), items)?.try_iter().map(|i| i.into_any())
        }
    }
);

attr_class!(
    /// `@root::@nested...` (FlatSymbolRefAttr, `@name`, is a subclass).
    SymbolRefAttr extends Attribute via [],
    check = |a| any_of(a, &[AttributeClass::SymbolRef, AttributeClass::FlatSymbolRef]),
    typeid = Some("#builtin.symbol_ref"),
    {
        #[staticmethod]
        #[pyo3(signature = (symbols, context = None))]
        fn get(py: Python<'_>, symbols: Vec<String>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            let Some((root, nested)) = symbols.split_first() else {
                return Err(PyValueError::new_err("SymbolRefAttr needs at least one name"));
            };
            let nested: Vec<&str> = nested.iter().map(|s| s.as_str()).collect();
            // A SymbolRefAttr even for one name (whose `value` is then still a list), as in
            // MLIR; `maybe_downcast()` gives the FlatSymbolRefAttr.
            let a = resolve(context)?.symbol_ref_attr(root, &nested).py()?;
            Ok(Py::new(py, base(a).add_subclass(SymbolRefAttr))?.into_any())
        }
        /// Every name: the root, then the nested references.
        #[getter]
        fn value(slf: &Bound<'_, Self>) -> PyResult<Vec<String>> {
            let a = aref(slf);
            let mut v = vec![a.symbol_root().py()?];
            v.extend(a.symbol_nested().py()?);
            Ok(v)
        }
    }
);

attr_class!(
    /// `@name`.
    FlatSymbolRefAttr extends SymbolRefAttr via [SymbolRefAttr],
    check = |a| is(a, AttributeClass::FlatSymbolRef),
    typeid = Some("#builtin.symbol_ref"),
    {
        #[staticmethod]
        #[pyo3(signature = (value, context = None))]
        fn get(py: Python<'_>, value: &str, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            wrap_attr(py, resolve(context)?.flat_symbol_ref_attr(value).py()?)
        }
        #[getter]
        fn value(slf: &Bound<'_, Self>) -> PyResult<String> {
            aref(slf).symbol_root().py()
        }
    }
);

attr_class!(
    /// `dense<...> : type` of integers or floats. `DenseElementsAttr.get(array)` takes a
    /// Python buffer (array.array, numpy...) or nested lists.
    DenseElementsAttr extends Attribute via [],
    check = |a| any_of(a, &[AttributeClass::DenseIntElements, AttributeClass::DenseFPElements]),
    typeid = Some("#builtin.dense_int_or_fp_elements"),
    {
        /// From raw little-endian element bytes (one element for a splat) of `type`, a
        /// shaped type.
        #[staticmethod]
        fn get_raw(py: Python<'_>, r#type: &Bound<'_, PyAny>, data: &[u8]) -> PyResult<Py<PyAny>> {
            let r#type = crate::util::cast_arg::<Type>(r#type, "type")?;
            let t = &r#type.get().t;
            wrap_attr(py, t.context().dense_elements_attr(t, data).py()?)
        }
        /// Every element set to `element_attr` (an integer or float attribute).
        #[staticmethod]
        fn get_splat(py: Python<'_>, shaped_type: &Bound<'_, Type>, element_attr: &Bound<'_, Attribute>) -> PyResult<Py<PyAny>> {
            let t = &shaped_type.get().t;
            let e = &element_attr.get().attr;
            // The splat's bytes are read as the shaped type's elements: another element type
            // would be reinterpreted, not converted.
            if let (Ok(element), Ok(Some(attr_type))) = (t.element_type(), e.ty()) {
                if element != attr_type {
                    return Err(PyValueError::new_err(format!(
                        "Shaped element type and attribute type must be equal: shaped=Type({}), element=Attribute({})",
                        t.print().py()?,
                        e.print().py()?
                    )));
                }
            }
            let data = splat_bytes(e)?;
            wrap_attr(py, t.context().dense_elements_attr(t, &data).py()?)
        }
        #[getter]
        fn is_splat(slf: &Bound<'_, Self>) -> PyResult<bool> {
            aref(slf).dense_is_splat().py()
        }
        fn get_splat_value(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
            wrap_attr(slf.py(), aref(slf).dense_element(0).py()?)
        }
        /// The stored bytes (row-major, little-endian; a splat stores one element).
        #[getter]
        fn raw_data<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyBytes>> {
            Ok(PyBytes::new(slf.py(), &aref(slf).dense_raw_data().py()?))
        }
        fn __len__(slf: &Bound<'_, Self>) -> PyResult<usize> {
            aref(slf).dense_num_elements().py()
        }
        /// Element `i` (row-major) as an attribute (subclasses give Python numbers).
        fn get_element(slf: &Bound<'_, Self>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
            let a = aref(slf);
            let i = index_arg(index, a.dense_num_elements().py()?, "index")?;
            wrap_attr(slf.py(), a.dense_element(i).py()?)
        }
    }
);

fn splat_bytes(e: &omnir::Attribute) -> PyResult<Vec<u8>> {
    let ty = e.ty().py()?.ok_or_else(|| PyValueError::new_err("splat value must be an integer or float attribute"))?;
    let bits = ty.int_or_float_bit_width().py().unwrap_or(64);
    let nbytes = (bits.max(1) as usize).div_ceil(8);
    let bytes: Vec<u8> = match e.class().py()? {
        AttributeClass::Integer => {
            let words = e.int_words().py()?;
            words.iter().flat_map(|w| w.to_le_bytes()).collect()
        }
        AttributeClass::Float => {
            let (lo, hi) = e.float_bits().py()?;
            lo.to_le_bytes().into_iter().chain(hi.to_le_bytes()).collect()
        }
        AttributeClass::Bool => vec![e.bool_value().py()? as u8],
        _ => return Err(PyValueError::new_err("splat value must be an integer or float attribute")),
    };
    let mut b = bytes;
    b.resize(nbytes, 0);
    Ok(b)
}

attr_class!(
    /// Dense elements of integers; indexing gives Python ints.
    DenseIntElementsAttr extends DenseElementsAttr via [DenseElementsAttr],
    check = |a| is(a, AttributeClass::DenseIntElements),
    typeid = Some("#builtin.dense_int_or_fp_elements"),
    {
        /// Element `index`: an int read with the element type's signedness (i1 is 0 or 1),
        /// as in MLIR.
        fn __getitem__<'py>(slf: &Bound<'py, Self>, index: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyAny>> {
            let py = slf.py();
            let a = aref(slf);
            let i = index_arg(index, a.dense_num_elements().py()?, "index")?;
            let v = a.dense_int64(i).py()?;
            let element = a.ty().py()?.map(|t| t.element_type()).transpose().py()?;
            if let Some(e) = element.filter(|e| e.kind().ok() == Some(omnir::TypeKind::Integer)) {
                let width = e.integer_width().py()?;
                if (width == 1 || e.signedness().py()? == omnir::Signedness::Unsigned) && width <= 64 {
                    let mask = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
                    return Ok((v as u64 & mask).into_pyobject(py)?.into_any());
                }
            }
            Ok(v.into_pyobject(py)?.into_any())
        }
    }
);

attr_class!(
    /// Dense elements of floats; indexing gives Python floats.
    DenseFPElementsAttr extends DenseElementsAttr via [DenseElementsAttr],
    check = |a| is(a, AttributeClass::DenseFPElements),
    typeid = Some("#builtin.dense_int_or_fp_elements"),
    {
        fn __getitem__(slf: &Bound<'_, Self>, index: &Bound<'_, PyAny>) -> PyResult<f64> {
            let a = aref(slf);
            let i = index_arg(index, a.dense_num_elements().py()?, "index")?;
            a.dense_double(i).py()
        }
    }
);

attr_class!(
    /// `dense<["a", "b"]> : type`.
    DenseStringElementsAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::DenseStringElements),
    typeid = Some("#builtin.dense_string_elements"),
    {
        #[staticmethod]
        fn get(py: Python<'_>, r#type: &Bound<'_, PyAny>, values: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
            let r#type = crate::util::cast_arg::<Type>(r#type, "type")?;
            let t = &r#type.get().t;
            let values = crate::util::iterable_arg(values, "values", "a sequence of str or bytes")?;
            let bytes: Vec<Cow<'_, [u8]>> = values
                .iter()
                .enumerate()
                .map(|(i, v)| bytes_of(v).map_err(|e| crate::util::rename_error(v.py(), e, &format!("values[{i}]"))))
                .collect::<PyResult<_>>()?;
            let views: Vec<&[u8]> = bytes.iter().map(|b| b.as_ref()).collect();
            wrap_attr(py, t.context().dense_string_elements_attr(t, &views).py()?)
        }
        fn __len__(slf: &Bound<'_, Self>) -> PyResult<usize> {
            aref(slf).dense_num_elements().py()
        }
        fn __getitem__<'py>(slf: &Bound<'py, Self>, index: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyBytes>> {
            let a = aref(slf);
            let i = index_arg(index, a.dense_num_elements().py()?, "index")?;
            Ok(PyBytes::new(slf.py(), &a.dense_string(i).py()?))
        }
    }
);

attr_class!(
    /// `array<element: ...>` (the typed subclasses give Python values).
    DenseArrayAttr extends Attribute via [],
    check = |a| any_of(a, &[
        AttributeClass::DenseArray, AttributeClass::DenseBoolArray, AttributeClass::DenseI8Array,
        AttributeClass::DenseI16Array, AttributeClass::DenseI32Array, AttributeClass::DenseI64Array,
        AttributeClass::DenseF32Array, AttributeClass::DenseF64Array,
    ]),
    typeid = Some("#builtin.dense_array"),
    {
        /// From raw little-endian element bytes of `element_type`.
        #[staticmethod]
        fn get_raw(py: Python<'_>, element_type: &Bound<'_, Type>, data: &[u8]) -> PyResult<Py<PyAny>> {
            let t = &element_type.get().t;
            wrap_attr(py, t.context().dense_array_attr(t, data).py()?)
        }
        #[getter]
        fn element_type(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
            wrap_type(slf.py(), aref(slf).dense_array_element_type().py()?)
        }
        #[getter]
        fn raw_data<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyBytes>> {
            Ok(PyBytes::new(slf.py(), &aref(slf).dense_raw_data().py()?))
        }
        fn __len__(slf: &Bound<'_, Self>) -> PyResult<usize> {
            let a = aref(slf);
            let bytes = a.dense_raw_data().py()?.len();
            let bits = a.dense_array_element_type().py()?.int_or_float_bit_width().py()?;
            Ok(bytes / (bits.max(1) as usize).div_ceil(8).max(1))
        }
    }
);

macro_rules! dense_array_class {
    ($name:ident, $class:ident, $elem:ty, $size:literal, $tyexpr:expr, $doc:literal) => {
        attr_class!(
            #[doc = $doc]
            $name extends DenseArrayAttr via [DenseArrayAttr],
            check = |a| is(a, AttributeClass::$class),
            typeid = Some("#builtin.dense_array"),
            {
                #[staticmethod]
                #[pyo3(signature = (values, context = None))]
                fn get(py: Python<'_>, values: &Bound<'_, PyAny>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
                    let values: Vec<$elem> = crate::util::list_arg(values, "values")?;
                    let ctx = resolve(context)?;
                    let mk: fn(&omnir::Context) -> omnir::Result<omnir::Type> = $tyexpr;
                    let t = mk(&ctx).py()?;
                    let bytes: Vec<u8> = values.iter().flat_map(|v| to_le(*v)).collect();
                    wrap_attr(py, ctx.dense_array_attr(&t, &bytes).py()?)
                }
                fn __getitem__(slf: &Bound<'_, Self>, index: &Bound<'_, PyAny>) -> PyResult<$elem> {
                    let data = aref(slf).dense_raw_data().py()?;
                    let n = data.len() / $size;
                    let i = index_arg(index, n, "index")?;
                    Ok(from_le::<$elem>(&data[i * $size..(i + 1) * $size]))
                }
                fn __iter__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
                    let data = aref(slf).dense_raw_data().py()?;
                    let items: Vec<$elem> = data.chunks($size).map(from_le::<$elem>).collect();
                    pyo3::types::PyList::new(slf.py(), items)?.try_iter().map(|i| i.into_any())
                }
            }
        );
    };
}

trait Le: Copy {
    fn le(self) -> Vec<u8>;
    fn from(b: &[u8]) -> Self;
}
impl Le for bool {
    fn le(self) -> Vec<u8> {
        vec![self as u8]
    }
    fn from(b: &[u8]) -> bool {
        b[0] != 0
    }
}
macro_rules! le_num {
    ($($t:ty),*) => {$(
        impl Le for $t {
            fn le(self) -> Vec<u8> { self.to_le_bytes().to_vec() }
            fn from(b: &[u8]) -> $t { <$t>::from_le_bytes(b.try_into().expect("element-sized chunk")) }
        }
    )*};
}
le_num!(i8, i16, i32, i64, f32, f64);
fn to_le<T: Le>(v: T) -> Vec<u8> {
    v.le()
}
fn from_le<T: Le>(b: &[u8]) -> T {
    T::from(b)
}

dense_array_class!(DenseBoolArrayAttr, DenseBoolArray, bool, 1, |c| c.integer_type(1), "`array<i1: ...>`.");
dense_array_class!(DenseI8ArrayAttr, DenseI8Array, i8, 1, |c| c.integer_type(8), "`array<i8: ...>`.");
dense_array_class!(DenseI16ArrayAttr, DenseI16Array, i16, 2, |c| c.integer_type(16), "`array<i16: ...>`.");
dense_array_class!(DenseI32ArrayAttr, DenseI32Array, i32, 4, |c| c.integer_type(32), "`array<i32: ...>`.");
dense_array_class!(DenseI64ArrayAttr, DenseI64Array, i64, 8, |c| c.integer_type(64), "`array<i64: ...>`.");
dense_array_class!(DenseF32ArrayAttr, DenseF32Array, f32, 4, |c| c.f32_type(), "`array<f32: ...>`.");
dense_array_class!(DenseF64ArrayAttr, DenseF64Array, f64, 8, |c| c.f64_type(), "`array<f64: ...>`.");

attr_class!(
    /// `dense_resource<key> : type`: elements kept in the context's resources.
    DenseResourceElementsAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::DenseResourceElements),
    typeid = Some("#builtin.dense_resource_elements"),
    {
        /// Stores `data` (bytes) as the resource `name` (made unique) and returns the
        /// attribute of shaped `type` referring to it.
        #[staticmethod]
        #[pyo3(signature = (data, name, r#type, alignment = None))]
        fn get_from_bytes(py: Python<'_>, data: &[u8], name: &str, r#type: &Bound<'_, PyAny>, alignment: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
            let alignment: u32 = crate::util::opt_int_arg(alignment, "alignment")?.unwrap_or(8);
            let r#type = crate::util::cast_arg::<Type>(r#type, "type")?;
            let t = &r#type.get().t;
            let ctx = t.context();
            let key = ctx.insert_resource("builtin", name, data, alignment).py()?;
            wrap_attr(py, ctx.dense_resource_attr(t, &key).py()?)
        }
        #[getter]
        fn key(slf: &Bound<'_, Self>) -> PyResult<String> {
            aref(slf).dense_resource_key().py()
        }
        /// The resource's bytes, if the context holds them.
        #[getter]
        fn data<'py>(slf: &Bound<'py, Self>) -> PyResult<Option<Bound<'py, PyBytes>>> {
            let a = aref(slf);
            let key = a.dense_resource_key().py()?;
            Ok(a.context().resource("builtin", &key).py()?.map(|(d, _)| PyBytes::new(slf.py(), &d)))
        }
    }
);

attr_class!(
    /// `affine_map<(d0, ...)[s0, ...] -> (...)>`.
    AffineMapAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::AffineMap),
    typeid = Some("#builtin.affine_map"),
    {
        /// From a map written as MLIR does (`"(d0, d1) -> (d1, d0)"`), or an `AffineMapAttr`.
        #[staticmethod]
        #[pyo3(signature = (affine_map, context = None))]
        fn get(py: Python<'_>, affine_map: &Bound<'_, PyAny>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            if let Ok(a) = affine_map.cast::<AffineMapAttr>() {
                return wrap_attr(py, aref(a).clone());
            }
            let text: String = affine_map.str()?.extract()?;
            let ctx = resolve(context)?;
            let a = ctx.parse_attribute(&format!("affine_map<{text}>")).py()?;
            wrap_attr(py, a)
        }
        /// The identity map of `n_dims` dimensions.
        #[staticmethod]
        #[pyo3(signature = (n_dims, context = None))]
        fn get_identity(py: Python<'_>, n_dims: &Bound<'_, PyAny>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            let n_dims: u32 = crate::util::int_arg(n_dims, "n_dims")?;
            wrap_attr(py, resolve(context)?.identity_affine_map_attr(n_dims).py()?)
        }
        #[getter]
        fn num_dims(slf: &Bound<'_, Self>) -> PyResult<u32> {
            aref(slf).affine_map_num_dims().py()
        }
        #[getter]
        fn num_symbols(slf: &Bound<'_, Self>) -> PyResult<u32> {
            aref(slf).affine_map_num_symbols().py()
        }
        #[getter]
        fn num_results(slf: &Bound<'_, Self>) -> PyResult<usize> {
            aref(slf).affine_map_num_results().py()
        }
        #[getter]
        fn is_identity(slf: &Bound<'_, Self>) -> PyResult<bool> {
            aref(slf).affine_map_is_identity().py()
        }
        /// The map without the `affine_map<...>` wrapper.
        #[getter]
        fn value(slf: &Bound<'_, Self>) -> PyResult<String> {
            let s = aref(slf).print().py()?;
            Ok(s.strip_prefix("affine_map<").and_then(|s| s.strip_suffix('>')).unwrap_or(&s).to_string())
        }
    }
);

attr_class!(
    /// `affine_set<...>`.
    IntegerSetAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::IntegerSet),
    typeid = Some("#builtin.integer_set"),
    {}
);

attr_class!(
    /// `strided<[strides], offset: offset>`.
    StridedLayoutAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::StridedLayout),
    typeid = Some("#builtin.strided_layout"),
    {
        #[staticmethod]
        #[pyo3(signature = (offset, strides, context = None))]
        fn get(py: Python<'_>, offset: &Bound<'_, PyAny>, strides: &Bound<'_, PyAny>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            let offset: i64 = crate::util::int_arg(offset, "offset")?;
            let strides: Vec<i64> = crate::util::int_list_arg(strides, "strides")?;
            wrap_attr(py, resolve(context)?.strided_layout_attr(offset, &strides).py()?)
        }
        #[getter]
        fn offset(slf: &Bound<'_, Self>) -> PyResult<i64> {
            aref(slf).strided_offset().py()
        }
        #[getter]
        fn strides(slf: &Bound<'_, Self>) -> PyResult<Vec<i64>> {
            aref(slf).strided_strides().py()
        }
    }
);

attr_class!(
    /// `distinct[n]<referenced>`: unequal to every other attribute.
    DistinctAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::Distinct),
    typeid = Some("#builtin.distinct"),
    {
        #[staticmethod]
        fn create(py: Python<'_>, referenced: &Bound<'_, Attribute>) -> PyResult<Py<PyAny>> {
            let r = &referenced.get().attr;
            wrap_attr(py, r.context().distinct_attr(r).py()?)
        }
        #[getter]
        fn referenced_attr(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
            wrap_attr(slf.py(), aref(slf).distinct_referenced().py()?)
        }
    }
);

attr_class!(
    /// A location used as an attribute.
    LocationAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::Location),
    typeid = None,
    {
        #[getter]
        fn location(slf: &Bound<'_, Self>) -> PyResult<Py<crate::location::Location>> {
            wrap_loc(slf.py(), aref(slf).to_location().py()?)
        }
    }
);

attr_class!(
    /// `#dialect<data>` of a dialect that is not registered.
    OpaqueAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::Opaque),
    typeid = Some("#builtin.opaque"),
    {
        #[staticmethod]
        #[pyo3(signature = (dialect_namespace, buffer, r#type = None, context = None))]
        fn get(
            py: Python<'_>,
            dialect_namespace: &str,
            buffer: &Bound<'_, PyAny>,
            r#type: Option<&Bound<'_, PyAny>>,
            context: Option<&Bound<'_, Context>>,
        ) -> PyResult<Py<PyAny>> {
            // MLIR takes the data as bytes; a str is accepted too.
            let buffer = String::from_utf8(bytes_of(buffer)?.into_owned())
                .map_err(|_| PyValueError::new_err("buffer: the opaque data must be UTF-8"))?;
            let r#type = r#type.filter(|t| !t.is_none()).map(|t| crate::util::cast_arg::<Type>(t, "type")).transpose()?;
            let ctx = first_ctx(context, r#type.map(|t| t.get().t.context()))?;
            wrap_attr(py, ctx.opaque_attr(dialect_namespace, &buffer, r#type.map(|t| &t.get().t)).py()?)
        }
        #[getter]
        fn dialect_namespace(slf: &Bound<'_, Self>) -> PyResult<String> {
            aref(slf).opaque_dialect().py()
        }
        /// The data, as bytes (as in MLIR).
        #[getter]
        fn data<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyBytes>> {
            Ok(PyBytes::new(slf.py(), aref(slf).opaque_data().py()?.as_bytes()))
        }
    }
);

attr_class!(
    /// An attribute defined at run time by a registered dialect: `#dialect.name<params>`.
    DialectAttr extends Attribute via [],
    check = |a| is(a, AttributeClass::Dialect),
    typeid = None,
    {
        /// The attribute `#name<params>` of a registered kind (`"arith.fastmath"`; a
        /// shipped dialect's kind loads its dialect), its parameters verified.
        #[staticmethod]
        #[pyo3(signature = (name, params, context = None))]
        fn from_params(
            py: Python<'_>,
            name: &str,
            params: Vec<Bound<'_, Attribute>>,
            context: Option<&Bound<'_, Context>>,
        ) -> PyResult<Py<PyAny>> {
            let ctx = resolve(context)?;
            let params: Vec<omnir::Attribute> = params.iter().map(|a| a.get().attr.clone()).collect();
            let a = ctx
                .with_diagnostics(|| ctx.dialect_attr_named(name, &params))
                .map_err(|e| crate::errors::diag_err(py, e, &format!("Invalid parameters for #{name}")))?;
            wrap_attr(py, a)
        }
        #[getter]
        fn params(slf: &Bound<'_, Self>) -> PyResult<Vec<Py<PyAny>>> {
            aref(slf).dialect_params().py()?.into_iter().map(|a| wrap_attr(slf.py(), a)).collect()
        }
        #[getter]
        fn param_names(slf: &Bound<'_, Self>) -> PyResult<Vec<String>> {
            let a = aref(slf);
            let def = a.dialect_def().py()?;
            a.context().definition_param_names(def.0, true).py()
        }
        /// The qualified name of the attribute's kind (`dialect.name`).
        #[getter]
        fn attr_name(slf: &Bound<'_, Self>) -> PyResult<String> {
            let n = aref(slf).type_id().py()?.name().py()?;
            Ok(n.trim_start_matches('#').to_string())
        }
    }
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Attribute>()?;
    m.add_class::<NamedAttribute>()?;
    m.add_class::<UnitAttr>()?;
    m.add_class::<BoolAttr>()?;
    m.add_class::<IntegerAttr>()?;
    m.add_class::<FloatAttr>()?;
    m.add_class::<StringAttr>()?;
    m.add_class::<TypeAttr>()?;
    m.add_class::<ArrayAttr>()?;
    m.add_class::<DictAttr>()?;
    m.add_class::<SymbolRefAttr>()?;
    m.add_class::<FlatSymbolRefAttr>()?;
    m.add_class::<DenseElementsAttr>()?;
    m.add_class::<DenseIntElementsAttr>()?;
    m.add_class::<DenseFPElementsAttr>()?;
    m.add_class::<DenseStringElementsAttr>()?;
    m.add_class::<DenseArrayAttr>()?;
    m.add_class::<DenseBoolArrayAttr>()?;
    m.add_class::<DenseI8ArrayAttr>()?;
    m.add_class::<DenseI16ArrayAttr>()?;
    m.add_class::<DenseI32ArrayAttr>()?;
    m.add_class::<DenseI64ArrayAttr>()?;
    m.add_class::<DenseF32ArrayAttr>()?;
    m.add_class::<DenseF64ArrayAttr>()?;
    m.add_class::<DenseResourceElementsAttr>()?;
    m.add_class::<AffineMapAttr>()?;
    m.add_class::<IntegerSetAttr>()?;
    m.add_class::<StridedLayoutAttr>()?;
    m.add_class::<DistinctAttr>()?;
    m.add_class::<LocationAttr>()?;
    m.add_class::<OpaqueAttr>()?;
    m.add_class::<DialectAttr>()?;

    let py = m.py();
    fastcall::install::<UnitAttrGet>(&py.get_type::<UnitAttr>())?;
    fastcall::install::<BoolAttrGet>(&py.get_type::<BoolAttr>())?;
    fastcall::install::<IntegerAttrGet>(&py.get_type::<IntegerAttr>())?;
    fastcall::install::<FloatAttrGet>(&py.get_type::<FloatAttr>())?;
    fastcall::install::<FloatAttrGetF32>(&py.get_type::<FloatAttr>())?;
    fastcall::install::<FloatAttrGetF64>(&py.get_type::<FloatAttr>())?;
    fastcall::install::<StringAttrGet>(&py.get_type::<StringAttr>())?;
    fastcall::install::<TypeAttrGet>(&py.get_type::<TypeAttr>())?;
    Ok(())
}
