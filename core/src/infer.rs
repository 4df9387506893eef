//! Result types an operation's definition implies (MLIR's `InferTypeOpInterface` as ODS
//! derives it): from `SameOperandsAndResultType`, `AllTypesMatch`, `TypesMatchWith` and
//! constraints that allow one type (`I1`, `Index`). The custom-syntax parser and the
//! generated builders (`results=None` in Python) share these rules: they are the ones
//! [`crate::asm::format::infer`] applies with every operand's type known.

use smallvec::SmallVec;

use crate::asm::format::{infer, BuildableType, TypeSource, TypeVar};
use crate::attrs::{AttrKind, Attribute};
use crate::context::Context;
use crate::context::Identifier;
use crate::dialect::{Arity, OpDef, Traits};
use crate::error::{Error, Result};
use crate::ir::OperationState;
use crate::types::{Signedness, Type, TypeKind};

/// Where each result group's type comes from once the operands are known; `None` when one
/// of them cannot be inferred (the op's builders then need its result types).
pub fn result_type_sources(def: &OpDef) -> Option<Vec<TypeSource>> {
    let typed_operands = vec![true; def.operands.len()];
    let typed_results = vec![false; def.results.len()];
    def.results
        .iter()
        .enumerate()
        .map(|(i, r)| infer(def, TypeVar::Result(i), &typed_operands, &typed_results, &r.constraint))
        .collect()
}

impl Context {
    /// The result types of an operation about to be created from `state` (named `name`),
    /// inferred from its definition; an error says why they cannot be.
    pub fn infer_result_types(&self, name: Identifier, state: &OperationState) -> Result<Vec<Type>> {
        let mut out = Vec::new();
        self.infer_result_types_into(name, state, &mut out)?;
        Ok(out)
    }

    /// [`Context::infer_result_types`] appended to `out` (which holds part of them on
    /// error): a builder that creates op after op reuses one buffer (no allocation per op on
    /// the common paths: the generated builders of every language come through here).
    pub fn infer_result_types_into(&self, name: Identifier, state: &OperationState, out: &mut Vec<Type>) -> Result<()> {
        let def = self.registry.op(name).ok_or_else(|| {
            let op_name = self.ident_str(name);
            Error::invalid(format!("operation '{op_name}' is not registered: its result types cannot be inferred"))
        })?;
        let cannot = |why: &str| {
            let op_name = self.ident_str(name);
            Error::invalid(format!("cannot infer the result types of '{op_name}': {why}"))
        };
        let sources =
            def.result_type_sources.as_deref().ok_or_else(|| cannot("its definition does not determine them"))?;
        // Most ops (arith's, math's, cmpi's i1): single groups, each result the type of one
        // operand or a fixed type. No group bookkeeping: this runs for every op a generated
        // builder creates.
        let all_single = |specs: &[crate::dialect::ValueSpec]| specs.iter().all(|s| s.arity == Arity::Single);
        if !def.has_trait(Traits::ATTR_SIZED_OPERAND_SEGMENTS)
            && state.operands.len() == def.operands.len()
            && all_single(&def.operands)
            && all_single(&def.results)
        {
            let start = out.len();
            for src in sources {
                match src {
                    TypeSource::SameAs(TypeVar::Operand(g)) => out.push(self.value_type(state.operands[*g])?),
                    TypeSource::Buildable(b) => out.push(self.buildable_type(b)?),
                    _ => break,
                }
            }
            if out.len() - start == sources.len() {
                return Ok(());
            }
            out.truncate(start);
        }
        let attr = |attr_name: &str| -> Option<Attribute> {
            state
                .attributes
                .iter()
                .find(|na| self.ident_str(na.name) == attr_name)
                .map(|na| na.value)
                .or_else(|| state.properties.and_then(|p| self.dictionary_get(p, attr_name)))
        };
        let sizes = operand_group_sizes(self, def, state.operands.len(), &attr).map_err(|e| cannot(&e))?;
        let mut starts: SmallVec<[usize; 4]> = SmallVec::with_capacity(sizes.len());
        let mut at = 0;
        for s in &sizes {
            starts.push(at);
            at += s;
        }
        let operand_type = |group: usize| -> Result<Type> {
            if sizes[group] == 0 {
                return Err(cannot(&format!("operand group '{}' is empty", def.operands[group].name)));
            }
            self.value_type(state.operands[starts[group]])
        };
        let mut groups: SmallVec<[Option<SmallVec<[Type; 1]>>; 2]> = smallvec::smallvec![None; sources.len()];
        // A result may take another result's type: a second pass resolves those.
        for _ in 0..2 {
            for (i, src) in sources.iter().enumerate() {
                if groups[i].is_some() {
                    continue;
                }
                let types: Option<SmallVec<[Type; 1]>> = match src {
                    TypeSource::Buildable(b) => Some(smallvec::smallvec![self.buildable_type(b)?]),
                    TypeSource::AttrType(a) => {
                        let attr_name = &def.attributes[*a].name;
                        let value =
                            attr(attr_name).ok_or_else(|| cannot(&format!("attribute '{attr_name}' is missing")))?;
                        let t = self
                            .attr_type(value)
                            .ok_or_else(|| cannot(&format!("attribute '{attr_name}' has no type")))?;
                        Some(smallvec::smallvec![t])
                    }
                    TypeSource::SameAs(TypeVar::Operand(g)) => Some(smallvec::smallvec![operand_type(*g)?]),
                    TypeSource::SameAs(TypeVar::Result(r)) => {
                        groups[*r].as_ref().and_then(|t| t.first().copied()).map(|t| smallvec::smallvec![t])
                    }
                    TypeSource::Derived(TypeVar::Operand(g), transform) => {
                        let from = operand_type(*g)?;
                        let types = transform.apply(self, from).ok_or_else(|| {
                            cannot(&format!(
                                "operand '{}' has type {}, which gives no result type",
                                def.operands[*g].name,
                                crate::asm::printer::print_type(self, from)
                            ))
                        })?;
                        Some(types.into_iter().collect())
                    }
                    TypeSource::Derived(TypeVar::Result(r), transform) => groups[*r]
                        .as_ref()
                        .and_then(|t| t.first().copied())
                        .and_then(|t| transform.apply(self, t))
                        .map(|v| v.into_iter().collect()),
                    _ => return Err(cannot("its definition does not determine them")),
                };
                groups[i] = types;
            }
        }
        out.reserve(groups.len());
        for (i, g) in groups.into_iter().enumerate() {
            let g = g.ok_or_else(|| cannot(&format!("result '{}' has no source", def.results[i].name)))?;
            if def.results[i].arity == Arity::Single && g.len() != 1 {
                return Err(cannot(&format!("result '{}' would get {} types", def.results[i].name, g.len())));
            }
            out.extend(g);
        }
        Ok(())
    }
}

impl Context {
    fn buildable_type(&self, b: &BuildableType) -> Result<Type> {
        Ok(match b {
            BuildableType::Integer(w) => self.integer_type(*w, Signedness::Signless)?,
            BuildableType::Index => self.index_type(),
            BuildableType::Float(k) => self.float_type(*k),
            BuildableType::Exactly(t) => *t,
        })
    }
}

/// The sizes of an op's operand groups before it exists: from `operandSegmentSizes` when
/// the op has it, else one variadic group takes the rest (or `SameVariadicOperandSize`
/// groups share it).
fn operand_group_sizes(
    ctx: &Context,
    def: &OpDef,
    n: usize,
    attr: &dyn Fn(&str) -> Option<Attribute>,
) -> std::result::Result<SmallVec<[usize; 4]>, String> {
    let specs = &def.operands;
    if def.has_trait(Traits::ATTR_SIZED_OPERAND_SEGMENTS) {
        let sizes: SmallVec<[usize; 4]> = match attr("operandSegmentSizes").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::DenseArray { element, data, .. })
                if matches!(ctx.type_kind(*element), TypeKind::Integer { width: 32, .. }) =>
            {
                data.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]).max(0) as usize).collect()
            }
            _ => return Err("'operandSegmentSizes' is missing".into()),
        };
        if sizes.len() != specs.len() || sizes.iter().sum::<usize>() != n {
            return Err("'operandSegmentSizes' does not match the operands".into());
        }
        return Ok(sizes);
    }
    let variadic = specs.iter().filter(|s| s.arity != Arity::Single).count();
    let fixed = specs.len() - variadic;
    if n < fixed {
        return Err(format!("expected at least {fixed} operands, got {n}"));
    }
    let each = match variadic {
        0 if n == fixed => 0,
        0 => return Err(format!("expected {fixed} operands, got {n}")),
        1 => n - fixed,
        _ if (n - fixed) % variadic == 0 => (n - fixed) / variadic,
        _ => return Err("the operands do not split into the variadic groups".into()),
    };
    Ok(specs.iter().map(|s| if s.arity == Arity::Single { 1 } else { each }).collect())
}
