//! The generated Rust dialect modules against the real libomnir.so.0: the module every
//! language's generated API builds (tests/generated/func_arith_scf_memref.txt), typed
//! accessors, enums, views of parsed ops, segment sizes and successors, and clear errors.

use omnir::ods::OpView;
use omnir::{Block, Context, InsertionPoint, Location, Module, Status, Type, Value};
use omnir_dialects::{arith, cf, func, memref, scf};

fn expected_module() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/generated/func_arith_scf_memref.txt");
    std::fs::read_to_string(path).expect("the shared expected module")
}

/// A block of `types` appended to the op's region `region`.
fn append_block(region: &omnir::Region, loc: &Location, types: &[&Type]) -> Block {
    let args: Vec<(Type, Location)> = types.iter().map(|t| ((*t).clone(), loc.clone())).collect();
    let block = Block::create(loc.context(), &args).unwrap();
    region.append_block(&block).unwrap();
    block.release()
}

#[test]
fn func_arith_scf_memref_print_as_mlir() -> omnir::Result<()> {
    let ctx = Context::new();
    let loc = ctx.unknown_loc();
    let module = Module::new(&loc)?;
    let i32 = ctx.integer_type(32)?;
    let index = ctx.index_type()?;
    let buf = ctx.memref_type(&[16], &ctx.f32_type()?, None, None)?;

    let top = InsertionPoint::BlockEnd(module.body()?);
    let fn_type = ctx.function_type(&[i32.clone(), i32.clone(), buf.clone()], std::slice::from_ref(&i32))?;
    let f = func::FuncOp::create(&top, &loc, "f", &fn_type, None, None, None, false)?;
    let entry = append_block(&f.body()?, &loc, &[&i32, &i32, &buf]);
    let (a, c, mem) = (entry.argument(0)?, entry.argument(1)?, entry.argument(2)?);

    let at = InsertionPoint::BlockEnd(entry.clone());
    let add = arith::AddIOp::create(&at, &loc, &a, &c, Some("nsw".into()))?;
    let cmp = arith::CmpIOp::create(&at, &loc, arith::CmpIPredicate::Slt, &add.result()?, &c)?;
    let sel = arith::SelectOp::create(&at, &loc, &cmp.result()?, &add.result()?, &c)?;
    let constant = |v: i64| -> omnir::Result<Value> {
        arith::ConstantOp::create(&at, &loc, &ctx.integer_attr(&index, v)?)?.result()
    };
    let (c0, c4, c1) = (constant(0)?, constant(4)?, constant(1)?);
    let for_op = scf::ForOp::create(&at, &loc, std::slice::from_ref(&i32), &c0, &c4, &c1, &[sel.result()?], false)?;
    let body = append_block(&for_op.region()?, &loc, &[&index, &i32]);
    let inner = InsertionPoint::BlockEnd(body.clone());
    let x = memref::LoadOp::create(&inner, &loc, &mem, &[body.argument(0)?], None, None)?;
    memref::StoreOp::create(&inner, &loc, &x.result()?, &mem, std::slice::from_ref(&c0), None, None)?;
    let mul = arith::MulIOp::create(&inner, &loc, &body.argument(1)?, &a, None)?;
    scf::YieldOp::create(&inner, &loc, &[mul.result()?])?;
    func::ReturnOp::create(&at, &loc, &for_op.results()?)?;

    module.verify()?;
    assert_eq!(module.to_string(), expected_module());

    // Typed accessors, as ODS names them (snake_case).
    assert_eq!((add.lhs()?, add.rhs()?), (a.clone(), c.clone()));
    assert_eq!(add.result()?.ty()?.to_string(), "i32");
    assert_eq!(add.overflow_flags()?.map(|f| f.to_string()).as_deref(), Some("#arith.overflow<nsw>"));
    assert_eq!(cmp.predicate()?, arith::CmpIPredicate::Slt);
    assert_eq!(cmp.predicate_attr()?.int_value()?, 2);
    assert_eq!(arith::CmpIPredicate::Slt.as_str(), "slt");
    assert_eq!("uge".parse::<arith::CmpIPredicate>()?, arith::CmpIPredicate::Uge);
    let nope = "nope".parse::<arith::CmpIPredicate>().unwrap_err();
    assert!(nope.status == Status::InvalidArgument && nope.message.contains("'nope' is no case of CmpIPredicate"));
    assert_eq!(arith::CmpIPredicate::from_value(9), Some(arith::CmpIPredicate::Uge));
    assert_eq!(arith::CmpIPredicate::ALL.len(), 10);
    assert_eq!((for_op.lower_bound()?, for_op.step()?), (c0.clone(), c1.clone()));
    assert_eq!(for_op.init_args()?.len(), 1);
    assert!(!for_op.unsigned_cmp()?);
    assert_eq!(f.sym_name()?, "f");
    assert_eq!(f.sym_visibility()?, None);
    assert_eq!(f.function_type()?, fn_type);
    assert_eq!(x.indices()?.len(), 1);
    assert_eq!(x.alignment()?, None);
    Ok(())
}

#[test]
fn views_of_parsed_ops_and_cast() -> omnir::Result<()> {
    let ctx = Context::new();
    let module = Module::parse(&ctx, &expected_module(), "expected.mlir")?;
    let f = module.body()?.first_op()?.expect("func.func");
    let f = func::FuncOp::cast(&f).expect("a func.func view");
    let entry = f.body()?.first_block()?.expect("entry block");
    let first = entry.first_op()?.expect("arith.addi");
    assert!(arith::CmpIOp::cast(&first).is_none());
    let add = arith::AddIOp::cast(&first).expect("an arith.addi view");
    assert_eq!(add.rhs()?, entry.argument(1)?);
    // The view derefs to the operation, and prints as it.
    assert_eq!(add.name()?, "arith.addi");
    assert_eq!(add.to_string(), "%0 = arith.addi %arg0, %arg1 overflow<nsw> : i32");
    let cmp = arith::CmpIOp::cast(&first.next()?.expect("arith.cmpi")).expect("an arith.cmpi view");
    assert_eq!(cmp.predicate()?, arith::CmpIPredicate::Slt);
    assert_eq!(<arith::AddIOp as OpView>::OPERATION_NAME, "arith.addi");
    Ok(())
}

#[test]
fn segments_successors_and_bit_enums() -> omnir::Result<()> {
    let ctx = Context::new();
    let loc = ctx.unknown_loc();
    let module = Module::new(&loc)?;
    let (i1, i32, f32) = (ctx.integer_type(1)?, ctx.integer_type(32)?, ctx.f32_type()?);
    let top = InsertionPoint::BlockEnd(module.body()?);
    let fn_type = ctx.function_type(&[i1.clone(), i32.clone(), f32.clone()], &[])?;
    let g = func::FuncOp::create(&top, &loc, "g", &fn_type, Some("private"), None, None, false)?;
    let entry = append_block(&g.body()?, &loc, &[&i1, &i32, &f32]);
    let yes = append_block(&g.body()?, &loc, &[&i32]);
    let no = append_block(&g.body()?, &loc, &[]);
    let at = InsertionPoint::BlockEnd(entry.clone());

    let flags = arith::FastMathFlags::NNAN | arith::FastMathFlags::NINF;
    assert_eq!(flags.to_words(), "nnan,ninf");
    assert!(arith::FastMathFlags::FAST.contains(flags) && !flags.contains(arith::FastMathFlags::FAST));
    assert_eq!(arith::FastMathFlags::FAST.to_string(), "fast");
    assert_eq!("nnan, ninf".parse::<arith::FastMathFlags>()?, flags);
    assert!("nnan,fastest".parse::<arith::FastMathFlags>().is_err());
    let words = flags.to_words();
    let x = entry.argument(2)?;
    let sum = arith::AddFOp::create(&at, &loc, &x, &x, Some(words.as_str().into()))?;
    assert_eq!(sum.fastmath()?.map(|a| a.to_string()).as_deref(), Some("#arith.fastmath<nnan,ninf>"));

    // AttrSizedOperandSegments: the builder writes operandSegmentSizes from the groups.
    let br = cf::CondBranchOp::create(&at, &loc, &entry.argument(0)?, &[entry.argument(1)?], &[], None, &yes, &no)?;
    assert_eq!(br.true_dest_operands()?.len(), 1);
    assert!(br.false_dest_operands()?.is_empty());
    assert_eq!((br.true_dest()?, br.false_dest()?), (yes.clone(), no.clone()));
    assert_eq!(br.attribute("operandSegmentSizes")?.map(|a| a.to_string()).as_deref(), Some("array<i32: 1, 1, 0>"));
    func::ReturnOp::create(&InsertionPoint::BlockEnd(yes), &loc, &[])?;
    func::ReturnOp::create(&InsertionPoint::BlockEnd(no), &loc, &[])?;
    module.verify()?;
    let text = module.to_string();
    assert!(text.contains("cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2"), "{text}");
    assert!(text.contains("func.func private @g"), "{text}");
    assert_eq!(g.sym_visibility()?.as_deref(), Some("private"));
    Ok(())
}

#[test]
fn what_cannot_be_built_is_a_clear_error() -> omnir::Result<()> {
    let ctx = Context::new();
    let loc = ctx.unknown_loc();
    let module = Module::new(&loc)?;
    let body = module.body()?;
    let arg = body.add_argument(&ctx.f32_type()?, &loc)?;
    let at = InsertionPoint::BlockEnd(body.clone());
    // Words that are no case of the attribute: the parser's diagnostic, and nothing is built.
    let e = arith::AddFOp::create(&at, &loc, &arg, &arg, Some("fastest".into())).unwrap_err();
    assert_eq!(e.status, Status::ParseFailed);
    assert!(e.message.contains("fastest"), "{e}");
    assert!(body.first_op()?.is_none(), "a failed build leaves nothing behind");
    // As MLIR's create, a build does not verify: operands of mismatched types make an op the
    // verifier then refuses, naming it.
    let int_arg = body.add_argument(&ctx.integer_type(32)?, &loc)?;
    let mixed = arith::AddIOp::create(&at, &loc, &int_arg, &arg, None)?;
    let e = mixed.verify().unwrap_err();
    assert_eq!(e.status, Status::VerificationFailed);
    assert!(e.message.contains("arith.addi"), "{e}");
    mixed.erase()?;
    // A value of erased IR: a stale handle, never undefined behaviour.
    let gone = arith::ConstantOp::create(&at, &loc, &ctx.integer_attr(&ctx.index_type()?, 1)?)?;
    let stale = gone.result()?;
    gone.erase()?;
    let e = arith::AddIOp::create(&at, &loc, &stale, &stale, None).unwrap_err();
    assert_eq!(e.status, Status::StaleHandle, "{e}");
    // A view whose op lacks what the definition requires (built generically): an error, not
    // a panic.
    ctx.set_allow_unregistered_dialects(true)?;
    let cmp = omnir::OperationBuilder::new("arith.cmpi", &loc).build_at(&at)?;
    let view = arith::CmpIOp::cast(&cmp).expect("named arith.cmpi");
    let e = view.predicate().unwrap_err();
    assert!(e.message.contains("predicate"), "{e}");
    Ok(())
}

/// Type and attribute kinds: built from plain values, printed as MLIR, cast from values of
/// any origin (parsed ones too), parameters read back; a shipped dialect's kind loads it.
#[test]
fn kinds_build_cast_and_read_back() -> omnir::Result<()> {
    use omnir_dialects::gpu;
    let ctx = Context::new();
    let token = gpu::AsyncTokenType::get(&ctx)?;
    assert_eq!(token.to_string(), "!gpu.async.token");
    assert!(gpu::AsyncTokenType::cast(&ctx.parse_type("!gpu.async.token")?).is_some());
    assert!(gpu::AsyncTokenType::cast(&ctx.f32_type()?).is_none());

    let flags = arith::FastmathAttr::get(&ctx, arith::FastMathFlags::NNAN | arith::FastMathFlags::NINF)?;
    assert_eq!(flags.to_string(), "#arith.fastmath<nnan,ninf>");
    let parsed = ctx.parse_attribute("#arith.fastmath<fast>")?;
    let view = arith::FastmathAttr::cast(&parsed).expect("a fastmath attribute");
    assert_eq!(view.value()?, arith::FastMathFlags::FAST);
    assert_eq!(*view, parsed);
    assert!(arith::FastmathAttr::cast(&ctx.parse_attribute("#arith.overflow<nsw>")?).is_none());
    assert!(arith::FastmathAttr::cast(&ctx.unit_attr()?).is_none());
    Ok(())
}
