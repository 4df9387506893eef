//! Interfaces with methods implemented at run time (`attach_dynamic_interface`) and called
//! through the C API's interface lookup (`call_interface_method`).

use omnir::{Context, Receiver, Status, TypeDefinition, TypeId};

#[test]
fn a_dynamic_method_is_called_through_the_registry() {
    let ctx = Context::new();
    ctx.register_dialect("dyn", false).unwrap();
    let def = ctx.register_type(&TypeDefinition::new("dyn", "shape", &["rank"])).unwrap();
    let i64 = ctx.integer_type(64).unwrap();
    let t = ctx.dialect_type(def, &[ctx.integer_attr(&i64, 3).unwrap()]).unwrap();
    let kind = t.type_id().unwrap();
    let iface = TypeId::get("dyn.ShapedLike").unwrap();
    assert!(!t.implements(iface).unwrap());

    ctx.attach_dynamic_interface(kind, iface, |receiver, method, args| {
        let Receiver::Type(t) = receiver else { return Err("not a type".into()) };
        match method {
            "rank" => Ok(Some(t.dialect_params().map_err(|e| e.message)?[0].clone())),
            "scaled" => {
                let k = args.first().ok_or("one argument")?.int_value().map_err(|e| e.message)?;
                let r = t.dialect_params().map_err(|e| e.message)?[0].int_value().map_err(|e| e.message)?;
                let i64 = t.context().integer_type(64).map_err(|e| e.message)?;
                Ok(Some(t.context().integer_attr(&i64, r * k).map_err(|e| e.message)?))
            }
            "nothing" => Ok(None),
            other => Err(format!("no method '{other}'")),
        }
    })
    .unwrap();

    assert!(t.implements(iface).unwrap(), "the registry answers for the attached implementation");
    assert_eq!(t.call_interface_method(iface, "rank", &[]).unwrap().unwrap().int_value().unwrap(), 3);
    let two = ctx.integer_attr(&i64, 2).unwrap();
    assert_eq!(t.call_interface_method(iface, "scaled", &[two]).unwrap().unwrap().int_value().unwrap(), 6);
    assert_eq!(t.call_interface_method(iface, "nothing", &[]).unwrap(), None);
    let e = t.call_interface_method(iface, "missing", &[]).unwrap_err();
    assert_eq!(e.status, Status::CallbackFailed);
    assert_eq!(e.message, "no method 'missing'");
}

#[test]
fn markers_and_unimplemented_interfaces_have_no_methods() {
    let ctx = Context::new();
    let i32 = ctx.integer_type(32).unwrap();
    let memref_elem = TypeId::get("builtin.MemRefElementTypeInterface").unwrap();
    assert!(i32.implements(memref_elem).unwrap());
    let e = i32.call_interface_method(memref_elem, "anything", &[]).unwrap_err();
    assert_eq!(e.status, Status::NotRegistered, "builtin implementations have no dynamic methods: {e}");
    let e = i32.call_interface_method(TypeId::get("nobody.Implements").unwrap(), "x", &[]).unwrap_err();
    assert_eq!(e.status, Status::NotRegistered);
}
