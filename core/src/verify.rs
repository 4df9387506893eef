//! The verifier, following MLIR's `Verifier.cpp` and the trait verifiers of
//! `OpDefinition.cpp`/`SymbolTable.cpp`, with MLIR's messages.
//!
//! [`Context::verify`] checks an operation and everything nested in it in one iterative
//! walk (no native recursion), reporting every failure as an error diagnostic at the
//! offending location. Unlike MLIR, which stops at the first failure, it reports all of them;
//! to avoid cascades, an op's remaining invariants (and the terminator checks of its blocks)
//! are skipped once one of its invariants failed, as MLIR would have stopped there. As in
//! MLIR, dominance failures come after the structural ones (MLIR checks dominance in a second
//! pass, once the structure is sound).
//!
//! What is checked:
//! - every op: no null operand; unregistered ops are accepted only from an unregistered
//!   dialect while the context allows them, or from a dialect that allows unknown ops;
//! - registered ops: region, result, successor and operand counts (with
//!   `operandSegmentSizes`/`resultSegmentSizes` when there are several variadic groups),
//!   inherent attributes and their constraints, operand and result types, traits, the
//!   [`BranchOpInterface`] successor operands, then the op's own verifier;
//! - regions and blocks: the entry block has no predecessors; an op with successors ends its
//!   block and branches inside its region; blocks end with a terminator unless their region
//!   may do without (single-block regions of ops with `NoTerminator` or of unregistered ops);
//! - SSA dominance of every operand in reachable blocks (see [`crate::dominance`]), and
//!   isolation of `IsolatedFromAbove` ops.

use crate::symbol::{SYMBOL_ATTR_NAME, VISIBILITY_ATTR_NAME};
use std::cell::RefCell;
use std::ops::Range;
use std::sync::Arc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::arena::NONE;
use crate::attrs::{AttrKind, Location};
use crate::context::{Context, Identifier};
use crate::diag::Diagnostic;
use crate::dialect::{split_dialect, Arity, InterfaceImpl, OpDef, Traits, ValueSpec};
use crate::dominance::{DominanceInfo, Pos};
use crate::error::{Error, ErrorKind, Result};
use crate::ir::{OpId, ValueRef};
use crate::typeid::TypeId;
use crate::types::{Signedness, Type, TypeKind};

/// Which operands a branch forwards to a successor's block arguments.
pub type SuccessorOperandsFn = Arc<dyn Fn(&Context, OpId, usize) -> Option<Range<usize>> + Send + Sync>;

/// MLIR's `BranchOpInterface`: for each successor, the operand indices forwarded to the
/// target block's arguments. The verifier checks their count and types against the block
/// arguments ("branch has 2 operands for successor #0, but target block has 1"). Ops without
/// it are not checked, as in MLIR. Attach it to an [`OpDef`] (`interfaces`) with
/// [`BranchOpInterface::from_fn`] or [`BranchOpInterface::operand_groups`].
#[derive(Clone)]
pub struct BranchOpInterface {
    /// The operand range forwarded to successor `index`; `None` when unknown (not checked).
    pub successor_operands: SuccessorOperandsFn,
}

impl BranchOpInterface {
    pub fn interface_id() -> TypeId {
        TypeId::of("builtin.BranchOpInterface")
    }

    pub fn from_fn(f: impl Fn(&Context, OpId, usize) -> Option<Range<usize>> + Send + Sync + 'static) -> InterfaceImpl {
        InterfaceImpl {
            interface: Self::interface_id(),
            methods: Arc::new(BranchOpInterface { successor_operands: Arc::new(f) }),
        }
    }

    /// Successor `i` receives operand group `first_group + i` of the op's signature: `0` for
    /// a `cf.br`-like op (`$destOperands`), `1` for a `cf.cond_br`-like op
    /// (`$condition, $trueDestOperands, $falseDestOperands`).
    pub fn operand_groups(first_group: usize) -> InterfaceImpl {
        Self::from_fn(move |ctx, op, i| ctx.op_operand_segments(op).ok()?.get(first_group + i).cloned())
    }
}

/// MLIR's `SingleBlockImplicitTerminator<"name">` trait, carried as an interface because it
/// has a parameter: every region has at most one block, which ends with `terminator`.
#[derive(Clone, Debug)]
pub struct SingleBlockImplicitTerminator {
    pub terminator: String,
}

impl SingleBlockImplicitTerminator {
    pub fn interface_id() -> TypeId {
        TypeId::of("builtin.SingleBlockImplicitTerminator")
    }

    /// The implementation to put in an [`OpDef`]'s `interfaces`.
    pub fn of(terminator: &str) -> InterfaceImpl {
        InterfaceImpl {
            interface: Self::interface_id(),
            methods: Arc::new(SingleBlockImplicitTerminator { terminator: terminator.into() }),
        }
    }
}

pub(crate) type Segments = SmallVec<[Range<usize>; 4]>;

#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Kind {
    Operand,
    Result,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Operand => "operand",
            Kind::Result => "result",
        }
    }
}

/// The ranges of an op's operand (or result) groups per its definition, or the reason they
/// cannot be determined (an MLIR message without the `'name' op` prefix).
pub(crate) fn segments(ctx: &Context, op: OpId, def: &OpDef, kind: Kind) -> std::result::Result<Segments, String> {
    let d = ctx.ir.ops.get(op.index);
    let (specs, n, sized, attr_name): (&[ValueSpec], usize, bool, &str) = match kind {
        Kind::Operand => {
            (&def.operands, d.operands.len(), def.has_trait(Traits::ATTR_SIZED_OPERAND_SEGMENTS), "operandSegmentSizes")
        }
        Kind::Result => {
            (&def.results, d.results.len(), def.has_trait(Traits::ATTR_SIZED_RESULT_SEGMENTS), "resultSegmentSizes")
        }
    };
    let word = kind.word();
    let sizes: SmallVec<[usize; 4]> = if sized {
        let attr = ctx.op_inherent_or_discardable(op, attr_name).ok().flatten();
        let raw: Vec<i32> = match attr.map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::DenseArray { element, data, .. })
                if matches!(
                    ctx.type_kind(*element),
                    TypeKind::Integer { width: 32, signedness: Signedness::Signless }
                ) =>
            {
                data.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
            }
            _ => return Err(format!("requires dense i32 array attribute '{attr_name}'")),
        };
        if raw.iter().any(|&s| s < 0) {
            return Err(format!("'{attr_name}' attribute cannot have negative elements"));
        }
        if raw.len() != specs.len() {
            return Err(format!(
                "'{attr_name}' attribute for specifying {word} segments must have {} elements, but got {}",
                specs.len(),
                raw.len()
            ));
        }
        let total: usize = raw.iter().map(|&s| s as usize).sum();
        if total != n {
            return Err(format!(
                "{word} count ({n}) does not match with the total size ({total}) specified in attribute '{attr_name}'"
            ));
        }
        raw.into_iter().map(|s| s as usize).collect()
    } else {
        let variadic = specs.iter().filter(|s| s.arity != Arity::Single).count();
        let fixed = specs.len() - variadic;
        match variadic {
            0 => {
                if n != fixed {
                    return Err(match (kind, fixed) {
                        (Kind::Operand, 0) => "requires zero operands".into(),
                        (Kind::Operand, 1) => "requires a single operand".into(),
                        (Kind::Operand, _) => format!("expected {fixed} operands, but found {n}"),
                        (Kind::Result, 0) => "requires zero results".into(),
                        (Kind::Result, 1) => "requires one result".into(),
                        (Kind::Result, _) => format!("expected {fixed} results"),
                    });
                }
                smallvec::smallvec![1; fixed]
            }
            1 => {
                if n < fixed {
                    return Err(match kind {
                        Kind::Operand => format!("expected {fixed} or more operands, but found {n}"),
                        Kind::Result => format!("expected {fixed} or more results"),
                    });
                }
                specs.iter().map(|s| if s.arity == Arity::Single { 1 } else { n - fixed }).collect()
            }
            _ if def.trait_names.iter().any(|t| {
                t == match kind {
                    Kind::Operand => "SameVariadicOperandSize",
                    Kind::Result => "SameVariadicResultSize",
                }
            }) =>
            {
                // ODS's SameVariadic{Operand,Result}Size: the variadic groups share the rest.
                if n < fixed || (n - fixed) % variadic != 0 {
                    return Err(format!("expected {fixed} {word}s plus a multiple of {variadic}, but found {n}"));
                }
                let each = (n - fixed) / variadic;
                specs.iter().map(|s| if s.arity == Arity::Single { 1 } else { each }).collect()
            }
            _ => {
                let t = match kind {
                    Kind::Operand => "ATTR_SIZED_OPERAND_SEGMENTS",
                    Kind::Result => "ATTR_SIZED_RESULT_SEGMENTS",
                };
                return Err(format!(
                    "has {variadic} variadic {word} groups, which needs the {t} trait and a '{attr_name}' attribute to tell them apart"
                ));
            }
        }
    };
    let mut out = Segments::with_capacity(sizes.len());
    let mut start = 0;
    for (spec, len) in specs.iter().zip(sizes) {
        match spec.arity {
            Arity::Single if len != 1 => {
                return Err(format!("{word} group starting at #{start} requires 1 element, but found {len}"))
            }
            Arity::Optional if len > 1 => {
                return Err(format!("{word} group starting at #{start} requires 0 or 1 element, but found {len}"))
            }
            _ => {}
        }
        out.push(start..start + len);
        start += len;
    }
    Ok(out)
}

/// Marks a verifier's message that is not about the op itself (MLIR's `emitError` rather
/// than `emitOpError`): reported without the `'name' op` prefix. See [`plain_error`].
const PLAIN_ERROR: &str = "\u{0}plain:";

/// The message of a [`plain_error`], if `message` is one.
pub(crate) fn strip_plain_error(message: &str) -> Option<&str> {
    message.strip_prefix(PLAIN_ERROR)
}

/// A message for an op verifier to return that is reported as it is, without the
/// `'dialect.op' op ` prefix of [`crate::dialect::OpVerifier`] messages.
pub fn plain_error(message: impl std::fmt::Display) -> String {
    format!("{PLAIN_ERROR}{message}")
}

/// Marks a verifier's message reported at another location than the op's, with a note
/// "see the operation" at the op (upstream IRDL's errors about a region's arguments).
const LOCATED_ERROR: &str = "\u{0}at:";

/// A message for an op verifier to return that is reported at `location` (a block argument,
/// say) with the note "see the operation" at the op.
pub fn error_at_with_op_note(location: Location, message: impl std::fmt::Display) -> String {
    format!("{LOCATED_ERROR}{}:{message}", location.attr().index())
}

impl Context {
    /// Verifies `op` and everything nested in it. Each failure is emitted as an error
    /// diagnostic; the result is `ErrorKind::VerificationFailed` with the first failure's
    /// message (and how many more there were). A stale `op` gives `StaleHandle`.
    pub fn verify(&self, op: OpId) -> Result<()> {
        self.op_data(op)?;
        // On the heap: callers may run on small stacks (printing deep IR on a thread).
        let mut v = Box::new(Verifier::new(self));
        v.run(op.index);
        match v.first {
            None => Ok(()),
            Some(first) => {
                let message = if v.errors == 1 {
                    first
                } else {
                    format!("{first} (and {} more verification errors)", v.errors - 1)
                };
                Err(Error::new(ErrorKind::VerificationFailed, message))
            }
        }
    }

    /// Verifies `op` and everything nested in it as [`Context::verify`] does, but returns the
    /// failures (in the order `verify` would emit them) instead of emitting them: empty when
    /// `op` verifies. For callers that report them their own way (the parser, which fails
    /// with them). Diagnostics that an op's verifier callback emits itself still go to the
    /// handlers. A stale `op` gives `StaleHandle`.
    pub fn verify_diagnostics(&self, op: OpId) -> Result<Vec<Diagnostic>> {
        self.op_data(op)?;
        // On the heap: callers may run on small stacks (printing deep IR on a thread).
        let mut v = Box::new(Verifier::new(self));
        v.sink = Some(Vec::new());
        v.run(op.index);
        Ok(v.sink.unwrap_or_default())
    }

    /// The operand index ranges of each operand group of a registered op, as its definition
    /// lays them out (MLIR's `getODSOperandIndexAndLength`).
    pub fn op_operand_segments(&self, op: OpId) -> Result<Vec<Range<usize>>> {
        self.op_groups(op, Kind::Operand)
    }

    /// Replaces the operands of operand group `group` of a registered op with `values`,
    /// keeping `operandSegmentSizes` in step when the op has one.
    pub fn set_operand_group(&mut self, op: OpId, group: usize, values: &[crate::ir::Value]) -> Result<()> {
        let groups = self.op_operand_segments(op)?;
        let range =
            groups.get(group).cloned().ok_or_else(|| Error::out_of_range("operand group", group, groups.len()))?;
        let mut operands = self.op_operands(op)?;
        operands.splice(range.clone(), values.iter().copied());
        let sized = self.op_def(op)?.is_some_and(|d| d.has_trait(Traits::ATTR_SIZED_OPERAND_SEGMENTS));
        let sizes_attr = if sized {
            let sizes: Vec<u8> = groups
                .iter()
                .enumerate()
                .flat_map(|(i, r)| (if i == group { values.len() } else { r.len() } as i32).to_le_bytes())
                .collect();
            let i32_ty = self.integer_type(32, Signedness::Signless)?;
            Some(self.dense_array_attr(i32_ty, &sizes)?)
        } else {
            None
        };
        self.set_operands(op, &operands)?;
        if let Some(attr) = sizes_attr {
            // The sizes are a property even though no definition declares them.
            let name = self.identifier("operandSegmentSizes");
            let mut entries: Vec<crate::attrs::NamedAttribute> =
                self.op_properties(op)?.map(|p| self.dictionary_entries(p).to_vec()).unwrap_or_default();
            entries.retain(|e| e.name != name);
            entries.push(crate::attrs::NamedAttribute { name, value: attr });
            entries.sort_by(|a, b| self.ident_str(a.name).cmp(self.ident_str(b.name)));
            let dict = self.dictionary_attr(&entries)?;
            self.set_op_properties(op, Some(dict))?;
        }
        Ok(())
    }

    /// Erases operand `index` of a registered op (MLIR's `MutableOperandRange::erase`),
    /// shrinking its group.
    pub fn erase_operand(&mut self, op: OpId, index: usize) -> Result<()> {
        let groups = self.op_operand_segments(op)?;
        let group = groups
            .iter()
            .position(|r| r.contains(&index))
            .ok_or_else(|| Error::out_of_range("operand", index, self.op_num_operands(op).unwrap_or(0)))?;
        let mut values = self.op_operands(op)?[groups[group].clone()].to_vec();
        values.remove(index - groups[group].start);
        self.set_operand_group(op, group, &values)
    }

    /// The result index ranges of each result group of a registered op.
    pub fn op_result_segments(&self, op: OpId) -> Result<Vec<Range<usize>>> {
        self.op_groups(op, Kind::Result)
    }

    fn op_groups(&self, op: OpId, kind: Kind) -> Result<Vec<Range<usize>>> {
        let name = self.op_data(op)?.name;
        let def = self.registry.op(name).ok_or_else(|| {
            Error::new(ErrorKind::NotRegistered, format!("operation '{}' is not registered", self.ident_str(name)))
        })?;
        segments(self, op, def, kind)
            .map(|s| s.into_vec())
            .map_err(|m| Error::invalid(format!("'{}' op {m}", self.ident_str(name))))
    }
}

/// One op whose regions are being walked: the walk's stack is the chain of ancestors of the
/// op being visited, which resolves "the ancestor of this op in region R" in O(1).
struct Frame {
    op: u32,
    region: u32,
    region_i: usize,
    block: u32,
    next_op: u32,
    /// Whether `block` is reachable from its region's entry (dominance is checked only there).
    reachable: bool,
    /// Index of the innermost frame whose op is IsolatedFromAbove, or NONE.
    isolated: u32,
    /// Whether the op's invariants held (else its blocks' terminators are not checked).
    ok: bool,
}

struct Verifier<'c> {
    ctx: &'c Context,
    dom: DominanceInfo<'c>,
    errors: usize,
    first: Option<String>,
    frames: Vec<Frame>,
    /// Region -> index of the frame that walked (or walks) it.
    region_frame: FxHashMap<u32, u32>,
    /// For each region above the root: the root's ancestor (block, op) in it.
    root_ancestors: FxHashMap<u32, (u32, u32)>,
    /// Dominance failures, reported after the structural ones (MLIR checks dominance in a
    /// second pass).
    deferred: Vec<Diagnostic>,
    /// The interfaces the verifier consults, per registered op name.
    interfaces: RefCell<FxHashMap<Identifier, OpInterfaces<'c>>>,
    /// Where failures go instead of the context's handlers, when collecting.
    sink: Option<Vec<Diagnostic>>,
}

#[derive(Copy, Clone)]
struct OpInterfaces<'c> {
    implicit_terminator: Option<&'c SingleBlockImplicitTerminator>,
    branch: Option<&'c BranchOpInterface>,
}

impl<'c> Verifier<'c> {
    fn new(ctx: &'c Context) -> Verifier<'c> {
        Verifier {
            ctx,
            dom: DominanceInfo::new(ctx),
            errors: 0,
            first: None,
            frames: Vec::new(),
            region_frame: FxHashMap::default(),
            root_ancestors: FxHashMap::default(),
            deferred: Vec::new(),
            interfaces: RefCell::new(FxHashMap::default()),
            sink: None,
        }
    }

    fn interfaces(&self, name: Identifier, def: &OpDef) -> OpInterfaces<'c> {
        if let Some(&i) = self.interfaces.borrow().get(&name) {
            return i;
        }
        let ctx = self.ctx;
        let i = OpInterfaces {
            implicit_terminator: ctx
                .op_interface(&def.name, SingleBlockImplicitTerminator::interface_id())
                .and_then(|i| i.methods.downcast_ref::<SingleBlockImplicitTerminator>()),
            branch: ctx
                .op_interface(&def.name, BranchOpInterface::interface_id())
                .and_then(|i| i.methods.downcast_ref::<BranchOpInterface>()),
        };
        self.interfaces.borrow_mut().insert(name, i);
        i
    }

    fn emit(&mut self, d: Diagnostic) {
        self.errors += 1;
        if self.first.is_none() {
            self.first = Some(d.message.clone());
        }
        match &mut self.sink {
            Some(sink) => sink.push(d),
            None => self.ctx.emit_diagnostic(d),
        }
    }

    fn op_error(&self, op: u32, msg: impl std::fmt::Display) -> Diagnostic {
        let d = self.ctx.ir.ops.get(op);
        Diagnostic::error(d.loc, format!("'{}' op {msg}", self.ctx.ident_str(d.name)))
    }

    fn loc(&self, op: u32) -> Location {
        self.ctx.ir.ops.get(op).loc
    }

    fn def(&self, op: u32) -> Option<&'c Arc<OpDef>> {
        self.ctx.registry.op(self.ctx.ir.ops.get(op).name)
    }

    fn is_isolated(&self, op: u32) -> bool {
        self.def(op).is_some_and(|d| d.has_trait(Traits::ISOLATED_FROM_ABOVE))
    }

    fn run(&mut self, root: u32) {
        let ctx = self.ctx;
        // The root's ancestors, for uses of values defined above the root.
        let mut cur = root;
        loop {
            let b = ctx.ir.link(cur).parent;
            if b == NONE {
                break;
            }
            let r = ctx.ir.blocks.get(b).parent;
            if r == NONE {
                break;
            }
            self.root_ancestors.insert(r, (b, cur));
            cur = ctx.ir.regions.get(r).parent;
        }

        let ok = self.check_op(root);
        self.push_frame(root, ok);
        while let Some(t) = self.frames.len().checked_sub(1) {
            let next = self.frames[t].next_op;
            if next == NONE {
                if !self.advance(t) {
                    self.frames.pop();
                }
                continue;
            }
            self.frames[t].next_op = ctx.ir.link(next).next;
            let ok = self.check_op(next);
            self.check_operands_in_place(next, t);
            self.push_frame(next, ok);
        }
        for d in std::mem::take(&mut self.deferred) {
            self.emit(d);
        }
    }

    fn push_frame(&mut self, op: u32, ok: bool) {
        if self.ctx.ir.ops.get(op).regions().is_empty() {
            return;
        }
        let index = self.frames.len() as u32;
        let isolated = if self.is_isolated(op) { index } else { self.frames.last().map_or(NONE, |f| f.isolated) };
        self.frames.push(Frame {
            op,
            region: NONE,
            region_i: 0,
            block: NONE,
            next_op: NONE,
            reachable: true,
            isolated,
            ok,
        });
    }

    /// Moves frame `t` to its next non-empty block; false when its op has no more.
    fn advance(&mut self, t: usize) -> bool {
        let ctx = self.ctx;
        let regions = ctx.ir.ops.get(self.frames[t].op).regions();
        let fresh = self.frames[t].block == NONE;
        if !fresh {
            self.block_exit(self.frames[t].block, self.frames[t].ok);
        }
        let mut ri = self.frames[t].region_i;
        let mut b = if fresh { NONE } else { ctx.ir.blocks.get(self.frames[t].block).next };
        let mut enter_region = fresh;
        loop {
            if b != NONE {
                let first = ctx.ir.blocks.get(b).first_op;
                if first != NONE {
                    let reachable = self.dom.reachable(b);
                    let f = &mut self.frames[t];
                    f.block = b;
                    f.next_op = first;
                    f.reachable = reachable;
                    return true;
                }
                b = ctx.ir.blocks.get(b).next;
                continue;
            }
            if enter_region {
                enter_region = false;
            } else {
                ri += 1;
            }
            if ri >= regions.len() {
                return false;
            }
            let r = regions[ri];
            self.region_frame.insert(r, t as u32);
            self.frames[t].region = r;
            self.frames[t].region_i = ri;
            b = ctx.ir.regions.get(r).first_block;
        }
    }

    /// The ancestor (block, op) of op `user` (visited by frame `t`) in `region`, and whether
    /// `region` differs from the user's own region.
    fn ancestor_in(&self, region: u32, t: usize, user: u32) -> Option<(u32, u32, bool)> {
        if region == NONE {
            return None;
        }
        if region == self.frames[t].region {
            return Some((self.frames[t].block, user, false));
        }
        if let Some(&k) = self.region_frame.get(&region) {
            let k = k as usize;
            if k < t && self.frames[k].region == region {
                return Some((self.frames[k].block, self.frames[k + 1].op, true));
            }
        }
        self.root_ancestors.get(&region).map(|&(b, o)| (b, o, true))
    }

    /// Whether `region` is inside the region frame `k` is walking (user in frame `t`).
    fn region_within(&self, region: u32, k: usize, t: usize) -> bool {
        let target = self.frames[k].region;
        if let Some(&j) = self.region_frame.get(&region) {
            let j = j as usize;
            if j <= t && self.frames[j].region == region {
                return j >= k;
            }
        }
        if self.root_ancestors.contains_key(&region) {
            return false;
        }
        // Off the current path (only in invalid or unreachable code): walk up.
        let ctx = self.ctx;
        let mut cur = region;
        loop {
            if cur == target {
                return true;
            }
            let b = ctx.ir.link(ctx.ir.regions.get(cur).parent).parent;
            if b == NONE {
                return false;
            }
            cur = ctx.ir.blocks.get(b).parent;
            if cur == NONE {
                return false;
            }
        }
    }

    /// Isolation and dominance of the operands of `op`, visited by frame `t`.
    fn check_operands_in_place(&mut self, op: u32, t: usize) {
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        let isolated = self.frames[t].isolated;
        let reachable = self.frames[t].reachable;
        let use_block = self.frames[t].block;
        for (i, slot) in d.operands.iter().enumerate() {
            let v = slot.value;
            if v.is_null() {
                continue;
            }
            let (def_block, def_pos) =
                if v.is_arg() { (v.owner, Pos::Start) } else { (ctx.ir.link(v.owner).parent, Pos::Op(v.owner)) };
            let def_region = if def_block == NONE { NONE } else { ctx.ir.blocks.get(def_block).parent };
            if isolated != NONE {
                if def_region == NONE {
                    self.emit(Diagnostic::error(d.loc, "operation's operand is unlinked"));
                    continue;
                }
                if !self.region_within(def_region, isolated as usize, t) {
                    let iso_loc = self.loc(self.frames[isolated as usize].op);
                    let diag = self
                        .op_error(op, "using value defined outside the region")
                        .with_note(iso_loc, "required by region isolation constraints");
                    self.emit(diag);
                    continue;
                }
            }
            if !reachable {
                continue;
            }
            let dominates = if v.is_arg() && def_block == use_block {
                true
            } else {
                match self.ancestor_in(def_region, t, op) {
                    None => false,
                    Some((b_block, b_op, normalized)) => {
                        self.dom.dominates_in_region(def_block, def_pos, b_block, Pos::Op(b_op), normalized, v.is_arg())
                    }
                }
            };
            if !dominates {
                let diag = self.dominance_error(op, i, v);
                self.deferred.push(diag);
            }
        }
    }

    /// MLIR's `diagnoseInvalidOperandDominance`.
    fn dominance_error(&self, op: u32, index: usize, v: ValueRef) -> Diagnostic {
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        let diag = Diagnostic::error(d.loc, format!("operand #{index} does not dominate this use"));
        let use_block = ctx.ir.link(op).parent;
        let use_region = ctx.ir.blocks.get(use_block).parent;
        let relation = |def_region: u32| {
            if def_region == use_region {
                "same region"
            } else if self.region_is_proper_ancestor(def_region, use_region) {
                "parent region"
            } else if self.region_is_proper_ancestor(use_region, def_region) {
                "child region"
            } else {
                "neither"
            }
        };
        if !v.is_arg() {
            let def = ctx.ir.ops.get(v.owner);
            let def_block = ctx.ir.link(v.owner).parent;
            let def_region = if def_block == NONE { NONE } else { ctx.ir.blocks.get(def_block).parent };
            let what = if def_block == use_block {
                "op in the same block"
            } else {
                match relation(def_region) {
                    "same region" => "op in the same region",
                    "parent region" => "op in a parent region",
                    "child region" => "op in a child region",
                    _ => "op is neither in a parent nor in a child region",
                }
            };
            return diag.with_note(def.loc, format!("operand defined here ({what})"));
        }
        let owner = v.owner;
        let def_region = ctx.ir.blocks.get(owner).parent;
        let note_loc = ctx.parent_op_of_block_index(owner).map_or_else(|| ctx.unknown_loc(), |p| self.loc(p));
        if def_region == NONE {
            return diag.with_note(note_loc, " (block without parent)");
        }
        let mut index_in_region = 0;
        let mut b = ctx.ir.regions.get(def_region).first_block;
        while b != NONE && b != owner {
            index_in_region += 1;
            b = ctx.ir.blocks.get(b).next;
        }
        let where_ = match relation(def_region) {
            "same region" => "in the same region",
            "parent region" => "in a parent region",
            "child region" => "in a child region",
            _ => "neither in a parent nor in a child region",
        };
        diag.with_note(note_loc, format!("operand defined as a block argument (block #{index_in_region} {where_})"))
    }

    /// Whether region `a` strictly contains region `b` (walks up from `b`; error path only).
    fn region_is_proper_ancestor(&self, a: u32, b: u32) -> bool {
        let ctx = self.ctx;
        if a == NONE || b == NONE || a == b {
            return false;
        }
        let mut cur = b;
        loop {
            let parent_block = ctx.ir.link(ctx.ir.regions.get(cur).parent).parent;
            if parent_block == NONE {
                return false;
            }
            cur = ctx.ir.blocks.get(parent_block).parent;
            if cur == NONE {
                return false;
            }
            if cur == a {
                return true;
            }
        }
    }

    // ---- per-op checks ----

    /// The checks of one op and of its regions' blocks on entry; false if its invariants
    /// failed.
    fn check_op(&mut self, op: u32) -> bool {
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        let mut ok = true;
        if d.operands.iter().any(|s| s.value.is_null()) {
            self.emit(Diagnostic::error(d.loc, "null operand found"));
            ok = false;
        }
        let def = self.def(op);
        match def {
            Some(def) => {
                if ok {
                    if let Err(diag) = self.invariants(op, def) {
                        self.emit(diag);
                        ok = false;
                    }
                }
            }
            None => self.check_unregistered(op),
        }
        let regions = d.regions();
        for (i, &r) in regions.iter().enumerate() {
            let rd = ctx.ir.regions.get(r);
            if rd.first_block == NONE {
                continue;
            }
            if ok && def.is_some_and(|d| d.has_trait(Traits::GRAPH_REGIONS)) && rd.first_block != rd.last_block {
                let diag = self.op_error(op, format!("expects graph region #{i} to have 0 or 1 blocks"));
                self.emit(diag);
                ok = false;
            }
            if ctx.block_has_predecessors(ctx.block_handle(rd.first_block)).unwrap_or(false) {
                self.emit(Diagnostic::error(d.loc, "entry block of region may not have predecessors"));
            }
        }
        if ok {
            if let Some(def) = def {
                if def.has_trait(Traits::SYMBOL_TABLE) {
                    self.check_symbol_table(op);
                }
            }
        }
        for &r in regions {
            let mut b = ctx.ir.regions.get(r).first_block;
            while b != NONE {
                self.block_entry(b, op, ok);
                b = ctx.ir.blocks.get(b).next;
            }
        }
        ok
    }

    fn check_unregistered(&mut self, op: u32) {
        let ctx = self.ctx;
        let name = ctx.ident_str(ctx.ir.ops.get(op).name);
        let dialect = split_dialect(name);
        match dialect.and_then(|d| ctx.dialect(d)) {
            None => {
                if !ctx.allow_unregistered_dialects() {
                    let diag = self.op_error(
                        op,
                        "created with unregistered dialect. If this is intended, please call \
                         allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect \
                         with the MLIR opt tool used",
                    );
                    self.emit(diag);
                }
            }
            Some(dd) => {
                if !dd.allow_unknown_operations {
                    let msg = format!(
                        "unregistered operation '{name}' found in dialect ('{}') that does not allow unknown operations",
                        dd.name
                    );
                    self.emit(Diagnostic::error(self.loc(op), msg));
                }
            }
        }
    }

    /// The invariants of a registered op, in the order MLIR's generated `verifyInvariants`
    /// runs them; the first failure is returned.
    fn invariants(&self, op: u32, def: &OpDef) -> std::result::Result<(), Diagnostic> {
        let ctx = self.ctx;
        let handle = ctx.op_handle(op);
        let d = ctx.ir.ops.get(op);
        let err = |msg: String| self.op_error(op, msg);

        // Counts: regions, results, successors, operands.
        let nr = d.regions().len();
        if def.values_checked_by_hook {
        } else if def.variadic_regions {
            if nr < def.num_regions {
                return Err(err(format!("expected {} or more regions", def.num_regions)));
            }
        } else if nr != def.num_regions {
            return Err(err(match def.num_regions {
                0 => "requires zero regions".into(),
                1 => "requires one region".into(),
                n => format!("expected {n} regions"),
            }));
        }
        let result_groups = if def.values_checked_by_hook {
            Segments::new()
        } else {
            segments(ctx, handle, def, Kind::Result).map_err(err)?
        };
        let ns = d.successors().len();
        if def.variadic_successors {
            if ns < def.num_successors {
                return Err(err(format!("requires at least {} successors but found {ns}", def.num_successors)));
            }
        } else if ns != def.num_successors {
            return Err(err(match def.num_successors {
                1 => format!("requires 1 successor but found {ns}"),
                n => format!("requires {n} successors but found {ns}"),
            }));
        }
        if def.num_successors > 0 || def.variadic_successors {
            let parent = ctx.ir.link(op).parent;
            let region = if parent == NONE { NONE } else { ctx.ir.blocks.get(parent).parent };
            if d.successors().iter().any(|s| ctx.ir.blocks.get(s.block).parent != region) {
                return Err(Diagnostic::error(d.loc, "reference to block defined in another region"));
            }
        }
        let operand_groups = if def.values_checked_by_hook {
            Segments::new()
        } else {
            segments(ctx, handle, def, Kind::Operand).map_err(err)?
        };

        // Inherent attributes.
        for spec in def.attributes.iter().filter(|_| !def.values_checked_by_hook) {
            match ctx.op_inherent_or_discardable(handle, &spec.name).ok().flatten() {
                None if !spec.optional => return Err(err(format!("requires attribute '{}'", spec.name))),
                Some(a) if !spec.constraint.check(ctx, a) => {
                    return Err(err(format!(
                        "attribute '{}' failed to satisfy constraint: {}",
                        spec.name,
                        spec.constraint.summary(ctx)
                    )));
                }
                _ => {}
            }
        }

        // Operand and result types.
        for (spec, range) in def.operands.iter().zip(&operand_groups) {
            for i in range.clone() {
                let ty = ctx.value_type_ref(d.operands[i].value);
                if !spec.constraint.check(ctx, ty) {
                    return Err(err(type_message(ctx, Kind::Operand, i, spec, ty)));
                }
            }
        }
        for (spec, range) in def.results.iter().zip(&result_groups) {
            for i in range.clone() {
                let ty = d.results[i].ty;
                if !spec.constraint.check(ctx, ty) {
                    return Err(err(type_message(ctx, Kind::Result, i, spec, ty)));
                }
            }
        }

        // Traits.
        if def.has_trait(Traits::IS_TERMINATOR) {
            let parent = ctx.ir.link(op).parent;
            let last = if parent == NONE { NONE } else { ctx.ir.blocks.get(parent).last_op };
            if last != op {
                return Err(err("must be the last operation in the parent block".into()));
            }
        }
        if def.has_trait(Traits::NO_REGION_ARGUMENTS) {
            for (i, &r) in d.regions().iter().enumerate() {
                let entry = ctx.ir.regions.get(r).first_block;
                if entry != NONE && !ctx.ir.blocks.get(entry).args.is_empty() {
                    return Err(err(if nr > 1 {
                        format!("region #{i} should have no arguments")
                    } else {
                        "region should have no arguments".into()
                    }));
                }
            }
        }
        let ifaces = self.interfaces(d.name, def);
        let implicit = ifaces.implicit_terminator;
        if def.has_trait(Traits::SINGLE_BLOCK) || implicit.is_some() {
            for (i, &r) in d.regions().iter().enumerate() {
                let rd = ctx.ir.regions.get(r);
                if rd.first_block == NONE {
                    continue;
                }
                if rd.first_block != rd.last_block {
                    return Err(err(format!("expects region #{i} to have 0 or 1 blocks")));
                }
                if !def.has_trait(Traits::NO_TERMINATOR) && ctx.ir.blocks.get(rd.first_block).first_op == NONE {
                    return Err(err("expects a non-empty block".into()));
                }
            }
        }
        if let Some(implicit) = implicit {
            for &r in d.regions() {
                let entry = ctx.ir.regions.get(r).first_block;
                if entry == NONE {
                    continue;
                }
                let last = ctx.ir.blocks.get(entry).last_op;
                let found = ctx.ident_str(ctx.ir.ops.get(last).name);
                if found != implicit.terminator {
                    return Err(err(format!("expects regions to end with '{}', found '{found}'", implicit.terminator))
                        .with_note(
                            d.loc,
                            format!(
                                "in custom textual format, the absence of terminator implies '{}'",
                                implicit.terminator
                            ),
                        ));
                }
            }
        }
        if def.has_trait(Traits::SAME_OPERANDS_AND_RESULT_TYPE) {
            self.same_operands_and_result_type(op)?;
        }
        if def.has_trait(Traits::SYMBOL) {
            let name = ctx.op_inherent_or_discardable(handle, SYMBOL_ATTR_NAME).ok().flatten();
            let is_string = name.is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::String { .. }));
            if !is_string && (name.is_some() || !def.has_trait(Traits::OPTIONAL_SYMBOL)) {
                return Err(err("requires string attribute 'sym_name'".into()));
            }
            if let Some(vis) = ctx.op_inherent_or_discardable(handle, VISIBILITY_ATTR_NAME).ok().flatten() {
                match ctx.attr_kind(vis) {
                    AttrKind::String { value, .. } => {
                        if !matches!(&value[..], b"public" | b"private" | b"nested") {
                            return Err(err(format!(
                                "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"{}\"",
                                String::from_utf8_lossy(value)
                            )));
                        }
                    }
                    _ => {
                        return Err(err(
                            "requires visibility attribute 'sym_visibility' to be a string attribute".into()
                        ))
                    }
                }
            }
        }
        if def.has_trait(Traits::SYMBOL_TABLE) {
            if nr != 1 {
                return Err(err("Operations with a 'SymbolTable' must have exactly one region".into()));
            }
            let rd = ctx.ir.regions.get(d.regions()[0]);
            if rd.first_block == NONE || rd.first_block != rd.last_block {
                return Err(err("Operations with a 'SymbolTable' must have exactly one block".into()));
            }
        }

        // Successor operands (BranchOpInterface).
        if ns > 0 {
            if let Some(branch) = ifaces.branch {
                for (k, s) in d.successors().iter().enumerate() {
                    let Some(range) = (branch.successor_operands)(ctx, handle, k) else { continue };
                    let args = &ctx.ir.blocks.get(s.block).args;
                    if range.end > d.operands.len() || range.len() != args.len() {
                        return Err(Diagnostic::error(
                            d.loc,
                            format!(
                                "branch has {} operands for successor #{k}, but target block has {}",
                                range.len(),
                                args.len()
                            ),
                        ));
                    }
                    for (j, i) in range.enumerate() {
                        if ctx.value_type_ref(d.operands[i].value) != args[j].ty {
                            return Err(Diagnostic::error(
                                d.loc,
                                format!("type mismatch for bb argument #{j} of successor #{k}"),
                            ));
                        }
                    }
                }
            }
        }

        // ODS `HasParent` / `ParentOneOf`.
        if !def.parents.is_empty() {
            let parent = ctx.op_parent_op(handle).ok().flatten();
            let name = parent.and_then(|p| ctx.op_name(p).ok());
            if !name.is_some_and(|n| def.parents.iter().any(|p| p == n)) {
                return Err(err(if def.parents.len() == 1 {
                    format!("expects parent op '{}'", def.parents[0])
                } else {
                    format!("expects parent op to be one of '{}'", def.parents.join(", "))
                }));
            }
        }
        // ODS `TypesMatchWith`.
        for m in &def.types_match_with {
            let group_types = |name: &str| -> Option<Vec<crate::types::Type>> {
                use crate::verify::{segments, Kind};
                let (kind, i) = if let Some(i) = def.operands.iter().position(|s| s.name == name) {
                    (Kind::Operand, i)
                } else {
                    (Kind::Result, def.results.iter().position(|s| s.name == name)?)
                };
                let range = segments(ctx, handle, def, kind).ok()?.get(i)?.clone();
                let all: Vec<crate::types::Type> = match kind {
                    Kind::Operand => {
                        ctx.op_operands(handle).ok()?.iter().filter_map(|&v| ctx.value_type(v).ok()).collect()
                    }
                    Kind::Result => ctx.op_result_types(handle).ok()?,
                };
                all.get(range).map(<[_]>::to_vec)
            };
            let (Some(from), Some(to)) = (group_types(&m.from), group_types(&m.to)) else { continue };
            let Some(&source) = from.first() else { continue };
            let expected = m.transform.apply(ctx, source);
            let ok = match expected {
                Some(e)
                    if e.len() == 1
                        && to.len() != 1
                        && !matches!(
                            m.transform,
                            crate::dialect::TypeTransform::FunctionInputs
                                | crate::dialect::TypeTransform::FunctionResults
                        ) =>
                {
                    to.iter().all(|&t| t == e[0])
                }
                Some(e) => e == to,
                None => false,
            };
            if !ok {
                return Err(err(format!("failed to verify that {}", m.summary)));
            }
        }
        // The op's own verifier (for definition files, IRDL's constraint program first).
        if let Some(verify) = &def.verify {
            verify(ctx, handle).map_err(|m| {
                if let Some(plain) = m.strip_prefix(PLAIN_ERROR) {
                    return Diagnostic::error(d.loc, plain.to_string());
                }
                let located = m.strip_prefix(LOCATED_ERROR).and_then(|rest| {
                    let (index, message) = rest.split_once(':')?;
                    let at = Location(crate::attrs::Attribute::from_index(index.parse().ok()?));
                    Some(Diagnostic::error(at, message.to_string()).with_note(d.loc, "see the operation"))
                });
                located.unwrap_or_else(|| err(m))
            })?;
        }
        // ODS `AllTypesMatch` (also the groups a definition file ties with one constraint).
        if !def.all_types_match.is_empty() {
            self.all_types_match(op, def).map_err(err)?;
        }
        Ok(())
    }

    /// Each `AllTypesMatch` group: every operand and result of its groups, and the type of
    /// each of its typed attributes, is one type.
    fn all_types_match(&self, op: u32, def: &OpDef) -> std::result::Result<(), String> {
        let ctx = self.ctx;
        let handle = ctx.op_handle(op);
        let d = ctx.ir.ops.get(op);
        let (Ok(operand_groups), Ok(result_groups)) =
            (segments(ctx, handle, def, Kind::Operand), segments(ctx, handle, def, Kind::Result))
        else {
            return Ok(());
        };
        for group in &def.all_types_match {
            let mut first: Option<crate::types::Type> = None;
            let mut same = true;
            for name in group {
                let types: Vec<crate::types::Type> = if let Some(i) = def.operands.iter().position(|s| &s.name == name)
                {
                    operand_groups.get(i).map_or_else(Vec::new, |r| {
                        d.operands[r.clone()].iter().map(|o| ctx.value_type_ref(o.value)).collect()
                    })
                } else if let Some(i) = def.results.iter().position(|s| &s.name == name) {
                    result_groups.get(i).map_or_else(Vec::new, |r| d.results[r.clone()].iter().map(|r| r.ty).collect())
                } else {
                    let attr = ctx.op_inherent_or_discardable(handle, name).ok().flatten();
                    attr.and_then(|a| ctx.attr_type(a)).into_iter().collect()
                };
                for t in types {
                    match first {
                        None => first = Some(t),
                        Some(f) if f != t => same = false,
                        _ => {}
                    }
                }
            }
            if !same {
                return Err(format!("failed to verify that all of {{{}}} have same type", group.join(", ")));
            }
        }
        Ok(())
    }

    /// MLIR's `verifySameOperandsAndResultType`: same element type, compatible shapes and
    /// the same tensor encoding for every operand and result.
    fn same_operands_and_result_type(&self, op: u32) -> std::result::Result<(), Diagnostic> {
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        if d.operands.is_empty() {
            return Err(self.op_error(op, format!("expected 1 or more operands, but found {}", d.operands.len())));
        }
        if d.results.is_empty() {
            return Err(self.op_error(op, "expected 1 or more results"));
        }
        let ty = d.results[0].ty;
        let element = ctx.element_type_or_self(ty);
        let encoding = match ctx.type_kind(ty) {
            TypeKind::RankedTensor { encoding, .. } => *encoding,
            _ => None,
        };
        let others = d.results[1..].iter().map(|r| r.ty).chain(d.operands.iter().map(|s| ctx.value_type_ref(s.value)));
        for other in others {
            if other == ty {
                continue;
            }
            if ctx.element_type_or_self(other) != element || !compatible_shapes(ctx, other, ty) {
                return Err(self.op_error(op, "requires the same type for all operands and results"));
            }
            if encoding.is_some() {
                if let TypeKind::RankedTensor { encoding: e, .. } = ctx.type_kind(other) {
                    if *e != encoding {
                        return Err(self.op_error(op, "requires the same encoding for all operands and results"));
                    }
                }
            }
        }
        Ok(())
    }

    /// MLIR's `verifySymbolTable`: symbol names are unique among the op's direct children.
    fn check_symbol_table(&mut self, op: u32) {
        let ctx = self.ctx;
        let d = ctx.ir.ops.get(op);
        let Some(&r) = d.regions().first() else { return };
        let mut seen: FxHashMap<&'c [u8], Location> = FxHashMap::default();
        let mut b = ctx.ir.regions.get(r).first_block;
        while b != NONE {
            let mut o = ctx.ir.blocks.get(b).first_op;
            while o != NONE {
                let name = ctx.symbol_name_attr(ctx.op_handle(o)).ok().flatten();
                if let Some(AttrKind::String { value, .. }) = name.map(|a| ctx.attr_kind(a)) {
                    let loc = self.loc(o);
                    match seen.get(&value[..]) {
                        Some(&first) => {
                            let diag = Diagnostic::error(
                                loc,
                                format!("redefinition of symbol named '{}'", String::from_utf8_lossy(value)),
                            )
                            .with_note(first, "see existing symbol definition here");
                            self.emit(diag);
                        }
                        None => {
                            seen.insert(&value[..], loc);
                        }
                    }
                }
                o = ctx.ir.link(o).next;
            }
            b = ctx.ir.blocks.get(b).next;
        }
    }

    /// MLIR's `mayBeValidWithoutTerminator`: a single-block region of an op that might have
    /// the NoTerminator trait (an unregistered op might).
    fn may_lack_terminator(&self, block: u32) -> bool {
        let ctx = self.ctx;
        let rd = ctx.ir.regions.get(ctx.ir.blocks.get(block).parent);
        rd.first_block == rd.last_block && self.def(rd.parent).map_or(true, |d| d.has_trait(Traits::NO_TERMINATOR))
    }

    /// MLIR's `verifyOnEntrance(Block&)`. `parent_ok` is false when the parent op's
    /// invariants failed: terminator checks are then skipped (MLIR would have stopped).
    fn block_entry(&mut self, block: u32, parent: u32, parent_ok: bool) {
        let ctx = self.ctx;
        let bd = ctx.ir.blocks.get(block);
        if bd.first_op == NONE {
            if parent_ok && !self.may_lack_terminator(block) {
                self.emit(Diagnostic::error(self.loc(parent), "empty block: expect at least a terminator"));
            }
            return;
        }
        let mut o = bd.first_op;
        while o != NONE {
            let od = ctx.ir.ops.get(o);
            if ctx.ir.link(o).next != NONE && !od.successors().is_empty() {
                self.emit(Diagnostic::error(od.loc, "operation with block successors must terminate its parent block"));
            }
            o = ctx.ir.link(o).next;
        }
    }

    /// MLIR's `verifyOnExit(Block&)`, once the block's ops were verified (non-empty blocks).
    fn block_exit(&mut self, block: u32, parent_ok: bool) {
        let ctx = self.ctx;
        let bd = ctx.ir.blocks.get(block);
        let last = bd.last_op;
        let ld = ctx.ir.ops.get(last);
        let last_def = self.def(last);
        // Registered ops with successors report this themselves ("reference to block defined
        // in another region").
        let checked_by_op = last_def.is_some_and(|d| d.num_successors > 0 || d.variadic_successors);
        if !checked_by_op && ld.successors().iter().any(|s| ctx.ir.blocks.get(s.block).parent != bd.parent) {
            let diag = self.op_error(last, "branching to block of a different region");
            self.emit(diag);
        }
        if parent_ok
            && !self.may_lack_terminator(block)
            && !last_def.map_or(true, |d| d.has_trait(Traits::IS_TERMINATOR))
        {
            self.emit(Diagnostic::error(
                ld.loc,
                format!("block with no terminator, has \"{}\"", ctx.ident_str(ld.name)),
            ));
        }
    }
}

fn type_message(ctx: &Context, kind: Kind, index: usize, spec: &ValueSpec, ty: Type) -> String {
    // MLIR quotes the type as it prints it (`'tensor<*xf32>'`), not a summary of its kind.
    // ODS's `Variadic<T>` summary is "variadic of " + T's.
    let variadic = if spec.arity == Arity::Variadic { "variadic of " } else { "" };
    format!(
        "{} #{index} must be {variadic}{}, but got '{}'",
        kind.word(),
        spec.constraint.summary(ctx),
        crate::asm::print_type(ctx, ty)
    )
}

/// MLIR's `verifyCompatibleShape(Type, Type)`.
fn compatible_shapes(ctx: &Context, a: Type, b: Type) -> bool {
    let shaped = |t: Type| match ctx.type_kind(t) {
        TypeKind::Vector { .. }
        | TypeKind::RankedTensor { .. }
        | TypeKind::UnrankedTensor { .. }
        | TypeKind::MemRef { .. }
        | TypeKind::UnrankedMemRef { .. } => true,
        TypeKind::Dialect { .. } | TypeKind::Opaque { .. } => ctx.is_shaped(t),
        _ => false,
    };
    let (sa, sb) = (shaped(a), shaped(b));
    if !sa && !sb {
        return true;
    }
    if !sa || !sb {
        return false;
    }
    match (ctx.shape(a), ctx.shape(b)) {
        (Some(x), Some(y)) => {
            x.len() == y.len()
                && x.iter().zip(y).all(|(&p, &q)| p == q || p == crate::types::DYNAMIC || q == crate::types::DYNAMIC)
        }
        _ => true, // unranked on either side
    }
}
