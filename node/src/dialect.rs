//! Dialects defined from JavaScript: types and attributes with parameters, operations with
//! constraints, traits and verifiers, interface implementations (markers, or methods written
//! in JavaScript, callable from any package through the client's dynamic interfaces), and
//! diagnostic handlers. `lib/dialect.js` normalizes the user's definitions into the plain
//! descriptions below; JavaScript functions are referred to by their callback index in the
//! context (see `callbacks.rs`).

use napi_derive::napi;
use omnir::{
    Arity, AttrConstraint, Attribute, InterfaceImpl, NameStyle, OpDefinition, Operation, Receiver, Severity, Traits,
    TypeConstraint, TypeDefinition, TypeId, ValueSpec,
};

use crate::callbacks::{
    numbers, to_js, Answer, JsCallback, JsDiagnostic, ATTR_PREDICATE, DIAGNOSTIC_HANDLER, INTERFACE_METHOD,
    OP_VERIFIER, PARAMS_VERIFIER, TYPE_PREDICATE,
};
use crate::handles::*;
use crate::state::{invalid, rd, run, run_cx, wr, wrf};

/// A type constraint: `kind` is one of `any`, `integer`, `integerOfWidth` (`width`),
/// `signlessIntOrIndex`, `index`, `float`, `floatOf` (`type`), `intOrFloat`, `vector`,
/// `tensor`, `memref`, `shaped`, `exactly` (`type`), `oneOf` (`oneOf`), `implements`
/// (`iface`), `predicate` (`callback`, `summary`).
#[napi(object)]
pub struct JsTypeConstraint {
    pub kind: String,
    pub width: Option<u32>,
    pub r#type: Option<u32>,
    pub iface: Option<u32>,
    pub one_of: Option<Vec<JsTypeConstraint>>,
    pub callback: Option<u32>,
    pub summary: Option<String>,
}

/// An operand or result group: `arity` is `single`, `optional` or `variadic`.
#[napi(object)]
pub struct JsValueSpec {
    pub name: String,
    pub arity: String,
    pub constraint: JsTypeConstraint,
}

/// An attribute constraint: `kind` is one of `any`, `unit`, `bool`, `integer`, `float`,
/// `string`, `type`, `array`, `dictionary`, `symbolRef`, `flatSymbolRef`, `typedInteger`
/// (`type`), `predicate` (`callback`, `summary`).
#[napi(object)]
pub struct JsAttrConstraint {
    pub kind: String,
    pub r#type: Option<u32>,
    pub callback: Option<u32>,
    pub summary: Option<String>,
}

#[napi(object)]
pub struct JsAttrSpec {
    pub name: String,
    pub optional: bool,
    pub constraint: JsAttrConstraint,
}

/// An interface implementation: a marker, or methods (a JavaScript object, by callback
/// index) reached through the client's dynamic interfaces.
#[napi(object)]
pub struct JsInterface {
    pub iface: u32,
    pub methods: Option<u32>,
}

#[napi(object)]
pub struct JsOpDefinition {
    pub name: String,
    pub summary: String,
    pub operands: Vec<JsValueSpec>,
    pub results: Vec<JsValueSpec>,
    pub attributes: Vec<JsAttrSpec>,
    pub num_regions: u32,
    pub variadic_regions: bool,
    pub num_successors: u32,
    pub variadic_successors: bool,
    pub traits: u32,
    pub interfaces: Vec<JsInterface>,
    pub implicit_terminator: Option<String>,
    pub branch_first_operand_group: Option<u32>,
    pub verifier: Option<u32>,
}

#[napi(object)]
pub struct JsTypeDefinition {
    pub dialect: String,
    pub name: String,
    pub params: Vec<String>,
    pub verifier: Option<u32>,
    pub interfaces: Vec<JsInterface>,
}

/// The trait bits, by name, in the order JavaScript lists them (`traitBits()`).
#[napi]
pub fn trait_bits() -> Vec<u32> {
    [
        Traits::IS_TERMINATOR,
        Traits::NO_TERMINATOR,
        Traits::ISOLATED_FROM_ABOVE,
        Traits::SYMBOL_TABLE,
        Traits::SYMBOL,
        Traits::SAME_OPERANDS_AND_RESULT_TYPE,
        Traits::GRAPH_REGIONS,
        Traits::SINGLE_BLOCK,
        Traits::PURE,
        Traits::CONSTANT_LIKE,
        Traits::COMMUTATIVE,
        Traits::RETURN_LIKE,
        Traits::ATTR_SIZED_OPERAND_SEGMENTS,
        Traits::ATTR_SIZED_RESULT_SEGMENTS,
        Traits::NO_REGION_ARGUMENTS,
        Traits::OPTIONAL_SYMBOL,
    ]
    .iter()
    .map(|t| t.0)
    .collect()
}

fn type_constraint(ctx: &omnir::Context, slot: u32, c: &JsTypeConstraint) -> omnir::Result<TypeConstraint> {
    let ty = |c: &JsTypeConstraint| -> omnir::Result<omnir::Type> {
        c.r#type.map(|id| type_from(ctx, id)).ok_or_else(|| invalid(format!("constraint '{}' needs a type", c.kind)))
    };
    if let Some(named) = TypeConstraint::by_name(&c.kind, NameStyle::Camel) {
        return Ok(named);
    }
    Ok(match c.kind.as_str() {
        "integerOfWidth" => TypeConstraint::Integer(c.width.unwrap_or(32)),
        "floatOf" => TypeConstraint::Float(ty(c)?),
        "exactly" => TypeConstraint::Exactly(ty(c)?),
        "oneOf" => TypeConstraint::OneOf(
            c.one_of.iter().flatten().map(|x| type_constraint(ctx, slot, x)).collect::<omnir::Result<_>>()?,
        ),
        "implements" => {
            TypeConstraint::Implements(TypeId(c.iface.ok_or_else(|| invalid("'implements' needs an interface"))?))
        }
        "predicate" => {
            let cb = JsCallback::new(slot, c.callback.ok_or_else(|| invalid("a predicate needs a function"))?);
            TypeConstraint::predicate(
                c.summary.as_deref().unwrap_or("a type accepted by a JavaScript predicate"),
                move |t| {
                    let id = type_id(t);
                    matches!(cb.call(TYPE_PREDICATE, |env| to_js(env, id)), Ok(Answer::Ok) | Ok(Answer::Number(_)))
                },
            )
        }
        k => return Err(invalid(format!("unknown type constraint '{k}'"))),
    })
}

fn type_from(ctx: &omnir::Context, id: u32) -> omnir::Type {
    omnir::Type::from_raw(ctx, type_raw(ctx, id))
}

fn attr_constraint(ctx: &omnir::Context, slot: u32, c: &JsAttrConstraint) -> omnir::Result<AttrConstraint> {
    if let Some(named) = AttrConstraint::by_name(&c.kind, NameStyle::Camel) {
        return Ok(named);
    }
    Ok(match c.kind.as_str() {
        "typedInteger" => AttrConstraint::TypedInteger(type_from(
            ctx,
            c.r#type.ok_or_else(|| invalid("'typedInteger' needs an integer type"))?,
        )),
        "predicate" => {
            let cb = JsCallback::new(slot, c.callback.ok_or_else(|| invalid("a predicate needs a function"))?);
            AttrConstraint::predicate(
                c.summary.as_deref().unwrap_or("an attribute accepted by a JavaScript predicate"),
                move |a| {
                    let id = attr_id(a);
                    matches!(cb.call(ATTR_PREDICATE, |env| to_js(env, id)), Ok(Answer::Ok) | Ok(Answer::Number(_)))
                },
            )
        }
        k => return Err(invalid(format!("unknown attribute constraint '{k}'"))),
    })
}

fn value_specs(ctx: &omnir::Context, slot: u32, specs: &[JsValueSpec]) -> omnir::Result<Vec<ValueSpec>> {
    specs
        .iter()
        .map(|s| {
            Ok(ValueSpec {
                name: s.name.clone(),
                arity: match s.arity.as_str() {
                    "single" => Arity::Single,
                    "optional" => Arity::Optional,
                    "variadic" => Arity::Variadic,
                    a => return Err(invalid(format!("unknown arity '{a}'"))),
                },
                constraint: type_constraint(ctx, slot, &s.constraint)?,
            })
        })
        .collect()
}

/// What a JavaScript verifier answered, as the client wants it.
pub(crate) fn verdict(r: Result<Answer, String>) -> Result<(), String> {
    match r {
        Ok(Answer::Ok) | Ok(Answer::Number(_)) => Ok(()),
        Ok(Answer::No) => Err("verification failed".into()),
        Err(m) => Err(m),
    }
}

/// Attaches the dynamic (method) implementations of `interfaces` to `kind`; returns the
/// markers to declare in the definition.
fn split_interfaces(interfaces: &[JsInterface]) -> (Vec<InterfaceImpl>, Vec<(TypeId, u32)>) {
    let mut markers = Vec::new();
    let mut methods = Vec::new();
    for i in interfaces {
        match i.methods {
            None => markers.push(InterfaceImpl::marker(TypeId(i.iface))),
            Some(cb) => methods.push((TypeId(i.iface), cb)),
        }
    }
    (markers, methods)
}

fn attach_methods(ctx: &omnir::Context, slot: u32, kind: TypeId, methods: &[(TypeId, u32)]) -> omnir::Result<()> {
    for &(iface, index) in methods {
        let cb = JsCallback::new(slot, index);
        ctx.attach_dynamic_interface(kind, iface, move |receiver, method, args| {
            let (rk, a, b) = match receiver {
                Receiver::Type(t) => (0u32, type_id(t), 0u32),
                Receiver::Attribute(x) => (1, attr_id(x), 0),
                Receiver::Operation(o) => (2, o.raw().index, o.raw().generation),
            };
            let mut words = vec![rk, a, b];
            words.extend(args.iter().map(attr_id));
            let name = method.to_string();
            let r = cb.call(INTERFACE_METHOD, |env| {
                let arr = numbers(env, &words);
                // The method name goes last in the array.
                let s = to_js(env, name);
                // SAFETY: inside the callback's scope (see `JsCallback::call`).
                unsafe { napi::sys::napi_set_element(env, arr, words.len() as u32, s) };
                arr
            });
            match r {
                Ok(Answer::Number(n)) if n > 0.0 => {
                    let ctx = match receiver {
                        Receiver::Type(t) => t.context().clone(),
                        Receiver::Attribute(x) => x.context().clone(),
                        Receiver::Operation(o) => o.context().clone(),
                    };
                    Ok(Some(Attribute::from_raw(&ctx, attr_raw(&ctx, n as u32))))
                }
                Ok(_) => Ok(None),
                Err(m) => Err(m),
            }
        })?;
    }
    Ok(())
}

/// in: ctx. Registers a dialect (or updates the settings of a registered one).
#[napi]
pub fn dialect_register(name: String, allow_unknown_operations: bool) -> u32 {
    run_cx(|ctx| ctx.register_dialect(&name, allow_unknown_operations))
}

/// in: ctx. Registers an operation.
#[napi]
pub fn dialect_register_operation(def: JsOpDefinition) -> u32 {
    let slot = rd(0);
    run_cx(|ctx| {
        let (markers, methods) = split_interfaces(&def.interfaces);
        let mut d = OpDefinition::new(&def.name).summary(&def.summary);
        d.operands = value_specs(ctx, slot, &def.operands)?;
        d.results = value_specs(ctx, slot, &def.results)?;
        for a in &def.attributes {
            d = d.attribute(&a.name, attr_constraint(ctx, slot, &a.constraint)?, a.optional);
        }
        d.num_regions = def.num_regions as usize;
        d.variadic_regions = def.variadic_regions;
        d.num_successors = def.num_successors as usize;
        d.variadic_successors = def.variadic_successors;
        d.traits = Traits(def.traits);
        d.interfaces = markers;
        d.implicit_terminator = def.implicit_terminator.clone();
        d.branch_first_operand_group = def.branch_first_operand_group.map(|g| g as usize);
        if let Some(index) = def.verifier {
            let cb = JsCallback::new(slot, index);
            d = d.verifier(move |op: &Operation| {
                let (i, g) = (op.raw().index, op.raw().generation);
                verdict(cb.call(OP_VERIFIER, |env| numbers(env, &[i, g])))
            });
        }
        ctx.register_operation(&d)?;
        attach_methods(ctx, slot, TypeId::get(&def.name)?, &methods)
    })
}

fn register_kind(def: &JsTypeDefinition, attribute: bool) -> u32 {
    let slot = rd(0);
    run_cx(|ctx| {
        let params: Vec<&str> = def.params.iter().map(|s| s.as_str()).collect();
        let (markers, methods) = split_interfaces(&def.interfaces);
        let mut d = TypeDefinition::new(&def.dialect, &def.name, &params);
        for m in markers {
            d = d.interface(m);
        }
        if let Some(index) = def.verifier {
            let cb = JsCallback::new(slot, index);
            d = d.verifier(move |params: &[Attribute]| {
                let ids: Vec<u32> = params.iter().map(attr_id).collect();
                verdict(cb.call(PARAMS_VERIFIER, |env| numbers(env, &ids)))
            });
        }
        let qualified = format!("{}.{}", def.dialect, def.name);
        let (id, kind) = if attribute {
            (ctx.register_attribute(&d)?.0, TypeId::get(&format!("#{qualified}"))?)
        } else {
            (ctx.register_type(&d)?.0, TypeId::get(&qualified)?)
        };
        attach_methods(ctx, slot, kind, &methods)?;
        wr(0, id);
        wr(1, kind.0);
        Ok(())
    })
}

/// in: ctx / out: definition (0), TypeID of the kind (1). Registers a type.
#[napi]
pub fn dialect_register_type(def: JsTypeDefinition) -> u32 {
    register_kind(&def, false)
}

/// in: ctx / out: definition (0), TypeID of the kind (1). Registers an attribute.
#[napi]
pub fn dialect_register_attribute(def: JsTypeDefinition) -> u32 {
    register_kind(&def, true)
}

/// in: ctx, kind TypeID (1), interface TypeID (2), methods callback (3, 0 for a marker
/// when (4) is 0). Attaches an interface implementation to an existing kind.
#[napi]
pub fn dialect_attach_interface() -> u32 {
    let slot = rd(0);
    let (kind, iface, methods, has) = (TypeId(rd(1)), TypeId(rd(2)), rd(3), rd(4) != 0);
    run_cx(|ctx| {
        if has {
            attach_methods(ctx, slot, kind, &[(iface, methods)])
        } else {
            ctx.attach_interface(kind, InterfaceImpl::marker(iface))
        }
    })
}

/// in: ctx, receiver kind (1: 0 type, 1 attribute, 2 operation), receiver (2-3), interface
/// (4), #args (5), args from 6 / out: result attribute (0) or 0.
#[napi]
pub fn call_interface_method(method: String) -> u32 {
    run_cx(|ctx| {
        let iface = TypeId(rd(4));
        let args: Vec<Attribute> = (0..rd(5) as usize).map(|k| attr_at(ctx, 6 + k)).collect();
        let r = match rd(1) {
            0 => type_at(ctx, 2).call_interface_method(iface, &method, &args)?,
            1 => attr_at(ctx, 2).call_interface_method(iface, &method, &args)?,
            2 => op_at(ctx, 2).call_interface_method(iface, &method, &args)?,
            k => return Err(invalid(format!("unknown receiver kind {k}"))),
        };
        wr(0, opt_attr_id(r));
        Ok(())
    })
}

/// in: ctx, handler callback (1) / out: handler id (float64 at 0).
#[napi]
pub fn diag_attach_handler() -> u32 {
    let slot = rd(0);
    let index = rd(1);
    run_cx(|ctx| {
        let cb = JsCallback::new(slot, index);
        let id = ctx.attach_diagnostic_handler(move |d| {
            let js = JsDiagnostic::from(d);
            match cb.call(DIAGNOSTIC_HANDLER, |env| to_js(env, js)) {
                Ok(Answer::Ok) => true,
                Ok(Answer::Number(n)) => n != 0.0,
                Ok(Answer::No) | Err(_) => false,
            }
        })?;
        wrf(0, id.0 as f64);
        Ok(())
    })
}

/// in: ctx, handler id (float64 at 2).
#[napi]
pub fn diag_detach_handler() -> u32 {
    run_cx(|ctx| ctx.detach_diagnostic_handler(omnir::HandlerId(crate::state::rdf(2) as u64)))
}

/// in: ctx, severity (1: 0 note, 1 warning, 2 error, 3 remark), location (2). Emits a
/// diagnostic to the context's handlers.
#[napi]
pub fn diag_emit(message: String) -> u32 {
    run(|| {
        let severity = match rd(1) {
            0 => Severity::Note,
            1 => Severity::Warning,
            2 => Severity::Error,
            _ => Severity::Remark,
        };
        crate::state::with_cx(|ctx| ctx.emit_diagnostic(severity, &loc_at(ctx, 2), &message, &[]))
    })
}
