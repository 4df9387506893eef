//! Types: `Type` and one Python class per builtin kind (`IntegerType`, `F32Type`,
//! `MemRefType`...), plus `DialectType` for types defined at run time. Every type handed
//! to Python is an instance of its most specific class (the client's
//! [`omnir::TypeClass`] decides), so both `IntegerType.isinstance(t)` and
//! `isinstance(t, IntegerType)` work; `IntegerType(t)` casts a generic `Type` (checked).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pyclass::PyClass;
use pyo3::PyClassInitializer;

use omnir::{FloatKind, Signedness, TypeClass};

use crate::attributes::{wrap_attr, Attribute};
use crate::context::{context_object, resolve, Context};
use crate::errors::OrPy;
use crate::fastcall::{self, static_method};
use crate::location::Location;
use crate::util::{bool_list_arg, int_arg, int_list_arg, position_arg};

/// A uniqued type. Equal types compare (and hash) equal.
#[pyclass(module = "omnir._omnir", subclass, frozen)]
pub struct Type {
    pub t: omnir::Type,
}

/// A TypeID: process-wide, interned by qualified name (`builtin.integer`,
/// `mydialect.mytype`); the same in every package of the process.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct TypeID {
    pub id: omnir::TypeId,
}

#[pymethods]
impl TypeID {
    /// The TypeID interned under `name`.
    #[staticmethod]
    fn get(name: &str) -> PyResult<TypeID> {
        Ok(TypeID { id: omnir::TypeId::get(name).py()? })
    }

    /// The TypeID's value (the same number in every package of the process).
    #[getter]
    fn value(&self) -> u32 {
        self.id.0
    }

    /// The qualified name the TypeID was interned under.
    #[getter]
    fn name(&self) -> PyResult<String> {
        self.id.name().py()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<TypeID>().map(|o| o.get().id == self.id).unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        crate::util::hash_u64(self.id.0 as u64)
    }

    fn __repr__(&self) -> String {
        format!("TypeID({})", self.id.name().unwrap_or_else(|_| self.id.0.to_string()))
    }
}

pub fn typeid_named(name: &str) -> PyResult<TypeID> {
    Ok(TypeID { id: omnir::TypeId::get(name).py()? })
}

/// The `omnir::Type` inside any instance of `Type` or a subclass.
#[inline]
pub fn tref<'a, T: PyClass>(obj: &'a Bound<'_, T>) -> &'a omnir::Type {
    // SAFETY: every pyclass this is called with extends `Type` (directly or not).
    unsafe { &obj.as_any().cast_unchecked::<Type>().get().t }
}

fn base(t: omnir::Type) -> PyClassInitializer<Type> {
    PyClassInitializer::from(Type { t })
}

fn float_object(py: Python<'_>, t: omnir::Type, kind: FloatKind) -> PyResult<Py<PyAny>> {
    let f = base(t).add_subclass(FloatType);
    macro_rules! mk {
        ($($k:ident => $c:ident),* $(,)?) => {
            match kind {
                $(FloatKind::$k => Py::new(py, f.add_subclass($c))?.into_any(),)*
            }
        };
    }
    Ok(mk!(
        F16 => F16Type, BF16 => BF16Type, F32 => F32Type, F64 => F64Type, F80 => F80Type,
        F128 => F128Type, TF32 => FloatTF32Type, F8E5M2 => Float8E5M2Type, F8E4M3 => Float8E4M3Type,
        F8E4M3FN => Float8E4M3FNType, F8E5M2FNUZ => Float8E5M2FNUZType, F8E4M3FNUZ => Float8E4M3FNUZType,
        F8E4M3B11FNUZ => Float8E4M3B11FNUZType, F8E3M4 => Float8E3M4Type, F8E8M0FNU => Float8E8M0FNUType,
        F6E2M3FN => Float6E2M3FNType, F6E3M2FN => Float6E3M2FNType, F4E2M1FN => Float4E2M1FNType,
    ))
}

/// Wraps a type in the Python class of its most specific kind.
pub fn wrap_type(py: Python<'_>, t: omnir::Type) -> PyResult<Py<PyAny>> {
    let class = t.class().py()?;
    Ok(match class {
        TypeClass::Integer => Py::new(py, base(t).add_subclass(IntegerType))?.into_any(),
        TypeClass::Index => Py::new(py, base(t).add_subclass(IndexType))?.into_any(),
        TypeClass::Float(k) => float_object(py, t, k)?,
        TypeClass::Complex => Py::new(py, base(t).add_subclass(ComplexType))?.into_any(),
        TypeClass::None => Py::new(py, base(t).add_subclass(NoneType))?.into_any(),
        TypeClass::Function => Py::new(py, base(t).add_subclass(FunctionType))?.into_any(),
        TypeClass::Tuple => Py::new(py, base(t).add_subclass(TupleType))?.into_any(),
        TypeClass::Vector => Py::new(py, base(t).add_subclass(ShapedType).add_subclass(VectorType))?.into_any(),
        TypeClass::RankedTensor => {
            Py::new(py, base(t).add_subclass(ShapedType).add_subclass(RankedTensorType))?.into_any()
        }
        TypeClass::UnrankedTensor => {
            Py::new(py, base(t).add_subclass(ShapedType).add_subclass(UnrankedTensorType))?.into_any()
        }
        TypeClass::MemRef => Py::new(py, base(t).add_subclass(ShapedType).add_subclass(MemRefType))?.into_any(),
        TypeClass::UnrankedMemRef => {
            Py::new(py, base(t).add_subclass(ShapedType).add_subclass(UnrankedMemRefType))?.into_any()
        }
        TypeClass::Opaque => Py::new(py, base(t).add_subclass(OpaqueType))?.into_any(),
        TypeClass::Dialect => Py::new(py, base(t).add_subclass(DialectType))?.into_any(),
    })
}

pub fn wrap_types(py: Python<'_>, ts: Vec<omnir::Type>) -> PyResult<Vec<Py<PyAny>>> {
    ts.into_iter().map(|t| wrap_type(py, t)).collect()
}

fn types_of(items: &[Bound<'_, Type>]) -> Vec<omnir::Type> {
    items.iter().map(|t| t.get().t.clone()).collect()
}

#[pymethods]
impl Type {
    /// `Type(t)`: a generic view of a type (see `maybe_downcast`).
    #[new]
    fn py_new(cast_from: &Bound<'_, Type>) -> Type {
        Type { t: cast_from.get().t.clone() }
    }

    /// Parses a type (`"tensor<4x?xf32>"`).
    #[staticmethod]
    #[pyo3(signature = (asm, context = None))]
    fn parse(py: Python<'_>, asm: &str, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
        let ctx = resolve(context)?;
        let t = ctx
            .with_diagnostics(|| ctx.parse_type(asm))
            .map_err(|e| crate::errors::diag_err(py, e, "Unable to parse type"))?;
        wrap_type(py, t)
    }

    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<Context>> {
        context_object(py, self.t.context())
    }

    /// A capsule holding the C handle (for other packages linking libomnir.so.0).
    #[getter]
    #[allow(non_snake_case)]
    fn _CAPIPtr(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let r = self.t.raw();
        crate::capi::capsule(
            py,
            crate::capi::pack(r.context, r.id) as usize as *mut std::ffi::c_void,
            crate::capi::TYPE_CAPSULE,
        )
    }

    /// The type of a C handle made by any package of this process: a `Type._CAPIPtr`
    /// capsule, or the handle packed as an int (context serial << 32 | id).
    #[staticmethod]
    #[allow(non_snake_case)]
    fn _CAPICreate(py: Python<'_>, capsule: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let (serial, id) = crate::capi::unpack(capsule, crate::capi::TYPE_CAPSULE)?;
        let ctx = crate::capi::context_of(py, serial)?;
        let t = omnir::Type::from_raw(&ctx, omnir::sys::omnir_type { context: serial, id });
        t.kind().py()?; // refuse a bad id now
        wrap_type(py, t)
    }

    /// The TypeID of the type's kind.
    #[getter]
    fn typeid(&self) -> PyResult<TypeID> {
        Ok(TypeID { id: self.t.type_id().py()? })
    }

    /// The same type as an instance of its most specific class.
    fn maybe_downcast(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        wrap_type(py, self.t.clone())
    }

    /// Calls `method` of `interface` (a TypeID or name) implemented for this type with
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
        let ctx = self.t.context().clone();
        let a: Vec<omnir::Attribute> =
            args.iter().map(|x| crate::dialects::to_attr(&ctx, &x)).collect::<PyResult<_>>()?;
        let r = ctx
            .with_diagnostics(|| self.t.call_interface_method(iface, method, &a))
            .map_err(|e| crate::errors::diag_err(py, e, &format!("Interface method {method} failed")))?;
        r.map(|v| crate::attributes::wrap_attr(py, v)).transpose()
    }

    /// Whether the type implements the interface (a TypeID or its qualified name, e.g.
    /// `"builtin.MemRefElementTypeInterface"`).
    fn implements(&self, interface: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.t.implements(crate::dialects::interface_id(interface)?).py()
    }

    fn dump(&self) -> PyResult<()> {
        println!("{}", self.t.print().py()?);
        Ok(())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Type>().map(|o| o.get().t == self.t).unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        let r = self.t.raw();
        crate::util::hash2(r.context, r.id)
    }

    fn __str__(&self) -> PyResult<String> {
        self.t.print().py()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        Ok(format!("{}({})", name, slf.get().t.print().py()?))
    }
}

macro_rules! type_class {
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
            fn check(t: &omnir::Type) -> omnir::Result<bool> {
                let f: fn(&omnir::Type) -> omnir::Result<bool> = $check;
                f(t)
            }
        }

        #[pymethods]
        impl $name {
            /// Casts a type to this class (ValueError if it is of another kind).
            #[new]
            fn py_new(cast_from: &Bound<'_, Type>) -> PyResult<PyClassInitializer<$name>> {
                let t = cast_from.get().t.clone();
                if !Self::check(&t).py()? {
                    return Err(PyValueError::new_err(format!(
                        "Cannot cast type to {}: {}",
                        stringify!($name),
                        t
                    )));
                }
                Ok(base(t)$(.add_subclass($chain))*.add_subclass($name))
            }

            /// Whether `other` is a type of this class.
            #[staticmethod]
            fn isinstance(other: &Bound<'_, PyAny>) -> PyResult<bool> {
                match other.cast::<Type>() {
                    Ok(t) => Self::check(&t.get().t).py(),
                    Err(_) => Ok(false),
                }
            }

            /// The TypeID of this class's kind (None for classes of several kinds).
            #[classattr]
            fn static_typeid() -> PyResult<Option<TypeID>> {
                let name: Option<&str> = $tid;
                name.map(typeid_named).transpose()
            }

            $($extra)*
        }
    };
}

fn is_class(t: &omnir::Type, c: TypeClass) -> omnir::Result<bool> {
    Ok(t.class()? == c)
}

type_class!(
    /// `iN`, `siN`, `uiN`.
    IntegerType extends Type via [],
    check = |t| is_class(t, TypeClass::Integer),
    typeid = Some("builtin.integer"),
    {
        /// A signless integer type `iN`.
        #[staticmethod]
        #[pyo3(signature = (width, context = None))]
        fn get_signless(py: Python<'_>, width: &Bound<'_, PyAny>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            integer_type(py, int_arg(width, "width")?, Signedness::Signless, context)
        }
        /// A signed integer type `siN`.
        #[staticmethod]
        #[pyo3(signature = (width, context = None))]
        fn get_signed(py: Python<'_>, width: &Bound<'_, PyAny>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            integer_type(py, int_arg(width, "width")?, Signedness::Signed, context)
        }
        /// An unsigned integer type `uiN`.
        #[staticmethod]
        #[pyo3(signature = (width, context = None))]
        fn get_unsigned(py: Python<'_>, width: &Bound<'_, PyAny>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            integer_type(py, int_arg(width, "width")?, Signedness::Unsigned, context)
        }
        #[getter]
        fn width(slf: &Bound<'_, Self>) -> PyResult<u32> {
            tref(slf).integer_width().py()
        }
        #[getter]
        fn is_signless(slf: &Bound<'_, Self>) -> PyResult<bool> {
            Ok(tref(slf).signedness().py()? == Signedness::Signless)
        }
        #[getter]
        fn is_signed(slf: &Bound<'_, Self>) -> PyResult<bool> {
            Ok(tref(slf).signedness().py()? == Signedness::Signed)
        }
        #[getter]
        fn is_unsigned(slf: &Bound<'_, Self>) -> PyResult<bool> {
            Ok(tref(slf).signedness().py()? == Signedness::Unsigned)
        }
    }
);

/// `IntegerType.get_signless` and co.: the class is known, no kind query.
fn integer_type(
    py: Python<'_>,
    width: u32,
    s: Signedness,
    context: Option<&Bound<'_, Context>>,
) -> PyResult<Py<PyAny>> {
    let t = resolve(context)?.integer_type_with(width, s).py()?;
    Ok(Py::new(py, base(t).add_subclass(IntegerType))?.into_any())
}

static_method!(IntegerTypeGetSignless, "IntegerType.get_signless", ["width", "context"], required = 1, |py, a| {
    integer_type(
        py,
        crate::util::int_arg(&a.required(0), "width")?,
        Signedness::Signless,
        a.cast_opt::<Context>(1)?.as_deref(),
    )
});
static_method!(IntegerTypeGetSigned, "IntegerType.get_signed", ["width", "context"], required = 1, |py, a| {
    integer_type(
        py,
        crate::util::int_arg(&a.required(0), "width")?,
        Signedness::Signed,
        a.cast_opt::<Context>(1)?.as_deref(),
    )
});
static_method!(IntegerTypeGetUnsigned, "IntegerType.get_unsigned", ["width", "context"], required = 1, |py, a| {
    integer_type(
        py,
        crate::util::int_arg(&a.required(0), "width")?,
        Signedness::Unsigned,
        a.cast_opt::<Context>(1)?.as_deref(),
    )
});

fn index_type(py: Python<'_>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
    let t = resolve(context)?.index_type().py()?;
    Ok(Py::new(py, base(t).add_subclass(IndexType))?.into_any())
}

static_method!(IndexTypeGet, "IndexType.get", ["context"], required = 0, |py, a| {
    index_type(py, a.cast_opt::<Context>(0)?.as_deref())
});

type_class!(
    /// `index`.
    IndexType extends Type via [],
    check = |t| is_class(t, TypeClass::Index),
    typeid = Some("builtin.index"),
    {
        #[staticmethod]
        #[pyo3(signature = (context = None))]
        fn get(py: Python<'_>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            index_type(py, context)
        }
    }
);

type_class!(
    /// `none`.
    NoneType extends Type via [],
    check = |t| is_class(t, TypeClass::None),
    typeid = Some("builtin.none"),
    {
        #[staticmethod]
        #[pyo3(signature = (context = None))]
        fn get(py: Python<'_>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            wrap_type(py, resolve(context)?.none_type().py()?)
        }
    }
);

type_class!(
    /// Every floating-point type (`f32`, `bf16`, `f8E4M3FN`...).
    FloatType extends Type via [],
    check = |t| Ok(matches!(t.class()?, TypeClass::Float(_))),
    typeid = None,
    {
        /// The bit width of the format.
        #[getter]
        fn width(slf: &Bound<'_, Self>) -> PyResult<u32> {
            tref(slf).int_or_float_bit_width().py()
        }
    }
);

/// `F32Type.get` and co.: the class is known, no kind query.
fn float_type(py: Python<'_>, kind: FloatKind, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
    float_object(py, resolve(context)?.float_type(kind).py()?, kind)
}

macro_rules! float_class {
    ($name:ident, $get:ident, $kind:ident, $tid:literal) => {
        type_class!(
            $name extends FloatType via [FloatType],
            check = |t| is_class(t, TypeClass::Float(FloatKind::$kind)),
            typeid = Some($tid),
            {
                #[staticmethod]
                #[pyo3(signature = (context = None))]
                fn get(py: Python<'_>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
                    float_type(py, FloatKind::$kind, context)
                }
            }
        );

        static_method!($get, concat!(stringify!($name), ".get"), ["context"], required = 0, |py, a| {
            float_type(py, FloatKind::$kind, a.cast_opt::<Context>(0)?.as_deref())
        });
    };
}

float_class!(F16Type, F16TypeGet, F16, "builtin.f16");
float_class!(BF16Type, BF16TypeGet, BF16, "builtin.bf16");
float_class!(F32Type, F32TypeGet, F32, "builtin.f32");
float_class!(F64Type, F64TypeGet, F64, "builtin.f64");
float_class!(F80Type, F80TypeGet, F80, "builtin.f80");
float_class!(F128Type, F128TypeGet, F128, "builtin.f128");
float_class!(FloatTF32Type, FloatTF32TypeGet, TF32, "builtin.tf32");
float_class!(Float8E5M2Type, Float8E5M2TypeGet, F8E5M2, "builtin.f8E5M2");
float_class!(Float8E4M3Type, Float8E4M3TypeGet, F8E4M3, "builtin.f8E4M3");
float_class!(Float8E4M3FNType, Float8E4M3FNTypeGet, F8E4M3FN, "builtin.f8E4M3FN");
float_class!(Float8E5M2FNUZType, Float8E5M2FNUZTypeGet, F8E5M2FNUZ, "builtin.f8E5M2FNUZ");
float_class!(Float8E4M3FNUZType, Float8E4M3FNUZTypeGet, F8E4M3FNUZ, "builtin.f8E4M3FNUZ");
float_class!(Float8E4M3B11FNUZType, Float8E4M3B11FNUZTypeGet, F8E4M3B11FNUZ, "builtin.f8E4M3B11FNUZ");
float_class!(Float8E3M4Type, Float8E3M4TypeGet, F8E3M4, "builtin.f8E3M4");
float_class!(Float8E8M0FNUType, Float8E8M0FNUTypeGet, F8E8M0FNU, "builtin.f8E8M0FNU");
float_class!(Float6E2M3FNType, Float6E2M3FNTypeGet, F6E2M3FN, "builtin.f6E2M3FN");
float_class!(Float6E3M2FNType, Float6E3M2FNTypeGet, F6E3M2FN, "builtin.f6E3M2FN");
float_class!(Float4E2M1FNType, Float4E2M1FNTypeGet, F4E2M1FN, "builtin.f4E2M1FN");

type_class!(
    /// `complex<element>`.
    ComplexType extends Type via [],
    check = |t| is_class(t, TypeClass::Complex),
    typeid = Some("builtin.complex"),
    {
        #[staticmethod]
        fn get(py: Python<'_>, element_type: &Bound<'_, Type>) -> PyResult<Py<PyAny>> {
            let e = &element_type.get().t;
            wrap_type(py, e.context().complex_type(e).py()?)
        }
        #[getter]
        fn element_type(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
            wrap_type(slf.py(), tref(slf).element_type().py()?)
        }
    }
);

type_class!(
    /// `(inputs) -> (results)`.
    FunctionType extends Type via [],
    check = |t| is_class(t, TypeClass::Function),
    typeid = Some("builtin.function"),
    {
        #[staticmethod]
        #[pyo3(signature = (inputs, results, context = None))]
        fn get(
            py: Python<'_>,
            inputs: Vec<Bound<'_, Type>>,
            results: Vec<Bound<'_, Type>>,
            context: Option<&Bound<'_, Context>>,
        ) -> PyResult<Py<PyAny>> {
            let ctx = match (context, inputs.first().or(results.first())) {
                (None, Some(t)) => t.get().t.context().clone(),
                _ => resolve(context)?,
            };
            wrap_type(py, ctx.function_type(&types_of(&inputs), &types_of(&results)).py()?)
        }
        #[getter]
        fn inputs(slf: &Bound<'_, Self>) -> PyResult<Vec<Py<PyAny>>> {
            wrap_types(slf.py(), tref(slf).inputs().py()?)
        }
        #[getter]
        fn results(slf: &Bound<'_, Self>) -> PyResult<Vec<Py<PyAny>>> {
            wrap_types(slf.py(), tref(slf).results().py()?)
        }
    }
);

type_class!(
    /// `tuple<elements>`.
    TupleType extends Type via [],
    check = |t| is_class(t, TypeClass::Tuple),
    typeid = Some("builtin.tuple"),
    {
        #[staticmethod]
        #[pyo3(signature = (elements, context = None))]
        fn get_tuple(py: Python<'_>, elements: Vec<Bound<'_, Type>>, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            let ctx = match (context, elements.first()) {
                (None, Some(t)) => t.get().t.context().clone(),
                _ => resolve(context)?,
            };
            wrap_type(py, ctx.tuple_type(&types_of(&elements)).py()?)
        }
        #[getter]
        fn types(slf: &Bound<'_, Self>) -> PyResult<Vec<Py<PyAny>>> {
            wrap_types(slf.py(), tref(slf).tuple_elements().py()?)
        }
        #[getter]
        fn num_types(slf: &Bound<'_, Self>) -> PyResult<usize> {
            Ok(tref(slf).tuple_elements().py()?.len())
        }
        fn get_type(slf: &Bound<'_, Self>, pos: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
            let ts = tref(slf).tuple_elements().py()?;
            let t = ts[position_arg(pos, ts.len(), "pos")?].clone();
            wrap_type(slf.py(), t)
        }
    }
);

fn is_shaped(t: &omnir::Type) -> omnir::Result<bool> {
    Ok(matches!(
        t.class()?,
        TypeClass::Vector
            | TypeClass::RankedTensor
            | TypeClass::UnrankedTensor
            | TypeClass::MemRef
            | TypeClass::UnrankedMemRef
    ))
}

type_class!(
    /// Vectors, tensors and memrefs: an element type and a shape (`ShapedType.get_dynamic_size()`
    /// marks `?`).
    ShapedType extends Type via [],
    check = is_shaped,
    typeid = None,
    {
        #[getter]
        fn element_type(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
            wrap_type(slf.py(), tref(slf).element_type().py()?)
        }
        #[getter]
        fn has_rank(slf: &Bound<'_, Self>) -> PyResult<bool> {
            Ok(tref(slf).shape().py()?.is_some())
        }
        #[getter]
        fn rank(slf: &Bound<'_, Self>) -> PyResult<usize> {
            ranked_shape(tref(slf)).map(|s| s.len())
        }
        #[getter]
        fn shape(slf: &Bound<'_, Self>) -> PyResult<Vec<i64>> {
            ranked_shape(tref(slf))
        }
        #[getter]
        fn has_static_shape(slf: &Bound<'_, Self>) -> PyResult<bool> {
            Ok(tref(slf).shape().py()?.map(|s| s.iter().all(|&d| d != omnir::DYNAMIC)).unwrap_or(false))
        }
        fn is_dynamic_dim(slf: &Bound<'_, Self>, dim: &Bound<'_, PyAny>) -> PyResult<bool> {
            Ok(dim_size(tref(slf), dim)? == omnir::DYNAMIC)
        }
        fn get_dim_size(slf: &Bound<'_, Self>, dim: &Bound<'_, PyAny>) -> PyResult<i64> {
            dim_size(tref(slf), dim)
        }
        /// The number of elements (static shapes only).
        #[getter]
        fn num_elements(slf: &Bound<'_, Self>) -> PyResult<u64> {
            tref(slf).num_elements().py()
        }
        /// The value that marks a dynamic dimension (`?`).
        #[staticmethod]
        fn get_dynamic_size() -> i64 {
            omnir::DYNAMIC
        }
        #[staticmethod]
        fn is_dynamic_size(dim_size: &Bound<'_, PyAny>) -> PyResult<bool> {
            Ok(int_arg::<i64>(dim_size, "dim_size")? == omnir::DYNAMIC)
        }
    }
);

fn ranked_shape(t: &omnir::Type) -> PyResult<Vec<i64>> {
    t.shape().py()?.ok_or_else(|| PyValueError::new_err("the type is unranked"))
}

fn dim_size(t: &omnir::Type, dim: &Bound<'_, PyAny>) -> PyResult<i64> {
    let shape = ranked_shape(t)?;
    Ok(shape[position_arg(dim, shape.len(), "dim")?])
}

type_class!(
    /// `vector<shape x element>` (dimensions may be scalable: `[4]`).
    VectorType extends ShapedType via [ShapedType],
    check = |t| is_class(t, TypeClass::Vector),
    typeid = Some("builtin.vector"),
    {
        #[staticmethod]
        #[pyo3(signature = (shape, element_type, *, scalable = None, scalable_dims = None, loc = None))]
        fn get(
            py: Python<'_>,
            shape: &Bound<'_, PyAny>,
            element_type: &Bound<'_, Type>,
            scalable: Option<&Bound<'_, PyAny>>,
            scalable_dims: Option<&Bound<'_, PyAny>>,
            loc: Option<&Bound<'_, Location>>,
        ) -> PyResult<Py<PyAny>> {
            let _ = loc;
            let shape: Vec<i64> = int_list_arg(shape, "shape")?;
            let scalable = scalable.filter(|s| !s.is_none()).map(|s| bool_list_arg(s, "scalable")).transpose()?;
            let scalable_dims = scalable_dims.filter(|s| !s.is_none()).map(|s| int_list_arg::<usize>(s, "scalable_dims")).transpose()?;
            let e = &element_type.get().t;
            let flags = match (scalable, scalable_dims) {
                (Some(_), Some(_)) => return Err(PyValueError::new_err("pass scalable or scalable_dims, not both")),
                (Some(f), None) => Some(f),
                (None, Some(dims)) => {
                    let mut f = vec![false; shape.len()];
                    for d in dims {
                        *f.get_mut(d).ok_or_else(|| PyValueError::new_err("scalable dimension out of range"))? = true;
                    }
                    Some(f)
                }
                (None, None) => None,
            };
            let t = match flags {
                Some(f) => e.context().vector_type_scalable(&shape, &f, e).py()?,
                None => e.context().vector_type(&shape, e).py()?,
            };
            wrap_type(py, t)
        }
        #[getter]
        fn scalable(slf: &Bound<'_, Self>) -> PyResult<bool> {
            Ok(!Self::scalable_dims(slf)?.is_empty())
        }
        #[getter]
        fn scalable_dims(slf: &Bound<'_, Self>) -> PyResult<Vec<usize>> {
            let t = tref(slf);
            let rank = ranked_shape(t)?.len();
            let mut out = Vec::new();
            for i in 0..rank {
                if t.is_dim_scalable(i).py()? {
                    out.push(i);
                }
            }
            Ok(out)
        }
    }
);

type_class!(
    /// `tensor<shape x element[, encoding]>`.
    RankedTensorType extends ShapedType via [ShapedType],
    check = |t| is_class(t, TypeClass::RankedTensor),
    typeid = Some("builtin.tensor"),
    {
        #[staticmethod]
        #[pyo3(signature = (shape, element_type, encoding = None, loc = None))]
        fn get(
            py: Python<'_>,
            shape: &Bound<'_, PyAny>,
            element_type: &Bound<'_, Type>,
            encoding: Option<&Bound<'_, Attribute>>,
            loc: Option<&Bound<'_, Location>>,
        ) -> PyResult<Py<PyAny>> {
            let _ = loc;
            let shape: Vec<i64> = int_list_arg(shape, "shape")?;
            let e = &element_type.get().t;
            wrap_type(py, e.context().ranked_tensor_type(&shape, e, encoding.map(|a| &a.get().attr)).py()?)
        }
        #[getter]
        fn encoding(slf: &Bound<'_, Self>) -> PyResult<Option<Py<PyAny>>> {
            tref(slf).encoding().py()?.map(|a| wrap_attr(slf.py(), a)).transpose()
        }
    }
);

type_class!(
    /// `tensor<*xelement>`.
    UnrankedTensorType extends ShapedType via [ShapedType],
    check = |t| is_class(t, TypeClass::UnrankedTensor),
    typeid = Some("builtin.unranked_tensor"),
    {
        #[staticmethod]
        #[pyo3(signature = (element_type, loc = None))]
        fn get(py: Python<'_>, element_type: &Bound<'_, Type>, loc: Option<&Bound<'_, Location>>) -> PyResult<Py<PyAny>> {
            let _ = loc;
            let e = &element_type.get().t;
            wrap_type(py, e.context().unranked_tensor_type(e).py()?)
        }
    }
);

type_class!(
    /// `memref<shape x element[, layout][, memory_space]>`; the element type must implement
    /// the memref-element-type interface (builtin scalars, vectors, complex, or a dialect
    /// type declaring `MemRefElementTypeInterface`).
    MemRefType extends ShapedType via [ShapedType],
    check = |t| is_class(t, TypeClass::MemRef),
    typeid = Some("builtin.memref"),
    {
        #[staticmethod]
        #[pyo3(signature = (shape, element_type, layout = None, memory_space = None, loc = None))]
        fn get(
            py: Python<'_>,
            shape: &Bound<'_, PyAny>,
            element_type: &Bound<'_, Type>,
            layout: Option<&Bound<'_, Attribute>>,
            memory_space: Option<&Bound<'_, Attribute>>,
            loc: Option<&Bound<'_, Location>>,
        ) -> PyResult<Py<PyAny>> {
            let _ = loc;
            let shape: Vec<i64> = int_list_arg(shape, "shape")?;
            let e = &element_type.get().t;
            let t = e
                .context()
                .memref_type(&shape, e, layout.map(|a| &a.get().attr), memory_space.map(|a| &a.get().attr))
                .py()?;
            wrap_type(py, t)
        }
        /// The layout; the identity `affine_map` of the rank when none is set, as in MLIR.
        #[getter]
        fn layout(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
            let t = tref(slf);
            match t.memref_layout().py()? {
                Some(a) => wrap_attr(slf.py(), a),
                None => {
                    let rank = ranked_shape(t)?.len() as u32;
                    wrap_attr(slf.py(), t.context().identity_affine_map_attr(rank).py()?)
                }
            }
        }
        /// The memory space (None for the default one).
        #[getter]
        fn memory_space(slf: &Bound<'_, Self>) -> PyResult<Option<Py<PyAny>>> {
            tref(slf).memref_memory_space().py()?.map(|a| wrap_attr(slf.py(), a)).transpose()
        }
    }
);

type_class!(
    /// `memref<*xelement[, memory_space]>`.
    UnrankedMemRefType extends ShapedType via [ShapedType],
    check = |t| is_class(t, TypeClass::UnrankedMemRef),
    typeid = Some("builtin.unranked_memref"),
    {
        #[staticmethod]
        #[pyo3(signature = (element_type, memory_space = None, loc = None))]
        fn get(
            py: Python<'_>,
            element_type: &Bound<'_, Type>,
            memory_space: Option<&Bound<'_, Attribute>>,
            loc: Option<&Bound<'_, Location>>,
        ) -> PyResult<Py<PyAny>> {
            let _ = loc;
            let e = &element_type.get().t;
            wrap_type(py, e.context().unranked_memref_type(e, memory_space.map(|a| &a.get().attr)).py()?)
        }
        #[getter]
        fn memory_space(slf: &Bound<'_, Self>) -> PyResult<Option<Py<PyAny>>> {
            tref(slf).memref_memory_space().py()?.map(|a| wrap_attr(slf.py(), a)).transpose()
        }
    }
);

type_class!(
    /// `!dialect.data` of a dialect that is not registered.
    OpaqueType extends Type via [],
    check = |t| is_class(t, TypeClass::Opaque),
    typeid = Some("builtin.opaque"),
    {
        #[staticmethod]
        #[pyo3(signature = (dialect_namespace, buffer, context = None))]
        fn get(py: Python<'_>, dialect_namespace: &str, buffer: &str, context: Option<&Bound<'_, Context>>) -> PyResult<Py<PyAny>> {
            wrap_type(py, resolve(context)?.opaque_type(dialect_namespace, buffer).py()?)
        }
        #[getter]
        fn dialect_namespace(slf: &Bound<'_, Self>) -> PyResult<String> {
            tref(slf).opaque_dialect().py()
        }
        #[getter]
        fn data(slf: &Bound<'_, Self>) -> PyResult<String> {
            tref(slf).opaque_data().py()
        }
    }
);

type_class!(
    /// A type defined at run time by a registered dialect (from any language: Python, C,
    /// Rust...): `!dialect.name<params>`.
    DialectType extends Type via [],
    check = |t| is_class(t, TypeClass::Dialect),
    typeid = None,
    {
        /// The type `!name<params>` of a registered kind (`"pixels.rgb"`; a shipped
        /// dialect's kind loads its dialect), its parameters verified.
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
            let t = ctx
                .with_diagnostics(|| ctx.dialect_type_named(name, &params))
                .map_err(|e| crate::errors::diag_err(py, e, &format!("Invalid parameters for !{name}")))?;
            wrap_type(py, t)
        }
        /// The parameters, as attributes.
        #[getter]
        fn params(slf: &Bound<'_, Self>) -> PyResult<Vec<Py<PyAny>>> {
            tref(slf).dialect_params().py()?.into_iter().map(|a| wrap_attr(slf.py(), a)).collect()
        }
        /// The parameter names of the type's definition.
        #[getter]
        fn param_names(slf: &Bound<'_, Self>) -> PyResult<Vec<String>> {
            let t = tref(slf);
            let def = t.dialect_def().py()?;
            t.context().definition_param_names(def.0, false).py()
        }
        /// The qualified name of the type's kind (`dialect.name`).
        #[getter]
        fn type_name(slf: &Bound<'_, Self>) -> PyResult<String> {
            tref(slf).type_id().py()?.name().py()
        }
        /// Parameter `name` (KeyError if the type has no such parameter).
        fn param(slf: &Bound<'_, Self>, name: &str) -> PyResult<Py<PyAny>> {
            let t = tref(slf);
            let def = t.dialect_def().py()?;
            let names = t.context().definition_param_names(def.0, false).py()?;
            let i = names.iter().position(|n| n == name).ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(name.to_string()))?;
            let params = t.dialect_params().py()?;
            wrap_attr(slf.py(), params[i].clone())
        }
    }
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Type>()?;
    m.add_class::<TypeID>()?;
    m.add_class::<IntegerType>()?;
    m.add_class::<IndexType>()?;
    m.add_class::<NoneType>()?;
    m.add_class::<FloatType>()?;
    m.add_class::<F16Type>()?;
    m.add_class::<BF16Type>()?;
    m.add_class::<F32Type>()?;
    m.add_class::<F64Type>()?;
    m.add_class::<F80Type>()?;
    m.add_class::<F128Type>()?;
    m.add_class::<FloatTF32Type>()?;
    m.add_class::<Float8E5M2Type>()?;
    m.add_class::<Float8E4M3Type>()?;
    m.add_class::<Float8E4M3FNType>()?;
    m.add_class::<Float8E5M2FNUZType>()?;
    m.add_class::<Float8E4M3FNUZType>()?;
    m.add_class::<Float8E4M3B11FNUZType>()?;
    m.add_class::<Float8E3M4Type>()?;
    m.add_class::<Float8E8M0FNUType>()?;
    m.add_class::<Float6E2M3FNType>()?;
    m.add_class::<Float6E3M2FNType>()?;
    m.add_class::<Float4E2M1FNType>()?;
    m.add_class::<ComplexType>()?;
    m.add_class::<FunctionType>()?;
    m.add_class::<TupleType>()?;
    m.add_class::<ShapedType>()?;
    m.add_class::<VectorType>()?;
    m.add_class::<RankedTensorType>()?;
    m.add_class::<UnrankedTensorType>()?;
    m.add_class::<MemRefType>()?;
    m.add_class::<UnrankedMemRefType>()?;
    m.add_class::<OpaqueType>()?;
    m.add_class::<DialectType>()?;

    // The hot constructors, through METH_FASTCALL on CPython >= 3.10.
    let py = m.py();
    fastcall::install::<IntegerTypeGetSignless>(&py.get_type::<IntegerType>())?;
    fastcall::install::<IntegerTypeGetSigned>(&py.get_type::<IntegerType>())?;
    fastcall::install::<IntegerTypeGetUnsigned>(&py.get_type::<IntegerType>())?;
    fastcall::install::<IndexTypeGet>(&py.get_type::<IndexType>())?;
    macro_rules! floats {
        ($($class:ident => $get:ident),* $(,)?) => {
            $(fastcall::install::<$get>(&py.get_type::<$class>())?;)*
        };
    }
    floats!(
        F16Type => F16TypeGet, BF16Type => BF16TypeGet, F32Type => F32TypeGet, F64Type => F64TypeGet,
        F80Type => F80TypeGet, F128Type => F128TypeGet, FloatTF32Type => FloatTF32TypeGet,
        Float8E5M2Type => Float8E5M2TypeGet, Float8E4M3Type => Float8E4M3TypeGet,
        Float8E4M3FNType => Float8E4M3FNTypeGet, Float8E5M2FNUZType => Float8E5M2FNUZTypeGet,
        Float8E4M3FNUZType => Float8E4M3FNUZTypeGet, Float8E4M3B11FNUZType => Float8E4M3B11FNUZTypeGet,
        Float8E3M4Type => Float8E3M4TypeGet, Float8E8M0FNUType => Float8E8M0FNUTypeGet,
        Float6E2M3FNType => Float6E2M3FNTypeGet, Float6E3M2FNType => Float6E3M2FNTypeGet,
        Float4E2M1FNType => Float4E2M1FNTypeGet,
    );
    Ok(())
}
