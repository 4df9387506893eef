//! Dialects defined from Python: types and attributes with parameters (and a parameters
//! verifier written in Python), operations with operand/result/attribute constraints,
//! traits and a verifier written in Python, and interface implementations: markers such as
//! `MemRefElementTypeInterface`, answered by the shared registry (so every package in the
//! process sees them), and implementations with methods written in Python, through the
//! client's dynamic interfaces (callable from every language of the process).
//!
//! Python callables become client closures (`omnir::OpDefinition::verifier`...), which the
//! client hands to the core as C callbacks; they run with the GIL, on the thread whose call
//! needs them.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use omnir::{
    Arity, AttrConstraint, InterfaceImpl, NameStyle, OpDefinition, Traits, TypeConstraint, TypeDefinition as CTypeDef,
    TypeId, ValueSpec,
};

use crate::attributes::{wrap_attr, Attribute};
use crate::context::{context_object, resolve, Context};
use crate::errors::OrPy;
use crate::ir::new_op;
use crate::types::{wrap_type, Type, TypeID};

/// A TypeID from a `TypeID` object or a qualified name.
pub fn interface_id(obj: &Bound<'_, PyAny>) -> PyResult<TypeId> {
    if let Ok(t) = obj.cast::<TypeID>() {
        return Ok(t.get().id);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return TypeId::get(&s.to_cow()?).py();
    }
    Err(PyTypeError::new_err("expected a TypeID or a qualified interface name"))
}

/// What a Python verifier returned: None/True is success; a str or False is a failure
/// message; an exception's text is the message.
pub(crate) fn verdict(py: Python<'_>, r: PyResult<Py<PyAny>>) -> Result<(), String> {
    match r {
        Ok(v) => {
            let v = v.bind(py);
            if v.is_none() {
                return Ok(());
            }
            if let Ok(s) = v.cast::<PyString>() {
                return Err(s.to_string());
            }
            match v.is_truthy() {
                Ok(true) => Ok(()),
                Ok(false) => Err("verification failed".to_string()),
                Err(e) => Err(e.to_string()),
            }
        }
        Err(e) => Err(exception_text(py, &e)),
    }
}

pub(crate) fn exception_text(py: Python<'_>, e: &PyErr) -> String {
    let v = e.value(py);
    match v.str() {
        Ok(s) if !s.to_string().is_empty() => s.to_string(),
        _ => e.get_type(py).name().map(|n| n.to_string()).unwrap_or_else(|_| "exception".into()),
    }
}

/// A Python value as an attribute parameter: attributes as they are; types become
/// TypeAttr, bool BoolAttr, int IntegerAttr (i64), float FloatAttr (f64), str StringAttr,
/// lists ArrayAttr.
pub fn to_attr(ctx: &omnir::Context, v: &Bound<'_, PyAny>) -> PyResult<omnir::Attribute> {
    if let Ok(a) = v.cast::<Attribute>() {
        return Ok(a.get().attr.clone());
    }
    if let Ok(t) = v.cast::<Type>() {
        return ctx.type_attr(&t.get().t).py();
    }
    if v.cast::<PyBool>().is_ok() {
        return ctx.bool_attr(v.extract()?).py();
    }
    if v.cast::<PyInt>().is_ok() {
        return ctx.integer_attr(&ctx.integer_type(64).py()?, v.extract()?).py();
    }
    if v.cast::<PyFloat>().is_ok() {
        return ctx.float_attr(&ctx.f64_type().py()?, v.extract()?).py();
    }
    if let Ok(s) = v.cast::<PyString>() {
        return ctx.string_attr(&s.to_cow()?).py();
    }
    if v.cast::<PyList>().is_ok() || v.cast::<PyTuple>().is_ok() {
        let items: Vec<omnir::Attribute> = v.try_iter()?.map(|x| to_attr(ctx, &x?)).collect::<PyResult<_>>()?;
        return ctx.array_attr(&items).py();
    }
    Err(PyTypeError::new_err("a parameter must be an Attribute, Type, bool, int, float, str or list"))
}

/// The interfaces of a definition: markers (a TypeID or a name) and implementations with
/// methods (`(interface, methods)`, attached once the kind exists, see [`attach_methods`]).
/// Interfaces with methods: (interface, the Python object holding the methods).
type WithMethods = Vec<(TypeId, Py<PyAny>)>;

fn interfaces_of(items: Option<&Bound<'_, PyAny>>) -> PyResult<(Vec<InterfaceImpl>, WithMethods)> {
    let mut markers = Vec::new();
    let mut with_methods = Vec::new();
    if let Some(items) = items {
        for i in items.try_iter()? {
            let i = i?;
            if let Ok(t) = i.cast::<PyTuple>() {
                if t.len() != 2 {
                    return Err(PyTypeError::new_err("an interface with methods is (interface, methods)"));
                }
                with_methods.push((interface_id(&t.get_item(0)?)?, t.get_item(1)?.unbind()));
            } else {
                markers.push(InterfaceImpl::marker(interface_id(&i)?));
            }
        }
    }
    Ok((markers, with_methods))
}

/// A Python value as a method result: None, an attribute, or a value `to_attr` converts.
fn method_result(py: Python<'_>, ctx: &omnir::Context, v: &Bound<'_, PyAny>) -> PyResult<Option<omnir::Attribute>> {
    let _ = py;
    if v.is_none() {
        return Ok(None);
    }
    to_attr(ctx, v).map(Some)
}

/// Attaches `methods` (a dict of name to callable, or any object whose attributes are the
/// methods) as the implementation of `interface` for `kind`, through the client's dynamic
/// interfaces: callable from every language of the process. Each method is called as
/// `method(receiver, *args)` (the receiver a Type, Attribute or Operation; the arguments
/// attributes) and returns an attribute, a Python value converted to one, or None.
pub fn attach_methods(ctx: &omnir::Context, kind: TypeId, interface: TypeId, methods: Py<PyAny>) -> PyResult<()> {
    ctx.attach_dynamic_interface(
        kind,
        interface,
        move |recv: &omnir::Receiver, name: &str, args: &[omnir::Attribute]| {
            Python::attach(|py| {
                let (obj, ctx) = match recv {
                    omnir::Receiver::Type(t) => (wrap_type(py, t.clone()), t.context().clone()),
                    omnir::Receiver::Attribute(a) => (wrap_attr(py, a.clone()), a.context().clone()),
                    omnir::Receiver::Operation(o) => {
                        (new_op(py, o.clone(), None).map(|o| o.into_any()), o.context().clone())
                    }
                };
                let r = (|| -> PyResult<Option<omnir::Attribute>> {
                    let m = methods.bind(py);
                    let f = match m.cast::<PyDict>() {
                        Ok(d) => {
                            d.get_item(name)?.ok_or_else(|| PyValueError::new_err(format!("no method {name:?}")))?
                        }
                        Err(_) => m.getattr(name)?,
                    };
                    let mut call_args: Vec<Py<PyAny>> = vec![obj?];
                    for a in args {
                        call_args.push(wrap_attr(py, a.clone())?);
                    }
                    let out = f.call1(PyTuple::new(py, call_args)?)?;
                    method_result(py, &ctx, &out)
                })();
                r.map_err(|e| exception_text(py, &e))
            })
        },
    )
    .py()
}

fn attach_all(ctx: &omnir::Context, kind: &str, with_methods: WithMethods) -> PyResult<()> {
    if with_methods.is_empty() {
        return Ok(());
    }
    let kind = TypeId::get(kind).py()?;
    for (iface, methods) in with_methods {
        attach_methods(ctx, kind, iface, methods)?;
    }
    Ok(())
}

fn params_verifier(callback: Py<PyAny>) -> impl Fn(&[omnir::Attribute]) -> Result<(), String> + Send + Sync + 'static {
    move |params: &[omnir::Attribute]| {
        Python::attach(|py| {
            let list: PyResult<Vec<Py<PyAny>>> = params.iter().map(|a| wrap_attr(py, a.clone())).collect();
            let r = list.and_then(|l| callback.call1(py, (l,)));
            verdict(py, r)
        })
    }
}

/// A dialect: register types, attributes and operations in it. `Dialect("toy")` registers
/// the dialect in the context (or finds it registered).
#[pyclass(module = "omnir._omnir", frozen)]
pub struct Dialect {
    ctx: omnir::Context,
    #[pyo3(get)]
    name: String,
}

#[pymethods]
impl Dialect {
    #[new]
    #[pyo3(signature = (name, *, allow_unknown_operations = false, context = None))]
    fn py_new(name: &str, allow_unknown_operations: bool, context: Option<&Bound<'_, Context>>) -> PyResult<Dialect> {
        let ctx = resolve(context)?;
        ctx.register_dialect(name, allow_unknown_operations).py()?;
        Ok(Dialect { ctx, name: name.to_string() })
    }

    #[getter]
    fn context(&self, py: Python<'_>) -> PyResult<Py<Context>> {
        context_object(py, &self.ctx)
    }

    /// Defines the type `!dialect.name` with named parameters. `verifier(params)` (optional)
    /// runs for every instance built; `interfaces` lists the interfaces it implements: markers
    /// (e.g. `omnir.MemRefElementTypeInterface`) and `(interface, methods)` pairs whose
    /// methods are Python callables (see `Context.attach_interface`).
    #[pyo3(signature = (name, params = Vec::new(), *, verifier = None, interfaces = None))]
    fn define_type(
        &self,
        name: &str,
        params: Vec<String>,
        verifier: Option<Py<PyAny>>,
        interfaces: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<TypeDefinition> {
        let p: Vec<&str> = params.iter().map(|s| s.as_str()).collect();
        let mut def = CTypeDef::new(&self.name, name, &p);
        if let Some(cb) = verifier {
            def = def.verifier(params_verifier(cb));
        }
        let (markers, with_methods) = interfaces_of(interfaces)?;
        for i in markers {
            def = def.interface(i);
        }
        let id = self.ctx.register_type(&def).py()?;
        let qualified = format!("{}.{}", self.name, name);
        attach_all(&self.ctx, &qualified, with_methods)?;
        Ok(TypeDefinition { ctx: self.ctx.clone(), def: id, name: qualified, params })
    }

    /// Defines the attribute `#dialect.name` with named parameters (see `define_type`).
    #[pyo3(signature = (name, params = Vec::new(), *, verifier = None, interfaces = None))]
    fn define_attribute(
        &self,
        name: &str,
        params: Vec<String>,
        verifier: Option<Py<PyAny>>,
        interfaces: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<AttributeDefinition> {
        let p: Vec<&str> = params.iter().map(|s| s.as_str()).collect();
        let mut def = CTypeDef::new(&self.name, name, &p);
        if let Some(cb) = verifier {
            def = def.verifier(params_verifier(cb));
        }
        let (markers, with_methods) = interfaces_of(interfaces)?;
        for i in markers {
            def = def.interface(i);
        }
        let id = self.ctx.register_attribute(&def).py()?;
        let qualified = format!("{}.{}", self.name, name);
        attach_all(&self.ctx, &format!("#{qualified}"), with_methods)?;
        Ok(AttributeDefinition { ctx: self.ctx.clone(), def: id, name: qualified, params })
    }

    /// Defines the operation `dialect.name`.
    ///
    /// - `operands` / `results`: entries `name`, `(name, constraint)` or
    ///   `(name, constraint, arity)`; a constraint is None or `"any"`, `"integer"`, `"index"`,
    ///   `"float"`, `"int_or_float"`, `"signless_int_or_index"`, `"vector"`, `"tensor"`,
    ///   `"memref"`, `"shaped"`, a `Type` (exactly), a TypeID (an interface the type must
    ///   implement), a callable `pred(type) -> bool`, or a list of those (any of); arity is
    ///   `"single"` (default), `"optional"` or `"variadic"`.
    /// - `attributes`: a dict name -> constraint, or entries `(name, constraint[, optional])`;
    ///   an attribute constraint is None/`"any"`, `"unit"`, `"bool"`, `"integer"`, `"float"`,
    ///   `"string"`, `"type"`, `"array"`, `"dictionary"`, `"symbol_ref"`,
    ///   `"flat_symbol_ref"`, an integer `Type` (an integer attribute of it), or a callable.
    /// - `traits`: names among `terminator`, `no_terminator`, `isolated_from_above`,
    ///   `symbol_table`, `symbol`, `same_operands_and_result_type`, `graph_regions`,
    ///   `single_block`, `pure`, `constant_like`, `commutative`, `return_like`,
    ///   `no_region_arguments`, `optional_symbol`.
    /// - `verifier(op)`: runs after the checks above; return None (ok), a message, or raise.
    #[pyo3(signature = (name, *, operands = None, results = None, attributes = None, regions = None, successors = None, traits = None, interfaces = None, verifier = None, summary = ""))]
    #[allow(clippy::too_many_arguments)]
    fn define_operation(
        &self,
        name: &str,
        operands: Option<&Bound<'_, PyAny>>,
        results: Option<&Bound<'_, PyAny>>,
        attributes: Option<&Bound<'_, PyAny>>,
        regions: Option<&Bound<'_, PyAny>>,
        successors: Option<&Bound<'_, PyAny>>,
        traits: Option<Vec<String>>,
        interfaces: Option<&Bound<'_, PyAny>>,
        verifier: Option<Py<PyAny>>,
        summary: &str,
    ) -> PyResult<String> {
        let regions: usize = crate::util::opt_int_arg::<u32>(regions, "regions")?.unwrap_or(0) as usize;
        let successors: usize = crate::util::opt_int_arg::<u32>(successors, "successors")?.unwrap_or(0) as usize;
        let full = if name.contains('.') { name.to_string() } else { format!("{}.{}", self.name, name) };
        let mut def = OpDefinition::new(&full).summary(summary).regions(regions).successors(successors);
        for s in value_specs(operands, "operands")? {
            def = def.operand(s);
        }
        for s in value_specs(results, "results")? {
            def = def.result(s);
        }
        for (n, c, optional) in attr_specs(attributes)? {
            def = def.attribute(&n, c, optional);
        }
        for t in traits.unwrap_or_default() {
            def = def.traits(trait_named(&t)?);
        }
        let (markers, with_methods) = interfaces_of(interfaces)?;
        for i in markers {
            def = def.interface(i);
        }
        if let Some(cb) = verifier {
            def = def.verifier(move |op: &omnir::Operation| {
                Python::attach(|py| {
                    let r = new_op(py, op.clone(), None).and_then(|o| cb.call1(py, (o,)));
                    verdict(py, r)
                })
            });
        }
        self.ctx.register_operation(&def).py()?;
        attach_all(&self.ctx, &full, with_methods)?;
        Ok(full)
    }
}

fn trait_named(name: &str) -> PyResult<Traits> {
    Ok(match name {
        "terminator" | "is_terminator" => Traits::IS_TERMINATOR,
        "no_terminator" => Traits::NO_TERMINATOR,
        "isolated_from_above" => Traits::ISOLATED_FROM_ABOVE,
        "symbol_table" => Traits::SYMBOL_TABLE,
        "symbol" => Traits::SYMBOL,
        "same_operands_and_result_type" => Traits::SAME_OPERANDS_AND_RESULT_TYPE,
        "graph_regions" => Traits::GRAPH_REGIONS,
        "single_block" => Traits::SINGLE_BLOCK,
        "pure" => Traits::PURE,
        "constant_like" => Traits::CONSTANT_LIKE,
        "commutative" => Traits::COMMUTATIVE,
        "return_like" => Traits::RETURN_LIKE,
        "attr_sized_operand_segments" => Traits::ATTR_SIZED_OPERAND_SEGMENTS,
        "attr_sized_result_segments" => Traits::ATTR_SIZED_RESULT_SEGMENTS,
        "no_region_arguments" => Traits::NO_REGION_ARGUMENTS,
        "optional_symbol" => Traits::OPTIONAL_SYMBOL,
        other => return Err(PyValueError::new_err(format!("unknown trait {other:?}"))),
    })
}

fn type_constraint(c: &Bound<'_, PyAny>) -> PyResult<TypeConstraint> {
    if c.is_none() {
        return Ok(TypeConstraint::Any);
    }
    if let Ok(s) = c.cast::<PyString>() {
        let name = s.to_cow()?;
        return TypeConstraint::by_name(&name, NameStyle::Snake)
            .ok_or_else(|| PyValueError::new_err(format!("unknown type constraint {name:?}")));
    }
    if let Ok(t) = c.cast::<Type>() {
        return Ok(TypeConstraint::Exactly(t.get().t.clone()));
    }
    if let Ok(id) = c.cast::<TypeID>() {
        return Ok(TypeConstraint::Implements(id.get().id));
    }
    if c.cast::<PyList>().is_ok() || c.cast::<PyTuple>().is_ok() {
        let alts: Vec<TypeConstraint> = c.try_iter()?.map(|x| type_constraint(&x?)).collect::<PyResult<_>>()?;
        return Ok(TypeConstraint::OneOf(alts));
    }
    if c.is_callable() {
        let f: Py<PyAny> = c.clone().unbind();
        let summary = c.getattr("__name__").map(|n| n.to_string()).unwrap_or_else(|_| "a Python predicate".into());
        return Ok(TypeConstraint::predicate(&summary, move |t: &omnir::Type| {
            Python::attach(|py| {
                wrap_type(py, t.clone())
                    .and_then(|w| f.call1(py, (w,)))
                    .and_then(|r| r.bind(py).is_truthy())
                    .unwrap_or(false)
            })
        }));
    }
    Err(PyTypeError::new_err("unsupported type constraint"))
}

fn attr_constraint(c: &Bound<'_, PyAny>) -> PyResult<AttrConstraint> {
    if c.is_none() {
        return Ok(AttrConstraint::Any);
    }
    if let Ok(s) = c.cast::<PyString>() {
        let name = s.to_cow()?;
        return AttrConstraint::by_name(&name, NameStyle::Snake)
            .ok_or_else(|| PyValueError::new_err(format!("unknown attribute constraint {name:?}")));
    }
    if let Ok(t) = c.cast::<Type>() {
        return Ok(AttrConstraint::TypedInteger(t.get().t.clone()));
    }
    if c.is_callable() {
        let f: Py<PyAny> = c.clone().unbind();
        let summary = c.getattr("__name__").map(|n| n.to_string()).unwrap_or_else(|_| "a Python predicate".into());
        return Ok(AttrConstraint::predicate(&summary, move |a: &omnir::Attribute| {
            Python::attach(|py| {
                wrap_attr(py, a.clone())
                    .and_then(|w| f.call1(py, (w,)))
                    .and_then(|r| r.bind(py).is_truthy())
                    .unwrap_or(false)
            })
        }));
    }
    Err(PyTypeError::new_err("unsupported attribute constraint"))
}

fn value_specs(items: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Vec<ValueSpec>> {
    let mut out = Vec::new();
    let Some(items) = items else { return Ok(out) };
    for item in crate::util::iterable_arg(items, what, "a sequence of names or tuples")? {
        if let Ok(name) = item.cast::<PyString>() {
            out.push(ValueSpec::single(&name.to_cow()?, TypeConstraint::Any));
            continue;
        }
        let t = item.cast::<PyTuple>().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what}: an entry is a name or a tuple, got {}",
                crate::util::type_name(&item)
            ))
        })?;
        let name: String = t.get_item(0)?.extract()?;
        let constraint = if t.len() > 1 { type_constraint(&t.get_item(1)?)? } else { TypeConstraint::Any };
        let arity = if t.len() > 2 {
            match t.get_item(2)?.extract::<String>()?.as_str() {
                "single" => Arity::Single,
                "optional" => Arity::Optional,
                "variadic" => Arity::Variadic,
                other => return Err(PyValueError::new_err(format!("unknown arity {other:?}"))),
            }
        } else {
            Arity::Single
        };
        out.push(ValueSpec { name, arity, constraint });
    }
    Ok(out)
}

fn attr_specs(items: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, AttrConstraint, bool)>> {
    let mut out = Vec::new();
    let Some(items) = items else { return Ok(out) };
    if let Ok(d) = items.cast::<PyDict>() {
        for (k, v) in d.iter() {
            out.push((k.extract()?, attr_constraint(&v)?, false));
        }
        return Ok(out);
    }
    for item in items.try_iter()? {
        let item = item?;
        if let Ok(name) = item.cast::<PyString>() {
            out.push((name.to_cow()?.into_owned(), AttrConstraint::Any, false));
            continue;
        }
        let t = item.cast::<PyTuple>().map_err(|_| PyTypeError::new_err("an attribute entry is a name or a tuple"))?;
        let name: String = t.get_item(0)?.extract()?;
        let c = if t.len() > 1 { attr_constraint(&t.get_item(1)?)? } else { AttrConstraint::Any };
        let optional = if t.len() > 2 { t.get_item(2)?.extract()? } else { false };
        out.push((name, c, optional));
    }
    Ok(out)
}

/// A type registered at run time: `get(...)` builds instances (the parameters verifier
/// runs), `isinstance(t)` recognizes them.
#[pyclass(module = "omnir._omnir", frozen)]
pub struct TypeDefinition {
    ctx: omnir::Context,
    def: omnir::TypeDef,
    /// The qualified name, `dialect.name`.
    #[pyo3(get)]
    name: String,
    #[pyo3(get)]
    params: Vec<String>,
}

#[pymethods]
impl TypeDefinition {
    /// An instance with these parameters (Attributes, or Python values converted: Type,
    /// bool, int, float, str, list), positionally or by name.
    #[pyo3(signature = (*args, **kwargs))]
    fn get(
        &self,
        py: Python<'_>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let params = gather_params(&self.ctx, &self.params, args, kwargs)?;
        let t = self
            .ctx
            .with_diagnostics(|| self.ctx.dialect_type(self.def, &params))
            .map_err(|e| crate::errors::diag_err(py, e, &format!("Invalid parameters for !{}", self.name)))?;
        wrap_type(py, t)
    }

    /// Whether `t` is an instance of this type.
    fn isinstance(&self, t: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(t) = t.cast::<Type>() else { return Ok(false) };
        let t = &t.get().t;
        if t.kind().py()? != omnir::TypeKind::Dialect {
            return Ok(false);
        }
        Ok(t.dialect_def().py()? == self.def)
    }

    /// The TypeID of the type (`dialect.name`).
    #[getter]
    fn typeid(&self) -> PyResult<TypeID> {
        crate::types::typeid_named(&self.name)
    }

    fn __repr__(&self) -> String {
        format!("TypeDefinition(!{})", self.name)
    }
}

/// An attribute registered at run time (see `TypeDefinition`).
#[pyclass(module = "omnir._omnir", frozen)]
pub struct AttributeDefinition {
    ctx: omnir::Context,
    def: omnir::AttrDef,
    #[pyo3(get)]
    name: String,
    #[pyo3(get)]
    params: Vec<String>,
}

#[pymethods]
impl AttributeDefinition {
    #[pyo3(signature = (*args, **kwargs))]
    fn get(
        &self,
        py: Python<'_>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let params = gather_params(&self.ctx, &self.params, args, kwargs)?;
        let a = self
            .ctx
            .with_diagnostics(|| self.ctx.dialect_attr(self.def, &params))
            .map_err(|e| crate::errors::diag_err(py, e, &format!("Invalid parameters for #{}", self.name)))?;
        wrap_attr(py, a)
    }

    fn isinstance(&self, a: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(a) = a.cast::<Attribute>() else { return Ok(false) };
        let a = &a.get().attr;
        if a.kind().py()? != omnir::AttributeKind::Dialect {
            return Ok(false);
        }
        Ok(a.dialect_def().py()? == self.def)
    }

    #[getter]
    fn typeid(&self) -> PyResult<TypeID> {
        crate::types::typeid_named(&format!("#{}", self.name))
    }

    fn __repr__(&self) -> String {
        format!("AttributeDefinition(#{})", self.name)
    }
}

fn gather_params(
    ctx: &omnir::Context,
    names: &[String],
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<omnir::Attribute>> {
    // `get([a, b])` and `get(a, b)` both work when the definition has several parameters.
    let positional: Vec<Bound<'_, PyAny>> =
        if args.len() == 1 && names.len() != 1 && (args.get_item(0)?.cast::<PyList>().is_ok()) {
            args.get_item(0)?.try_iter()?.collect::<PyResult<_>>()?
        } else {
            args.iter().collect()
        };
    let mut slots: Vec<Option<omnir::Attribute>> = vec![None; names.len()];
    if positional.len() > names.len() {
        return Err(PyValueError::new_err(format!("expected {} parameters, got {}", names.len(), positional.len())));
    }
    for (i, v) in positional.iter().enumerate() {
        slots[i] = Some(to_attr(ctx, v)?);
    }
    if let Some(kw) = kwargs {
        for (k, v) in kw.iter() {
            let k: String = k.extract()?;
            let i = names
                .iter()
                .position(|n| *n == k)
                .ok_or_else(|| PyValueError::new_err(format!("no parameter named {k:?}")))?;
            if slots[i].is_some() {
                return Err(PyValueError::new_err(format!("parameter {k:?} given twice")));
            }
            slots[i] = Some(to_attr(ctx, &v)?);
        }
    }
    slots
        .into_iter()
        .enumerate()
        .map(|(i, s)| s.ok_or_else(|| PyValueError::new_err(format!("missing parameter {:?}", names[i]))))
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Dialect>()?;
    m.add_class::<TypeDefinition>()?;
    m.add_class::<AttributeDefinition>()?;
    Ok(())
}
