//! Passes written in Rust: a struct implementing `Pass` (two-phase), with declared options
//! parsed from the pipeline text, next to the built-in passes.

mod pass_util;

use omnir_core::options::{OptionDecl, OptionType, OptionValue};
use omnir_core::pass::{Analysis, Pass, PassInfo, PassManager, PassOptions};
use omnir_core::{AttrKind, Context, Error, OpId, Result, WalkOrder};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Mode {
    Mark,
    Erase,
}

/// Marks (or erases, when unused) the `test.const` ops whose value is at least `threshold`
/// and whose `tag` attribute, if `tags` is not empty, is one of `tags`.
struct BigConstants {
    threshold: i64,
    tags: Vec<String>,
    mode: Mode,
}

impl BigConstants {
    fn from_options(o: &PassOptions) -> Result<BigConstants> {
        Ok(BigConstants {
            threshold: o.int("threshold")?,
            tags: o.strings("tags")?,
            mode: if o.string("mode")? == "erase" { Mode::Erase } else { Mode::Mark },
        })
    }

    fn selected(&self, ctx: &Context, op: OpId) -> Result<bool> {
        if ctx.op_name(op)? != "test.const" {
            return Ok(false);
        }
        let value = match ctx.op_attribute(op, "value")?.map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::Integer { value, .. }) => value.to_i64(32).unwrap_or(0),
            _ => return Ok(false),
        };
        if value < self.threshold {
            return Ok(false);
        }
        if self.tags.is_empty() {
            return Ok(true);
        }
        let tag = match ctx.op_attribute(op, "tag")?.map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::String { value, .. }) => String::from_utf8_lossy(value).to_string(),
            _ => return Ok(false),
        };
        Ok(self.tags.contains(&tag))
    }
}

impl Pass for BigConstants {
    fn has_analysis(&self) -> bool {
        true
    }

    fn analyze(&self, ctx: &Context, op: OpId) -> Result<Analysis> {
        let mut found = Vec::new();
        for o in ctx.collect_ops(op, WalkOrder::PreOrder)? {
            if self.selected(ctx, o)? {
                found.push(o);
            }
        }
        Ok(Box::new(found))
    }

    fn run(&self, ctx: &mut Context, _op: OpId, analysis: Option<Analysis>) -> Result<()> {
        let found = analysis.ok_or_else(|| Error::invalid("no analysis"))?;
        let found = found.downcast::<Vec<OpId>>().map_err(|_| Error::invalid("wrong analysis"))?;
        for op in *found {
            match self.mode {
                Mode::Mark => {
                    let unit = ctx.unit_attr();
                    ctx.set_op_attribute(op, "big", unit)?;
                }
                Mode::Erase => {
                    if !ctx.value_has_uses(ctx.op_result(op, 0)?)? {
                        ctx.erase_op(op)?;
                    }
                }
            }
        }
        Ok(())
    }
}

fn register(ctx: &Context) {
    let info = PassInfo::new("big-constants", "BigConstants", "Mark or erase large constants", |o| {
        Ok(Box::new(BigConstants::from_options(o)?))
    })
    .option(OptionDecl {
        name: "threshold".into(),
        ty: OptionType::Int,
        default: OptionValue::Int(10),
        help: "smallest value that counts as big".into(),
    })
    .option(OptionDecl {
        name: "tags".into(),
        ty: OptionType::List(Box::new(OptionType::String)),
        default: OptionValue::List(vec![]),
        help: "only constants with one of these tags".into(),
    })
    .option(OptionDecl {
        name: "mode".into(),
        ty: OptionType::Enum(vec!["mark".into(), "erase".into()]),
        default: OptionValue::Enum("mark".into()),
        help: "what to do with them".into(),
    });
    ctx.register_pass(info).unwrap();
}

const INPUT: &str = r#"
"builtin.module"() ({
  "test.func"() ({
    %0 = "test.const"() {value = 5 : i32} : () -> i32
    %1 = "test.const"() {tag = "a", value = 20 : i32} : () -> i32
    %2 = "test.const"() {tag = "b", value = 30 : i32} : () -> i32
    %3 = "test.const"() {value = 40 : i32} : () -> i32
    "test.ret"(%0, %1) : (i32, i32) -> ()
  }) {sym_name = "f"} : () -> ()
  "test.func"() ({
    %0 = "test.const"() {tag = "a", value = 50 : i32} : () -> i32
    "test.ret"() : () -> ()
  }) {sym_name = "g"} : () -> ()
}) : () -> ()
"#;

fn run(pipeline: &str) -> String {
    let mut ctx = pass_util::context();
    register(&ctx);
    let m = pass_util::parse(&mut ctx, INPUT);
    let mut pm = PassManager::parse(&ctx, pipeline).unwrap_or_else(|e| panic!("{e}"));
    pm.run(&mut ctx, m).unwrap();
    pass_util::print(&ctx, m)
}

#[test]
fn a_rust_pass_with_options_runs_from_a_textual_pipeline() {
    let out = run("builtin.module(test.func(big-constants))");
    assert_eq!(out.matches("big").count(), 4, "{out}");
    let out = run("builtin.module(test.func(big-constants{threshold=35}))");
    assert_eq!(out.matches("big").count(), 2, "{out}");
    let out = run("builtin.module(test.func(big-constants{tags=a}))");
    assert_eq!(out.matches("big").count(), 2, "{out}");
    assert!(out.contains(r#"{big, tag = "a", value = 20 : i32}"#), "{out}");
    // Erase the unused ones; then CSE/DCE see a smaller module.
    let out = run("builtin.module(test.func(big-constants{mode=erase threshold=0}, cse))");
    let expected = pass_util::dedent(
        r#"
        "builtin.module"() ({
          "test.func"() <{sym_name = "f"}> ({
            %0 = "test.const"() {value = 5 : i32} : () -> i32
            %1 = "test.const"() {tag = "a", value = 20 : i32} : () -> i32
            "test.ret"(%0, %1) : (i32, i32) -> ()
          }) : () -> ()
          "test.func"() <{sym_name = "g"}> ({
            "test.ret"() : () -> ()
          }) : () -> ()
        }) : () -> ()
        "#,
    );
    assert_eq!(out, expected);
}

#[test]
fn the_pipeline_prints_the_rust_pass_with_its_options() {
    let ctx = pass_util::context();
    register(&ctx);
    let pm = PassManager::parse(&ctx, "builtin.module(test.func(big-constants{mode=erase tags=a,b}))").unwrap();
    assert_eq!(pm.to_string(), "builtin.module(test.func(big-constants{tags=a,b mode=erase}))");
    let e = PassManager::parse(&ctx, "builtin.module(big-constants{mode=delete})").unwrap_err();
    assert_eq!(e.position, "builtin.module(big-constants{mode=".len());
    assert!(e.message.contains("mark, erase"), "{e}");
    let info = ctx.pass_info("big-constants").unwrap();
    assert_eq!(info.name, "BigConstants");
    assert_eq!(info.options.iter().map(|o| o.name.as_str()).collect::<Vec<_>>(), ["threshold", "tags", "mode"]);
}
