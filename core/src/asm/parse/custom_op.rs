//! Operations in a custom form given by a declarative assembly format: runs the format's
//! program (`asm/format.rs`) on the token stream. At a region the program stops, the
//! region is parsed by `OpParser`'s own region machinery (no native recursion), and the
//! program resumes when the region closes (`after_region`). When the program ends, operand
//! and result types are completed (from the format, or inferred as the format compiler
//! decided) and the op is created like a generic one.

use std::sync::Arc;

use super::super::lexer::Tok;
use super::{OpFrame, OpParser, OperandRef, PResult};
use crate::asm::format::{
    attr_spelling, AttrSpelling, BuildableType, DirectiveParser, Elem, Ins, ParsedArg, TypeSource, TypeVar,
    UnresolvedOperand, UnresolvedSuccessor,
};
use crate::attrs::{AttrKind, Attribute, NamedAttribute};
use crate::dialect::AsmError;
use crate::dialect::TypeTransform;
use crate::dialect::{Arity, OpDef, Traits};
use crate::types::{Signedness, Type, TypeKind};

/// A definition as the parser hands it from op to op: every op of a kind shares one
/// registry `Arc`, and the per-op count is the parser's own, not an atomic one (on a 1M-op
/// file, the atomic count alone was a tenth of the custom-form parse).
pub(super) type SharedDef = std::rc::Rc<Arc<OpDef>>;

/// The types a format gives one operand or result group: mostly one, kept inline.
type TypeList = smallvec::SmallVec<[Type; 1]>;

/// The parts of an op read so far by its format.
#[derive(Clone)]
pub(super) struct FmtParse {
    /// The op's definition while the state is parked in its frame (a region of the op
    /// is being read); the running format holds it otherwise.
    def: Option<SharedDef>,
    pc: usize,
    operands: Vec<Vec<OperandRef>>,
    /// Where a custom directive that filled an operand group started: errors about the
    /// group point there, as upstream's generated parsers do.
    operand_pos: Vec<Option<u32>>,
    operand_types: Vec<Option<TypeList>>,
    result_types: Vec<Option<TypeList>>,
    /// Inherent attributes read from variables.
    props: Vec<NamedAttribute>,
    /// The attribute dictionary's entries.
    attrs: Vec<NamedAttribute>,
    successors: Vec<Option<crate::ir::BlockId>>,
    /// Regions of the op parsed (or left empty) so far, in order.
    regions_done: usize,
    /// Which of them were written (bit per region index; the first 64): those get the
    /// implicit terminator of `SingleBlockImplicitTerminator` when they lack one.
    regions_written: u64,
    /// Entry block arguments custom directives defined, per region.
    entry_args: Vec<Vec<(OperandRef, Type)>>,
    /// Inside a `regions` directive (more regions may follow a `,`).
    in_regions: bool,
    oilist_seen: Vec<(usize, u64)>,
}

/// Spellings of format literals that are punctuation tokens.
fn punct_token(s: &str) -> Option<Tok> {
    Some(match s {
        "->" => Tok::Arrow,
        ":" => Tok::Colon,
        "," => Tok::Comma,
        "..." => Tok::Ellipsis,
        "=" => Tok::Equal,
        ">" => Tok::Greater,
        "{" => Tok::LBrace,
        "(" => Tok::LParen,
        "[" => Tok::LSquare,
        "<" => Tok::Less,
        "-" => Tok::Minus,
        "+" => Tok::Plus,
        "?" => Tok::Question,
        "}" => Tok::RBrace,
        ")" => Tok::RParen,
        "]" => Tok::RSquare,
        "*" => Tok::Star,
        "|" => Tok::VBar,
        _ => return None,
    })
}

/// Builtin type keywords (a type may start with one of these bare identifiers).
fn is_type_keyword(s: &str) -> bool {
    matches!(
        s,
        "index"
            | "none"
            | "memref"
            | "tensor"
            | "vector"
            | "complex"
            | "tuple"
            | "f16"
            | "bf16"
            | "f32"
            | "f64"
            | "f80"
            | "f128"
            | "tf32"
    ) || s.starts_with("f8")
        || s.starts_with("f4")
        || s.starts_with("f6")
}

impl<'a, 'c> OpParser<'a, 'c> {
    /// Starts parsing `def`'s custom form (the name token was consumed).
    pub(super) fn parse_with_format(&mut self, frame: OpFrame, def: SharedDef) -> PResult<()> {
        // A state of an earlier op, buffers and all: custom-form ops allocate nothing per op
        // once the pool is warm.
        let st = match self.fmt_pool.pop() {
            Some(mut st) => {
                st.operands.iter_mut().for_each(Vec::clear);
                st.operands.resize_with(def.operands.len(), Vec::new);
                st.operand_pos.clear();
                st.operand_pos.resize(def.operands.len(), None);
                st.operand_types.iter_mut().for_each(|t| *t = None);
                st.operand_types.resize(def.operands.len(), None);
                st.result_types.iter_mut().for_each(|t| *t = None);
                st.result_types.resize(def.results.len(), None);
                st.props.clear();
                st.attrs.clear();
                st.successors.clear();
                st.successors.resize(def.successor_names.len(), None);
                st.regions_done = 0;
                st.regions_written = 0;
                st.entry_args.iter_mut().for_each(Vec::clear);
                st.entry_args.resize_with(def.region_names.len().max(def.num_regions), Vec::new);
                st.in_regions = false;
                st.oilist_seen.clear();
                st.pc = 0;
                st
            }
            None => Box::new(FmtParse {
                operands: vec![Vec::new(); def.operands.len()],
                operand_pos: vec![None; def.operands.len()],
                operand_types: vec![None; def.operands.len()],
                result_types: vec![None; def.results.len()],
                props: Vec::new(),
                attrs: Vec::new(),
                successors: vec![None; def.successor_names.len()],
                regions_done: 0,
                regions_written: 0,
                entry_args: vec![Vec::new(); def.region_names.len().max(def.num_regions)],
                in_regions: false,
                oilist_seen: Vec::new(),
                def: None,
                pc: 0,
            }),
        };
        self.ops.push(frame);
        self.run_format(st, def)
    }

    /// Resumes the innermost frame's format after one of its regions closed.
    pub(super) fn resume_format(&mut self) -> PResult<()> {
        let mut st = self.ops.last_mut().and_then(|f| f.fmt.take()).expect("format frame");
        let def = st.def.take().expect("a parked format state holds its op's definition");
        self.run_format(st, def)
    }

    /// Runs the innermost frame's format until it starts a region or ends (and the op is
    /// created).
    fn run_format(&mut self, mut st: Box<FmtParse>, def: SharedDef) -> PResult<()> {
        // The state and definition stay out of the frame while the program runs (no
        // reference count is touched per element), and go back only when a region starts
        // (the frame is then parsed into); on an error nothing needs them.
        let format = def.format.as_deref().expect("op with a format");
        loop {
            if st.in_regions {
                if self.p.eat(Tok::Comma)? {
                    let index = st.regions_done;
                    st.mark_written(index);
                    st.regions_done += 1;
                    self.park_format(st, def);
                    return self.begin_one_region(index);
                }
                st.in_regions = false;
                st.pc += 1;
            }
            let Some(ins) = format.program.get(st.pc) else {
                let frame = self.ops.pop().expect("format frame");
                return self.finish_format(frame, st, def);
            };
            match ins {
                Ins::Jump(to) => st.pc = *to,
                Ins::Optional { first, otherwise, .. } => {
                    if self.try_first(&def, &mut st, first)? {
                        // Skip the group's first element: it was just parsed.
                        let at = format.program[st.pc + 1..]
                            .iter()
                            .position(|i| matches!(i, Ins::Elem(e) if e == first))
                            .map_or(st.pc + 1, |k| st.pc + 1 + k);
                        st.pc = at + 1;
                        if let Elem::Region(i) = *first {
                            st.mark_written(st.regions_done);
                            st.regions_done += 1;
                            let args = std::mem::take(&mut st.entry_args[i]);
                            self.park_format(st, def);
                            return self.region_body_started(args);
                        }
                    } else {
                        st.pc = *otherwise;
                    }
                }
                Ins::OiList { clauses, end } => {
                    let list = st.pc;
                    if !st.oilist_seen.iter().any(|(l, _)| *l == list) {
                        st.oilist_seen.push((list, 0));
                    }
                    let seen = st.oilist_seen.iter().find(|(l, _)| *l == list).map_or(0, |(_, s)| *s);
                    let hit =
                        clauses.iter().enumerate().find(|(k, (kw, _, _))| seen & (1 << k) == 0 && self.p.at_word(kw));
                    match hit {
                        Some((k, (_, start, _))) => {
                            self.p.bump()?;
                            if let Some(e) = st.oilist_seen.iter_mut().find(|(l, _)| *l == list) {
                                e.1 |= 1 << k;
                            }
                            st.pc = *start;
                        }
                        None => {
                            st.oilist_seen.retain(|(l, _)| *l != list);
                            st.pc = *end;
                        }
                    }
                }
                Ins::OiClauseEnd { list } => st.pc = *list,
                Ins::Elem(e) => match *e {
                    Elem::Region(i) if !def.is_variadic_region(i) => {
                        self.fill_regions_to(&mut st, i);
                        st.pc += 1;
                        st.mark_written(st.regions_done);
                        st.regions_done += 1;
                        self.park_format(st, def);
                        return self.begin_one_region(i);
                    }
                    // `regions`, or the variadic group: a comma-separated list, maybe empty.
                    Elem::Regions | Elem::Region(_) => {
                        if let Elem::Region(i) = *e {
                            self.fill_regions_to(&mut st, i);
                        }
                        if !self.p.at(Tok::LBrace) {
                            st.pc += 1;
                        } else {
                            st.in_regions = true;
                            let index = st.regions_done;
                            st.mark_written(index);
                            st.regions_done += 1;
                            self.park_format(st, def);
                            return self.begin_one_region(index);
                        }
                    }
                    _ => {
                        self.parse_elem(&def, &mut st, e)?;
                        st.pc += 1;
                    }
                },
            }
        }
    }

    /// Puts the state (and its definition) back into the innermost frame, whose region
    /// is parsed next.
    fn park_format(&mut self, mut st: Box<FmtParse>, def: SharedDef) {
        st.def = Some(def);
        self.ops.last_mut().expect("frame").fmt = Some(st);
    }

    /// Regions before `index` that the format skipped (an absent optional region) are empty.
    fn fill_regions_to(&mut self, st: &mut FmtParse, index: usize) {
        while st.regions_done < index {
            self.region_bounds.push(self.region_blocks.len() as u32);
            st.regions_done += 1;
        }
    }

    /// `{` ... of region `index` of the innermost frame; an empty `{}` resumes the format.
    fn begin_one_region(&mut self, index: usize) -> PResult<()> {
        self.p.expect(Tok::LBrace, "expected '{' to begin a region")?;
        let args = match self.ops.last_mut().and_then(|f| f.fmt.as_mut()) {
            Some(st) => st.entry_args.get_mut(index).map(std::mem::take).unwrap_or_default(),
            None => Vec::new(),
        };
        self.region_body_started(args)
    }

    /// After the region's `{`: sets up its first block (with the entry arguments a custom
    /// directive defined, named in the region's scope), or resumes at once for `{}`.
    fn region_body_started(&mut self, args: Vec<(OperandRef, Type)>) -> PResult<()> {
        if self.p.at(Tok::RBrace) && args.is_empty() {
            self.p.bump()?;
            self.region_bounds.push(self.region_blocks.len() as u32);
            return self.resume_format();
        }
        let serial = self.next_serial;
        self.next_serial += 1;
        let entry = self.ctx.create_block(&[]);
        self.created_blocks.push(entry);
        self.region_blocks.push(entry);
        self.regions.push(super::RegionFrame {
            serial,
            def_log_start: self.def_log.len() as u32,
            block_log_start: self.block_log.len() as u32,
            cur_block: entry,
        });
        let named = !args.is_empty();
        for (i, (r, ty)) in args.into_iter().enumerate() {
            let explicit = self.pending_arg_locs.iter().rposition(|(pos, _)| *pos == r.pos);
            let loc = match explicit {
                Some(k) => self.pending_arg_locs.swap_remove(k).1,
                None => {
                    let (line, line_start) = self.p.lex_line_of(r.pos);
                    self.file_loc_at(line, r.pos - line_start + 1)
                }
            };
            let arg = self.ctx.block_add_argument(entry, ty, loc).map_err(|e| self.p.error_at(r.pos, e.message))?;
            self.pending_arg_slots.insert(r.pos, (entry, i as u32));
            self.add_definition(r.key, r.num, arg, ty, r.pos, r.len)?;
        }
        if self.p.at(Tok::Caret) {
            if named {
                return Err(self.p.error_here("invalid block name in region with named arguments"));
            }
            self.parse_block_label(Some(entry))?;
        }
        if named && self.p.at(Tok::RBrace) {
            // `{}` after named arguments: the entry block exists but holds nothing.
            self.close_region()?;
        }
        Ok(())
    }

    /// Tries the first element of an optional group; `true` when it was there (and parsed).
    fn try_first(&mut self, def: &OpDef, st: &mut FmtParse, first: &Elem) -> PResult<bool> {
        let present = match first {
            Elem::Literal(s) => match punct_token(s) {
                Some(t) => self.p.at(t),
                None => self.p.at_word(s) || (self.p.at_keyword() && self.p.text() == s),
            },
            Elem::Operand(_) | Elem::Operands => self.p.at(Tok::Percent),
            Elem::Region(_) | Elem::Regions => self.p.at(Tok::LBrace),
            Elem::Successor(_) | Elem::Successors => self.p.at(Tok::Caret),
            Elem::Type { .. } => self.at_type_start(),
            // MLIR's parseOptionalAttribute(StringAttr&): only a string token starts one
            // (`($sym_visibility^)? $sym_name` leaves `@name` to the symbol).
            Elem::Attr(i) | Elem::QualifiedAttr(i)
                if matches!(def.attributes[*i].constraint, crate::dialect::AttrConstraint::String) =>
            {
                self.p.at(Tok::String)
            }
            Elem::Attr(i) | Elem::QualifiedAttr(i) => match attr_spelling(&def.attributes[*i].constraint) {
                AttrSpelling::SymbolName => self.p.at(Tok::At),
                AttrSpelling::Enum(e) => self.p.at_keyword() && e.symbolize(self.p.text()).is_some(),
                AttrSpelling::Stripped(_) => self.p.at(Tok::Less),
                AttrSpelling::IntArray(_) => self.p.at(Tok::LSquare),
                AttrSpelling::Type => self.at_type_start(),
                AttrSpelling::Unit => false,
                // An array starts with `[` (ODS's `parseOptionalAttribute(ArrayAttr &)`): a
                // `{` after it is the op's region, not a dictionary.
                AttrSpelling::Full
                    if matches!(def.attributes[*i].constraint, crate::dialect::AttrConstraint::Array) =>
                {
                    self.p.at(Tok::LSquare)
                }
                // Likewise a symbol reference starts with `@` (`irdl.base`'s `($base_ref^)?
                // ($base_name^)?` leaves a quoted name to the second group).
                AttrSpelling::Full
                    if matches!(def.attributes[*i].constraint, crate::dialect::AttrConstraint::SymbolRef) =>
                {
                    self.p.at(Tok::At)
                }
                AttrSpelling::WithoutType(_) | AttrSpelling::Full => self.at_attr_start(),
            },
            _ => false,
        };
        if !present {
            return Ok(false);
        }
        if let Elem::Region(i) = first {
            self.fill_regions_to(st, *i);
            self.p.bump()?; // {
            return Ok(true);
        }
        let _ = &st.entry_args;
        self.parse_elem(def, st, first)?;
        Ok(true)
    }

    fn at_type_start(&self) -> bool {
        match self.p.tok().kind {
            Tok::Bang | Tok::IntType | Tok::LParen => true,
            Tok::BareIdent => is_type_keyword(self.p.text()),
            _ => false,
        }
    }

    fn at_attr_start(&self) -> bool {
        match self.p.tok().kind {
            Tok::Hash | Tok::LSquare | Tok::LBrace | Tok::Integer | Tok::Float | Tok::String | Tok::Minus | Tok::At => {
                true
            }
            Tok::BareIdent => {
                matches!(
                    self.p.text(),
                    "true"
                        | "false"
                        | "unit"
                        | "dense"
                        | "array"
                        | "affine_map"
                        | "affine_set"
                        | "sparse"
                        | "strided"
                        | "loc"
                        | "dense_resource"
                        | "distinct"
                ) || is_type_keyword(self.p.text())
            }
            Tok::IntType | Tok::Bang => true,
            _ => false,
        }
    }

    fn parse_types_into(&mut self, single: bool) -> PResult<TypeList> {
        let mut v = smallvec::smallvec![self.p.parse_type(self.ctx)?];
        if !single {
            while self.p.eat(Tok::Comma)? {
                v.push(self.p.parse_type(self.ctx)?);
            }
        }
        Ok(v)
    }

    fn var_arity(def: &OpDef, var: TypeVar) -> Arity {
        match var {
            TypeVar::Operand(i) => def.operands[i].arity,
            TypeVar::Result(i) => def.results[i].arity,
            _ => Arity::Variadic,
        }
    }

    /// `type(...)`: one type, or a possibly empty list for variadic groups.
    fn parse_type_var(&mut self, def: &OpDef, st: &mut FmtParse, var: TypeVar) -> PResult<()> {
        let arity = Self::var_arity(def, var);
        let types = match arity {
            Arity::Single => {
                let pos = self.p.tok().start;
                let types = self.parse_types_into(true)?;
                let constraint = match var {
                    TypeVar::Operand(i) => Some(&def.operands[i].constraint),
                    TypeVar::Result(i) => Some(&def.results[i].constraint),
                    _ => None,
                };
                // A type the constraint accepts is of its class too: the class (by summary)
                // is only looked at for a type the verifier would reject.
                let rejected = match (constraint, types.first()) {
                    (Some(c), Some(&t)) if !c.check(self.ctx, t) => {
                        crate::asm::format::type_class_error(self.ctx, c, t)
                    }
                    _ => None,
                };
                if let Some(m) = rejected {
                    return Err(self.p.error_at(pos, format!("custom op '{}' {m}", def.name)));
                }
                types
            }
            Arity::Optional => {
                if self.at_type_start() {
                    self.parse_types_into(true)?
                } else {
                    TypeList::new()
                }
            }
            Arity::Variadic => {
                if self.at_type_start() {
                    self.parse_types_into(false)?
                } else {
                    TypeList::new()
                }
            }
        };
        self.store_types(def, st, var, types);
        Ok(())
    }

    fn store_types(&mut self, def: &OpDef, st: &mut FmtParse, var: TypeVar, types: TypeList) {
        match var {
            TypeVar::Operand(i) => st.operand_types[i] = Some(types),
            TypeVar::Result(i) => st.result_types[i] = Some(types),
            TypeVar::Operands => {
                // Spread over the groups by their operand counts, at the end.
                let n = st.operand_types.len();
                if n == 1 {
                    st.operand_types[0] = Some(types);
                } else {
                    let mut it = types.into_iter();
                    for g in 0..n {
                        let k = st.operands[g].len();
                        st.operand_types[g] = Some(it.by_ref().take(k).collect());
                    }
                }
            }
            TypeVar::Results => {
                let n = st.result_types.len();
                if n == 1 {
                    st.result_types[0] = Some(types);
                } else {
                    // Without sizes, single groups take one each; a variadic takes the rest.
                    let singles = def.results.iter().filter(|r| r.arity == Arity::Single).count();
                    let extra = types.len().saturating_sub(singles);
                    let mut it = types.into_iter();
                    for g in 0..n {
                        let k = if def.results[g].arity == Arity::Single { 1 } else { extra };
                        st.result_types[g] = Some(it.by_ref().take(k).collect());
                    }
                }
            }
        }
    }

    fn parse_operand_group(&mut self, def: &OpDef, st: &mut FmtParse, i: usize) -> PResult<()> {
        match def.operands[i].arity {
            Arity::Single => {
                let r = self.parse_ssa_use()?;
                st.operands[i].push(r);
            }
            Arity::Optional => {
                if self.p.at(Tok::Percent) {
                    let r = self.parse_ssa_use()?;
                    st.operands[i].push(r);
                }
            }
            Arity::Variadic => {
                if self.p.at(Tok::Percent) {
                    loop {
                        let r = self.parse_ssa_use()?;
                        st.operands[i].push(r);
                        if !self.p.eat(Tok::Comma)? {
                            break;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn parse_elem(&mut self, def: &OpDef, st: &mut FmtParse, e: &Elem) -> PResult<()> {
        match e {
            Elem::Literal(s) => {
                match punct_token(s) {
                    // The message is only built on the error path: literals are most of a
                    // format's elements.
                    Some(t) if self.p.at(t) => self.p.bump()?,
                    Some(t) => self.p.expect(t, &format!("expected '{s}'"))?,
                    None => {
                        if !(self.p.at_keyword() && self.p.text() == s) {
                            return Err(self.p.error_here(format!("expected '{s}'")));
                        }
                        self.p.bump()?;
                    }
                }
                Ok(())
            }
            Elem::Space(_) | Elem::Newline | Elem::IndentNewline => Ok(()),
            Elem::Operand(i) => self.parse_operand_group(def, st, *i),
            Elem::Operands => {
                // All operands in one list: they belong to the only group (or are split by
                // arity at the end, like `type(operands)`).
                let mut refs = Vec::new();
                if self.p.at(Tok::Percent) {
                    loop {
                        refs.push(self.parse_ssa_use()?);
                        if !self.p.eat(Tok::Comma)? {
                            break;
                        }
                    }
                }
                let n = st.operands.len();
                if n == 1 {
                    st.operands[0] = refs;
                } else {
                    let singles = def.operands.iter().filter(|o| o.arity == Arity::Single).count();
                    let extra = refs.len().saturating_sub(singles);
                    let mut it = refs.into_iter();
                    for g in 0..n {
                        let k = if def.operands[g].arity == Arity::Single { 1 } else { extra };
                        st.operands[g] = it.by_ref().take(k).collect();
                    }
                }
                Ok(())
            }
            Elem::Attr(i) | Elem::QualifiedAttr(i) => {
                let spec = &def.attributes[*i];
                let spelling = if matches!(e, Elem::QualifiedAttr(_)) {
                    AttrSpelling::Full
                } else {
                    attr_spelling(&spec.constraint)
                };
                let value = self.parse_attr_as(&spelling, &spec.name)?;
                let name = self.ctx.identifier(&spec.name);
                st.props.retain(|p| p.name != name);
                st.props.push(NamedAttribute { name, value });
                Ok(())
            }
            Elem::Successor(i) => {
                if !self.p.at(Tok::Caret) {
                    return Err(self.p.wrong_token("expected block name"));
                }
                let t = self.p.tok();
                let b = self.block_ref(self.p.slice(t.start, t.end), t.start);
                self.p.bump()?;
                st.successors[*i] = Some(b);
                Ok(())
            }
            Elem::Successors => {
                st.successors.clear();
                if self.p.at(Tok::Caret) {
                    loop {
                        let t = self.p.tok();
                        if t.kind != Tok::Caret {
                            return Err(self.p.wrong_token("expected block name"));
                        }
                        let b = self.block_ref(self.p.slice(t.start, t.end), t.start);
                        self.p.bump()?;
                        st.successors.push(Some(b));
                        if !self.p.eat(Tok::Comma)? {
                            break;
                        }
                    }
                }
                Ok(())
            }
            Elem::AttrDict { keyword, attrs } => {
                if *attrs {
                    if !self.p.at_word("attrs") {
                        return Ok(());
                    }
                    self.p.bump()?;
                    self.p.expect(Tok::Equal, "expected '='")?;
                    if !self.p.at(Tok::LBrace) {
                        return Err(self.p.wrong_token("expected '{' in attribute dictionary"));
                    }
                } else if *keyword {
                    if !self.p.at_word("attributes") {
                        return Ok(());
                    }
                    self.p.bump()?;
                    if !self.p.at(Tok::LBrace) {
                        return Err(self.p.wrong_token("expected '{' in attribute dictionary"));
                    }
                } else if !self.p.at(Tok::LBrace) {
                    return Ok(());
                }
                let dict_pos = self.p.tok().start;
                let s = self.p.parse_dict_entries(self.ctx)?;
                // With a `prop-dict` in the format, inherent attributes are written there only
                // (ODS's strict properties).
                let strict = def
                    .format
                    .as_ref()
                    .is_some_and(|f| f.program.iter().any(|ins| matches!(ins, Ins::Elem(Elem::PropDict))));
                for (na, pos) in self.p.scratch.named.drain(s..).collect::<Vec<_>>() {
                    let n = self.ctx.ident_str(na.name);
                    if strict && def.attributes.iter().any(|a| a.name == n) {
                        return Err(self.p.error_at(
                            dict_pos,
                            format!(
                                "custom op '{}' inherent attribute '{n}' cannot be parsed from attr-dict when strict properties in assembly format is enabled",
                                def.name
                            ),
                        ));
                    }
                    if st.attrs.iter().any(|a| a.name == na.name) || st.props.iter().any(|a| a.name == na.name) {
                        let n = self.ctx.ident_str(na.name).to_string();
                        return Err(self
                            .p
                            .error_at(pos, format!("attribute '{n}' occurs more than once in the attribute list")));
                    }
                    st.attrs.push(na);
                }
                Ok(())
            }
            Elem::PropDict => {
                if self.p.at(Tok::Less) {
                    self.p.bump()?;
                    let d = self.p.parse_attr(self.ctx)?;
                    self.p.expect(Tok::Greater, "expected '>' to close properties")?;
                    if let AttrKind::Dictionary(entries) = self.ctx.attr_kind(d) {
                        for na in entries.iter() {
                            st.props.retain(|p| p.name != na.name);
                            st.props.push(*na);
                        }
                    }
                }
                Ok(())
            }
            Elem::Type { var, .. } => self.parse_type_var(def, st, *var),
            Elem::FunctionalType(a, b) => {
                let pos = self.p.tok().start;
                let t = self.p.parse_type(self.ctx)?;
                let TypeKind::Function { inputs, results } = self.ctx.type_kind(t).clone() else {
                    return Err(self.p.error_at(pos, "expected function type"));
                };
                self.store_types(def, st, *a, TypeList::from_slice(&inputs));
                self.store_types(def, st, *b, TypeList::from_slice(&results));
                Ok(())
            }
            Elem::Custom { name, args, refs } => self.parse_custom_directive(def, st, name, args, refs),
            Elem::Region(_) | Elem::Regions => unreachable!("regions are parsed by resume_format"),
        }
    }

    /// `custom<Name>(args)`: the dialect's hook reads the text and fills the arguments.
    fn parse_custom_directive(
        &mut self,
        def: &OpDef,
        st: &mut FmtParse,
        name: &str,
        args: &[Elem],
        refs: &[bool],
    ) -> PResult<()> {
        let dialect = crate::dialect::split_dialect(&def.name).unwrap_or("").to_string();
        let Some(hook) = self.ctx.custom_directive(&dialect, name).map(|d| d.parse.clone()) else {
            return Err(self
                .p
                .error_here(format!("custom directive '{name}' of dialect '{dialect}' has no hooks registered")));
        };
        let mut slots: Vec<ParsedArg> = args
            .iter()
            .map(|a| match a {
                Elem::Operand(i) => {
                    ParsedArg::Operands(st.operands[*i].iter().map(|r| UnresolvedOperand(*r)).collect())
                }
                Elem::Type { var: TypeVar::Operand(i), .. } => {
                    ParsedArg::Types(st.operand_types[*i].as_ref().map_or_else(Vec::new, |t| t.to_vec()))
                }
                Elem::Type { var: TypeVar::Result(i), .. } => {
                    ParsedArg::Types(st.result_types[*i].as_ref().map_or_else(Vec::new, |t| t.to_vec()))
                }
                Elem::Attr(i) | Elem::QualifiedAttr(i) => {
                    // An inherent attribute written in the op's attribute dictionary (read by
                    // an earlier `attr-dict`) is the directive's to see and replace too, as
                    // MLIR's parsers see `result.attributes`.
                    let n = &def.attributes[*i].name;
                    let named = |na: &&NamedAttribute| self.ctx.ident_str(na.name) == n;
                    ParsedArg::Attr(
                        st.props.iter().find(named).or_else(|| st.attrs.iter().find(named)).map(|na| na.value),
                    )
                }
                Elem::Successor(i) => ParsedArg::Successors(
                    st.successors.iter().skip(*i).flatten().map(|b| UnresolvedSuccessor(*b)).collect(),
                ),
                Elem::Region(i) => ParsedArg::RegionArgs(
                    st.entry_args
                        .get(*i)
                        .map(|v| v.iter().map(|(r, t)| (UnresolvedOperand(*r), *t)).collect())
                        .unwrap_or_default(),
                ),
                _ => ParsedArg::Other,
            })
            .collect();
        let start = self.p.tok().start;
        let result = {
            let mut hp = HookParser { p: self, op_name: &def.name };
            crate::asm::custom::guarded_directive(name, || hook(&mut hp, &mut slots))
        };
        if let Err(e) = result {
            if e.message.is_empty() {
                return Err(super::Fail);
            }
            let pos = e.offset.map_or_else(|| self.p.tok().start.max(start), |o| o as u32);
            return Err(self.p.error_at(pos, e.message));
        }
        for ((a, slot), is_ref) in args.iter().zip(slots).zip(refs) {
            if *is_ref {
                continue;
            }
            match (a, slot) {
                (Elem::Operand(i), ParsedArg::Operands(v)) => {
                    st.operands[*i] = v.into_iter().map(|u| u.0).collect();
                    st.operand_pos[*i] = Some(start);
                }
                (Elem::Type { var, .. }, ParsedArg::Types(v)) => self.store_types(def, st, *var, TypeList::from_vec(v)),
                (Elem::Successor(i), ParsedArg::Successors(v)) => {
                    // A variadic group takes every block read; a single successor the first.
                    if def.variadic_successors && *i == def.num_successors {
                        st.successors.truncate(*i);
                        st.successors.extend(v.into_iter().map(|b| Some(b.0)));
                    } else if let Some(slot) = st.successors.get_mut(*i) {
                        *slot = v.first().map(|b| b.0);
                    }
                }
                (Elem::Region(i), ParsedArg::RegionArgs(v)) => {
                    if let Some(slot) = st.entry_args.get_mut(*i) {
                        *slot = v.into_iter().map(|(u, t)| (u.0, t)).collect();
                    }
                }
                (Elem::Attr(i) | Elem::QualifiedAttr(i), ParsedArg::Attr(v)) => {
                    let name = self.ctx.identifier(&def.attributes[*i].name);
                    st.props.retain(|p| p.name != name);
                    st.attrs.retain(|p| p.name != name);
                    if let Some(value) = v {
                        st.props.push(NamedAttribute { name, value });
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// An attribute variable, in the spelling its constraint gives it.
    fn parse_attr_as(&mut self, spelling: &AttrSpelling, attr_name: &str) -> PResult<Attribute> {
        match spelling {
            AttrSpelling::SymbolName => {
                if !self.p.at(Tok::At) {
                    return Err(self.p.error_here("expected valid '@'-identifier for symbol name"));
                }
                let t = self.p.tok();
                let s = self.p.symbol_name(&t);
                self.p.bump()?;
                Ok(self.ctx.string_attr(&s))
            }
            AttrSpelling::Unit => Ok(self.ctx.unit_attr()),
            AttrSpelling::Type => {
                let t = self.p.parse_type(self.ctx)?;
                Ok(self.ctx.type_attr(t))
            }
            AttrSpelling::Enum(e) => {
                let pos = self.p.tok().start;
                let v = match self.p.tok().kind {
                    Tok::BareIdent | Tok::IntType => e.symbolize(self.p.text()),
                    Tok::String => e.symbolize(&String::from_utf8_lossy(&self.p.string_value(&self.p.tok()))),
                    _ => None,
                };
                let Some(v) = v else {
                    let cases: Vec<&str> = e.cases.iter().map(|(k, _)| k.as_str()).collect();
                    let op = self.ops.last().map(|f| self.ctx.ident_str(f.name).to_string()).unwrap_or_default();
                    return Err(self.p.error_at(
                        pos,
                        format!(
                            "custom op '{op}' expected string or keyword containing one of the following enum values for attribute '{attr_name}' [{}]",
                            cases.join(", ")
                        ),
                    ));
                };
                self.p.bump()?;
                let ty = self
                    .ctx
                    .integer_type(e.width, Signedness::Signless)
                    .map_err(|er| self.p.error_at(pos, er.message))?;
                self.ctx.integer_attr(ty, v).map_err(|er| self.p.error_at(pos, er.message))
            }
            AttrSpelling::WithoutType(ty) => {
                let start = self.p.tok().start;
                // A number takes the known type and leaves a `:` after it alone (MLIR's
                // parseAttribute(attr, type): `$alignment : type($m)` reads `16 : memref<..>`).
                let neg = self.p.at(Tok::Minus);
                if neg {
                    self.p.bump()?;
                }
                let tok = self.p.tok();
                if matches!(tok.kind, Tok::Integer | Tok::Float) {
                    let a = if tok.kind == Tok::Integer {
                        self.p.int_attr(self.ctx, &tok, neg, *ty)?
                    } else {
                        self.p.float_attr(self.ctx, &tok, neg, *ty)?
                    };
                    self.p.bump()?;
                    return Ok(a);
                }
                if neg {
                    return Err(self.p.error_here("expected integer or floating point literal"));
                }
                let a = self.p.parse_attr(self.ctx)?;
                let typed = self.p.slice(start, self.p.prev_end).contains(':');
                if typed {
                    return Ok(a);
                }
                let ty = *ty;
                match self.ctx.attr_kind(a).clone() {
                    AttrKind::Integer { value, ty: t } if t != ty => {
                        let v = value.to_i64(64).unwrap_or(0);
                        self.ctx.integer_attr(ty, v).map_err(|er| self.p.error_at(start, er.message))
                    }
                    AttrKind::Float { bits, ty: t }
                        if t != ty && matches!(self.ctx.type_kind(ty), TypeKind::Float(_)) =>
                    {
                        let f = f64::from_bits(bits as u64);
                        self.ctx.float_attr(ty, f).map_err(|er| self.p.error_at(start, er.message))
                    }
                    _ => Ok(a),
                }
            }
            AttrSpelling::Stripped(name) => self.p.parse_stripped_attr(self.ctx, name),
            AttrSpelling::IntArray(width) => {
                // `[1, 2]`: read as the array attribute `array<iN: 1, 2>` it stands for.
                let start = self.p.tok().start;
                self.p.expect(Tok::LSquare, "expected '['")?;
                let mut items = Vec::new();
                if !self.p.eat(Tok::RSquare)? {
                    loop {
                        let s = self.p.tok().start;
                        let neg = self.p.eat(Tok::Minus)?;
                        if self.p.tok().kind != Tok::Integer {
                            return Err(self.p.error_here("expected integer value"));
                        }
                        let text = self.p.text().to_string();
                        self.p.bump()?;
                        items.push(if neg { format!("-{text}") } else { text });
                        let _ = s;
                        if !self.p.eat(Tok::Comma)? {
                            break;
                        }
                    }
                    self.p.expect(Tok::RSquare, "expected ']'")?;
                }
                let text = format!("array<i{width}: {}>", items.join(", "));
                let text = if items.is_empty() { format!("array<i{width}>") } else { text };
                crate::asm::parse_attribute(self.ctx, &text).map_err(|e| {
                    let m = e.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default();
                    self.p.error_at(start, m)
                })
            }
            AttrSpelling::Full => self.p.parse_attr(self.ctx),
        }
    }

    /// The type a [`TypeSource`] gives a group.
    fn inferred(&mut self, def: &OpDef, st: &FmtParse, src: &TypeSource, pos: u32) -> PResult<Option<Type>> {
        Ok(match src {
            TypeSource::Buildable(b) => Some(match b {
                BuildableType::Integer(w) => {
                    self.ctx.integer_type(*w, Signedness::Signless).map_err(|e| self.p.error_at(pos, e.message))?
                }
                BuildableType::Index => self.ctx.index_type(),
                BuildableType::Float(k) => self.ctx.float_type(*k),
                BuildableType::Exactly(t) => *t,
            }),
            TypeSource::AttrType(i) => {
                let name = &def.attributes[*i].name;
                let a = st.props.iter().chain(st.attrs.iter()).find(|na| self.ctx.ident_str(na.name) == name);
                a.and_then(|na| self.ctx.attr_type(na.value))
            }
            TypeSource::SameAs(var) => match var {
                TypeVar::Operand(i) => st.operand_types[*i].as_ref().and_then(|v| v.first().copied()),
                TypeVar::Result(i) => st.result_types[*i].as_ref().and_then(|v| v.first().copied()),
                _ => None,
            },
            _ => None,
        })
    }

    /// The types a [`TypeSource::Derived`] gives a group (`None`: not derived, or the other
    /// group's type has no such part).
    fn derived(&self, st: &FmtParse, src: &TypeSource) -> Option<Vec<Type>> {
        let TypeSource::Derived(var, transform) = src else { return None };
        let from = match var {
            TypeVar::Operand(i) => st.operand_types[*i].as_ref().and_then(|v| v.first().copied()),
            TypeVar::Result(i) => st.result_types[*i].as_ref().and_then(|v| v.first().copied()),
            _ => None,
        }?;
        transform.apply(self.ctx, from)
    }

    /// Completes the op: types, operands, properties, then creates and inserts it.
    fn finish_format(&mut self, frame: OpFrame, st: Box<FmtParse>, def: SharedDef) -> PResult<()> {
        let pos = frame.name_tok.start;
        let mut st = st;
        let nregions = def.num_regions.max(st.regions_done);
        self.fill_regions_to(&mut st, nregions);
        self.reset_state(&frame, frame.loc);
        let format = def.format.as_deref().expect("op with a format");
        // Results.
        for (g, src) in format.result_types.iter().enumerate() {
            if st.result_types[g].is_some() {
                continue;
            }
            if let Some(types) = self.derived(&st, src) {
                st.result_types[g] = Some(TypeList::from_vec(types));
                continue;
            }
            let t = self.inferred(&def, &st, src, pos)?;
            st.result_types[g] = Some(match (t, def.results[g].arity) {
                (Some(t), _) => smallvec::smallvec![t],
                (None, Arity::Single) => {
                    return Err(self
                        .p
                        .error_at(pos, format!("type of result '{}' could not be inferred", def.results[g].name)))
                }
                (None, _) => TypeList::new(),
            });
        }
        // Operands.
        for (g, src) in format.operand_types.iter().enumerate() {
            let n = st.operands[g].len();
            let derived = if st.operand_types[g].is_none() { self.derived(&st, src) } else { None };
            let types = match &st.operand_types[g] {
                Some(v) => v.clone(),
                None if derived.is_some() => TypeList::from_vec(derived.unwrap_or_default()),
                None => match self.inferred(&def, &st, src, pos)? {
                    Some(t) => smallvec::smallvec![t; n],
                    None if n == 0 => TypeList::new(),
                    None => {
                        return Err(self.p.error_at(
                            pos,
                            format!("type of operand '{}' could not be inferred", def.operands[g].name),
                        ))
                    }
                },
            };
            // A single inferred type serves every operand of a variadic group.
            let broadcast = !matches!(
                src,
                TypeSource::Format
                    | TypeSource::Derived(_, TypeTransform::FunctionInputs | TypeTransform::FunctionResults)
            );
            let types = if types.len() == 1 && n > 1 && broadcast { smallvec::smallvec![types[0]; n] } else { types };
            if types.len() != n {
                let at = st.operand_pos[g].or(st.operands[g].first().map(|r| r.pos)).unwrap_or(pos);
                return Err(self.p.error_at(
                    at,
                    format!(
                        "custom op '{}' number of operands and types do not match: got {n} operands and {} types",
                        def.name,
                        types.len()
                    ),
                ));
            }
            for (k, &t) in types.iter().enumerate() {
                let r = st.operands[g][k];
                let v = self.resolve(r, t)?;
                self.state.operands.push(v);
            }
        }
        for types in st.result_types.iter().flatten() {
            self.state.result_types.extend_from_slice(types);
        }
        // Successors.
        self.state.successors.clear();
        self.state.successors.extend(st.successors.iter().flatten().copied());
        // Attributes: inherent names in the dictionary are properties too.
        let mut props = std::mem::take(&mut st.props);
        for na in st.attrs.drain(..) {
            let n = self.ctx.ident_str(na.name);
            if def.attributes.iter().any(|s| s.name == n) {
                props.push(na);
            } else {
                self.state.attributes.push(na);
            }
        }
        let seg = |sizes: Vec<i32>| -> Vec<u8> { sizes.iter().flat_map(|s| s.to_le_bytes()).collect() };
        if def.has_trait(Traits::ATTR_SIZED_OPERAND_SEGMENTS) {
            let sizes: Vec<i32> = st.operands.iter().map(|g| g.len() as i32).collect();
            let i32t = self.ctx.integer_type(32, Signedness::Signless).map_err(|e| self.p.error_at(pos, e.message))?;
            let a = self.ctx.dense_array_attr(i32t, &seg(sizes)).map_err(|e| self.p.error_at(pos, e.message))?;
            props.push(NamedAttribute { name: self.ctx.identifier("operandSegmentSizes"), value: a });
        }
        if def.has_trait(Traits::ATTR_SIZED_RESULT_SEGMENTS) {
            let sizes: Vec<i32> = st.result_types.iter().map(|g| g.as_ref().map_or(0, |v| v.len()) as i32).collect();
            let i32t = self.ctx.integer_type(32, Signedness::Signless).map_err(|e| self.p.error_at(pos, e.message))?;
            let a = self.ctx.dense_array_attr(i32t, &seg(sizes)).map_err(|e| self.p.error_at(pos, e.message))?;
            props.push(NamedAttribute { name: self.ctx.identifier("resultSegmentSizes"), value: a });
        }
        if !props.is_empty() {
            let d = self.ctx.dictionary_attr(&props).map_err(|e| self.p.error_at(pos, e.message))?;
            self.state.properties = Some(d);
        }
        let op = self.create_and_insert(&frame)?;
        if st.regions_written != 0 {
            self.ensure_implicit_terminators(op, &def, st.regions_written, pos)?;
        }
        if !self.ctx.registry.parsed_hooks.is_empty() {
            if let Some(hook) = self.ctx.registry.parsed_hooks.get(def.name.as_str()).cloned() {
                hook(self.ctx, op).map_err(|m| self.p.error_at(pos, m))?;
            }
        }
        self.parse_trailing_loc(super::LocTarget::Op(op))?;
        self.define_results(&frame, op)?;
        self.pop_frame_stacks(&frame);
        props.clear();
        st.props = props;
        self.fmt_pool.push(st);
        Ok(())
    }
}

impl OpParser<'_, '_> {
    /// MLIR's `ensureTerminator` for each written region of an op whose definition has
    /// `SingleBlockImplicitTerminator<T>`: an empty region gets a block, and a block that
    /// does not end with a terminator gets a `T` with no operands, at the op's location.
    /// Without one, a `SingleBlock` op's written empty region gets its block (as upstream's
    /// generated parsers `emplaceBlock`).
    fn ensure_implicit_terminators(&mut self, op: crate::ir::OpId, def: &OpDef, written: u64, pos: u32) -> PResult<()> {
        let Some(terminator) = def.interfaces.iter().find_map(|i| {
            (i.interface == crate::verify::SingleBlockImplicitTerminator::interface_id())
                .then(|| i.methods.downcast_ref::<crate::verify::SingleBlockImplicitTerminator>())
                .flatten()
                .map(|t| t.terminator.clone())
        }) else {
            if def.has_trait(crate::dialect::Traits::SINGLE_BLOCK) {
                self.ensure_entry_blocks(op, def, written, pos)?;
            }
            return Ok(());
        };
        let loc = self.ctx.op_location(op).map_err(|e| self.p.error_at(pos, e.message))?;
        let name = self.ctx.identifier(&terminator);
        for index in 0..def.region_names.len().max(def.num_regions).min(64) {
            if written & (1 << index) == 0 {
                continue;
            }
            let Ok(region) = self.ctx.op_region(op, index) else { continue };
            let blocks = self.ctx.region_blocks(region).unwrap_or_default();
            let block = match blocks.last() {
                Some(&b) => b,
                None => {
                    let b = self.ctx.create_block(&[]);
                    self.ctx.region_append_block(region, b).map_err(|e| self.p.error_at(pos, e.message))?;
                    b
                }
            };
            let last = self.ctx.block_ops(block).unwrap_or_default().last().copied();
            let is_terminator = |ctx: &crate::Context, o: crate::ir::OpId| {
                ctx.op_def(o).ok().flatten().is_some_and(|d| d.has_trait(crate::dialect::Traits::IS_TERMINATOR))
            };
            if last.is_some_and(|o| is_terminator(self.ctx, o)) {
                continue;
            }
            // As the terminator's builder makes it: its regions, each with its one block when
            // it is a `SingleBlock` op (`scf.forall.in_parallel`).
            let mut state = crate::ir::OperationState::new(&terminator, loc);
            let shape =
                self.ctx.registry.op(name).map(|d| (d.num_regions, d.has_trait(crate::dialect::Traits::SINGLE_BLOCK)));
            let (regions, single_block) = shape.unwrap_or((0, false));
            state.num_regions = regions;
            // A masking op's terminator yields what the one op it masks produces, at that
            // op's location (MLIR's `MaskOp::ensureTerminator`).
            if def.trait_names.iter().any(|t| t == "MaskingOpInterface") {
                if let [masked] = self.ctx.block_ops(block).unwrap_or_default()[..] {
                    state.operands = self.ctx.op_results(masked).map_err(|e| self.p.error_at(pos, e.message))?;
                    state.location = self.ctx.op_location(masked).map_err(|e| self.p.error_at(pos, e.message))?;
                }
            }
            let t = self
                .ctx
                .create_operation_at(name, &state, crate::ir::InsertPoint::BlockEnd(block))
                .map_err(|e| self.p.error_at(pos, e.message))?;
            if single_block {
                self.ensure_entry_blocks(t, &self.ctx.registry.op(name).cloned().expect("registered"), u64::MAX, pos)?;
            }
        }
        Ok(())
    }

    fn ensure_entry_blocks(&mut self, op: crate::ir::OpId, def: &OpDef, written: u64, pos: u32) -> PResult<()> {
        for index in 0..def.region_names.len().max(def.num_regions).min(64) {
            let Ok(region) = self.ctx.op_region(op, index) else { continue };
            if written & (1 << index) != 0 && self.ctx.region_blocks(region).is_ok_and(|b| b.is_empty()) {
                let b = self.ctx.create_block(&[]);
                self.ctx.region_append_block(region, b).map_err(|e| self.p.error_at(pos, e.message))?;
            }
        }
        Ok(())
    }
}

impl FmtParse {
    fn mark_written(&mut self, index: usize) {
        if index < 64 {
            self.regions_written |= 1 << index;
        }
    }

    pub(super) fn default_dialect(&self) -> Option<&str> {
        self.def.as_ref().and_then(|d| d.default_dialect.as_deref())
    }
}

impl std::fmt::Debug for FmtParse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FmtParse({} at {})", self.def.as_ref().map_or("", |d| d.name.as_str()), self.pc)
    }
}

/// [`DirectiveParser`] over the op parser: errors of the core's own parsers are reported
/// where they happen (and come back as an empty [`AsmError`], which the caller does not
/// report again).
struct HookParser<'p, 'a, 'c> {
    p: &'p mut OpParser<'a, 'c>,
    /// The op being read: the directive's own errors name it, as upstream's
    /// `OpAsmParser::emitError` does (`custom op 'cf.switch' expected integer value`).
    op_name: &'p str,
}

fn reported() -> AsmError {
    AsmError::new("")
}

impl DirectiveParser for HookParser<'_, '_, '_> {
    fn context(&self) -> &crate::Context {
        self.p.ctx
    }

    fn parse_operand(&mut self) -> Result<UnresolvedOperand, AsmError> {
        self.p.parse_ssa_use().map(UnresolvedOperand).map_err(|_| reported())
    }

    fn parse_argument(&mut self) -> Result<UnresolvedOperand, AsmError> {
        if !self.p.p.at(Tok::Percent) {
            return Err(self.error("expected SSA identifier"));
        }
        let t = self.p.p.tok();
        self.p.p.bump().map_err(|_| reported())?;
        let key = self.p.ssa_key(&t);
        Ok(UnresolvedOperand(OperandRef { key, num: 0, pos: t.start, len: t.end - t.start }))
    }

    fn at_operand(&self) -> bool {
        self.p.p.at(Tok::Percent)
    }

    fn at_successor(&self) -> bool {
        self.p.p.at(Tok::Caret)
    }

    fn parse_optional_operand(&mut self) -> Result<Option<UnresolvedOperand>, AsmError> {
        if !self.p.p.at(Tok::Percent) {
            return Ok(None);
        }
        self.parse_operand().map(Some)
    }

    fn parse_successor(&mut self) -> Result<UnresolvedSuccessor, AsmError> {
        if !self.p.p.at(Tok::Caret) {
            return Err(self.error("expected block name"));
        }
        let t = self.p.p.tok();
        let b = self.p.block_ref(self.p.p.slice(t.start, t.end), t.start);
        self.p.p.bump().map_err(|_| reported())?;
        Ok(UnresolvedSuccessor(b))
    }

    fn parse_optional_integer(&mut self) -> Result<Option<i64>, AsmError> {
        let negative = self.p.p.at(Tok::Minus);
        if negative {
            self.p.p.bump().map_err(|_| reported())?;
            if !self.p.p.at(Tok::Integer) {
                return Err(self.error("expected integer value"));
            }
        } else if !self.p.p.at(Tok::Integer) {
            return Ok(None);
        }
        let text = self.p.p.text();
        let magnitude = match text.strip_prefix("0x") {
            Some(hex) => u64::from_str_radix(hex, 16).ok(),
            None => text.parse::<u64>().ok(),
        };
        let value = magnitude.and_then(|m| if negative { 0i64.checked_sub_unsigned(m) } else { i64::try_from(m).ok() });
        let Some(value) = value else { return Err(self.error("integer value too large")) };
        self.p.p.bump().map_err(|_| reported())?;
        Ok(Some(value))
    }

    fn parse_keyword(&mut self, keyword: &str) -> Result<(), AsmError> {
        if self.at_keyword(keyword) {
            self.p.p.bump().map_err(|_| reported())
        } else {
            Err(self.error(&format!("expected '{keyword}'")))
        }
    }

    fn parse_optional_keyword(&mut self) -> Result<Option<String>, AsmError> {
        if !self.p.p.at_keyword() {
            return Ok(None);
        }
        let word = self.p.p.text().to_string();
        self.p.p.bump().map_err(|_| reported())?;
        Ok(Some(word))
    }

    fn at_keyword(&self, keyword: &str) -> bool {
        self.p.p.at_keyword() && self.p.p.text() == keyword
    }

    fn parse_optional_location(&mut self, arg: UnresolvedOperand) -> Result<(), AsmError> {
        self.p.parse_pending_arg_loc(arg.0.pos).map_err(|_| reported())
    }

    fn at_punct(&self, punct: &str) -> bool {
        punct_token(punct).is_some_and(|t| self.p.p.at(t))
    }

    fn parse_punct(&mut self, punct: &str) -> Result<(), AsmError> {
        let Some(t) = punct_token(punct) else { return Err(AsmError::new(format!("'{punct}' is not punctuation"))) };
        if self.p.p.at(t) {
            return self.p.p.bump().map_err(|_| reported());
        }
        self.p.p.expect(t, &format!("expected '{punct}'")).map_err(|_| reported())
    }

    fn parse_optional_punct(&mut self, punct: &str) -> Result<bool, AsmError> {
        let Some(t) = punct_token(punct) else { return Err(AsmError::new(format!("'{punct}' is not punctuation"))) };
        self.p.p.eat(t).map_err(|_| reported())
    }

    fn parse_type(&mut self) -> Result<Type, AsmError> {
        self.p.p.parse_type(self.p.ctx).map_err(|_| reported())
    }

    fn parse_attribute(&mut self) -> Result<Attribute, AsmError> {
        self.p.p.parse_attr(self.p.ctx).map_err(|_| reported())
    }

    fn parse_attribute_with_type(&mut self, ty: Type) -> Result<Attribute, AsmError> {
        self.p.p.attr_type_hint = Some(ty);
        let r = self.p.p.parse_attr(self.p.ctx).map_err(|_| reported());
        self.p.p.attr_type_hint = None;
        r
    }

    fn parse_optional_string(&mut self) -> Result<Option<String>, AsmError> {
        if !self.p.p.at(Tok::String) {
            return Ok(None);
        }
        let t = self.p.p.tok();
        let s = String::from_utf8_lossy(&self.p.p.string_value(&t)).into_owned();
        self.p.p.bump().map_err(|_| reported())?;
        Ok(Some(s))
    }

    fn error(&self, message: &str) -> AsmError {
        self.error_at(self.current_location(), message)
    }

    fn current_location(&self) -> usize {
        self.p.p.tok().start as usize
    }

    fn error_at(&self, location: usize, message: &str) -> AsmError {
        AsmError::at(location, format!("custom op '{}' {message}", self.op_name))
    }

    fn op_error(&self, message: &str) -> AsmError {
        match self.p.ops.last() {
            Some(f) => self.error_at(f.name_tok.start as usize, message),
            None => self.error(message),
        }
    }
}
