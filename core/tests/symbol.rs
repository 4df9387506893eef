//! Symbols and symbol tables, checked against MLIR's semantics (mlir/lib/IR/SymbolTable.cpp).

use std::sync::Arc;

use omnir_core::dialect::ParamSpec;
use omnir_core::symbol::{SymbolScope, SymbolTable, SymbolTarget, SymbolUse, Visibility};
use omnir_core::*;

// ---- building IR ----

/// The discardable attribute `name` of `op` (not an inherent one kept in its properties).
fn discardable(ctx: &Context, op: OpId, name: &str) -> Option<Attribute> {
    ctx.op_attributes(op).unwrap().iter().find(|a| ctx.ident_str(a.name) == name).map(|a| a.value)
}

/// A context with unregistered dialects allowed and a tiny `test` dialect:
/// - `test.func`: a symbol with one region (declares `sym_name`/`sym_visibility` inherent);
/// - `test.table`: a named symbol table whose body ends with the terminator `test.end`;
/// - `test.end`: a terminator;
/// - `test.bad_table`: has the SymbolTable trait but no region;
/// - `#test.checked<p>`: an attribute whose verifier rejects a parameter `@forbidden`.
fn ctx() -> Context {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    ctx.register_dialect(DialectDef { name: "test".into(), allow_unknown_operations: true, enums: Vec::new() });
    let inherent = vec![
        AttrSpec::required("sym_name", AttrConstraint::String),
        AttrSpec::optional("sym_visibility", AttrConstraint::String),
    ];
    let mut func = OpDef::new("test.func");
    func.num_regions = 1;
    func.traits = Traits::SYMBOL;
    func.attributes = inherent.clone();
    ctx.register_operation(func).unwrap();
    let mut table = OpDef::new("test.table");
    table.num_regions = 1;
    table.traits = Traits::SYMBOL_TABLE | Traits::SYMBOL | Traits::SINGLE_BLOCK;
    table.attributes = inherent;
    ctx.register_operation(table).unwrap();
    let mut end = OpDef::new("test.end");
    end.traits = Traits::IS_TERMINATOR;
    ctx.register_operation(end).unwrap();
    let mut bad = OpDef::new("test.bad_table");
    bad.traits = Traits::SYMBOL_TABLE;
    ctx.register_operation(bad).unwrap();
    ctx.register_attribute(
        "test",
        "checked",
        vec![ParamSpec::named("p")],
        Some(Arc::new(|ctx: &Context, params: &[Attribute]| {
            if params[0] == ctx.symbol_ref_attr("forbidden", &[]) {
                Err("@forbidden is not allowed".into())
            } else {
                Ok(())
            }
        })),
        vec![],
    )
    .unwrap();
    ctx
}

/// A `builtin.module` (optionally named) with its body block, detached.
fn module(ctx: &mut Context, name: Option<&str>) -> (OpId, BlockId) {
    let mut st = OperationState::new("builtin.module", ctx.unknown_loc()).regions(1);
    if let Some(n) = name {
        st = st.attribute(ctx.identifier("sym_name"), ctx.string_attr(n));
    }
    let m = ctx.create_operation(&st).unwrap();
    let b = ctx.create_block(&[]);
    ctx.region_append_block(ctx.op_region(m, 0).unwrap(), b).unwrap();
    (m, b)
}

/// An op `name` with attributes, detached.
fn op(ctx: &mut Context, name: &str, attrs: &[(&str, Attribute)], regions: usize) -> OpId {
    let mut st = OperationState::new(name, ctx.unknown_loc()).regions(regions);
    for (n, a) in attrs {
        st = st.attribute(ctx.identifier(n), *a);
    }
    let o = ctx.create_operation(&st).unwrap();
    for i in 0..regions {
        let b = ctx.create_block(&[]);
        ctx.region_append_block(ctx.op_region(o, i).unwrap(), b).unwrap();
    }
    o
}

/// `test.func @name` with an empty body block, detached.
fn func(ctx: &mut Context, name: &str) -> OpId {
    let s = ctx.string_attr(name);
    op(ctx, "test.func", &[("sym_name", s)], 1)
}

/// `append!(ctx, op_expr, block)`: evaluates `op_expr` (which may borrow `ctx`) first.
macro_rules! append {
    ($ctx:ident, $op:expr, $block:expr) => {{
        let o = $op;
        let b = $block;
        append_op(&mut $ctx, o, b)
    }};
}

/// `call!(ctx, block, callee_expr)`: an `x.call {callee = ...}` appended to `block`.
macro_rules! call {
    ($ctx:ident, $block:expr, $callee:expr) => {{
        let c = $callee;
        let b = $block;
        call_op(&mut $ctx, b, c)
    }};
}

fn append_op(ctx: &mut Context, o: OpId, block: BlockId) -> OpId {
    ctx.insert_op(o, InsertPoint::BlockEnd(block)).unwrap();
    o
}

fn body(ctx: &Context, o: OpId) -> BlockId {
    ctx.region_first_block(ctx.op_region(o, 0).unwrap()).unwrap().unwrap()
}

fn flat(ctx: &Context, name: &str) -> Attribute {
    ctx.symbol_ref_attr(name, &[])
}

fn call_op(ctx: &mut Context, block: BlockId, callee: Attribute) -> OpId {
    let o = op(ctx, "test.call", &[("callee", callee)], 0);
    append_op(ctx, o, block)
}

fn users(uses: &[SymbolUse]) -> Vec<OpId> {
    uses.iter().map(|u| u.user).collect()
}

// ---- names and visibility ----

#[test]
fn symbol_name_reads_discardable_and_properties() {
    let mut ctx = ctx();
    let f = func(&mut ctx, "f");
    assert_eq!(ctx.symbol_name(f).unwrap(), Some("f"));
    assert_eq!(ctx.symbol_name_attr(f).unwrap(), Some(ctx.string_attr("f")));

    // Properties (inherent) storage.
    let g = op(&mut ctx, "test.func", &[], 1);
    assert_eq!(ctx.symbol_name(g).unwrap(), None);
    let props = ctx
        .dictionary_attr(&[NamedAttribute { name: ctx.identifier("sym_name"), value: ctx.string_attr("g") }])
        .unwrap();
    ctx.set_op_properties(g, Some(props)).unwrap();
    assert_eq!(ctx.symbol_name(g).unwrap(), Some("g"));

    // A non-string sym_name is not a name.
    let i32t = ctx.signless_int(32);
    let n = ctx.integer_attr(i32t, 3).unwrap();
    let h = op(&mut ctx, "x.op", &[("sym_name", n)], 0);
    assert_eq!(ctx.symbol_name(h).unwrap(), None);

    // Invalid UTF-8 is an error, not a silent None.
    let bad = ctx.string_attr_bytes(b"\xff", None);
    let k = op(&mut ctx, "x.op", &[("sym_name", bad)], 0);
    assert_eq!(ctx.symbol_name(k).unwrap_err().kind, ErrorKind::InvalidArgument);
}

#[test]
fn set_symbol_name_updates_where_the_name_lives() {
    let mut ctx = ctx();
    // An inherent attribute given at creation is a property (as MLIR's `Operation::create`).
    let f = func(&mut ctx, "f");
    ctx.set_symbol_name(f, "f2").unwrap();
    let p = ctx.op_properties(f).unwrap().unwrap();
    assert_eq!(ctx.dictionary_get(p, "sym_name"), Some(ctx.string_attr("f2")));
    assert_eq!(discardable(&ctx, f, "sym_name"), None);
    assert_eq!(ctx.op_attribute(f, "sym_name").unwrap(), Some(ctx.string_attr("f2")), "getAttr sees the property");
    // On an unregistered op the name is a discardable attribute, and stays one.
    let name = ctx.string_attr("u");
    let u = op(&mut ctx, "x.func", &[("sym_name", name)], 1);
    ctx.set_symbol_name(u, "u2").unwrap();
    assert_eq!(ctx.op_attribute(u, "sym_name").unwrap(), Some(ctx.string_attr("u2")));
    assert_eq!(ctx.op_properties(u).unwrap(), None);

    let g = op(&mut ctx, "test.func", &[], 1);
    let props = ctx
        .dictionary_attr(&[NamedAttribute { name: ctx.identifier("sym_name"), value: ctx.string_attr("g") }])
        .unwrap();
    ctx.set_op_properties(g, Some(props)).unwrap();
    ctx.set_symbol_name(g, "g2").unwrap();
    let p = ctx.op_properties(g).unwrap().unwrap();
    assert_eq!(ctx.dictionary_get(p, "sym_name"), Some(ctx.string_attr("g2")));
    assert_eq!(discardable(&ctx, g, "sym_name"), None, "not duplicated into discardable attributes");
}

#[test]
fn visibility_default_set_and_invalid() {
    let mut ctx = ctx();
    let f = func(&mut ctx, "f");
    assert_eq!(ctx.symbol_visibility(f).unwrap(), Visibility::Public);
    ctx.set_symbol_visibility(f, Visibility::Private).unwrap();
    assert_eq!(ctx.symbol_visibility(f).unwrap(), Visibility::Private);
    assert_eq!(ctx.op_inherent_or_discardable(f, "sym_visibility").unwrap(), Some(ctx.string_attr("private")));
    ctx.set_symbol_visibility(f, Visibility::Nested).unwrap();
    assert_eq!(ctx.symbol_visibility(f).unwrap(), Visibility::Nested);
    // Public is the default: the attribute is dropped, as MLIR does.
    ctx.set_symbol_visibility(f, Visibility::Public).unwrap();
    assert_eq!(ctx.op_inherent_or_discardable(f, "sym_visibility").unwrap(), None);
    assert_eq!(ctx.symbol_visibility(f).unwrap(), Visibility::Public);
    // Explicit "public" reads as public.
    let public = ctx.string_attr("public");
    ctx.set_op_attribute(f, "sym_visibility", public).unwrap();
    assert_eq!(ctx.symbol_visibility(f).unwrap(), Visibility::Public);

    // Invalid values are errors.
    let weird = ctx.string_attr("protected");
    ctx.set_op_attribute(f, "sym_visibility", weird).unwrap();
    let e = ctx.symbol_visibility(f).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    assert!(e.message.contains("protected"), "{}", e.message);
    let unit = ctx.unit_attr();
    ctx.set_op_attribute(f, "sym_visibility", unit).unwrap();
    assert_eq!(ctx.symbol_visibility(f).unwrap_err().kind, ErrorKind::InvalidArgument);

    // In properties: read there, set there, removed from there.
    let g = op(&mut ctx, "test.func", &[], 1);
    let props = ctx
        .dictionary_attr(&[
            NamedAttribute { name: ctx.identifier("sym_name"), value: ctx.string_attr("g") },
            NamedAttribute { name: ctx.identifier("sym_visibility"), value: ctx.string_attr("nested") },
        ])
        .unwrap();
    ctx.set_op_properties(g, Some(props)).unwrap();
    assert_eq!(ctx.symbol_visibility(g).unwrap(), Visibility::Nested);
    ctx.set_symbol_visibility(g, Visibility::Private).unwrap();
    let p = ctx.op_properties(g).unwrap().unwrap();
    assert_eq!(ctx.dictionary_get(p, "sym_visibility"), Some(ctx.string_attr("private")));
    ctx.set_symbol_visibility(g, Visibility::Public).unwrap();
    let p = ctx.op_properties(g).unwrap().unwrap();
    assert_eq!(ctx.dictionary_get(p, "sym_visibility"), None);
    assert_eq!(ctx.dictionary_get(p, "sym_name"), Some(ctx.string_attr("g")));

    // A registered op that keeps inherent attributes as properties gets a new one there.
    ctx.set_symbol_visibility(g, Visibility::Nested).unwrap();
    let p = ctx.op_properties(g).unwrap().unwrap();
    assert_eq!(ctx.dictionary_get(p, "sym_visibility"), Some(ctx.string_attr("nested")));
    assert_eq!(discardable(&ctx, g, "sym_visibility"), None);

    assert_eq!(Visibility::parse("nested"), Some(Visibility::Nested));
    assert_eq!(Visibility::parse("Public"), None);
    assert_eq!(Visibility::Private.as_str(), "private");
}

// ---- symbol tables and lookup ----

#[test]
fn is_symbol_table_and_potentially_unknown() {
    let mut ctx = ctx();
    let (m, _) = module(&mut ctx, None);
    assert!(ctx.is_symbol_table(m).unwrap());
    assert!(!ctx.is_potentially_unknown_symbol_table(m).unwrap());
    let f = func(&mut ctx, "f");
    assert!(!ctx.is_symbol_table(f).unwrap());
    assert!(!ctx.is_potentially_unknown_symbol_table(f).unwrap());

    // Unregistered dialect, one region: a potential (unknown) symbol table, never a table.
    let u = op(&mut ctx, "other.module", &[], 1);
    assert!(!ctx.is_symbol_table(u).unwrap());
    assert!(ctx.is_potentially_unknown_symbol_table(u).unwrap());
    // Two regions, or no region: not a potential symbol table.
    let u2 = op(&mut ctx, "other.two", &[], 2);
    assert!(!ctx.is_potentially_unknown_symbol_table(u2).unwrap());
    let u0 = op(&mut ctx, "other.leaf", &[], 0);
    assert!(!ctx.is_potentially_unknown_symbol_table(u0).unwrap());
    // Unregistered op of a registered dialect: it has a dialect, so not "unknown".
    let t = op(&mut ctx, "test.unknown_region_op", &[], 1);
    assert!(!ctx.is_potentially_unknown_symbol_table(t).unwrap());
    assert!(!ctx.is_symbol_table(t).unwrap());
}

#[test]
fn nearest_symbol_table() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let f = append!(ctx, func(&mut ctx, "f"), mb);
    let fb = body(&ctx, f);
    let c = call!(ctx, fb, flat(&ctx, "f"));
    assert_eq!(ctx.nearest_symbol_table(c).unwrap(), Some(m));
    assert_eq!(ctx.nearest_symbol_table(f).unwrap(), Some(m));
    assert_eq!(ctx.nearest_symbol_table(m).unwrap(), Some(m), "inclusive");

    // A potentially unknown symbol table on the way hides the module.
    let u = append!(ctx, op(&mut ctx, "other.scope", &[], 1), mb);
    let ub = body(&ctx, u);
    let inner = call!(ctx, ub, flat(&ctx, "f"));
    assert_eq!(ctx.nearest_symbol_table(inner).unwrap(), None);
    assert_eq!(ctx.nearest_symbol_table(u).unwrap(), None);

    // Detached op without any table.
    let lone = op(&mut ctx, "x.lone", &[], 0);
    assert_eq!(ctx.nearest_symbol_table(lone).unwrap(), None);
}

#[test]
fn lookup_symbol_in_direct_children_only() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let f = append!(ctx, func(&mut ctx, "f"), mb);
    let g = append!(ctx, func(&mut ctx, "g"), mb);
    let fb = body(&ctx, f);
    let _deep = append!(ctx, func(&mut ctx, "deep"), fb);
    assert_eq!(ctx.lookup_symbol_in(m, "f").unwrap(), Some(f));
    assert_eq!(ctx.lookup_symbol_in(m, "g").unwrap(), Some(g));
    assert_eq!(ctx.lookup_symbol_in(m, "h").unwrap(), None);
    assert_eq!(ctx.lookup_symbol_in(m, "deep").unwrap(), None, "not a direct child");

    // Empty region: nothing to find.
    let empty = ctx.create_operation(&OperationState::new("builtin.module", ctx.unknown_loc()).regions(1)).unwrap();
    assert_eq!(ctx.lookup_symbol_in(empty, "f").unwrap(), None);

    // Not a table / no region / unregistered: errors.
    assert_eq!(ctx.lookup_symbol_in(f, "deep").unwrap_err().kind, ErrorKind::InvalidArgument);
    let bad = op(&mut ctx, "test.bad_table", &[], 0);
    let e = ctx.lookup_symbol_in(bad, "f").unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    assert!(e.message.contains("no region"), "{}", e.message);
    let u = op(&mut ctx, "other.module", &[], 1);
    let e = ctx.lookup_symbol_in(u, "f").unwrap_err();
    assert!(e.message.contains("potential symbol table"), "{}", e.message);
}

#[test]
fn nested_reference_lookup() {
    let mut ctx = ctx();
    let (top, tb) = module(&mut ctx, None);
    let (outer, ob) = module(&mut ctx, Some("outer"));
    append!(ctx, outer, tb);
    let (inner, ib) = module(&mut ctx, Some("inner"));
    append!(ctx, inner, ob);
    let f = append!(ctx, func(&mut ctx, "f"), ib);
    let g = append!(ctx, func(&mut ctx, "g"), ob);

    let r = ctx.symbol_ref_attr("outer", &["inner"]);
    assert_eq!(ctx.lookup_symbol_ref_in(top, r).unwrap(), Some(inner));
    let r = ctx.symbol_ref_attr("outer", &["inner", "f"]);
    assert_eq!(ctx.lookup_symbol_ref_in(top, r).unwrap(), Some(f));
    assert_eq!(ctx.lookup_symbol_ref_path_in(top, r).unwrap(), Some(vec![outer, inner, f]));
    let r = flat(&ctx, "outer");
    assert_eq!(ctx.lookup_symbol_ref_in(top, r).unwrap(), Some(outer));
    let r = ctx.symbol_ref_attr("outer", &["nope"]);
    assert_eq!(ctx.lookup_symbol_ref_in(top, r).unwrap(), None);
    // @outer::@g::@x: @g is not a symbol table.
    let r = ctx.symbol_ref_attr("outer", &["g", "x"]);
    assert_eq!(ctx.lookup_symbol_ref_in(top, r).unwrap(), None);
    let r = ctx.symbol_ref_attr("outer", &["g"]);
    assert_eq!(ctx.lookup_symbol_ref_in(top, r).unwrap(), Some(g));
    // Not a symbol reference.
    let s = ctx.string_attr("outer");
    assert_eq!(ctx.lookup_symbol_ref_in(top, s).unwrap_err().kind, ErrorKind::InvalidArgument);

    // From an op: the nearest table (inclusive) is where lookup starts.
    let fb = body(&ctx, f);
    let c = call!(ctx, fb, flat(&ctx, "f"));
    assert_eq!(ctx.lookup_nearest_symbol_from(c, flat(&ctx, "f")).unwrap(), Some(f));
    assert_eq!(ctx.lookup_nearest_symbol_from(c, flat(&ctx, "g")).unwrap(), None, "@g is in @outer, not @inner");
    assert_eq!(ctx.lookup_nearest_symbol_from(g, flat(&ctx, "g")).unwrap(), Some(g));
    let r = ctx.symbol_ref_attr("inner", &["f"]);
    assert_eq!(ctx.lookup_nearest_symbol_from(g, r).unwrap(), Some(f));
    assert_eq!(ctx.lookup_nearest_symbol_from(outer, r).unwrap(), Some(f), "@outer is its own nearest table");
    let lone = op(&mut ctx, "x.lone", &[], 0);
    assert_eq!(ctx.lookup_nearest_symbol_from(lone, r).unwrap(), None);
}

#[test]
fn symbol_table_builds_and_looks_up() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let f = append!(ctx, func(&mut ctx, "f"), mb);
    let g = append!(ctx, func(&mut ctx, "g"), mb);
    append!(ctx, op(&mut ctx, "x.not_a_symbol", &[], 0), mb);
    let t = SymbolTable::new(&ctx, m).unwrap();
    assert_eq!(t.op(), m);
    assert_eq!(t.body(), mb);
    assert_eq!(t.len(), 2);
    assert!(!t.is_empty());
    assert_eq!(t.lookup(&ctx, "f").unwrap(), Some(f));
    assert_eq!(t.lookup(&ctx, "g").unwrap(), Some(g));
    assert_eq!(t.lookup(&ctx, "h").unwrap(), None);

    // A symbol erased behind the table's back is never returned.
    ctx.erase_op(g).unwrap();
    assert_eq!(t.lookup(&ctx, "g").unwrap(), None);
}

#[test]
fn symbol_table_new_rejects_bad_tables() {
    let mut ctx = ctx();
    let f = func(&mut ctx, "f");
    assert_eq!(SymbolTable::new(&ctx, f).unwrap_err().kind, ErrorKind::InvalidArgument);
    let bad = op(&mut ctx, "test.bad_table", &[], 0);
    assert_eq!(SymbolTable::new(&ctx, bad).unwrap_err().kind, ErrorKind::InvalidArgument);
    let u = op(&mut ctx, "other.module", &[], 1);
    assert_eq!(SymbolTable::new(&ctx, u).unwrap_err().kind, ErrorKind::InvalidArgument);

    // Zero or two blocks.
    let empty = ctx.create_operation(&OperationState::new("builtin.module", ctx.unknown_loc()).regions(1)).unwrap();
    assert!(SymbolTable::new(&ctx, empty).unwrap_err().message.contains("exactly one block"));
    let (two, _) = module(&mut ctx, None);
    let extra = ctx.create_block(&[]);
    ctx.region_append_block(ctx.op_region(two, 0).unwrap(), extra).unwrap();
    assert!(SymbolTable::new(&ctx, two).unwrap_err().message.contains("exactly one block"));

    // Duplicate names.
    let (m, mb) = module(&mut ctx, None);
    append!(ctx, func(&mut ctx, "f"), mb);
    append!(ctx, func(&mut ctx, "f"), mb);
    let e = SymbolTable::new(&ctx, m).unwrap_err();
    assert_eq!(e.kind, ErrorKind::AlreadyExists);
    assert!(e.message.contains("redefinition of symbol named 'f'"), "{}", e.message);
}

// ---- insert ----

#[test]
fn insert_uniques_names_like_mlir() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let mut t = SymbolTable::new(&ctx, m).unwrap();
    let f1 = func(&mut ctx, "f");
    let f2 = func(&mut ctx, "f");
    let f3 = func(&mut ctx, "f");
    assert_eq!(t.insert(&mut ctx, f1, None).unwrap(), "f");
    assert_eq!(t.insert(&mut ctx, f2, None).unwrap(), "f_0");
    assert_eq!(t.insert(&mut ctx, f3, None).unwrap(), "f_1");
    assert_eq!(ctx.symbol_name(f2).unwrap(), Some("f_0"));
    assert_eq!(ctx.symbol_name(f3).unwrap(), Some("f_1"));
    assert_eq!(ctx.block_ops(mb).unwrap(), vec![f1, f2, f3], "appended in order");
    assert_eq!(t.lookup(&ctx, "f_1").unwrap(), Some(f3));

    // The counter belongs to the table and is never reset (MLIR's `uniquingCounter`).
    let g1 = func(&mut ctx, "g");
    let g2 = func(&mut ctx, "g");
    assert_eq!(t.insert(&mut ctx, g1, None).unwrap(), "g");
    assert_eq!(t.insert(&mut ctx, g2, None).unwrap(), "g_2");

    // Candidates already taken are skipped.
    let h0 = func(&mut ctx, "h_3");
    let h1 = func(&mut ctx, "h");
    let h2 = func(&mut ctx, "h");
    t.insert(&mut ctx, h0, None).unwrap();
    t.insert(&mut ctx, h1, None).unwrap();
    assert_eq!(t.insert(&mut ctx, h2, None).unwrap(), "h_4");

    // Inserting an op already registered is a no-op that returns its name.
    assert_eq!(t.insert(&mut ctx, f1, None).unwrap(), "f");
    assert_eq!(ctx.block_num_ops(mb).unwrap(), 8);

    // The result verifies against a fresh table built from the IR.
    let fresh = SymbolTable::new(&ctx, m).unwrap();
    assert_eq!(fresh.len(), 8);
}

#[test]
fn insert_of_an_op_already_in_the_body_registers_and_uniques_it() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let mut t = SymbolTable::new(&ctx, m).unwrap();
    let f = append!(ctx, func(&mut ctx, "f"), mb);
    assert_eq!(t.lookup(&ctx, "f").unwrap(), None, "added behind the table's back");
    assert_eq!(t.insert(&mut ctx, f, None).unwrap(), "f");
    assert_eq!(t.lookup(&ctx, "f").unwrap(), Some(f));
    let dup = append!(ctx, func(&mut ctx, "f"), mb);
    assert_eq!(t.insert(&mut ctx, dup, Some(InsertPoint::BlockStart(mb))).unwrap(), "f_0");
    assert_eq!(ctx.block_ops(mb).unwrap(), vec![f, dup], "an attached op is not moved");
}

#[test]
fn insert_goes_before_a_terminator_and_honours_points() {
    let mut ctx = ctx();
    let tbl_name = ctx.string_attr("tbl");
    let tbl = op(&mut ctx, "test.table", &[("sym_name", tbl_name)], 1);
    let tb = body(&ctx, tbl);
    let end = append!(ctx, op(&mut ctx, "test.end", &[], 0), tb);
    let mut t = SymbolTable::new(&ctx, tbl).unwrap();
    let a = func(&mut ctx, "a");
    t.insert(&mut ctx, a, None).unwrap();
    assert_eq!(ctx.block_ops(tb).unwrap(), vec![a, end]);
    let b = func(&mut ctx, "b");
    t.insert(&mut ctx, b, Some(InsertPoint::BlockEnd(tb))).unwrap();
    assert_eq!(ctx.block_ops(tb).unwrap(), vec![a, b, end], "the end of the block means before the terminator");
    let c = func(&mut ctx, "c");
    t.insert(&mut ctx, c, Some(InsertPoint::After(end))).unwrap();
    assert_eq!(ctx.block_ops(tb).unwrap(), vec![a, b, c, end]);
    let d = func(&mut ctx, "d");
    t.insert(&mut ctx, d, Some(InsertPoint::BlockStart(tb))).unwrap();
    let e = func(&mut ctx, "e");
    t.insert(&mut ctx, e, Some(InsertPoint::Before(b))).unwrap();
    let f = func(&mut ctx, "f");
    t.insert(&mut ctx, f, Some(InsertPoint::After(a))).unwrap();
    assert_eq!(ctx.block_ops(tb).unwrap(), vec![d, a, f, e, b, c, end]);

    // A module has no terminator: append, whatever its last op is.
    let (m, mb) = module(&mut ctx, None);
    let last = append!(ctx, op(&mut ctx, "x.last", &[], 0), mb);
    let mut mt = SymbolTable::new(&ctx, m).unwrap();
    let g = func(&mut ctx, "g");
    mt.insert(&mut ctx, g, None).unwrap();
    assert_eq!(ctx.block_ops(mb).unwrap(), vec![last, g]);
}

#[test]
fn insert_rejects_bad_input_and_leaves_ir_unchanged() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let mut t = SymbolTable::new(&ctx, m).unwrap();

    // Not a symbol.
    let plain = op(&mut ctx, "x.plain", &[], 0);
    let e = t.insert(&mut ctx, plain, None).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    assert!(e.message.contains("not a symbol"), "{}", e.message);
    assert_eq!(ctx.op_parent_block(plain).unwrap(), None);

    // Insertion point outside the body.
    let (_other, ob) = module(&mut ctx, None);
    let f = func(&mut ctx, "f");
    assert_eq!(t.insert(&mut ctx, f, Some(InsertPoint::BlockEnd(ob))).unwrap_err().kind, ErrorKind::InvalidArgument);
    assert_eq!(ctx.op_parent_block(f).unwrap(), None);
    let stranger = append!(ctx, op(&mut ctx, "x.s", &[], 0), ob);
    assert!(t.insert(&mut ctx, f, Some(InsertPoint::Before(stranger))).is_err());
    assert_eq!(ctx.op_parent_block(f).unwrap(), None);

    // Already in another block.
    let g = append!(ctx, func(&mut ctx, "g"), ob);
    assert_eq!(t.insert(&mut ctx, g, None).unwrap_err().kind, ErrorKind::InvalidArgument);
    assert_eq!(ctx.op_parent_block(g).unwrap(), Some(ob));

    // The table itself.
    ctx.set_symbol_name(m, "m").unwrap();
    assert_eq!(t.insert(&mut ctx, m, None).unwrap_err().kind, ErrorKind::InvalidArgument);
    assert_eq!(ctx.block_num_ops(mb).unwrap(), 0);
    assert!(t.is_empty());

    // Stale symbol.
    let dead = func(&mut ctx, "dead");
    ctx.erase_op(dead).unwrap();
    assert_eq!(t.insert(&mut ctx, dead, None).unwrap_err().kind, ErrorKind::StaleHandle);
    assert!(t.is_empty());
}

#[test]
fn insert_into_an_ancestor_is_a_cycle() {
    let mut ctx = ctx();
    let (outer, ob) = module(&mut ctx, Some("outer"));
    let (inner, ib) = module(&mut ctx, Some("inner"));
    append!(ctx, inner, ob);
    let _ = ib;
    let mut t = SymbolTable::new(&ctx, inner).unwrap();
    // `outer` is detached but is inner's parent: inserting it into inner would be a cycle.
    let e = t.insert(&mut ctx, outer, None).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Cycle);
    assert_eq!(ctx.op_parent_op(inner).unwrap(), Some(outer));
    assert!(t.is_empty());
}

// ---- remove / erase ----

#[test]
fn remove_detaches_and_erase_erases() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let f = append!(ctx, func(&mut ctx, "f"), mb);
    let g = append!(ctx, func(&mut ctx, "g"), mb);
    let mut t = SymbolTable::new(&ctx, m).unwrap();

    t.remove(&mut ctx, f).unwrap();
    assert!(ctx.is_op_live(f));
    assert_eq!(ctx.op_parent_block(f).unwrap(), None);
    assert_eq!(t.lookup(&ctx, "f").unwrap(), None);
    // ... and can go into another table.
    let (m2, _) = module(&mut ctx, None);
    let mut t2 = SymbolTable::new(&ctx, m2).unwrap();
    assert_eq!(t2.insert(&mut ctx, f, None).unwrap(), "f");
    assert_eq!(t2.lookup(&ctx, "f").unwrap(), Some(f));

    t.erase(&mut ctx, g).unwrap();
    assert!(!ctx.is_op_live(g));
    assert_eq!(t.lookup(&ctx, "g").unwrap(), None);
    assert!(t.is_empty());

    // Not in this table.
    assert_eq!(t.erase(&mut ctx, f).unwrap_err().kind, ErrorKind::InvalidArgument);
    assert_eq!(t.remove(&mut ctx, f).unwrap_err().kind, ErrorKind::InvalidArgument);
    assert!(ctx.is_op_live(f));
    // Stale.
    assert_eq!(t.erase(&mut ctx, g).unwrap_err().kind, ErrorKind::StaleHandle);
}

#[test]
fn erase_of_a_used_symbol_fails_and_keeps_it() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let i32t = ctx.signless_int(32);
    let name = ctx.string_attr("global");
    let st =
        OperationState::new("x.global", ctx.unknown_loc()).results(&[i32t]).attribute(ctx.identifier("sym_name"), name);
    let sym = ctx.create_operation(&st).unwrap();
    append!(ctx, sym, mb);
    let v = ctx.op_result(sym, 0).unwrap();
    let user = ctx.create_operation(&OperationState::new("x.use", ctx.unknown_loc()).operands(&[v])).unwrap();
    append!(ctx, user, mb);
    let mut t = SymbolTable::new(&ctx, m).unwrap();
    assert_eq!(t.erase(&mut ctx, sym).unwrap_err().kind, ErrorKind::StillInUse);
    assert!(ctx.is_op_live(sym));
    assert_eq!(t.lookup(&ctx, "global").unwrap(), Some(sym));
}

// ---- rename ----

/// A module with `@f` used in many shapes, and other symbols that must not change.
struct RenameFixture {
    ctx: Context,
    m: OpId,
    f: OpId,
    user: OpId,
    in_props: OpId,
    nested_table: OpId,
    nested_user: OpId,
}

fn rename_fixture() -> RenameFixture {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let f = append!(ctx, func(&mut ctx, "f"), mb);
    append!(ctx, func(&mut ctx, "ff"), mb);
    let fb = body(&ctx, f);
    // Uses in arrays, dictionaries, nested refs, typed attributes.
    let f_ref = flat(&ctx, "f");
    let ff_ref = flat(&ctx, "ff");
    let f_x = ctx.symbol_ref_attr("f", &["x"]);
    let g_f = ctx.symbol_ref_attr("g", &["f"]);
    let arr = ctx.array_attr(&[f_ref, ff_ref, ctx.array_attr(&[f_x])]);
    let dict = ctx
        .dictionary_attr(&[
            NamedAttribute { name: ctx.identifier("a"), value: f_ref },
            NamedAttribute { name: ctx.identifier("b"), value: g_f },
        ])
        .unwrap();
    let f32t = ctx.float_type(FloatKind::F32);
    let tensor = ctx.ranked_tensor_type(&[4], f32t, Some(f_ref)).unwrap();
    let ty = ctx.type_attr(tensor);
    let user = op(&mut ctx, "x.user", &[("arr", arr), ("dict", dict), ("callee", f_ref), ("ty", ty)], 0);
    append!(ctx, user, fb);
    // A use held in properties.
    let props = ctx.dictionary_attr(&[NamedAttribute { name: ctx.identifier("callee"), value: f_ref }]).unwrap();
    let in_props = ctx.create_operation(&OperationState::new("x.call", ctx.unknown_loc()).properties(props)).unwrap();
    append!(ctx, in_props, mb);
    // A nested symbol table: its own attributes are in @f's scope, its body is not.
    let (nested_table, nb) = module(&mut ctx, Some("nested"));
    ctx.set_op_attribute(nested_table, "refers_to", f_ref).unwrap();
    append!(ctx, nested_table, mb);
    let nested_user = call!(ctx, nb, f_ref);
    RenameFixture { ctx, m, f, user, in_props, nested_table, nested_user }
}

#[test]
fn rename_replaces_uses_everywhere_in_the_table() {
    let RenameFixture { mut ctx, m, f, user, in_props, nested_table, nested_user } = rename_fixture();
    let mut t = SymbolTable::new(&ctx, m).unwrap();
    t.rename(&mut ctx, f, "g").unwrap();
    assert_eq!(ctx.symbol_name(f).unwrap(), Some("g"));
    assert_eq!(t.lookup(&ctx, "g").unwrap(), Some(f));
    assert_eq!(t.lookup(&ctx, "f").unwrap(), None);

    let g_ref = flat(&ctx, "g");
    let ff_ref = flat(&ctx, "ff");
    let g_x = ctx.symbol_ref_attr("g", &["x"]);
    let g_f = ctx.symbol_ref_attr("g", &["f"]);
    let arr = ctx.op_attribute(user, "arr").unwrap().unwrap();
    assert_eq!(arr, ctx.array_attr(&[g_ref, ff_ref, ctx.array_attr(&[g_x])]), "nested root renamed, @ff untouched");
    let dict = ctx.op_attribute(user, "dict").unwrap().unwrap();
    assert_eq!(ctx.dictionary_get(dict, "a"), Some(g_ref));
    assert_eq!(ctx.dictionary_get(dict, "b"), Some(g_f), "@g::@f does not refer to @f");
    assert_eq!(ctx.op_attribute(user, "callee").unwrap(), Some(g_ref));
    let f32t = ctx.float_type(FloatKind::F32);
    let tensor = ctx.ranked_tensor_type(&[4], f32t, Some(g_ref)).unwrap();
    assert_eq!(ctx.op_attribute(user, "ty").unwrap(), Some(ctx.type_attr(tensor)), "attributes inside types too");
    let props = ctx.op_properties(in_props).unwrap().unwrap();
    assert_eq!(ctx.dictionary_get(props, "callee"), Some(g_ref));
    assert_eq!(ctx.op_attributes(in_props).unwrap().len(), 0, "properties stay properties");
    // The nested table op's own attribute is a use in this scope; its body is another scope.
    assert_eq!(ctx.op_attribute(nested_table, "refers_to").unwrap(), Some(g_ref));
    assert_eq!(ctx.op_attribute(nested_user, "callee").unwrap(), Some(flat(&ctx, "f")));
}

#[test]
fn rename_errors_change_nothing() {
    let RenameFixture { mut ctx, m, f, user, .. } = rename_fixture();
    let mut t = SymbolTable::new(&ctx, m).unwrap();
    let before = ctx.op_attributes(user).unwrap().to_vec();
    let e = t.rename(&mut ctx, f, "ff").unwrap_err();
    assert_eq!(e.kind, ErrorKind::AlreadyExists);
    assert_eq!(ctx.symbol_name(f).unwrap(), Some("f"));
    assert_eq!(ctx.op_attributes(user).unwrap(), &before[..]);
    // Renaming to the same name is a no-op.
    t.rename(&mut ctx, f, "f").unwrap();
    // Not a member.
    let stranger = func(&mut ctx, "s");
    assert_eq!(t.rename(&mut ctx, stranger, "t").unwrap_err().kind, ErrorKind::InvalidArgument);
    // Stale.
    ctx.erase_op(stranger).unwrap();
    assert_eq!(t.rename(&mut ctx, stranger, "t").unwrap_err().kind, ErrorKind::StaleHandle);
}

#[test]
fn rename_is_atomic_when_a_rebuilt_attribute_fails_to_verify() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let f = append!(ctx, func(&mut ctx, "f"), mb);
    let f_ref = flat(&ctx, "f");
    let def = ctx.lookup_attr_def("test.checked").unwrap();
    let checked = ctx.dialect_attr(def, &[f_ref]).unwrap();
    // "a" sorts before "b": the plain use would be replaced first.
    let user = op(&mut ctx, "x.user", &[("a", f_ref), ("b", checked)], 0);
    append!(ctx, user, mb);
    let mut t = SymbolTable::new(&ctx, m).unwrap();
    let e = t.rename(&mut ctx, f, "forbidden").unwrap_err();
    assert_eq!(e.kind, ErrorKind::VerificationFailed);
    assert_eq!(ctx.op_attribute(user, "a").unwrap(), Some(f_ref));
    assert_eq!(ctx.op_attribute(user, "b").unwrap(), Some(checked));
    assert_eq!(ctx.symbol_name(f).unwrap(), Some("f"));
    assert_eq!(t.lookup(&ctx, "f").unwrap(), Some(f));
    // A name the verifier accepts goes through the dialect attribute's constructor.
    t.rename(&mut ctx, f, "fine").unwrap();
    let fine = flat(&ctx, "fine");
    assert_eq!(ctx.op_attribute(user, "b").unwrap(), Some(ctx.dialect_attr(def, &[fine]).unwrap()));
}

#[test]
fn rename_symbol_whose_name_is_a_property() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let f = op(&mut ctx, "test.func", &[], 1);
    let props = ctx
        .dictionary_attr(&[NamedAttribute { name: ctx.identifier("sym_name"), value: ctx.string_attr("f") }])
        .unwrap();
    ctx.set_op_properties(f, Some(props)).unwrap();
    append!(ctx, f, mb);
    let c = call!(ctx, mb, flat(&ctx, "f"));
    let mut t = SymbolTable::new(&ctx, m).unwrap();
    assert_eq!(t.lookup(&ctx, "f").unwrap(), Some(f));
    t.rename(&mut ctx, f, "g").unwrap();
    let p = ctx.op_properties(f).unwrap().unwrap();
    assert_eq!(ctx.dictionary_get(p, "sym_name"), Some(ctx.string_attr("g")));
    assert_eq!(discardable(&ctx, f, "sym_name"), None);
    assert_eq!(ctx.op_attribute(c, "callee").unwrap(), Some(flat(&ctx, "g")));

    // Uniquing on insert also updates the name in properties.
    let dup = op(&mut ctx, "test.func", &[], 1);
    let props = ctx
        .dictionary_attr(&[NamedAttribute { name: ctx.identifier("sym_name"), value: ctx.string_attr("g") }])
        .unwrap();
    ctx.set_op_properties(dup, Some(props)).unwrap();
    assert_eq!(t.insert(&mut ctx, dup, None).unwrap(), "g_0");
    let p = ctx.op_properties(dup).unwrap().unwrap();
    assert_eq!(ctx.dictionary_get(p, "sym_name"), Some(ctx.string_attr("g_0")));
}

#[test]
fn rename_in_a_nested_table_updates_that_scope_only() {
    // module { module @outer { test.func @inner; x.call {c = @inner} }; x.call {c = @outer::@inner} }
    let mut ctx = ctx();
    let (_top, tb) = module(&mut ctx, None);
    let (outer, ob) = module(&mut ctx, Some("outer"));
    append!(ctx, outer, tb);
    let inner = append!(ctx, func(&mut ctx, "inner"), ob);
    let local = call!(ctx, ob, flat(&ctx, "inner"));
    let qualified = ctx.symbol_ref_attr("outer", &["inner"]);
    let remote = call!(ctx, tb, qualified);
    let mut t = SymbolTable::new(&ctx, outer).unwrap();
    t.rename(&mut ctx, inner, "renamed").unwrap();
    assert_eq!(ctx.op_attribute(local, "callee").unwrap(), Some(flat(&ctx, "renamed")));
    // As MLIR's SymbolTable::rename: the scope is the table's own region.
    assert_eq!(ctx.op_attribute(remote, "callee").unwrap(), Some(qualified));
}

#[test]
fn rename_to_unique() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let f = append!(ctx, func(&mut ctx, "f"), mb);
    let c = call!(ctx, mb, flat(&ctx, "f"));
    let mut t = SymbolTable::new(&ctx, m).unwrap();
    assert_eq!(t.rename_to_unique(&mut ctx, f, &[]).unwrap(), "f_0");
    assert_eq!(ctx.op_attribute(c, "callee").unwrap(), Some(flat(&ctx, "f_0")));

    // A fresh counter per call: f_0_0 ... skips names taken here and in the others.
    let g = append!(ctx, func(&mut ctx, "g"), mb);
    append!(ctx, func(&mut ctx, "g_0"), mb);
    let mut t = SymbolTable::new(&ctx, m).unwrap();
    let (m2, mb2) = module(&mut ctx, None);
    append!(ctx, func(&mut ctx, "g_1"), mb2);
    let other = SymbolTable::new(&ctx, m2).unwrap();
    assert_eq!(t.rename_to_unique(&mut ctx, g, &[&other]).unwrap(), "g_2");
    assert_eq!(t.lookup(&ctx, "g_2").unwrap(), Some(g));
}

// ---- symbol uses ----

#[test]
fn symbol_uses_follow_mlir_scoping() {
    let RenameFixture { ctx, m, f, user, in_props, nested_table, nested_user } = rename_fixture();
    // An op that is a symbol table: only its own attributes (its body is its own scope).
    assert_eq!(ctx.symbol_uses(m).unwrap(), Some(vec![]));
    // Its region: every use, not entering nested tables (but seeing their own attributes).
    let region = ctx.op_region(m, 0).unwrap();
    let uses = ctx.symbol_uses(region).unwrap().unwrap();
    let mut u = users(&uses);
    u.dedup();
    assert!(u.contains(&user) && u.contains(&in_props) && u.contains(&nested_table));
    assert!(!u.contains(&nested_user));
    // The user has @f (three times: once reported), @ff, @f::@x, @g::@f.
    let on_user: Vec<Attribute> = uses.iter().filter(|u| u.user == user).map(|u| u.symbol_ref).collect();
    assert_eq!(on_user.len(), 4, "{on_user:?}");
    for r in [flat(&ctx, "f"), flat(&ctx, "ff"), ctx.symbol_ref_attr("f", &["x"]), ctx.symbol_ref_attr("g", &["f"])] {
        assert!(on_user.contains(&r));
    }
    // A non-table op: its own attributes and everything nested.
    let from_f = ctx.symbol_uses(f).unwrap().unwrap();
    assert_eq!(users(&from_f).iter().filter(|&&o| o == user).count(), 4);
    // The nested table's region is a scope of its own.
    let nested_region = ctx.op_region(nested_table, 0).unwrap();
    let nested = ctx.symbol_uses(nested_region).unwrap().unwrap();
    assert_eq!(nested, vec![SymbolUse { user: nested_user, symbol_ref: flat(&ctx, "f") }]);
}

#[test]
fn symbol_uses_of_a_name_and_of_an_op() {
    let RenameFixture { ctx, m, f, user, in_props, nested_table, .. } = rename_fixture();
    // By name: @f and @f::@x, in the regions of the scope op.
    let uses = ctx.symbol_uses_of("f", m).unwrap().unwrap();
    let refs: Vec<(OpId, Attribute)> = uses.iter().map(|u| (u.user, u.symbol_ref)).collect();
    let f_ref = flat(&ctx, "f");
    let f_x = ctx.symbol_ref_attr("f", &["x"]);
    assert!(refs.contains(&(user, f_ref)));
    assert!(refs.contains(&(user, f_x)));
    assert!(refs.contains(&(in_props, f_ref)));
    assert!(refs.contains(&(nested_table, f_ref)));
    assert_eq!(refs.len(), 4, "{refs:?}");
    // By op: the same, since @f lives in `m`.
    let by_op = ctx.symbol_uses_of(f, m).unwrap().unwrap();
    assert_eq!(by_op.len(), 4);
    // A name nobody uses.
    assert_eq!(ctx.symbol_uses_of("nobody", m).unwrap(), Some(vec![]));
    assert!(ctx.symbol_known_use_empty("nobody", m).unwrap());
    assert!(!ctx.symbol_known_use_empty("f", m).unwrap());
    assert!(!ctx.symbol_known_use_empty(f, m).unwrap());
    // @ff is used once (inside the array).
    assert_eq!(ctx.symbol_uses_of("ff", m).unwrap().unwrap().len(), 1);
    // A String works as a name too.
    let name = String::from("ff");
    assert_eq!(ctx.symbol_uses_of(&name, m).unwrap().unwrap().len(), 1);
    // Region scope.
    let region = ctx.op_region(m, 0).unwrap();
    assert_eq!(ctx.symbol_uses_of(SymbolTarget::Name("f"), SymbolScope::Region(region)).unwrap().unwrap().len(), 4);
}

#[test]
fn symbol_uses_of_a_nested_symbol_across_tables() {
    // module { module @outer { test.func @inner; use @inner }; use @outer::@inner; use @outer::@inner::@x }
    let mut ctx = ctx();
    let (top, tb) = module(&mut ctx, None);
    let (outer, ob) = module(&mut ctx, Some("outer"));
    append!(ctx, outer, tb);
    let inner = append!(ctx, func(&mut ctx, "inner"), ob);
    let local = call!(ctx, ob, flat(&ctx, "inner"));
    let q = ctx.symbol_ref_attr("outer", &["inner"]);
    let qx = ctx.symbol_ref_attr("outer", &["inner", "x"]);
    let other = ctx.symbol_ref_attr("outer", &["other"]);
    let remote = call!(ctx, tb, q);
    let remote_x = call!(ctx, tb, qx);
    let unrelated = call!(ctx, tb, other);

    let uses = ctx.symbol_uses_of(inner, top).unwrap().unwrap();
    let u = users(&uses);
    assert_eq!(u.len(), 3, "{uses:?}");
    assert!(u.contains(&local) && u.contains(&remote) && u.contains(&remote_x));
    assert!(!u.contains(&unrelated));
    // Scoped to the outer table only: the local use.
    assert_eq!(users(&ctx.symbol_uses_of(inner, outer).unwrap().unwrap()), vec![local]);

    // Replace through every path: @inner -> @renamed, @outer::@inner -> @outer::@renamed.
    ctx.replace_all_symbol_uses(inner, "renamed", top).unwrap();
    assert_eq!(ctx.op_attribute(local, "callee").unwrap(), Some(flat(&ctx, "renamed")));
    assert_eq!(ctx.op_attribute(remote, "callee").unwrap(), Some(ctx.symbol_ref_attr("outer", &["renamed"])));
    assert_eq!(ctx.op_attribute(remote_x, "callee").unwrap(), Some(ctx.symbol_ref_attr("outer", &["renamed", "x"])));
    assert_eq!(ctx.op_attribute(unrelated, "callee").unwrap(), Some(other));
    // replace_all_symbol_uses does not rename the symbol itself.
    assert_eq!(ctx.symbol_name(inner).unwrap(), Some("inner"));
}

#[test]
fn symbol_uses_are_unknown_past_a_potential_symbol_table() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    append!(ctx, func(&mut ctx, "f"), mb);
    let c = call!(ctx, mb, flat(&ctx, "f"));
    let region = ctx.op_region(m, 0).unwrap();
    assert_eq!(ctx.symbol_uses(region).unwrap().unwrap().len(), 1);
    assert!(ctx.symbol_known_use_empty("g", m).unwrap());

    let u = append!(ctx, op(&mut ctx, "other.scope", &[], 1), mb);
    let ub = body(&ctx, u);
    let hidden = call!(ctx, ub, flat(&ctx, "f"));
    assert_eq!(ctx.symbol_uses(region).unwrap(), None);
    assert_eq!(ctx.symbol_uses_of("f", m).unwrap(), None);
    assert_eq!(ctx.symbol_uses(u).unwrap(), None);
    assert!(!ctx.symbol_known_use_empty("g", m).unwrap(), "unknown is not known-empty");
    // Replacement descends into it anyway, as MLIR's replaceAllSymbolUses does.
    ctx.replace_all_symbol_uses("f", "g", m).unwrap();
    assert_eq!(ctx.op_attribute(c, "callee").unwrap(), Some(flat(&ctx, "g")));
    assert_eq!(ctx.op_attribute(hidden, "callee").unwrap(), Some(flat(&ctx, "g")));
}

#[test]
fn replace_all_symbol_uses_by_name() {
    let RenameFixture { mut ctx, m, f, user, in_props, nested_table, nested_user } = rename_fixture();
    ctx.replace_all_symbol_uses("f", "h", m).unwrap();
    let h = flat(&ctx, "h");
    assert_eq!(ctx.op_attribute(user, "callee").unwrap(), Some(h));
    let arr = ctx.op_attribute(user, "arr").unwrap().unwrap();
    let hx = ctx.symbol_ref_attr("h", &["x"]);
    assert_eq!(arr, ctx.array_attr(&[h, flat(&ctx, "ff"), ctx.array_attr(&[hx])]));
    let props = ctx.op_properties(in_props).unwrap().unwrap();
    assert_eq!(ctx.dictionary_get(props, "callee"), Some(h));
    assert_eq!(ctx.op_attribute(nested_table, "refers_to").unwrap(), Some(h));
    assert_eq!(ctx.op_attribute(nested_user, "callee").unwrap(), Some(flat(&ctx, "f")));
    // The symbol itself keeps its name: only uses change.
    assert_eq!(ctx.symbol_name(f).unwrap(), Some("f"));
    // Scope as an op excludes the op's own attributes (its regions are the scope).
    let top_ref = flat(&ctx, "h");
    ctx.set_op_attribute(m, "self_use", top_ref).unwrap();
    ctx.replace_all_symbol_uses("h", "k", m).unwrap();
    assert_eq!(ctx.op_attribute(m, "self_use").unwrap(), Some(top_ref));
    assert_eq!(ctx.op_attribute(user, "callee").unwrap(), Some(flat(&ctx, "k")));
}

#[test]
fn replace_in_locations_and_dialect_types_inside_attributes() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let f_ref = flat(&ctx, "f");
    let loc = ctx.fused_loc(&[ctx.file_line_col_loc("a.mlir", 1, 2), ctx.name_loc("n", None)], Some(f_ref));
    let f32t = ctx.float_type(FloatKind::F32);
    let memref = ctx.memref_type(&[2], f32t, None, Some(f_ref)).unwrap();
    let fn_ty = ctx.function_type(&[memref], &[]);
    let fn_attr = ctx.type_attr(fn_ty);
    let user = op(&mut ctx, "x.user", &[("loc", loc.attr()), ("fn", fn_attr)], 0);
    append!(ctx, user, mb);
    assert_eq!(ctx.symbol_uses_of("f", m).unwrap().unwrap().len(), 1, "one distinct reference per op");
    ctx.replace_all_symbol_uses("f", "g", m).unwrap();
    let g_ref = flat(&ctx, "g");
    let new_loc = ctx.fused_loc(&[ctx.file_line_col_loc("a.mlir", 1, 2), ctx.name_loc("n", None)], Some(g_ref));
    assert_eq!(ctx.op_attribute(user, "loc").unwrap(), Some(new_loc.attr()));
    let new_memref = ctx.memref_type(&[2], f32t, None, Some(g_ref)).unwrap();
    let new_fn = ctx.function_type(&[new_memref], &[]);
    assert_eq!(ctx.op_attribute(user, "fn").unwrap(), Some(ctx.type_attr(new_fn)));
    assert!(ctx.symbol_known_use_empty("f", m).unwrap());
}

#[test]
fn distinct_attributes_are_not_entered() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let d = ctx.distinct_attr(flat(&ctx, "f"));
    let user = op(&mut ctx, "x.user", &[("d", d)], 0);
    append!(ctx, user, mb);
    assert!(ctx.symbol_known_use_empty("f", m).unwrap());
    ctx.replace_all_symbol_uses("f", "g", m).unwrap();
    assert_eq!(ctx.op_attribute(user, "d").unwrap(), Some(d));
}

#[test]
fn deeply_nested_attributes_do_not_overflow_the_stack() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let mut a = flat(&ctx, "f");
    for _ in 0..100_000 {
        a = ctx.array_attr(&[a]);
    }
    let user = op(&mut ctx, "x.user", &[("deep", a)], 0);
    append!(ctx, user, mb);
    let region = ctx.op_region(m, 0).unwrap();
    let uses = ctx.symbol_uses(region).unwrap().unwrap();
    assert_eq!(uses, vec![SymbolUse { user, symbol_ref: flat(&ctx, "f") }]);
    ctx.replace_all_symbol_uses("f", "g", m).unwrap();
    let mut expected = flat(&ctx, "g");
    for _ in 0..100_000 {
        expected = ctx.array_attr(&[expected]);
    }
    assert_eq!(ctx.op_attribute(user, "deep").unwrap(), Some(expected));
    assert!(ctx.symbol_known_use_empty("f", m).unwrap());
}

#[test]
fn symbol_use_queries_check_their_arguments() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let f = append!(ctx, func(&mut ctx, "f"), mb);
    let dead = func(&mut ctx, "dead");
    ctx.erase_op(dead).unwrap();
    assert_eq!(ctx.symbol_uses(dead).unwrap_err().kind, ErrorKind::StaleHandle);
    assert_eq!(ctx.symbol_uses_of("f", dead).unwrap_err().kind, ErrorKind::StaleHandle);
    assert_eq!(ctx.symbol_uses_of(dead, m).unwrap_err().kind, ErrorKind::StaleHandle);
    assert_eq!(ctx.symbol_known_use_empty(dead, m).unwrap_err().kind, ErrorKind::StaleHandle);
    assert_eq!(ctx.replace_all_symbol_uses("f", "g", dead).unwrap_err().kind, ErrorKind::StaleHandle);
    // A symbol operation must be a symbol.
    let plain = append!(ctx, op(&mut ctx, "x.plain", &[], 0), mb);
    assert_eq!(ctx.symbol_uses_of(plain, m).unwrap_err().kind, ErrorKind::InvalidArgument);
    // ... in the same tree as the scope.
    let (elsewhere, _) = module(&mut ctx, None);
    assert_eq!(ctx.symbol_uses_of(f, elsewhere).unwrap_err().kind, ErrorKind::InvalidArgument);
    // A stale region.
    let (gone, _) = module(&mut ctx, None);
    let gone_region = ctx.op_region(gone, 0).unwrap();
    ctx.erase_op(gone).unwrap();
    assert_eq!(ctx.symbol_uses(gone_region).unwrap_err().kind, ErrorKind::StaleHandle);
}

// ---- stale handles everywhere ----

#[test]
fn stale_handles_are_errors_everywhere() {
    let mut ctx = ctx();
    let (m, mb) = module(&mut ctx, None);
    let f = append!(ctx, func(&mut ctx, "f"), mb);
    let mut t = SymbolTable::new(&ctx, m).unwrap();
    let dead = func(&mut ctx, "dead");
    ctx.erase_op(dead).unwrap();
    let r = flat(&ctx, "f");
    for e in [
        ctx.symbol_name(dead).map(|_| ()).unwrap_err(),
        ctx.symbol_name_attr(dead).map(|_| ()).unwrap_err(),
        ctx.symbol_visibility(dead).map(|_| ()).unwrap_err(),
        ctx.is_symbol_table(dead).map(|_| ()).unwrap_err(),
        ctx.is_potentially_unknown_symbol_table(dead).map(|_| ()).unwrap_err(),
        ctx.nearest_symbol_table(dead).map(|_| ()).unwrap_err(),
        ctx.lookup_symbol_in(dead, "f").map(|_| ()).unwrap_err(),
        ctx.lookup_symbol_ref_in(dead, r).map(|_| ()).unwrap_err(),
        ctx.lookup_nearest_symbol_from(dead, r).map(|_| ()).unwrap_err(),
        SymbolTable::new(&ctx, dead).map(|_| ()).unwrap_err(),
    ] {
        assert_eq!(e.kind, ErrorKind::StaleHandle, "{}", e.message);
    }
    assert_eq!(ctx.set_symbol_name(dead, "x").unwrap_err().kind, ErrorKind::StaleHandle);
    assert_eq!(ctx.set_symbol_visibility(dead, Visibility::Private).unwrap_err().kind, ErrorKind::StaleHandle);

    // A table whose op was erased.
    ctx.erase_op(m).unwrap();
    assert!(!ctx.is_op_live(f));
    assert_eq!(t.lookup(&ctx, "f").unwrap_err().kind, ErrorKind::StaleHandle);
    let g = func(&mut ctx, "g");
    assert_eq!(t.insert(&mut ctx, g, None).unwrap_err().kind, ErrorKind::StaleHandle);
    assert_eq!(ctx.op_parent_block(g).unwrap(), None);
    assert_eq!(t.rename(&mut ctx, f, "h").unwrap_err().kind, ErrorKind::StaleHandle);
    assert_eq!(t.erase(&mut ctx, f).unwrap_err().kind, ErrorKind::StaleHandle);
    assert_eq!(t.remove(&mut ctx, f).unwrap_err().kind, ErrorKind::StaleHandle);
    assert_eq!(t.rename_to_unique(&mut ctx, f, &[]).unwrap_err().kind, ErrorKind::StaleHandle);
}
