//! Symbols and symbol tables.

use omnir::{AttrConstraint, Context, Module, OpDefinition, OperationBuilder, Status, SymbolTable, Traits, Visibility};

const TEXT: &str = r#"
"s.func"() <{sym_name = "f"}> ({
  "s.call"() <{callee = @g}> : () -> ()
}) : () -> ()
"s.func"() <{sym_name = "g"}> ({
}) {sym_visibility = "private"} : () -> ()
"#;

/// Registered symbol ops (an unregistered op might be a symbol table itself, which makes
/// MLIR's symbol queries answer "unknown").
fn symbols_ctx() -> Context {
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
    ctx
}

fn module() -> (Context, Module) {
    let ctx = symbols_ctx();
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
    let table = SymbolTable::new(&m).unwrap();
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

// ---------------------------------------------------------------------------------------
// known-empty uses and unique renaming

const SYMBOLS: &str = r#"
"s.func"() <{sym_name = "used"}> ({
}) {sym_visibility = "private"} : () -> ()
"s.func"() <{sym_name = "unused"}> ({
}) {sym_visibility = "private"} : () -> ()
"s.func"() <{sym_name = "caller"}> ({
  "s.call"() <{callee = @used}> : () -> ()
}) : () -> ()
"#;

#[test]
fn symbol_known_use_empty() {
    let ctx = symbols_ctx();
    let m = Module::parse(&ctx, SYMBOLS, "s.mlir").unwrap();
    m.verify().unwrap();
    let used = m.lookup_symbol("used").unwrap().unwrap();
    let unused = m.lookup_symbol("unused").unwrap().unwrap();
    assert!(!used.symbol_known_use_empty_in(&m).unwrap());
    assert!(unused.symbol_known_use_empty_in(&m).unwrap());
    let body = m.region(0).unwrap();
    assert!(!used.symbol_known_use_empty_in_region(&body).unwrap());
    assert!(unused.symbol_known_use_empty_in_region(&body).unwrap());
    // Within another symbol, nothing uses @used.
    assert!(used.symbol_known_use_empty_in(&unused).unwrap());

    // An unregistered operation with a region may be a symbol table: the answer is unknown,
    // so "known empty" is false, even with no use.
    ctx.set_allow_unregistered_dialects(true).unwrap();
    let m2 = Module::parse(&ctx, "\"s.func\"() <{sym_name = \"lone\"}> ({\n}) : () -> ()\n\"u.op\"() ({\n  \"u.inner\"() : () -> ()\n}) : () -> ()", "u.mlir").unwrap();
    let lone = m2.lookup_symbol("lone").unwrap().unwrap();
    assert_eq!(lone.symbol_uses_in(&m2).unwrap(), None);
    assert!(!lone.symbol_known_use_empty_in(&m2).unwrap());

    let gone = OperationBuilder::new("s.call", &ctx.unknown_loc()).build().unwrap().release();
    gone.erase().unwrap();
    assert_eq!(used.symbol_known_use_empty_in(&gone).unwrap_err().status, Status::StaleHandle);
}

#[test]
fn rename_to_unique() {
    let ctx = symbols_ctx();
    let m = Module::parse(&ctx, SYMBOLS, "s.mlir").unwrap();
    let other = Module::parse(&ctx, "\"s.func\"() <{sym_name = \"used_0\"}> ({\n}) : () -> ()", "o.mlir").unwrap();
    let other_table = SymbolTable::new(&other).unwrap();
    let table = SymbolTable::new(&m).unwrap();
    let used = table.lookup("used").unwrap().unwrap();
    // `used_0` is taken in the other table, so the first free name is `used_1`.
    let name = table.rename_to_unique(&used, &[&other_table]).unwrap();
    assert_eq!(name, "used_1");
    assert_eq!(used.symbol_name().unwrap().as_deref(), Some("used_1"));
    assert_eq!(table.lookup("used_1").unwrap(), Some(used.clone()));
    assert_eq!(table.lookup("used").unwrap(), None);
    assert!(m.to_string().contains("callee = @used_1"), "{m}");
    // Without other tables: another fresh name, uses updated again.
    let again = table.rename_to_unique(&used, &[]).unwrap();
    assert_ne!(again, "used_1");
    assert_eq!(used.symbol_name().unwrap().as_deref(), Some(again.as_str()));
    assert!(m.to_string().contains(&format!("callee = @{again}")), "{m}");
    assert_eq!(other_table.lookup("used_0").unwrap().unwrap().symbol_name().unwrap().as_deref(), Some("used_0"));
}
