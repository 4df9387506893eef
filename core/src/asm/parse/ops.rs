//! Operations, regions and blocks in MLIR's generic syntax (plus `builtin.module`'s custom
//! form), following MLIR's `Parser.cpp` (`OperationParser`, `TopLevelOperationParser`).
//!
//! Nested regions are parsed with an explicit stack of operation frames: when an
//! operation's region list starts, its parsed parts are pushed and parsing continues in
//! the region's blocks; when the region list ends, the frame is popped and the operation
//! is created. Blocks are built detached and attached to the operation's regions when it
//! is created.
//!
//! SSA names: as in MLIR's generic syntax, all regions share one isolated name scope;
//! values defined in a region go out of scope when it ends. A use before the definition
//! gets a placeholder (`builtin.unrealized_conversion_cast`, as MLIR) that the definition
//! replaces; placeholders left at the end are reported all together ("use of undeclared SSA
//! value name"), sorted by position.

use rustc_hash::FxHashMap;

#[path = "custom_op.rs"]
mod custom_op;

use super::base::{bytes_to_string, Core, Fail, PResult, RawDiag};
use super::fmt::{fmt_attr, fmt_type};
use super::lexer::{Tok, Token};
use crate::attrs::{Attribute, Location, NamedAttribute};
use crate::context::{Context, Identifier, ResourceBlob};
use crate::ir::{BlockId, EraseMode, InsertPoint, OpId, OperationState, Value};
use crate::types::{Type, TypeKind};

#[derive(Copy, Clone, Debug)]
struct ValueEntry {
    value: Value,
    ty: Type,
    pos: u32,
    placeholder: Option<OpId>,
}

#[derive(Copy, Clone, Debug)]
struct BlockEntry {
    block: BlockId,
    defined: bool,
    pos: u32,
}

#[derive(Copy, Clone, Debug)]
struct RegionFrame {
    serial: u32,
    def_log_start: u32,
    block_log_start: u32,
    cur_block: BlockId,
}

#[derive(Clone, Debug)]
struct CustomModule {
    props: Vec<NamedAttribute>,
    attrs: Vec<NamedAttribute>,
}

#[derive(Clone, Debug)]
struct OpFrame {
    op_pos: u32,
    name_tok: Token,
    /// The op's location (its name's position), created when the name is read so that
    /// locations are created in source order.
    loc: Location,
    name: Identifier,
    results: (u32, u32),
    operands: (u32, u32),
    succs: (u32, u32),
    props: Option<Attribute>,
    blocks_start: u32,
    bounds_start: u32,
    /// A registered op with inherent attributes (which may come in the dictionary).
    inherent: bool,
    custom: Option<Box<CustomModule>>,
    /// The op's custom form being read (see `custom_op.rs`).
    fmt: Option<Box<custom_op::FmtParse>>,
}

/// An SSA name as a map key (see `OpParser::ssa_key`).
type NameKey = u64;

/// A use of an SSA value: `%name` at `pos` (`len` bytes), result `num`.
#[derive(Copy, Clone, Debug)]
pub(crate) struct OperandRef {
    key: NameKey,
    num: u32,
    pos: u32,
    len: u32,
}

impl OperandRef {
    /// Whether both name the same value (`%x` twice, or `%x#1` twice).
    pub(crate) fn same_value(&self, other: &OperandRef) -> bool {
        self.key == other.key && self.num == other.num
    }
}

/// `%name` (at `pos`, `len` bytes) or `%name:count` naming an op's results.
#[derive(Copy, Clone, Debug)]
struct ResultDef {
    key: NameKey,
    count: u32,
    pos: u32,
    len: u32,
}

#[derive(Copy, Clone, Debug)]
enum LocTarget {
    Op(OpId),
    Arg(BlockId, u32),
    /// A region argument a custom directive read (by the position of its name), created
    /// when its region is: `%arg0: i32 loc(...)` in a function signature.
    PendingArg(u32),
}

#[derive(Copy, Clone, Debug)]
struct Deferred<'a> {
    target: LocTarget,
    name: &'a str,
    pos: u32,
}

/// What is known about an operation name, computed once per name.
#[derive(Copy, Clone, Debug)]
struct OpNameInfo {
    id: Identifier,
    registered: bool,
    terminator: bool,
    has_inherent: bool,
    dialect_known: bool,
}

pub struct OpParser<'a, 'c> {
    pub ctx: &'c mut Context,
    pub p: Core<'a>,
    file: Identifier,
    values: FxHashMap<(NameKey, u32), ValueEntry>,
    def_log: Vec<(NameKey, u32)>,
    /// Placeholders (forward references) not yet replaced by their definition.
    pending_placeholders: u32,
    /// Numbers of SSA names longer than a short key (see `ssa_key`).
    long_names: FxHashMap<&'a str, u32>,
    blocks: FxHashMap<(u32, &'a str), BlockEntry>,
    block_log: Vec<(u32, &'a str)>,
    next_serial: u32,
    regions: Vec<RegionFrame>,
    ops: Vec<OpFrame>,
    operand_refs: Vec<OperandRef>,
    result_defs: Vec<ResultDef>,
    succs: Vec<BlockId>,
    region_blocks: Vec<BlockId>,
    region_bounds: Vec<u32>,
    created_blocks: Vec<BlockId>,
    placeholder_ops: Vec<OpId>,
    deferred: Vec<Deferred<'a>>,
    /// Locations of region arguments read before their block exists, by name position.
    pub(crate) pending_arg_locs: Vec<(u32, Location)>,
    /// Where those arguments ended up, by name position (for `loc(#alias)` resolved at the
    /// end of the file).
    pub(crate) pending_arg_slots: FxHashMap<u32, (BlockId, u32)>,
    op_names: FxHashMap<&'a str, OpNameInfo>,
    /// `op_names` for names of up to 15 bytes, by short key.
    short_op_names: FxHashMap<u128, OpNameInfo>,
    /// Custom-form op names already resolved to a definition with a format, by their text
    /// and the default dialect they were read under (`None` for a name with a dialect
    /// prefix). Only successes are kept: a later dialect load cannot change them.
    custom_op_names: FxHashMap<(&'a str, Option<Identifier>), (Identifier, custom_op::SharedDef)>,
    cast_name: Identifier,
    state: OperationState,
    ph_state: OperationState,
    fn_in: Vec<Type>,
    fn_out: Vec<Type>,
    top_block: BlockId,
    /// Whether locations go to the compact storage (`begin_locations`).
    points: bool,
    /// Blobs from the file's `dialect_resources`, applied only if the parse succeeds.
    pub resources: Vec<(String, String, ResourceBlob)>,
    /// States of finished custom-form ops, reused (with their buffers) by the next ones.
    /// Boxed as the frames hold them, so a state moves between pool and frame unboxed never.
    #[allow(clippy::vec_box)]
    fmt_pool: Vec<Box<custom_op::FmtParse>>,
}

impl<'a, 'c> OpParser<'a, 'c> {
    pub fn new(ctx: &'c mut Context, p: Core<'a>, filename: &str) -> OpParser<'a, 'c> {
        let file = ctx.identifier(filename);
        let cast_name = ctx.identifier(crate::builtin::UNREALIZED_CONVERSION_CAST);
        let unknown = ctx.unknown_loc();
        let top_block = ctx.create_block(&[]);
        OpParser {
            ctx,
            p,
            file,
            values: FxHashMap::default(),
            def_log: Vec::new(),
            pending_placeholders: 0,
            long_names: FxHashMap::default(),
            blocks: FxHashMap::default(),
            block_log: Vec::new(),
            next_serial: 1,
            regions: Vec::new(),
            ops: Vec::new(),
            operand_refs: Vec::new(),
            result_defs: Vec::new(),
            succs: Vec::new(),
            region_blocks: Vec::new(),
            region_bounds: Vec::new(),
            created_blocks: vec![top_block],
            placeholder_ops: Vec::new(),
            deferred: Vec::new(),
            pending_arg_locs: Vec::new(),
            pending_arg_slots: FxHashMap::default(),
            op_names: FxHashMap::default(),
            short_op_names: FxHashMap::default(),
            custom_op_names: FxHashMap::default(),
            cast_name,
            state: OperationState::new("", unknown),
            ph_state: OperationState::new("", unknown),
            fn_in: Vec::new(),
            fn_out: Vec::new(),
            top_block,
            points: false,
            resources: Vec::new(),
            fmt_pool: Vec::new(),
        }
    }

    // ---- locations ----

    /// Starts the compact location storage for this file (see `PointLocs`): locations are
    /// then created in source order, each right after the previous one.
    pub fn begin_locations(&mut self) {
        // Operations take about 60 bytes of text or more; block arguments are few.
        let expected = (self.p.src.len() - self.p.base as usize) / 64;
        self.points = self.ctx.begin_point_locs(self.file, expected);
    }

    pub fn end_locations(&mut self) {
        if self.points {
            self.ctx.end_point_locs();
            self.points = false;
        }
    }

    /// The location of `tok`, which must be the current token.
    fn file_loc(&mut self, tok: &Token) -> Location {
        self.file_loc_at(self.p.lex.line(), self.p.lex.col(tok))
    }

    pub fn file_loc_at(&mut self, line: u32, col: u32) -> Location {
        if self.points {
            self.ctx.point_file_loc(self.file, line, col)
        } else {
            self.ctx.file_line_col_loc_id(self.file, line, col)
        }
    }

    // ---- the top level ----

    /// Parses the whole input into the top-level block.
    pub fn run(&mut self) -> PResult<()> {
        self.p.start()?;
        loop {
            let in_region = !self.regions.is_empty();
            match self.p.tok().kind {
                Tok::RBrace if in_region => self.close_region()?,
                Tok::Caret if in_region => self.parse_block_label(None)?,
                Tok::Eof if !in_region => return self.finalize(),
                Tok::Hash if !in_region => self.parse_attr_alias_def()?,
                Tok::Bang if !in_region => self.parse_type_alias_def()?,
                Tok::FileMetaBegin if !in_region => self.parse_metadata()?,
                _ => self.parse_operation()?,
            }
        }
    }

    /// The module to return: the file's single top-level `builtin.module`, or a new module
    /// (at `module_loc`) holding everything parsed.
    pub fn finish_module(&mut self, module_loc: Location) -> PResult<OpId> {
        let ops = self.ctx.block_ops(self.top_block).map_err(|e| self.p.error_at(0, e.message))?;
        if ops.len() == 1 && self.ctx.op_name(ops[0]).ok() == Some(crate::builtin::MODULE) {
            let m = ops[0];
            self.ctx.detach_op(m).map_err(|e| self.p.error_at(0, e.message))?;
            self.ctx.erase_block(self.top_block).map_err(|e| self.p.error_at(0, e.message))?;
            return Ok(m);
        }
        let name = self.ctx.identifier(crate::builtin::MODULE);
        let mut st = OperationState::new("", module_loc);
        st.num_regions = 1;
        let m = self.ctx.create_operation_named(name, &st).map_err(|e| self.p.error_at(0, e.message))?;
        let r = self.ctx.op_region(m, 0).map_err(|e| self.p.error_at(0, e.message))?;
        self.ctx.region_append_block(r, self.top_block).map_err(|e| self.p.error_at(0, e.message))?;
        Ok(m)
    }

    /// MLIR's `parseSourceString<Operation *>`: the text must hold exactly one top-level
    /// operation, which comes back detached (a `builtin.module` too: it is never wrapped).
    pub fn finish_single_op(&mut self) -> PResult<OpId> {
        let ops = self.ctx.block_ops(self.top_block).map_err(|e| self.p.error_at(0, e.message))?;
        if ops.len() != 1 {
            return Err(self
                .p
                .error_at(0, format!("source must contain a single top-level operation, found: {}", ops.len())));
        }
        self.ctx.detach_op(ops[0]).map_err(|e| self.p.error_at(0, e.message))?;
        self.ctx.erase_block(self.top_block).map_err(|e| self.p.error_at(0, e.message))?;
        Ok(ops[0])
    }

    /// Erases everything the parse created (after a failure).
    pub fn cleanup(&mut self) {
        let ctx = &mut *self.ctx;
        let roots: Vec<BlockId> = self
            .created_blocks
            .iter()
            .copied()
            .filter(|&b| ctx.is_block_live(b) && matches!(ctx.block_parent_region(b), Ok(None)))
            .collect();
        for &b in &roots {
            for op in ctx.block_ops(b).unwrap_or_default() {
                let _ = ctx.drop_all_references(op);
            }
        }
        for &b in &roots {
            for op in ctx.block_ops(b).unwrap_or_default() {
                let _ = ctx.erase_op_with(op, EraseMode::DropUses);
            }
        }
        for &ph in &self.placeholder_ops {
            if ctx.is_op_live(ph) {
                let _ = ctx.erase_op_with(ph, EraseMode::DropUses);
            }
        }
        for &b in &roots {
            if ctx.is_block_live(b) {
                let _ = ctx.erase_block(b);
            }
        }
    }

    fn finalize(&mut self) -> PResult<()> {
        let mut undefined: Vec<u32> = self.values.values().filter(|e| e.placeholder.is_some()).map(|e| e.pos).collect();
        if !undefined.is_empty() {
            undefined.sort_unstable();
            for pos in undefined {
                self.p.diags.push(RawDiag {
                    pos,
                    message: "use of undeclared SSA value name".into(),
                    notes: Vec::new(),
                });
            }
            return Err(Fail);
        }
        for i in 0..self.deferred.len() {
            let d = self.deferred[i];
            let Some(&a) = self.p.attr_aliases.get(d.name) else {
                return Err(self.p.error_at(d.pos, "operation location alias was never defined"));
            };
            let Some(loc) = self.ctx.as_location(a) else {
                let shown = fmt_attr(self.ctx, a);
                return Err(self.p.error_at(d.pos, format!("expected location, but found '{shown}'")));
            };
            self.set_loc(d.target, loc);
        }
        self.check_undefined_blocks(0)?;
        Ok(())
    }

    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let tok = self.p.tok();
        let name = self.p.slice(tok.start + 1, tok.end);
        if self.p.attr_aliases.contains_key(name) {
            return Err(self.p.error_here(format!("redefinition of attribute alias id '{name}'")));
        }
        if name.contains('.') {
            return Err(self.p.error_here("attribute names with a '.' are reserved for dialect-defined names"));
        }
        self.p.bump()?;
        self.p.expect(Tok::Equal, "expected '=' in attribute alias definition")?;
        let a = self.p.parse_attr(self.ctx)?;
        self.p.attr_aliases.insert(name, a);
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let tok = self.p.tok();
        let name = self.p.slice(tok.start + 1, tok.end);
        if self.p.type_aliases.contains_key(name) {
            return Err(self.p.error_here(format!("redefinition of type alias id '{name}'")));
        }
        if name.contains('.') {
            return Err(self.p.error_here("type names with a '.' are reserved for dialect-defined names"));
        }
        self.p.bump()?;
        self.p.expect(Tok::Equal, "expected '=' in type alias definition")?;
        let t = self.p.parse_type(self.ctx)?;
        self.p.type_aliases.insert(name, t);
        Ok(())
    }

    // ---- file metadata ----

    fn parse_metadata(&mut self) -> PResult<()> {
        self.p.bump()?; // {-#
        if self.p.eat(Tok::FileMetaEnd)? {
            return Ok(());
        }
        loop {
            let key_pos = self.p.tok().start;
            if !self.p.at_keyword() {
                return Err(self.p.error_here("expected identifier key in file metadata dictionary"));
            }
            let key = self.p.text();
            self.p.bump()?;
            self.p.expect(Tok::Colon, "expected ':'")?;
            match key {
                "dialect_resources" => self.parse_resource_section(true)?,
                "external_resources" => self.parse_resource_section(false)?,
                _ => return Err(self.p.error_at(key_pos, format!("unknown key '{key}' in file metadata dictionary"))),
            }
            if self.p.eat(Tok::Comma)? {
                continue;
            }
            return self.p.expect(Tok::FileMetaEnd, "expected ',' or '#-}'");
        }
    }

    fn parse_resource_section(&mut self, dialect: bool) -> PResult<()> {
        self.p.expect(Tok::LBrace, "expected '{'")?;
        if self.p.eat(Tok::RBrace)? {
            return Ok(());
        }
        loop {
            let name_pos = self.p.tok().start;
            if !self.p.at_keyword() {
                return Err(self.p.error_here("expected identifier key for 'resource' entry"));
            }
            let name = self.p.text();
            self.p.bump()?;
            self.p.expect(Tok::Colon, "expected ':'")?;
            self.p.expect(Tok::LBrace, "expected '{'")?;
            if dialect && !self.ctx.is_dialect_registered(name) && !self.p.allow_unregistered {
                return Err(self.p.error_at(name_pos, format!("dialect '{name}' is unknown")));
            }
            if !self.p.eat(Tok::RBrace)? {
                loop {
                    let key_tok = self.p.tok();
                    let key: Vec<u8> = match key_tok.kind {
                        Tok::String => self.p.string_value(&key_tok),
                        Tok::BareIdent | Tok::IntType => self.p.text().as_bytes().to_vec(),
                        _ if dialect => return Err(self.p.error_here("expected identifier key for 'resource' entry")),
                        _ => return Err(self.p.error_here("expected identifier key for 'external_resources' entry")),
                    };
                    self.p.bump()?;
                    self.p.expect(Tok::Colon, "expected ':'")?;
                    let value = self.p.tok();
                    self.p.bump()?;
                    if dialect {
                        let shown_key = bytes_to_string(&key);
                        let is_builtin = name == "builtin";
                        let ctx_key =
                            if is_builtin { self.p.declare_resource(self.ctx, key) } else { shown_key.clone() };
                        match self.parse_blob(&value, &shown_key) {
                            Ok(Some(blob)) => self.resources.push((name.to_string(), ctx_key, blob)),
                            Ok(None) => {}
                            Err(f) if is_builtin => return Err(f),
                            Err(_) => {
                                // Other dialects may store non-blob values; keep blobs only.
                                self.p.diags.pop();
                            }
                        }
                    }
                    if self.p.eat(Tok::Comma)? {
                        continue;
                    }
                    self.p.expect(Tok::RBrace, "expected ',' or '}'")?;
                    break;
                }
            }
            if self.p.eat(Tok::Comma)? {
                continue;
            }
            return self.p.expect(Tok::RBrace, "expected ',' or '}'");
        }
    }

    /// A `"0x..."` blob: 4 bytes of little-endian alignment, then the data.
    fn parse_blob(&mut self, value: &Token, key: &str) -> PResult<Option<ResourceBlob>> {
        let bad =
            |this: &mut Self| Err(this.p.error_at(value.start, format!("expected hex string blob for key '{key}'")));
        if value.kind != Tok::String {
            return bad(self);
        }
        let body = self.p.slice(value.start + 1, value.end - 1);
        let Some(bytes) = super::dense::decode_hex(body) else {
            return bad(self);
        };
        if bytes.len() < 4 {
            return Err(self.p.error_at(
                value.start,
                format!("expected hex string blob for key '{key}' to encode alignment in first 4 bytes"),
            ));
        }
        let align = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        if align != 0 && !align.is_power_of_two() {
            return Err(self.p.error_at(
                value.start,
                format!("expected hex string blob for key '{key}' to encode alignment in first 4 bytes, but got non-power-of-2 value: {align}"),
            ));
        }
        Ok(Some(ResourceBlob { data: bytes[4..].to_vec(), alignment: align }))
    }

    // ---- operations ----

    fn parse_operation(&mut self) -> PResult<()> {
        let op_pos = self.p.tok().start;
        let res_start = self.result_defs.len() as u32;
        if self.p.at(Tok::Percent) {
            loop {
                let t = self.p.tok();
                if t.kind != Tok::Percent {
                    return Err(self.p.wrong_token("expected valid ssa identifier"));
                }
                self.p.bump()?;
                let mut count = 1u32;
                if self.p.eat(Tok::Colon)? {
                    if !self.p.at(Tok::Integer) {
                        return Err(self.p.wrong_token("expected integer number of results"));
                    }
                    match super::dense::parse_u64(self.p.text()) {
                        Some(v) if v >= 1 && v <= u32::MAX as u64 => count = v as u32,
                        _ => return Err(self.p.error_here("expected named operation to have at least 1 result")),
                    }
                    self.p.bump()?;
                }
                let key = self.ssa_key(&t);
                self.result_defs.push(ResultDef { key, count, pos: t.start, len: t.end - t.start });
                if !self.p.eat(Tok::Comma)? {
                    break;
                }
            }
            self.p.expect(Tok::Equal, "expected '=' after SSA name")?;
        }
        match self.p.tok().kind {
            Tok::String => self.parse_generic(op_pos, res_start),
            Tok::BareIdent => self.parse_custom(op_pos, res_start),
            _ => Err(self.p.wrong_token("expected operation name in quotes")),
        }
    }

    fn op_name_info(&mut self, tok: &Token) -> PResult<OpNameInfo> {
        // The name between the quotes (escapes included) as a short key, when it is short.
        let short = self.p.short_key(tok.start + 1, tok.end - 1);
        if let Some(k) = short {
            if let Some(&info) = self.short_op_names.get(&k) {
                return Ok(info);
            }
        }
        let key = self.p.slice(tok.start, tok.end);
        if let Some(&info) = self.op_names.get(key) {
            return Ok(info);
        }
        let name = match self.p.plain_string(tok) {
            Some(s) => s.to_string(),
            None => bytes_to_string(&self.p.string_value(tok)),
        };
        if name.is_empty() {
            return Err(self.p.error_here("empty operation name is invalid"));
        }
        if name.contains('\0') {
            return Err(self.p.error_here("null character not allowed in operation name"));
        }
        let id = self.ctx.identifier(&name);
        self.ctx.load_dialect_of_op_name(id);
        let def = self.ctx.registry.op(id);
        let registered = def.is_some();
        let terminator = def.is_some_and(|d| d.has_trait(crate::dialect::Traits::IS_TERMINATOR));
        let has_inherent = def.is_some_and(|d| !d.attributes.is_empty());
        let dialect = name.split('.').next().unwrap_or("");
        let dialect_known = registered || self.ctx.is_dialect_registered(dialect);
        let info = OpNameInfo { id, registered, terminator, has_inherent, dialect_known };
        match short {
            Some(k) => self.short_op_names.insert(k, info),
            None => self.op_names.insert(key, info),
        };
        Ok(info)
    }

    fn parse_generic(&mut self, op_pos: u32, res_start: u32) -> PResult<()> {
        let name_tok = self.p.tok();
        let info = self.op_name_info(&name_tok)?;
        let loc = self.file_loc(&name_tok);
        self.p.bump()?;
        if !info.dialect_known && !self.p.allow_unregistered {
            return Err(self.p.error_here(
                "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
            ));
        }
        // Operands.
        let ops_start = self.operand_refs.len() as u32;
        self.p.expect(Tok::LParen, "expected '(' to start operand list")?;
        if self.p.at(Tok::Percent) {
            loop {
                let r = self.parse_ssa_use()?;
                self.operand_refs.push(r);
                if !self.p.eat(Tok::Comma)? {
                    break;
                }
            }
        }
        self.p.expect(Tok::RParen, "expected ')' to end operand list")?;
        // Successors.
        let succ_start = self.succs.len() as u32;
        if self.p.at(Tok::LSquare) {
            if info.registered && !info.terminator {
                return Err(self.p.error_here("successors in non-terminator"));
            }
            self.p.bump()?;
            if self.p.at(Tok::RSquare) {
                return Err(self.p.wrong_token("expected list element"));
            }
            loop {
                if !self.p.at(Tok::Caret) {
                    return Err(self.p.wrong_token("expected block name"));
                }
                let t = self.p.tok();
                let b = self.block_ref(self.p.slice(t.start, t.end), t.start);
                self.succs.push(b);
                self.p.bump()?;
                if !self.p.eat(Tok::Comma)? {
                    break;
                }
            }
            self.p.expect(Tok::RSquare, "expected ',' or ']'")?;
        }
        // Properties.
        let mut props = None;
        if self.p.eat(Tok::Less)? {
            props = Some(self.p.parse_attr(self.ctx)?);
            self.p.expect(Tok::Greater, "expected '>' to close properties")?;
        }
        let frame = OpFrame {
            op_pos,
            name_tok,
            loc,
            name: info.id,
            results: (res_start, self.result_defs.len() as u32),
            operands: (ops_start, self.operand_refs.len() as u32),
            succs: (succ_start, self.succs.len() as u32),
            props,
            blocks_start: self.region_blocks.len() as u32,
            bounds_start: self.region_bounds.len() as u32,
            inherent: info.has_inherent,
            custom: None,
            fmt: None,
        };
        if self.p.eat(Tok::LParen)? {
            self.ops.push(frame);
            return self.begin_regions();
        }
        self.finish_generic(frame)
    }

    // Inlined: a returned `OperandRef` would be written field by field and read back whole,
    // which stalls store forwarding.
    #[inline(always)]
    fn parse_ssa_use(&mut self) -> PResult<OperandRef> {
        let t = self.p.tok();
        if t.kind != Tok::Percent {
            return Err(self.p.wrong_token("expected SSA operand"));
        }
        self.p.bump()?;
        let mut num = 0;
        if self.p.at(Tok::Hash) {
            let h = self.p.tok();
            let digits = self.p.slice(h.start + 1, h.end);
            match digits.parse::<u32>() {
                Ok(n) if digits.bytes().all(|b| b.is_ascii_digit()) => num = n,
                _ => return Err(self.p.error_here("invalid SSA value result number")),
            }
            self.p.bump()?;
        }
        Ok(OperandRef { key: self.ssa_key(&t), num, pos: t.start, len: t.end - t.start })
    }

    fn current_serial(&self) -> u32 {
        self.regions.last().map_or(0, |r| r.serial)
    }

    fn current_block(&self) -> BlockId {
        self.regions.last().map_or(self.top_block, |r| r.cur_block)
    }

    /// The block named `name` in the current region, created (undefined) on first use.
    fn block_ref(&mut self, name: &'a str, pos: u32) -> BlockId {
        let key = (self.current_serial(), name);
        if let Some(e) = self.blocks.get(&key) {
            return e.block;
        }
        let b = self.ctx.create_block(&[]);
        self.created_blocks.push(b);
        self.blocks.insert(key, BlockEntry { block: b, defined: false, pos });
        self.block_log.push(key);
        b
    }

    // ---- regions and blocks ----

    /// Starts the next region of the innermost operation frame (at its `{`). Empty regions
    /// are handled in a loop, so many of them cost no stack.
    fn begin_regions(&mut self) -> PResult<()> {
        loop {
            self.p.expect(Tok::LBrace, "expected '{' to begin a region")?;
            if !self.p.at(Tok::RBrace) {
                let serial = self.next_serial;
                self.next_serial += 1;
                let entry = self.ctx.create_block(&[]);
                self.created_blocks.push(entry);
                self.region_blocks.push(entry);
                self.regions.push(RegionFrame {
                    serial,
                    def_log_start: self.def_log.len() as u32,
                    block_log_start: self.block_log.len() as u32,
                    cur_block: entry,
                });
                if self.p.at(Tok::Caret) {
                    self.parse_block_label(Some(entry))?;
                }
                return Ok(());
            }
            self.p.bump()?;
            self.region_bounds.push(self.region_blocks.len() as u32);
            if !self.after_region()? {
                return Ok(());
            }
        }
    }

    /// After a region of the innermost frame ended: returns true if another region
    /// follows; otherwise finishes the operation.
    fn after_region(&mut self) -> PResult<bool> {
        if self.ops.last().is_some_and(|f| f.fmt.is_some()) {
            self.resume_format()?;
            return Ok(false);
        }
        let custom = self.ops.last().is_some_and(|f| f.custom.is_some());
        if custom {
            let f = self.ops.pop().expect("frame");
            self.finish_custom_module(f)?;
            return Ok(false);
        }
        if self.p.eat(Tok::Comma)? {
            return Ok(true);
        }
        if self.p.at(Tok::RParen) {
            self.p.bump()?;
            let f = self.ops.pop().expect("frame");
            self.finish_generic(f)?;
            return Ok(false);
        }
        Err(self.p.wrong_token("expected ')' to end region list"))
    }

    fn close_region(&mut self) -> PResult<()> {
        self.p.bump()?; // }
        let rf = self.regions.pop().expect("open region");
        self.check_undefined_blocks(rf.block_log_start as usize)?;
        for key in self.block_log.drain(rf.block_log_start as usize..) {
            self.blocks.remove(&key);
        }
        if rf.def_log_start == 0 && self.pending_placeholders == 0 {
            // Everything in scope was defined in this region (and no forward reference
            // waits): the map holds exactly `def_log`.
            self.def_log.clear();
            self.values.clear();
        } else {
            for key in self.def_log.drain(rf.def_log_start as usize..) {
                self.values.remove(&key);
            }
        }
        self.region_bounds.push(self.region_blocks.len() as u32);
        if self.after_region()? {
            self.begin_regions()?;
        }
        Ok(())
    }

    fn check_undefined_blocks(&mut self, from: usize) -> PResult<()> {
        let mut undefined: Vec<u32> = self.block_log[from..]
            .iter()
            .filter_map(|k| self.blocks.get(k))
            .filter(|e| !e.defined)
            .map(|e| e.pos)
            .collect();
        if undefined.is_empty() {
            return Ok(());
        }
        undefined.sort_unstable();
        for pos in undefined {
            self.p.diags.push(RawDiag { pos, message: "reference to an undefined block".into(), notes: Vec::new() });
        }
        Err(Fail)
    }

    /// `^name(args):` — names the entry block (`existing`) or starts a new block.
    fn parse_block_label(&mut self, existing: Option<BlockId>) -> PResult<()> {
        let tok = self.p.tok();
        let name = self.p.slice(tok.start, tok.end);
        self.p.bump()?;
        let key = (self.current_serial(), name);
        let block = match self.blocks.get_mut(&key) {
            None => {
                let b = match existing {
                    Some(b) => b,
                    None => {
                        let b = self.ctx.create_block(&[]);
                        self.created_blocks.push(b);
                        b
                    }
                };
                self.blocks.insert(key, BlockEntry { block: b, defined: true, pos: tok.start });
                self.block_log.push(key);
                b
            }
            Some(e) if e.defined => return Err(self.p.error_at(tok.start, format!("redefinition of block '{name}'"))),
            Some(e) => {
                e.defined = true;
                e.block
            }
        };
        if existing.is_none() {
            self.region_blocks.push(block);
            if let Some(r) = self.regions.last_mut() {
                r.cur_block = block;
            }
        }
        if self.p.at(Tok::LParen) {
            self.p.bump()?;
            if !self.p.eat(Tok::RParen)? {
                loop {
                    let u = self.parse_ssa_use()?;
                    let use_tok_line = self.p.lex_line_of(u.pos);
                    self.p.expect(Tok::Colon, "expected ':' and type for SSA operand")?;
                    let ty = self.p.parse_type(self.ctx)?;
                    let loc = self.file_loc_at(use_tok_line.0, u.pos - use_tok_line.1 + 1);
                    let arg =
                        self.ctx.block_add_argument(block, ty, loc).map_err(|e| self.p.error_at(u.pos, e.message))?;
                    self.parse_trailing_loc(LocTarget::Arg(block, arg.number()))?;
                    self.add_definition(u.key, u.num, arg, ty, u.pos, u.len)?;
                    if !self.p.eat(Tok::Comma)? {
                        break;
                    }
                }
                self.p.expect(Tok::RParen, "expected ')'")?;
            }
        }
        self.p.expect(Tok::Colon, "expected ':' after block name")
    }

    // ---- finishing operations ----

    fn reset_state(&mut self, frame: &OpFrame, loc: Location) {
        let st = &mut self.state;
        st.location = loc;
        st.operands.clear();
        st.result_types.clear();
        st.attributes.clear();
        st.properties = frame.props;
        st.num_regions = (self.region_bounds.len() as u32 - frame.bounds_start) as usize;
        st.successors.clear();
        st.successors.extend_from_slice(&self.succs[frame.succs.0 as usize..frame.succs.1 as usize]);
    }

    #[inline(always)]
    fn finish_generic(&mut self, frame: OpFrame) -> PResult<()> {
        self.reset_state(&frame, frame.loc);
        if self.p.at(Tok::LBrace) {
            let s = self.p.parse_dict_entries(self.ctx)?;
            self.state.attributes.extend(self.p.scratch.named[s..].iter().map(|(n, _)| *n));
            self.p.scratch.named.truncate(s);
            if self.state.attributes.len() > 16 {
                // The core keeps attributes sorted by inserting one at a time; hand it a
                // sorted list so that a huge dictionary costs n log n, not n^2.
                let ctx = &*self.ctx;
                self.state.attributes.sort_by(|a, b| ctx.ident_str(a.name).cmp(ctx.ident_str(b.name)));
            }
        }
        self.p.expect(Tok::Colon, "expected ':' followed by operation type")?;
        let type_pos = self.p.tok().start;
        let fty = self.p.parse_fn_type_cached(self.ctx)?;
        match self.ctx.type_kind(fty) {
            TypeKind::Function { inputs, results } => {
                self.fn_in.clear();
                self.fn_in.extend_from_slice(inputs);
                self.fn_out.clear();
                self.fn_out.extend_from_slice(results);
            }
            _ => return Err(self.p.error_at(type_pos, "expected function type")),
        }
        let (o0, o1) = (frame.operands.0 as usize, frame.operands.1 as usize);
        let n = o1 - o0;
        if self.fn_in.len() != n {
            let plural = if n == 1 { "" } else { "s" };
            return Err(self
                .p
                .error_at(type_pos, format!("expected {n} operand type{plural} but had {}", self.fn_in.len())));
        }
        for i in 0..n {
            let r = self.operand_refs[o0 + i];
            let v = self.resolve(r, self.fn_in[i])?;
            self.state.operands.push(v);
        }
        self.state.result_types.extend_from_slice(&self.fn_out);
        if self.state.properties.is_none() && frame.inherent {
            self.move_inherent_attrs(frame.name)?;
        }
        let op = self.create_and_insert(&frame)?;
        self.parse_trailing_loc(LocTarget::Op(op))?;
        self.define_results(&frame, op)?;
        self.pop_frame_stacks(&frame);
        Ok(())
    }

    /// MLIR's backward-compatible generic syntax: a registered op's inherent attributes
    /// written in the attribute dictionary become its properties.
    fn move_inherent_attrs(&mut self, name: Identifier) -> PResult<()> {
        let Some(def) = self.ctx.registry.op(name).cloned() else {
            return Ok(());
        };
        let mut props = Vec::new();
        let ctx = &*self.ctx;
        self.state.attributes.retain(|na| {
            let n = ctx.ident_str(na.name);
            if def.attributes.iter().any(|s| s.name == n) {
                props.push(*na);
                false
            } else {
                true
            }
        });
        if !props.is_empty() {
            let d = self.ctx.dictionary_attr(&props).map_err(|e| self.p.error_here(e.message))?;
            self.state.properties = Some(d);
        }
        Ok(())
    }

    /// Creates the op from `self.state`, inserts it at the end of the current block and
    /// attaches the blocks of its regions.
    fn create_and_insert(&mut self, frame: &OpFrame) -> PResult<OpId> {
        let op = self
            .ctx
            .create_operation_named(frame.name, &self.state)
            .map_err(|e| self.p.error_at(frame.name_tok.start, e.message))?;
        let blk = self.current_block();
        self.ctx
            .insert_op(op, InsertPoint::BlockEnd(blk))
            .map_err(|e| self.p.error_at(frame.name_tok.start, e.message))?;
        let (b0, bn) = (frame.bounds_start as usize, self.region_bounds.len());
        let mut start = frame.blocks_start as usize;
        for i in b0..bn {
            let end = self.region_bounds[i] as usize;
            if start < end {
                let r = self.ctx.op_region(op, i - b0).map_err(|e| self.p.error_at(frame.name_tok.start, e.message))?;
                for k in start..end {
                    let b = self.region_blocks[k];
                    self.ctx.region_append_block(r, b).map_err(|e| self.p.error_at(frame.name_tok.start, e.message))?;
                }
            }
            start = end;
        }
        self.region_blocks.truncate(frame.blocks_start as usize);
        self.region_bounds.truncate(frame.bounds_start as usize);
        Ok(op)
    }

    fn define_results(&mut self, frame: &OpFrame, op: OpId) -> PResult<()> {
        let (r0, r1) = (frame.results.0 as usize, frame.results.1 as usize);
        if r0 == r1 {
            return Ok(());
        }
        let n = self.ctx.op_num_results(op).unwrap_or(0);
        if n == 0 {
            return Err(self.p.error_at(frame.op_pos, "cannot name an operation with no results"));
        }
        let expected: u64 = self.result_defs[r0..r1].iter().map(|r| r.count as u64).sum();
        if expected != n as u64 {
            return Err(self
                .p
                .error_at(frame.op_pos, format!("operation defines {n} results but was provided {expected} to bind")));
        }
        let (index, generation) = op.to_raw();
        let mut i = 0;
        for k in r0..r1 {
            let d = self.result_defs[k];
            for sub in 0..d.count {
                let v = Value::from_raw(index, generation, i as u32);
                let ty = self.state.result_types[i];
                self.add_definition(d.key, sub, v, ty, d.pos, d.len)?;
                i += 1;
            }
        }
        Ok(())
    }

    fn pop_frame_stacks(&mut self, frame: &OpFrame) {
        self.operand_refs.truncate(frame.operands.0 as usize);
        self.result_defs.truncate(frame.results.0 as usize);
        self.succs.truncate(frame.succs.0 as usize);
    }

    // ---- SSA values ----

    /// The map key of SSA name token `t` (`%name`): up to 7 bytes after the `%`, the
    /// bytes themselves (see `Core::short_key8`); longer names get a number (bit 63 set,
    /// which a short key never has: its top byte is a length).
    #[inline]
    fn ssa_key(&mut self, t: &Token) -> NameKey {
        if let Some(k) = self.p.short_key8(t.start + 1, t.end) {
            return k;
        }
        let n = self.long_names.len() as u32;
        let id = *self.long_names.entry(self.p.slice(t.start, t.end)).or_insert(n);
        (1 << 63) | id as u64
    }

    /// Defines SSA name `%name#num` (the name at `pos`, `len` bytes) as `value`.
    fn add_definition(
        &mut self,
        name_key: NameKey,
        num: u32,
        value: Value,
        new_ty: Type,
        pos: u32,
        len: u32,
    ) -> PResult<()> {
        let name = self.p.slice(pos, pos + len);
        let key = (name_key, num);
        let e = match self.values.entry(key) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(ValueEntry { value, ty: new_ty, pos, placeholder: None });
                self.def_log.push(key);
                return Ok(());
            }
            std::collections::hash_map::Entry::Occupied(o) => *o.get(),
        };
        {
            let Some(ph) = e.placeholder else {
                return Err(self.p.error_note(
                    pos,
                    format!("redefinition of SSA value '{name}'"),
                    e.pos,
                    "previously defined here",
                ));
            };
            let old_ty = e.ty;
            if old_ty != new_ty {
                let (a, b) = (fmt_type(self.ctx, new_ty), fmt_type(self.ctx, old_ty));
                return Err(self.p.error_note(
                    pos,
                    format!("definition of SSA value '{name}#{num}' has type '{a}'"),
                    e.pos,
                    format!("previously used here with type '{b}'"),
                ));
            }
            self.ctx.replace_all_uses_with(e.value, value).map_err(|err| self.p.error_at(pos, err.message))?;
            self.ctx.erase_op(ph).map_err(|err| self.p.error_at(pos, err.message))?;
            self.pending_placeholders -= 1;
        }
        self.values.insert(key, ValueEntry { value, ty: new_ty, pos, placeholder: None });
        self.def_log.push(key);
        Ok(())
    }

    fn resolve(&mut self, r: OperandRef, ty: Type) -> PResult<Value> {
        let key = (r.key, r.num);
        if let Some(e) = self.values.get(&key) {
            let vt = e.ty;
            if vt == ty {
                return Ok(e.value);
            }
            let prior = e.pos;
            let (a, b) = (fmt_type(self.ctx, ty), fmt_type(self.ctx, vt));
            return Err(self.p.error_note(
                r.pos,
                format!(
                    "use of value '{}' expects different type than prior uses: '{a}' vs '{b}'",
                    self.p.slice(r.pos, r.pos + r.len)
                ),
                prior,
                "prior use here",
            ));
        }
        if r.num > 0 {
            if let Some(e0) = self.values.get(&(r.key, 0)) {
                if e0.placeholder.is_none() {
                    return Err(self.p.error_at(r.pos, "reference to invalid result number"));
                }
            }
        }
        // A forward reference: a placeholder the definition will replace.
        self.ph_state.result_types.clear();
        self.ph_state.result_types.push(ty);
        self.ph_state.location = self.ctx.unknown_loc();
        let ph = self
            .ctx
            .create_operation_named(self.cast_name, &self.ph_state)
            .map_err(|e| self.p.error_at(r.pos, e.message))?;
        self.placeholder_ops.push(ph);
        self.pending_placeholders += 1;
        let v = self.ctx.op_result(ph, 0).map_err(|e| self.p.error_at(r.pos, e.message))?;
        self.values.insert(key, ValueEntry { value: v, ty, pos: r.pos, placeholder: Some(ph) });
        Ok(v)
    }

    // ---- locations ----

    fn set_loc(&mut self, target: LocTarget, loc: Location) {
        match target {
            LocTarget::Op(op) => {
                let _ = self.ctx.set_op_location(op, loc);
            }
            LocTarget::Arg(b, i) => {
                if let Some(d) = self.ctx.ir.blocks.get_checked_mut(b.index, b.generation) {
                    if let Some(a) = d.args.get_mut(i as usize) {
                        a.loc = loc;
                    }
                }
            }
            LocTarget::PendingArg(pos) => match self.pending_arg_slots.get(&pos).copied() {
                Some((b, i)) => self.set_loc(LocTarget::Arg(b, i), loc),
                None => self.pending_arg_locs.push((pos, loc)),
            },
        }
    }

    /// `loc(...)` after a region argument that a custom directive read.
    pub(crate) fn parse_pending_arg_loc(&mut self, pos: u32) -> PResult<()> {
        self.parse_trailing_loc(LocTarget::PendingArg(pos))
    }

    /// `loc(...)` after an operation or block argument, if present. `loc(#alias)` may name
    /// an alias defined later in the file (MLIR prints `#loc` aliases at the end).
    fn parse_trailing_loc(&mut self, target: LocTarget) -> PResult<()> {
        if !self.p.at_word("loc") {
            return Ok(());
        }
        self.p.bump()?;
        self.p.expect(Tok::LParen, "expected '(' in location")?;
        let tok = self.p.tok();
        let mut loc = None;
        if tok.kind == Tok::Hash && !self.p.text().contains('.') {
            let name = self.p.slice(tok.start + 1, tok.end);
            self.p.bump()?;
            match self.p.attr_aliases.get(name).copied() {
                Some(a) => match self.ctx.as_location(a) {
                    Some(l) => loc = Some(l),
                    None => {
                        let shown = fmt_attr(self.ctx, a);
                        return Err(self.p.error_at(tok.start, format!("expected location, but found '{shown}'")));
                    }
                },
                None => self.deferred.push(Deferred { target, name, pos: tok.start }),
            }
        } else {
            let a = self.p.parse_loc_instance(self.ctx)?;
            loc = self.ctx.as_location(a);
        }
        self.p.expect(Tok::RParen, "expected ')' in location")?;
        if let Some(l) = loc {
            self.set_loc(target, l);
        }
        Ok(())
    }

    // ---- custom syntax ----

    fn parse_custom(&mut self, op_pos: u32, res_start: u32) -> PResult<()> {
        let tok = self.p.tok();
        let name = self.p.text();
        if name == "module" || name == "builtin.module" {
            return self.parse_custom_module(op_pos, res_start);
        }
        let dotted = name.contains('.');
        let default_dialect = if dotted { String::new() } else { self.default_dialect() };
        let key = (name, (!dotted).then(|| self.ctx.identifier(&default_dialect)));
        if let Some((id, def)) = self.custom_op_names.get(&key) {
            let (id, def) = (*id, def.clone());
            let loc = self.file_loc(&tok);
            self.p.bump()?;
            let frame = self.custom_frame(op_pos, res_start, tok, loc, id, None);
            return self.parse_with_format(frame, def);
        }
        let (dialect, full) = match name.find('.') {
            Some(i) => (&name[..i], name.to_string()),
            None if default_dialect.is_empty() => ("builtin", format!("builtin.{name}")),
            None => {
                let full = format!("{default_dialect}.{name}");
                if self.ctx.operation_def(&full).is_none()
                    && self.ctx.operation_def(&format!("builtin.{name}")).is_some()
                {
                    ("builtin", format!("builtin.{name}"))
                } else {
                    (default_dialect.as_str(), full)
                }
            }
        };
        if self.ctx.is_dialect_loadable(dialect) {
            let d = dialect.to_string();
            self.ctx.load_dialect(&d);
        }
        let tried = if full != name { format!(" (tried '{full}' as well)") } else { String::new() };
        if let Some(def) = self.ctx.operation_def(&full).filter(|d| d.format.is_some()).cloned() {
            let id = self.ctx.identifier(&full);
            let def = std::rc::Rc::new(def);
            self.custom_op_names.insert(key, (id, def.clone()));
            let loc = self.file_loc(&tok);
            self.p.bump()?;
            let frame = self.custom_frame(op_pos, res_start, tok, loc, id, None);
            return self.parse_with_format(frame, def);
        }
        if self.ctx.operation_def(&full).is_none() && !self.ctx.is_dialect_registered(dialect) {
            let dialects = self.ctx.available_dialects().join(", ");
            return Err(self.p.error_note(
                tok.start,
                format!("Dialect `{dialect}' not found for custom op '{name}' {tried}"),
                tok.start,
                format!(
                    "Registered dialects: {dialects} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management"
                ),
            ));
        }
        Err(self.p.error_at(tok.start, format!("custom op '{name}' is unknown{tried}")))
    }

    /// The dialect whose ops may be written without their prefix here: that of the
    /// innermost enclosing op in a custom form (`getDefaultDialect`), `builtin` at the top.
    /// Ops in the generic form pass on their parent's.
    fn default_dialect(&self) -> String {
        for f in self.ops.iter().rev() {
            if f.custom.is_some() {
                return "builtin".into();
            }
            if let Some(st) = &f.fmt {
                return st.default_dialect().unwrap_or("").to_string();
            }
        }
        "builtin".into()
    }

    /// The frame of an op in a custom form: its operands, successors and regions are read
    /// by the form itself, from the current ends of the parser's stacks.
    fn custom_frame(
        &self,
        op_pos: u32,
        res_start: u32,
        name_tok: Token,
        loc: Location,
        name: Identifier,
        module: Option<Box<CustomModule>>,
    ) -> OpFrame {
        OpFrame {
            op_pos,
            name_tok,
            loc,
            name,
            results: (res_start, self.result_defs.len() as u32),
            operands: (self.operand_refs.len() as u32, self.operand_refs.len() as u32),
            succs: (self.succs.len() as u32, self.succs.len() as u32),
            props: None,
            blocks_start: self.region_blocks.len() as u32,
            bounds_start: self.region_bounds.len() as u32,
            inherent: false,
            custom: module,
            fmt: None,
        }
    }

    /// `module (@name)? (attributes {...})? { ... }`
    fn parse_custom_module(&mut self, op_pos: u32, res_start: u32) -> PResult<()> {
        let name_tok = self.p.tok();
        let loc = self.file_loc(&name_tok);
        self.p.bump()?;
        let sym_name = self.ctx.identifier("sym_name");
        let sym_vis = self.ctx.identifier("sym_visibility");
        let mut props = Vec::new();
        let mut attrs = Vec::new();
        if self.p.at(Tok::At) {
            let t = self.p.tok();
            let s = self.p.symbol_name(&t);
            props.push(NamedAttribute { name: sym_name, value: self.ctx.string_attr(&s) });
            self.p.bump()?;
        }
        if self.p.at_word("attributes") {
            self.p.bump()?;
            let s = self.p.parse_dict_entries(self.ctx)?;
            for (na, _) in self.p.scratch.named.drain(s..) {
                if na.name == sym_name || na.name == sym_vis {
                    props.retain(|p: &NamedAttribute| p.name != na.name);
                    props.push(na);
                } else {
                    attrs.push(na);
                }
            }
        }
        let name = self.ctx.identifier(crate::builtin::MODULE);
        let module = Some(Box::new(CustomModule { props, attrs }));
        let frame = self.custom_frame(op_pos, res_start, name_tok, loc, name, module);
        self.ops.push(frame);
        self.begin_regions()
    }

    fn finish_custom_module(&mut self, frame: OpFrame) -> PResult<()> {
        self.reset_state(&frame, frame.loc);
        let custom = frame.custom.as_deref().cloned().expect("custom frame");
        if !custom.props.is_empty() {
            let d = self
                .ctx
                .dictionary_attr(&custom.props)
                .map_err(|e| self.p.error_at(frame.name_tok.start, e.message))?;
            self.state.properties = Some(d);
        }
        self.state.attributes.extend_from_slice(&custom.attrs);
        // `module {}` still gets its (empty) body block.
        if self.region_bounds[frame.bounds_start as usize] == frame.blocks_start {
            let b = self.ctx.create_block(&[]);
            self.created_blocks.push(b);
            self.region_blocks.push(b);
            self.region_bounds[frame.bounds_start as usize] += 1;
        }
        let op = self.create_and_insert(&frame)?;
        self.parse_trailing_loc(LocTarget::Op(op))?;
        self.define_results(&frame, op)?;
        self.pop_frame_stacks(&frame);
        Ok(())
    }
}

impl<'a> Core<'a> {
    /// Line and line start of a position on the current or an earlier line (for block
    /// argument locations: the argument's token was just consumed).
    pub fn lex_line_of(&self, pos: u32) -> (u32, u32) {
        // Walk back from the current token's line start; positions parsed a moment ago are
        // almost always on this line.
        let mut line = self.lex.line();
        let mut line_start = self.lex.line_start();
        let bytes = self.src.as_bytes();
        while pos < line_start && line_start > 0 {
            // Move to the previous line.
            let prev_end = line_start - 1; // the '\n'
            let mut s = prev_end;
            while s > 0 && bytes[s as usize - 1] != b'\n' {
                s -= 1;
            }
            line -= 1;
            line_start = s;
        }
        (line, line_start)
    }
}
