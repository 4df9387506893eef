//! Symbols and symbol tables.

use omnir::{AttrConstraint, Context, Module, OpDefinition, Status, SymbolTable, Traits, Visibility};

const TEXT: &str = r#"
"s.func"() <{sym_name = "f"}> ({
  "s.call"() <{callee = @g}> : () -> ()
}) : () -> ()
"s.func"() <{sym_name = "g"}> ({
}) {sym_visibility = "private"} : () -> ()
"#;

/// Registered symbol ops (an unregistered op might be a symbol table itself, which makes
/// MLIR's symbol queries answer "unknown").
fn module() -> (Context, Module) {
    let ctx = Context::new();
    ctx.register_dialect("s", false).unwrap();
    ctx.register_operation(
        &OpDefinition::new("s.func").regions(1).traits(Traits::SYMBOL | Traits::NO_TERMINATOR).attribute(
            "sym_name",
            AttrConstraint::String,
            false,
        ),
    )
    .unwrap();
    ctx.register_operation(&OpDefinition::new("s.call").attribute("callee", AttrConstraint::FlatSymbolRef, false))
        .unwrap();
    let m = Module::parse(&ctx, TEXT, "sym.mlir").unwrap();
    m.verify().unwrap();
    (ctx, m)
}

#[test]
fn names_visibility_lookup_and_uses() {
    let (ctx, m) = module();
    assert!(m.is_symbol_table().unwrap());
    let f = m.lookup_symbol("f").unwrap().unwrap();
    let g = m.lookup_symbol("g").unwrap().unwrap();
    assert_eq!(m.lookup_symbol("h").unwrap(), None);
    assert_eq!(f.symbol_name().unwrap().as_deref(), Some("f"));
    assert_eq!(m.symbol_name().unwrap(), None);
    assert_eq!(g.visibility().unwrap(), Visibility::Private);
    assert_eq!(f.visibility().unwrap(), Visibility::Public);
    f.set_visibility(Visibility::Nested).unwrap();
    assert_eq!(f.visibility().unwrap(), Visibility::Nested);
    assert_eq!(f.nearest_symbol_table().unwrap(), Some(m.operation().clone()));

    let call = f.region(0).unwrap().first_block().unwrap().unwrap().first_op().unwrap().unwrap();
    let callee = ctx.flat_symbol_ref_attr("g").unwrap();
    assert_eq!(call.lookup_nearest_symbol(&callee).unwrap(), Some(g.clone()));

    let uses = g.symbol_uses_in(&m).unwrap().unwrap();
    assert_eq!(uses.len(), 1);
    assert_eq!(uses[0].user, call);
    assert_eq!(uses[0].symbol_ref, callee);
    // A symbol table is a scope of its own: its uses are those of its body region.
    assert_eq!(m.all_symbol_uses().unwrap().unwrap().len(), 0);
    assert_eq!(m.region(0).unwrap().all_symbol_uses().unwrap().unwrap().len(), 1);
}

#[test]
fn symbol_table_insert_rename_erase() {
    let (ctx, m) = module();
    let mut table = SymbolTable::new(&m).unwrap();
    assert_eq!(table.len().unwrap(), 2);
    assert_eq!(table.operation().unwrap(), *m.operation());
    let g = table.lookup("g").unwrap().unwrap();

    // Rename updates the uses.
    table.rename(&g, "h").unwrap();
    assert!(m.to_string().contains("callee = @h"), "{m}");
    assert_eq!(table.lookup("g").unwrap(), None);
    let f = table.lookup("f").unwrap().unwrap();
    assert_eq!(table.rename(&g, "f").unwrap_err().status, Status::AlreadyExists);

    // Insert a clone of f: the name is uniqued.
    let copy = f.clone_op().unwrap();
    let name = table.insert(&copy, None).unwrap();
    assert_ne!(name, "f");
    assert_eq!(table.lookup(&name).unwrap(), Some(copy.operation().clone()));
    drop(copy); // inserted: not erased
    assert_eq!(table.len().unwrap(), 3);

    // Remove hands back ownership; erase deletes.
    let removed = table.lookup(&name).unwrap().unwrap();
    let owned = table.remove(&removed).unwrap();
    assert!(owned.is_detached().unwrap());
    drop(owned);
    assert!(!removed.is_live());
    let h = table.lookup("h").unwrap().unwrap();
    // h is still called by f: erasing it is allowed (symbol uses are not SSA uses).
    table.erase(&h).unwrap();
    assert!(!h.is_live());
    assert_eq!(table.len().unwrap(), 1);
    let _ = ctx;
}
