//! Symbols and symbol tables, with MLIR's semantics (`mlir/include/mlir/IR/SymbolTable.h`,
//! `mlir/lib/IR/SymbolTable.cpp`).
//!
//! - A *symbol* is an operation with a `sym_name` string attribute (an inherent attribute
//!   kept in the properties dictionary, or a discardable attribute; both are read, and a
//!   rename updates the name where it lives). Its visibility is `sym_visibility`
//!   (`public` when absent, `private`, `nested`).
//! - A *symbol table* is a registered operation with the [`Traits::SYMBOL_TABLE`] trait.
//!   Its symbols are the direct children of the single block of its region 0.
//! - An operation whose dialect is not registered and that has exactly one region is a
//!   *potentially unknown symbol table*, as in MLIR (`isPotentiallyUnknownSymbolTable`):
//!   it is never treated as a symbol table (lookups don't enter it and
//!   [`Context::nearest_symbol_table`] stops there with `None`), and symbol-use queries
//!   that would have to look inside one answer "unknown" (`Ok(None)`), because a use
//!   inside it may refer to a different scope. Replacing uses does descend into such ops,
//!   as MLIR's `replaceAllSymbolUses` does.
//! - A *symbol use* is a `SymbolRef` attribute found anywhere in an operation's attributes:
//!   discardable attributes and properties, and nested inside arrays, dictionaries, typed
//!   attributes, locations, dialect attribute parameters and the attributes inside types
//!   (tensor encodings, memref layouts and memory spaces, dialect type parameters). As in
//!   MLIR's attribute walker, each distinct reference is reported once per operation, and
//!   the nested parts of a reference are not walked separately. `distinct[..]<..>`
//!   attributes are identities and are not entered.
//!
//! Attribute traversal and rebuilding use explicit stacks, so nesting depth is bounded only
//! by memory. Every entry point checks its handles and returns a [`Result`]; on error the IR
//! is unchanged.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use crate::arena::NONE;
use crate::attrs::{AttrKind, Attribute, LocationKind, NamedAttribute};
use crate::context::{Context, Identifier};
use crate::dialect::{split_dialect, Traits};
use crate::error::{Error, ErrorKind, Result};
use crate::ir::{BlockId, InsertPoint, OpId, RegionId};
use crate::types::{Type, TypeKind};

/// The attribute holding a symbol's name (`SymbolTable::getSymbolAttrName`).
pub const SYMBOL_ATTR_NAME: &str = "sym_name";
/// The attribute holding a symbol's visibility (`SymbolTable::getVisibilityAttrName`).
pub const VISIBILITY_ATTR_NAME: &str = "sym_visibility";

/// A symbol's visibility, as MLIR's `SymbolTable::Visibility`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Visibility {
    /// Referable from anywhere (the default when `sym_visibility` is absent).
    #[default]
    Public,
    /// Referable only from within the symbol table that holds it.
    Private,
    /// Referable from enclosing IR, but all uses are visible.
    Nested,
}

impl Visibility {
    pub fn as_str(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Private => "private",
            Visibility::Nested => "nested",
        }
    }

    /// `"public"`, `"private"` or `"nested"`.
    pub fn parse(s: &str) -> Option<Visibility> {
        match s {
            "public" => Some(Visibility::Public),
            "private" => Some(Visibility::Private),
            "nested" => Some(Visibility::Nested),
            _ => None,
        }
    }
}

/// One use of a symbol: `symbol_ref` (a `SymbolRef` attribute) appears in the attributes of
/// `user` (MLIR's `SymbolTable::SymbolUse`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SymbolUse {
    pub user: OpId,
    pub symbol_ref: Attribute,
}

/// The IR a symbol-use query looks at: an operation (MLIR's `Operation *from`) or one
/// region (MLIR's `Region *from`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SymbolScope {
    Op(OpId),
    Region(RegionId),
}

impl From<OpId> for SymbolScope {
    fn from(op: OpId) -> Self {
        SymbolScope::Op(op)
    }
}

impl From<RegionId> for SymbolScope {
    fn from(region: RegionId) -> Self {
        SymbolScope::Region(region)
    }
}

/// The symbol a query is about: a name (MLIR's `StringAttr symbol`, matched as a flat
/// reference `@name` and every reference nested under it) or a symbol operation (MLIR's
/// `Operation *symbol`, matched by every reference path that reaches it from the scope).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SymbolTarget<'a> {
    Name(&'a str),
    Op(OpId),
}

impl<'a> From<&'a str> for SymbolTarget<'a> {
    fn from(name: &'a str) -> Self {
        SymbolTarget::Name(name)
    }
}

impl<'a> From<&'a String> for SymbolTarget<'a> {
    fn from(name: &'a String) -> Self {
        SymbolTarget::Name(name)
    }
}

impl From<OpId> for SymbolTarget<'_> {
    fn from(op: OpId) -> Self {
        SymbolTarget::Op(op)
    }
}

// ---- queries on single operations ----

impl Context {
    /// The `sym_name` string attribute of `op`, if it has one.
    pub fn symbol_name_attr(&self, op: OpId) -> Result<Option<Attribute>> {
        let attr = self.op_inherent_or_discardable(op, SYMBOL_ATTR_NAME)?;
        Ok(attr.filter(|&a| matches!(self.attr_kind(a), AttrKind::String { .. })))
    }

    /// The symbol name of `op` (its `sym_name` string attribute), or `None` if `op` is not
    /// a symbol. A name that is not valid UTF-8 is an error.
    pub fn symbol_name(&self, op: OpId) -> Result<Option<&str>> {
        match sym_name_bytes(self, op)? {
            None => Ok(None),
            Some(bytes) => std::str::from_utf8(bytes)
                .map(Some)
                .map_err(|_| Error::invalid("the symbol name ('sym_name') is not valid UTF-8")),
        }
    }

    /// Sets the symbol name of `op` where it lives: in the properties dictionary if it is
    /// there, else in the discardable attributes. A new name goes into the properties only
    /// for a registered op that declares `sym_name` and already keeps a properties
    /// dictionary.
    pub fn set_symbol_name(&mut self, op: OpId, name: &str) -> Result<()> {
        let attr = self.string_attr(name);
        set_inherent_attr(self, op, SYMBOL_ATTR_NAME, attr)
    }

    /// The visibility of `op` (`sym_visibility`; public when absent). A `sym_visibility`
    /// that is not one of the strings `public`, `private`, `nested` is an error.
    pub fn symbol_visibility(&self, op: OpId) -> Result<Visibility> {
        let Some(attr) = self.op_inherent_or_discardable(op, VISIBILITY_ATTR_NAME)? else {
            return Ok(Visibility::Public);
        };
        if let AttrKind::String { value, .. } = self.attr_kind(attr) {
            if let Some(v) = std::str::from_utf8(value).ok().and_then(Visibility::parse) {
                return Ok(v);
            }
            return Err(Error::invalid(format!(
                "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"{}\"",
                String::from_utf8_lossy(value)
            )));
        }
        Err(Error::invalid("the 'sym_visibility' attribute is not a string attribute"))
    }

    /// Sets the visibility of `op`. Public removes the attribute (it is the default), as
    /// MLIR's `setSymbolVisibility` does.
    pub fn set_symbol_visibility(&mut self, op: OpId, visibility: Visibility) -> Result<()> {
        if visibility == Visibility::Public {
            return remove_inherent_attr(self, op, VISIBILITY_ATTR_NAME);
        }
        let attr = self.string_attr(visibility.as_str());
        set_inherent_attr(self, op, VISIBILITY_ATTR_NAME, attr)
    }

    /// Whether `op` is a symbol table: a registered operation with the SymbolTable trait.
    /// Unregistered operations never are (see [`Context::is_potentially_unknown_symbol_table`]).
    pub fn is_symbol_table(&self, op: OpId) -> Result<bool> {
        self.op_data(op)?;
        Ok(is_table_raw(self, op.index))
    }

    /// MLIR's `isPotentiallyUnknownSymbolTable`: `op` has exactly one region and its
    /// dialect is not registered, so it might define a symbol table nobody knows about.
    pub fn is_potentially_unknown_symbol_table(&self, op: OpId) -> Result<bool> {
        self.op_data(op)?;
        Ok(is_unknown_table_raw(self, op.index))
    }

    /// The closest symbol table that is `op` or one of its ancestors (MLIR's
    /// `getNearestSymbolTable`). `None` when there is none, or when a potentially unknown
    /// symbol table is met first.
    pub fn nearest_symbol_table(&self, op: OpId) -> Result<Option<OpId>> {
        self.op_data(op)?;
        let mut cur = op.index;
        loop {
            if is_unknown_table_raw(self, cur) {
                return Ok(None);
            }
            if is_table_raw(self, cur) {
                return Ok(Some(self.op_handle(cur)));
            }
            match parent_op_raw(self, cur) {
                Some(p) => cur = p,
                None => return Ok(None),
            }
        }
    }

    /// The symbol named `name` among the operations of the first block of region 0 of the
    /// symbol table `table` (MLIR's `lookupSymbolIn`). Linear in the block's size; use a
    /// [`SymbolTable`] for repeated lookups.
    pub fn lookup_symbol_in(&self, table: OpId, name: &str) -> Result<Option<OpId>> {
        check_table(self, table)?;
        Ok(lookup_raw(self, table.index, name.as_bytes()).map(|o| self.op_handle(o)))
    }

    /// Resolves a (possibly nested) symbol reference `@a::@b::@c` from the symbol table
    /// `table`: `@a` in `table`, `@b` in `@a` (which must be a symbol table), and so on.
    /// `Ok(None)` when any step fails.
    pub fn lookup_symbol_ref_in(&self, table: OpId, symbol_ref: Attribute) -> Result<Option<OpId>> {
        Ok(self.lookup_symbol_ref_path_in(table, symbol_ref)?.and_then(|path| path.last().copied()))
    }

    /// As [`Context::lookup_symbol_ref_in`], returning the operation resolved at each step
    /// (`@a`, then `@a::@b`, ...).
    pub fn lookup_symbol_ref_path_in(&self, table: OpId, symbol_ref: Attribute) -> Result<Option<Vec<OpId>>> {
        check_table(self, table)?;
        let (root, nested) = symbol_ref_parts(self, symbol_ref)?;
        let mut path = Vec::with_capacity(nested.len() + 1);
        let Some(mut cur) = lookup_raw(self, table.index, self.ident_str(root).as_bytes()) else {
            return Ok(None);
        };
        path.push(self.op_handle(cur));
        for &part in nested.iter() {
            // Every symbol that a reference continues through must be a symbol table.
            if !is_table_raw(self, cur) || self.ir.ops.get(cur).regions().is_empty() {
                return Ok(None);
            }
            match lookup_raw(self, cur, self.ident_str(part).as_bytes()) {
                Some(next) => cur = next,
                None => return Ok(None),
            }
            path.push(self.op_handle(cur));
        }
        Ok(Some(path))
    }

    /// Resolves `symbol_ref` from the nearest symbol table of `from` (inclusive), as MLIR's
    /// `lookupNearestSymbolFrom`.
    pub fn lookup_nearest_symbol_from(&self, from: OpId, symbol_ref: Attribute) -> Result<Option<OpId>> {
        symbol_ref_parts(self, symbol_ref)?;
        match self.nearest_symbol_table(from)? {
            Some(table) if !self.ir.ops.get(table.index).regions().is_empty() => {
                self.lookup_symbol_ref_in(table, symbol_ref)
            }
            _ => Ok(None),
        }
    }
}

// ---- symbol uses ----

impl Context {
    /// Every symbol use in `from` (MLIR's `SymbolTable::getSymbolUses(from)`), without
    /// entering nested symbol tables.
    ///
    /// - With an operation: the uses in the operation's own attributes, and — unless it is
    ///   itself a symbol table, whose body is a scope of its own — in everything nested in
    ///   it. (So for a module, pass its body region to get the uses inside it.)
    /// - With a region: the uses in every operation nested in the region.
    ///
    /// Nested symbol-table operations are visited (their own attributes are uses in the
    /// enclosing scope) but not entered. `Ok(None)` means "unknown": a potentially unknown
    /// symbol table was met (or `from` is one).
    pub fn symbol_uses(&self, from: impl Into<SymbolScope>) -> Result<Option<Vec<SymbolUse>>> {
        let scope = from.into();
        check_scope(self, scope)?;
        let mut uses = Vec::new();
        let mut walker = RefWalker::default();
        let flow = walk_symbol_uses(self, scope, &mut walker, &mut |u| {
            uses.push(u);
            false
        });
        Ok((flow != Flow::Unknown).then_some(uses))
    }

    /// The uses of one symbol in `from` (MLIR's `getSymbolUses(symbol, from)`).
    ///
    /// - With a name: every reference whose root is `@name` (`@name`, `@name::@x`, ...) in
    ///   the *regions* of `from` (or in the region `from`).
    /// - With a symbol operation: every reference that reaches it — `@sym` within its own
    ///   table, `@table::@sym` from the table's enclosing table, and so on — up to `from`.
    ///
    /// `Ok(None)` means unknown (a potentially unknown symbol table is in the way).
    pub fn symbol_uses_of<'a>(
        &self,
        symbol: impl Into<SymbolTarget<'a>>,
        from: impl Into<SymbolScope>,
    ) -> Result<Option<Vec<SymbolUse>>> {
        let scopes = collect_scopes(self, symbol.into(), from.into())?;
        let mut uses = Vec::new();
        let mut walker = RefWalker::default();
        for scope in &scopes {
            let flow = walk_symbol_uses(self, scope.limit, &mut walker, &mut |u| {
                if is_reference_prefix_of(self, scope.symbol, u.symbol_ref) {
                    uses.push(u);
                }
                false
            });
            if flow == Flow::Unknown {
                return Ok(None);
            }
        }
        Ok(Some(uses))
    }

    /// Whether `symbol` is known to have no uses in `from` (MLIR's `symbolKnownUseEmpty`):
    /// false when a use is found, and also when the answer is unknown.
    pub fn symbol_known_use_empty<'a>(
        &self,
        symbol: impl Into<SymbolTarget<'a>>,
        from: impl Into<SymbolScope>,
    ) -> Result<bool> {
        let scopes = collect_scopes(self, symbol.into(), from.into())?;
        let mut walker = RefWalker::default();
        for scope in &scopes {
            let flow = walk_symbol_uses(self, scope.limit, &mut walker, &mut |u| {
                is_reference_prefix_of(self, scope.symbol, u.symbol_ref)
            });
            if flow != Flow::Advance {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Replaces every use of `old` in `from` by `new_name` (MLIR's `replaceAllSymbolUses`),
    /// scoped as [`Context::symbol_uses_of`]: `@old` becomes `@new_name` and `@old::@x`
    /// becomes `@new_name::@x`; for a symbol operation, the leaf that names it is replaced in
    /// every reference path that reaches it (`@table::@old::@x` → `@table::@new_name::@x`).
    /// Attributes containing a replaced reference (arrays, dictionaries, properties, ...) are
    /// rebuilt. Nested symbol tables are not entered. All replacements are computed before
    /// any is applied, so on error nothing changes.
    pub fn replace_all_symbol_uses<'a>(
        &mut self,
        old: impl Into<SymbolTarget<'a>>,
        new_name: &str,
        from: impl Into<SymbolScope>,
    ) -> Result<()> {
        let scopes = collect_scopes(self, old.into(), from.into())?;
        let new_name = self.identifier(new_name);
        let mut patches: FxHashMap<u32, OpPatch> = FxHashMap::default();
        let mut order: Vec<u32> = Vec::new();
        for scope in &scopes {
            let mut replacer = RefReplacer::new(self, scope.symbol, new_name)?;
            let mut failure: Option<Error> = None;
            walk_symbol_table(self, scope.limit, &mut |op| {
                if let Err(e) = replace_in_op(self, op, &mut replacer, &mut patches, &mut order) {
                    failure = Some(e);
                    return Flow::Interrupt;
                }
                Flow::Advance
            });
            if let Some(e) = failure {
                return Err(e);
            }
        }
        for index in order {
            let patch = patches.remove(&index).ok_or_else(internal)?;
            let op = self.op_handle(index);
            if let Some(attrs) = patch.attrs {
                self.set_op_attributes(op, &attrs)?;
            }
            if let Some(props) = patch.properties {
                self.set_op_properties(op, Some(props))?;
            }
        }
        Ok(())
    }
}

// ---- the cached symbol table ----

/// A symbol table built from a symbol-table operation, caching its name → symbol map so
/// lookups are O(1) (MLIR's `SymbolTable` class).
///
/// The cache follows edits made through it (`insert`, `remove`, `erase`, `rename`, ...).
/// Edits made to the IR behind its back can make it out of date, as in MLIR; a lookup
/// never returns an operation that is not currently a live child of the table with the
/// requested name, though.
#[derive(Clone, Debug)]
pub struct SymbolTable {
    op: OpId,
    body: BlockId,
    symbols: FxHashMap<Box<[u8]>, OpId>,
    uniquing_counter: u64,
}

impl SymbolTable {
    /// Builds the table of the symbol-table operation `op`: a registered op with the
    /// SymbolTable trait whose region 0 has exactly one block, holding uniquely named symbols.
    pub fn new(ctx: &Context, op: OpId) -> Result<SymbolTable> {
        check_table(ctx, op)?;
        let region = ctx.op_region(op, 0)?;
        let blocks = ctx.region_blocks(region)?;
        let [body] = blocks[..] else {
            return Err(Error::invalid(format!(
                "symbol table '{}' must have exactly one block in its region (it has {})",
                ctx.op_name(op)?,
                blocks.len()
            )));
        };
        let mut symbols: FxHashMap<Box<[u8]>, OpId> = FxHashMap::default();
        let mut o = ctx.ir.blocks.get(body.index).first_op;
        while o != NONE {
            let handle = ctx.op_handle(o);
            if let Some(name) = sym_name_bytes(ctx, handle)? {
                if symbols.insert(name.into(), handle).is_some() {
                    return Err(Error::new(
                        ErrorKind::AlreadyExists,
                        format!("redefinition of symbol named '{}'", String::from_utf8_lossy(name)),
                    ));
                }
            }
            o = ctx.ir.link(o).next;
        }
        Ok(SymbolTable { op, body, symbols, uniquing_counter: 0 })
    }

    /// The symbol-table operation.
    pub fn op(&self) -> OpId {
        self.op
    }

    /// The block holding the symbols.
    pub fn body(&self) -> BlockId {
        self.body
    }

    /// Number of symbols in the cache.
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// The symbol named `name`, if any.
    pub fn lookup(&self, ctx: &Context, name: &str) -> Result<Option<OpId>> {
        self.check(ctx)?;
        Ok(self.lookup_bytes(ctx, name.as_bytes()))
    }

    fn lookup_bytes(&self, ctx: &Context, name: &[u8]) -> Option<OpId> {
        let &op = self.symbols.get(name)?;
        let d = ctx.op_links(op).ok()?;
        if d.parent != self.body.index {
            return None;
        }
        (sym_name_bytes(ctx, op).ok()?? == name).then_some(op)
    }

    /// Inserts the symbol `symbol` and returns its name after insertion (MLIR's
    /// `SymbolTable::insert`).
    ///
    /// A detached symbol is inserted at `point` (which must be in the table's body), or by
    /// default at the end of the body — before its last operation if that one is a
    /// terminator. A symbol already in the body is only registered (`point` is ignored).
    /// If the name is taken by another symbol, the symbol is renamed `name_N` with `N`
    /// from a counter kept by this table (starting at 0 and never reset, as MLIR's
    /// `uniquingCounter`): inserting three `@f` gives `f`, `f_0`, `f_1`. Uses are not
    /// updated by the renaming.
    pub fn insert(&mut self, ctx: &mut Context, symbol: OpId, point: Option<InsertPoint>) -> Result<String> {
        self.check(ctx)?;
        let parent = ctx.op_links(symbol)?.parent;
        let Some(name) = sym_name_bytes(ctx, symbol)? else {
            return Err(Error::invalid(format!(
                "cannot insert '{}' into a symbol table: it is not a symbol (no '{SYMBOL_ATTR_NAME}' string attribute)",
                ctx.op_name(symbol)?
            )));
        };
        let name: Box<[u8]> = name.into();
        if symbol == self.op {
            return Err(Error::invalid("cannot insert a symbol table into itself"));
        }
        if parent == NONE {
            let at = self.resolve_point(ctx, point)?;
            ctx.insert_op(symbol, at)?;
        } else if parent != self.body.index {
            return Err(Error::invalid(
                "the symbol is already in another block; detach it before inserting it into this symbol table",
            ));
        }
        if self.lookup_bytes(ctx, &name) == Some(symbol) {
            return Ok(String::from_utf8_lossy(&name).into_owned());
        }
        if !self.symbols.contains_key(&name) || self.lookup_bytes(ctx, &name).is_none() {
            self.symbols.insert(name.clone(), symbol);
            return Ok(String::from_utf8_lossy(&name).into_owned());
        }
        // The name is taken: `name_N` with the table's running counter.
        let unique = loop {
            let mut candidate = name.to_vec();
            candidate.push(b'_');
            candidate.extend_from_slice(self.uniquing_counter.to_string().as_bytes());
            self.uniquing_counter += 1;
            if !self.symbols.contains_key(candidate.as_slice()) {
                break candidate;
            }
        };
        let attr = ctx.string_attr_bytes(&unique, None);
        set_inherent_attr(ctx, symbol, SYMBOL_ATTR_NAME, attr)?;
        let result = String::from_utf8_lossy(&unique).into_owned();
        self.symbols.insert(unique.into(), symbol);
        Ok(result)
    }

    /// Where an insertion at `point` goes: MLIR inserts before the terminator when the
    /// point is the end of the body and the body ends with one.
    fn resolve_point(&self, ctx: &Context, point: Option<InsertPoint>) -> Result<InsertPoint> {
        let body = self.body;
        let at_end = match point {
            None => true,
            Some(InsertPoint::BlockEnd(b)) if b == body => true,
            Some(InsertPoint::BlockStart(b)) if b == body => false,
            Some(InsertPoint::Before(o)) if ctx.op_links(o)?.parent == body.index => false,
            Some(InsertPoint::After(o)) if ctx.op_links(o)?.parent == body.index => ctx.op_next(o)?.is_none(),
            Some(p) => {
                if let InsertPoint::BlockStart(b) | InsertPoint::BlockEnd(b) = p {
                    ctx.block_data(b)?;
                }
                return Err(Error::invalid("the insertion point is not in the symbol table's body"));
            }
        };
        if !at_end {
            return Ok(point.expect("a point that is not the end was given"));
        }
        if let Some(last) = ctx.block_last_op(body)? {
            if ctx.op_def(last)?.is_some_and(|d| d.has_trait(Traits::IS_TERMINATOR)) {
                return Ok(InsertPoint::Before(last));
            }
        }
        Ok(InsertPoint::BlockEnd(body))
    }

    /// Detaches `symbol` from the table's body and forgets it; the caller then owns it.
    /// (MLIR's `remove` only updates the table and leaves the op in place; here the op is
    /// also taken out of the IR, so the table and the IR stay in agreement.)
    pub fn remove(&mut self, ctx: &mut Context, symbol: OpId) -> Result<()> {
        let name = self.check_member(ctx, symbol)?;
        ctx.detach_op(symbol)?;
        self.forget(&name, symbol);
        Ok(())
    }

    /// Erases `symbol` (which must be in the table's body) and forgets it. Fails, changing
    /// nothing, if the symbol's results are still used (see [`Context::erase_op`]).
    pub fn erase(&mut self, ctx: &mut Context, symbol: OpId) -> Result<()> {
        let name = self.check_member(ctx, symbol)?;
        ctx.erase_op(symbol)?;
        self.forget(&name, symbol);
        Ok(())
    }

    /// Renames `symbol` to `new_name` and replaces every use of it within the table
    /// operation's region (nested symbol tables are not entered), as MLIR's
    /// `SymbolTable::rename`. A name taken by another symbol is an `AlreadyExists` error;
    /// on error nothing changes.
    pub fn rename(&mut self, ctx: &mut Context, symbol: OpId, new_name: &str) -> Result<()> {
        let old = self.check_member(ctx, symbol)?;
        if self.lookup_bytes(ctx, &old) != Some(symbol) {
            return Err(Error::invalid("the symbol's current name does not resolve to it in this symbol table"));
        }
        if *old == *new_name.as_bytes() {
            return Ok(());
        }
        if self.lookup_bytes(ctx, new_name.as_bytes()).is_some() {
            return Err(Error::new(
                ErrorKind::AlreadyExists,
                format!("cannot rename to '{new_name}': the symbol table already has a symbol of that name"),
            ));
        }
        if std::str::from_utf8(&old).is_err() {
            return Err(Error::invalid("the symbol name ('sym_name') is not valid UTF-8"));
        }
        ctx.replace_all_symbol_uses(SymbolTarget::Op(symbol), new_name, self.op)?;
        ctx.set_symbol_name(symbol, new_name)?;
        self.forget(&old, symbol);
        self.symbols.insert(new_name.as_bytes().into(), symbol);
        Ok(())
    }

    /// Renames `symbol` to the first `name_N` (N = 0, 1, ...) free in this table and in all
    /// of `others`, updating uses as [`SymbolTable::rename`]; returns the new name (MLIR's
    /// `renameToUnique`).
    pub fn rename_to_unique(&mut self, ctx: &mut Context, symbol: OpId, others: &[&SymbolTable]) -> Result<String> {
        let old = self.check_member(ctx, symbol)?;
        let old = std::str::from_utf8(&old)
            .map_err(|_| Error::invalid("the symbol name ('sym_name') is not valid UTF-8"))?
            .to_string();
        for other in others {
            other.check(ctx)?;
        }
        let mut n: u64 = 0;
        let new_name = loop {
            let candidate = format!("{old}_{n}");
            n += 1;
            let taken = |t: &SymbolTable| t.lookup_bytes(ctx, candidate.as_bytes()).is_some();
            if !taken(self) && !others.iter().any(|t| taken(t)) {
                break candidate;
            }
        };
        self.rename(ctx, symbol, &new_name)?;
        Ok(new_name)
    }

    fn check(&self, ctx: &Context) -> Result<()> {
        ctx.op_data(self.op)?;
        let b = ctx.block_data(self.body).map_err(|_| Error::stale("symbol table body block"))?;
        if ctx.parent_op_of_block_index(self.body.index) != Some(self.op.index) || b.parent == NONE {
            return Err(Error::invalid("the symbol table's body block was moved out of its operation"));
        }
        Ok(())
    }

    /// Checks that `symbol` is a symbol in this table's body; returns its name.
    fn check_member(&self, ctx: &Context, symbol: OpId) -> Result<Box<[u8]>> {
        self.check(ctx)?;
        let parent = ctx.op_links(symbol)?.parent;
        if parent != self.body.index {
            return Err(Error::invalid("the operation is not in this symbol table's body"));
        }
        sym_name_bytes(ctx, symbol)?.map(Box::from).ok_or_else(|| {
            Error::invalid(format!(
                "'{}' is not a symbol (no '{SYMBOL_ATTR_NAME}' string attribute)",
                ctx.op_name(symbol).unwrap_or("?")
            ))
        })
    }

    fn forget(&mut self, name: &[u8], symbol: OpId) {
        if self.symbols.get(name) == Some(&symbol) {
            self.symbols.remove(name);
        }
    }
}

// ---- helpers: names, attributes where they live ----

fn internal() -> Error {
    Error::new(ErrorKind::Internal, "symbol table: inconsistent internal state")
}

fn sym_name_bytes(ctx: &Context, op: OpId) -> Result<Option<&[u8]>> {
    Ok(ctx.symbol_name_attr(op)?.and_then(|a| match ctx.attr_kind(a) {
        AttrKind::String { value, .. } => Some(&value[..]),
        _ => None,
    }))
}

/// Sets an inherent attribute where it lives: in the properties dictionary if it is there,
/// else in the discardable attributes if it is there; a new one goes into the properties
/// dictionary when the op is registered, declares the attribute and already keeps its
/// inherent attributes as properties, and into the discardable attributes otherwise.
fn set_inherent_attr(ctx: &mut Context, op: OpId, name: &str, value: Attribute) -> Result<()> {
    let props = ctx.op_properties(op)?;
    let props_dict = props.filter(|&p| matches!(ctx.attr_kind(p), AttrKind::Dictionary(_)));
    let in_props = props_dict.is_some_and(|p| ctx.dictionary_get(p, name).is_some());
    let in_attrs = ctx.op_attribute(op, name)?.is_some();
    let declared = ctx.op_def(op)?.is_some_and(|d| d.attributes.iter().any(|a| a.name == name));
    if in_props || (!in_attrs && props_dict.is_some() && declared) {
        let p = props_dict.ok_or_else(internal)?;
        let id = ctx.identifier(name);
        let mut entries: Vec<NamedAttribute> =
            ctx.dictionary_entries(p).iter().copied().filter(|e| e.name != id).collect();
        entries.push(NamedAttribute { name: id, value });
        let dict = ctx.dictionary_attr(&entries)?;
        ctx.set_op_properties(op, Some(dict))
    } else {
        ctx.set_op_attribute(op, name, value)
    }
}

/// Removes an inherent attribute from wherever it lives.
fn remove_inherent_attr(ctx: &mut Context, op: OpId, name: &str) -> Result<()> {
    if let Some(p) = ctx.op_properties(op)? {
        if ctx.dictionary_get(p, name).is_some() {
            let id = ctx.identifier(name);
            let entries: Vec<NamedAttribute> =
                ctx.dictionary_entries(p).iter().copied().filter(|e| e.name != id).collect();
            let dict = ctx.dictionary_attr(&entries)?;
            ctx.set_op_properties(op, Some(dict))?;
        }
    }
    ctx.remove_op_attribute(op, name)?;
    Ok(())
}

fn op_traits_raw(ctx: &Context, op: u32) -> Traits {
    ctx.registry.op(ctx.ir.ops.get(op).name).map(|d| d.traits).unwrap_or_default()
}

fn is_table_raw(ctx: &Context, op: u32) -> bool {
    op_traits_raw(ctx, op).contains(Traits::SYMBOL_TABLE)
}

fn is_unknown_table_raw(ctx: &Context, op: u32) -> bool {
    let d = ctx.ir.ops.get(op);
    d.regions().len() == 1
        && !split_dialect(ctx.ident_str(d.name)).is_some_and(|dialect| ctx.is_dialect_registered(dialect))
}

fn parent_op_raw(ctx: &Context, op: u32) -> Option<u32> {
    let block = ctx.ir.link(op).parent;
    if block == NONE {
        None
    } else {
        ctx.parent_op_of_block_index(block)
    }
}

/// Errors unless `op` is a symbol table with at least one region.
fn check_table(ctx: &Context, op: OpId) -> Result<()> {
    let d = ctx.op_data(op)?;
    if !is_table_raw(ctx, op.index) {
        let why = if is_unknown_table_raw(ctx, op.index) {
            " (it is unregistered, so it is only a potential symbol table)"
        } else {
            ""
        };
        return Err(Error::invalid(format!(
            "'{}' is not a symbol table: expected a registered operation with the SymbolTable trait{why}",
            ctx.ident_str(d.name)
        )));
    }
    if d.regions().is_empty() {
        return Err(Error::invalid(format!("symbol table '{}' has no region to hold symbols", ctx.ident_str(d.name))));
    }
    Ok(())
}

/// A linear search of the first block of region 0 of `table` (which has a region).
fn lookup_raw(ctx: &Context, table: u32, name: &[u8]) -> Option<u32> {
    let region = *ctx.ir.ops.get(table).regions().first()?;
    let block = ctx.ir.regions.get(region).first_block;
    if block == NONE {
        return None;
    }
    let mut o = ctx.ir.blocks.get(block).first_op;
    while o != NONE {
        if let Ok(Some(n)) = sym_name_bytes(ctx, ctx.op_handle(o)) {
            if n == name {
                return Some(o);
            }
        }
        o = ctx.ir.link(o).next;
    }
    None
}

fn symbol_ref_parts(ctx: &Context, attr: Attribute) -> Result<(Identifier, &[Identifier])> {
    match ctx.attr_kind(attr) {
        AttrKind::SymbolRef { root, nested } => Ok((*root, nested)),
        _ => Err(Error::invalid("expected a symbol reference attribute (@name or @a::@b)")),
    }
}

/// MLIR's `isReferencePrefixOf(sub, r)`: `r == sub`, or `r` continues `sub` (`@a` is a
/// prefix of `@a::@b`, `@a::@b` of `@a::@b::@c`).
fn is_reference_prefix_of(ctx: &Context, sub: Attribute, r: Attribute) -> bool {
    if sub == r {
        return true;
    }
    let (AttrKind::SymbolRef { root: sr, nested: sn }, AttrKind::SymbolRef { root: rr, nested: rn }) =
        (ctx.attr_kind(sub), ctx.attr_kind(r))
    else {
        return false;
    };
    !rn.is_empty() && sr == rr && sn.len() < rn.len() && rn[..sn.len()] == sn[..]
}

// ---- scopes ----

/// One scope of a symbol query: the reference that names the symbol there, and the IR.
#[derive(Copy, Clone, Debug)]
struct Scope {
    symbol: Attribute,
    limit: SymbolScope,
}

fn check_scope(ctx: &Context, scope: SymbolScope) -> Result<()> {
    match scope {
        SymbolScope::Op(op) => ctx.op_data(op).map(|_| ()),
        SymbolScope::Region(r) => ctx.region_data(r).map(|_| ()),
    }
}

/// MLIR's `collectSymbolScopes`.
fn collect_scopes(ctx: &Context, target: SymbolTarget<'_>, limit: SymbolScope) -> Result<Vec<Scope>> {
    check_scope(ctx, limit)?;
    match (target, limit) {
        (SymbolTarget::Name(name), SymbolScope::Op(op)) => {
            let symbol = ctx.symbol_ref_attr(name, &[]);
            Ok(ctx.op_regions(op)?.into_iter().map(|r| Scope { symbol, limit: SymbolScope::Region(r) }).collect())
        }
        (SymbolTarget::Name(name), SymbolScope::Region(r)) => {
            Ok(vec![Scope { symbol: ctx.symbol_ref_attr(name, &[]), limit: SymbolScope::Region(r) }])
        }
        (SymbolTarget::Op(symbol), SymbolScope::Op(op)) => collect_scopes_for_op(ctx, symbol, op),
        (SymbolTarget::Op(symbol), SymbolScope::Region(r)) => {
            let parent = ctx.region_parent_op(r)?;
            let mut scopes = collect_scopes_for_op(ctx, symbol, parent)?;
            if let Some(last) = scopes.last_mut() {
                last.limit = SymbolScope::Region(r);
            }
            Ok(scopes)
        }
    }
}

fn collect_scopes_for_op(ctx: &Context, symbol: OpId, limit: OpId) -> Result<Vec<Scope>> {
    let name = ctx.symbol_name(symbol)?.ok_or_else(|| {
        Error::invalid(format!(
            "'{}' is not a symbol (no '{SYMBOL_ATTR_NAME}' string attribute)",
            ctx.op_name(symbol).unwrap_or("?")
        ))
    })?;
    ctx.op_data(limit)?;
    // The ancestors of `limit` (inclusive); if `symbol` is one of them, the only valid
    // reference is the flat one, valid if `limit` sees the symbol's own table.
    let mut limit_ancestors: FxHashSet<u32> = FxHashSet::default();
    let mut cur = Some(limit.index);
    while let Some(a) = cur {
        if a == symbol.index {
            let nearest = match parent_op_raw(ctx, limit.index) {
                Some(p) => ctx.nearest_symbol_table(ctx.op_handle(p))?.map(|t| t.index),
                None => None,
            };
            if nearest == parent_op_raw(ctx, symbol.index) {
                return Ok(vec![Scope { symbol: ctx.symbol_ref_attr(name, &[]), limit: SymbolScope::Op(limit) }]);
            }
            return Ok(Vec::new());
        }
        limit_ancestors.insert(a);
        cur = parent_op_raw(ctx, a);
    }
    // The first ancestor of `symbol` that is also an ancestor of `limit`.
    let mut common = parent_op_raw(ctx, symbol.index);
    let common = loop {
        match common {
            None => return Err(Error::invalid("the symbol and the scope are not in the same IR tree")),
            Some(c) if limit_ancestors.contains(&c) => break c,
            Some(c) => common = parent_op_raw(ctx, c),
        }
    };
    let (references, all) = collect_valid_references(ctx, symbol.index, name, common);
    if common == limit.index {
        let mut scopes = Vec::with_capacity(references.len());
        let mut table = parent_op_raw(ctx, symbol.index);
        for symbol_ref in references {
            let t = table.ok_or_else(internal)?;
            let region = ctx.op_region(ctx.op_handle(t), 0)?;
            scopes.push(Scope { symbol: symbol_ref, limit: SymbolScope::Region(region) });
            table = parent_op_raw(ctx, t);
        }
        return Ok(scopes);
    }
    if !all {
        return Ok(Vec::new());
    }
    let last = *references.last().ok_or_else(internal)?;
    Ok(vec![Scope { symbol: last, limit: SymbolScope::Op(limit) }])
}

/// MLIR's `collectValidReferencesFor`: `@sym`, `@t1::@sym`, `@t2::@t1::@sym`, ... for each
/// enclosing table of `symbol` up to (not including) `within`. The flag is false when a
/// parent on the way is not a named symbol table.
fn collect_valid_references(ctx: &Context, symbol: u32, name: &str, within: u32) -> (Vec<Attribute>, bool) {
    let leaf = ctx.identifier(name);
    let mut results = vec![ctx.intern_attr(AttrKind::SymbolRef { root: leaf, nested: Box::new([]) })];
    let Some(mut table) = parent_op_raw(ctx, symbol) else {
        return (results, false);
    };
    if table == within {
        return (results, true);
    }
    let mut nested: Vec<Identifier> = vec![leaf];
    loop {
        if !is_table_raw(ctx, table) {
            return (results, false);
        }
        let Ok(Some(table_name)) = ctx.symbol_name(ctx.op_handle(table)) else {
            return (results, false);
        };
        let table_name = ctx.identifier(table_name);
        results.push(ctx.intern_attr(AttrKind::SymbolRef { root: table_name, nested: nested.clone().into() }));
        match parent_op_raw(ctx, table) {
            Some(p) if p == within => break,
            Some(p) => table = p,
            None => return (results, false),
        }
        nested.insert(0, table_name);
    }
    (results, true)
}

// ---- walking operations ----

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Flow {
    Advance,
    Interrupt,
    /// A potentially unknown symbol table was met.
    Unknown,
}

/// MLIR's `walkSymbolTable`: visits the operations of the scope without entering nested
/// symbol tables (which are visited themselves). With an op, the op is visited first and
/// its regions only if it is not a symbol table.
fn walk_symbol_table(ctx: &Context, scope: SymbolScope, f: &mut dyn FnMut(u32) -> Flow) -> Flow {
    let regions: Vec<u32> = match scope {
        SymbolScope::Op(op) => {
            let r = f(op.index);
            if r != Flow::Advance || is_table_raw(ctx, op.index) {
                return r;
            }
            ctx.ir.ops.get(op.index).regions().to_vec()
        }
        SymbolScope::Region(r) => vec![r.index],
    };
    walk_regions(ctx, regions, f)
}

fn walk_regions(ctx: &Context, mut worklist: Vec<u32>, f: &mut dyn FnMut(u32) -> Flow) -> Flow {
    while let Some(region) = worklist.pop() {
        let mut b = ctx.ir.regions.get(region).first_block;
        while b != NONE {
            let mut o = ctx.ir.blocks.get(b).first_op;
            while o != NONE {
                let r = f(o);
                if r != Flow::Advance {
                    return r;
                }
                if !is_table_raw(ctx, o) {
                    worklist.extend_from_slice(ctx.ir.ops.get(o).regions());
                }
                o = ctx.ir.link(o).next;
            }
            b = ctx.ir.blocks.get(b).next;
        }
    }
    Flow::Advance
}

/// MLIR's `walkSymbolUses`. `f` returns true to interrupt.
fn walk_symbol_uses(
    ctx: &Context,
    scope: SymbolScope,
    walker: &mut RefWalker,
    f: &mut dyn FnMut(SymbolUse) -> bool,
) -> Flow {
    let mut visit = |op: u32| {
        if is_unknown_table_raw(ctx, op) {
            return Flow::Unknown;
        }
        if walker.walk_op(ctx, op, &mut *f) {
            Flow::Interrupt
        } else {
            Flow::Advance
        }
    };
    match scope {
        SymbolScope::Op(op) => {
            let r = visit(op.index);
            if r != Flow::Advance || is_table_raw(ctx, op.index) {
                return r;
            }
            let regions = ctx.ir.ops.get(op.index).regions().to_vec();
            walk_regions(ctx, regions, &mut visit)
        }
        SymbolScope::Region(r) => walk_regions(ctx, vec![r.index], &mut visit),
    }
}

/// The attributes of an op as MLIR's `getAttrDictionary()` sees them: inherent attributes
/// (the properties dictionary's entries) and discardable ones, by name. A properties
/// attribute that is not a dictionary is walked as a whole, first.
fn op_attr_roots(ctx: &Context, op: u32) -> SmallVec<[Attribute; 8]> {
    let d = ctx.ir.ops.get(op);
    let mut named: SmallVec<[NamedAttribute; 8]> = SmallVec::new();
    let mut out: SmallVec<[Attribute; 8]> = SmallVec::new();
    if let Some(p) = d.properties {
        match ctx.attr_kind(p) {
            AttrKind::Dictionary(entries) => named.extend(entries.iter().copied()),
            _ => out.push(p),
        }
    }
    if named.is_empty() {
        out.extend(d.attrs.iter().map(|a| a.value));
        return out;
    }
    named.extend(d.attrs.iter().copied());
    named.sort_by(|a, b| ctx.ident_str(a.name).cmp(ctx.ident_str(b.name)));
    out.extend(named.iter().map(|a| a.value));
    out
}

// ---- walking and rebuilding attributes ----

/// An attribute or a type: the elements an attribute walk goes through.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    Attr(Attribute),
    Type(Type),
}

/// The immediate sub-elements of `node`, in order (the order `rebuild` expects).
fn children(ctx: &Context, node: Node, out: &mut SmallVec<[Node; 8]>) {
    let attr = |a: &Attribute| Node::Attr(*a);
    let ty = |t: &Type| Node::Type(*t);
    match node {
        Node::Attr(a) => match ctx.attr_kind(a) {
            AttrKind::Integer { ty: t, .. } | AttrKind::Float { ty: t, .. } => out.push(ty(t)),
            AttrKind::String { ty: t, .. } | AttrKind::Opaque { ty: t, .. } => out.extend(t.iter().map(ty)),
            AttrKind::Type(t) => out.push(ty(t)),
            AttrKind::Array(es) => out.extend(es.iter().map(attr)),
            AttrKind::Dictionary(es) => out.extend(es.iter().map(|e| Node::Attr(e.value))),
            AttrKind::DenseIntOrFloat { ty: t, .. }
            | AttrKind::DenseString { ty: t, .. }
            | AttrKind::DenseResource { ty: t, .. } => out.push(ty(t)),
            AttrKind::DenseArray { element, .. } => out.push(ty(element)),
            AttrKind::SparseElements { ty: t, indices, values } => out.extend([ty(t), attr(indices), attr(values)]),
            AttrKind::Location(l) => match l {
                LocationKind::Name { child, .. } => out.extend(child.iter().map(attr)),
                LocationKind::CallSite { callee, caller } => out.extend([attr(callee), attr(caller)]),
                LocationKind::Fused { locations, metadata } => {
                    out.extend(locations.iter().map(attr));
                    out.extend(metadata.iter().map(attr));
                }
                LocationKind::Unknown | LocationKind::FileLineCol { .. } => {}
            },
            AttrKind::Dialect { params, .. } => out.extend(params.iter().map(attr)),
            AttrKind::Unit
            | AttrKind::Bool(_)
            | AttrKind::SymbolRef { .. }
            | AttrKind::AffineMap(_)
            | AttrKind::IntegerSet(_)
            | AttrKind::StridedLayout { .. }
            | AttrKind::Distinct { .. } => {}
        },
        Node::Type(t) => match ctx.type_kind(t) {
            TypeKind::Complex(e) => out.push(ty(e)),
            TypeKind::Function { inputs, results } => {
                out.extend(inputs.iter().map(ty));
                out.extend(results.iter().map(ty));
            }
            TypeKind::Tuple(es) => out.extend(es.iter().map(ty)),
            TypeKind::Vector { element, .. } | TypeKind::UnrankedTensor { element } => out.push(ty(element)),
            TypeKind::RankedTensor { element, encoding, .. } => {
                out.push(ty(element));
                out.extend(encoding.iter().map(attr));
            }
            TypeKind::MemRef { element, layout, memory_space, .. } => {
                out.push(ty(element));
                out.extend(layout.iter().map(attr));
                out.extend(memory_space.iter().map(attr));
            }
            TypeKind::UnrankedMemRef { element, memory_space } => {
                out.push(ty(element));
                out.extend(memory_space.iter().map(attr));
            }
            TypeKind::Dialect { params, .. } => out.extend(params.iter().map(attr)),
            TypeKind::Integer { .. }
            | TypeKind::Index
            | TypeKind::Float(_)
            | TypeKind::None
            | TypeKind::Opaque { .. } => {}
        },
    }
}

/// Hands out replacement sub-elements in the order `children` listed them.
struct Subst<'a> {
    items: &'a [Node],
    pos: usize,
}

impl Subst<'_> {
    fn next(&mut self) -> Result<Node> {
        let n = *self.items.get(self.pos).ok_or_else(internal)?;
        self.pos += 1;
        Ok(n)
    }
    fn attr(&mut self) -> Result<Attribute> {
        match self.next()? {
            Node::Attr(a) => Ok(a),
            Node::Type(_) => Err(internal()),
        }
    }
    fn ty(&mut self) -> Result<Type> {
        match self.next()? {
            Node::Type(t) => Ok(t),
            Node::Attr(_) => Err(internal()),
        }
    }
    fn attrs(&mut self, n: usize) -> Result<Vec<Attribute>> {
        (0..n).map(|_| self.attr()).collect()
    }
    fn types(&mut self, n: usize) -> Result<Vec<Type>> {
        (0..n).map(|_| self.ty()).collect()
    }
}

/// `node` with its sub-elements replaced by `new` (as listed by `children`). Builtin kinds
/// are re-interned; dialect kinds and types go through their checked constructors.
fn rebuild(ctx: &Context, node: Node, new: &[Node]) -> Result<Node> {
    let mut s = Subst { items: new, pos: 0 };
    match node {
        Node::Attr(a) => {
            let kind = match ctx.attr_kind(a).clone() {
                AttrKind::Integer { value, .. } => AttrKind::Integer { ty: s.ty()?, value },
                AttrKind::Float { bits, .. } => AttrKind::Float { ty: s.ty()?, bits },
                AttrKind::String { value, ty } => AttrKind::String { value, ty: ty.map(|_| s.ty()).transpose()? },
                AttrKind::Opaque { dialect, data, ty } => {
                    AttrKind::Opaque { dialect, data, ty: ty.map(|_| s.ty()).transpose()? }
                }
                AttrKind::Type(_) => AttrKind::Type(s.ty()?),
                AttrKind::Array(es) => AttrKind::Array(s.attrs(es.len())?.into()),
                AttrKind::Dictionary(es) => AttrKind::Dictionary(
                    es.iter()
                        .map(|e| Ok(NamedAttribute { name: e.name, value: s.attr()? }))
                        .collect::<Result<Box<[_]>>>()?,
                ),
                AttrKind::DenseIntOrFloat { data, splat, .. } => AttrKind::DenseIntOrFloat { ty: s.ty()?, data, splat },
                AttrKind::DenseString { values, splat, .. } => AttrKind::DenseString { ty: s.ty()?, values, splat },
                AttrKind::DenseResource { handle, .. } => AttrKind::DenseResource { ty: s.ty()?, handle },
                AttrKind::DenseArray { len, data, .. } => AttrKind::DenseArray { element: s.ty()?, len, data },
                AttrKind::SparseElements { .. } => {
                    let (t, i, v) = (s.ty()?, s.attr()?, s.attr()?);
                    return Ok(Node::Attr(ctx.sparse_elements_attr(t, i, v)?));
                }
                AttrKind::Location(l) => AttrKind::Location(match l {
                    LocationKind::Name { name, child } => {
                        LocationKind::Name { name, child: child.map(|_| s.attr()).transpose()? }
                    }
                    LocationKind::CallSite { .. } => LocationKind::CallSite { callee: s.attr()?, caller: s.attr()? },
                    LocationKind::Fused { locations, metadata } => LocationKind::Fused {
                        locations: s.attrs(locations.len())?.into(),
                        metadata: metadata.map(|_| s.attr()).transpose()?,
                    },
                    other => other,
                }),
                AttrKind::Dialect { def, params } => {
                    let params = s.attrs(params.len())?;
                    return Ok(Node::Attr(ctx.dialect_attr(def, &params)?));
                }
                other => other,
            };
            Ok(Node::Attr(ctx.intern_attr(kind)))
        }
        Node::Type(t) => {
            let new_ty = match ctx.type_kind(t).clone() {
                TypeKind::Complex(_) => ctx.complex_type(s.ty()?)?,
                TypeKind::Function { inputs, results } => {
                    let i = s.types(inputs.len())?;
                    let r = s.types(results.len())?;
                    ctx.function_type(&i, &r)
                }
                TypeKind::Tuple(es) => ctx.tuple_type(&s.types(es.len())?),
                TypeKind::Vector { shape, scalable, .. } => ctx.vector_type(&shape, &scalable, s.ty()?)?,
                TypeKind::RankedTensor { shape, encoding, .. } => {
                    let element = s.ty()?;
                    let encoding = encoding.map(|_| s.attr()).transpose()?;
                    ctx.ranked_tensor_type(&shape, element, encoding)?
                }
                TypeKind::UnrankedTensor { .. } => ctx.unranked_tensor_type(s.ty()?)?,
                TypeKind::MemRef { shape, layout, memory_space, .. } => {
                    let element = s.ty()?;
                    let layout = layout.map(|_| s.attr()).transpose()?;
                    let memory_space = memory_space.map(|_| s.attr()).transpose()?;
                    ctx.memref_type(&shape, element, layout, memory_space)?
                }
                TypeKind::UnrankedMemRef { memory_space, .. } => {
                    let element = s.ty()?;
                    let memory_space = memory_space.map(|_| s.attr()).transpose()?;
                    ctx.unranked_memref_type(element, memory_space)?
                }
                TypeKind::Dialect { def, params } => ctx.dialect_type(def, &s.attrs(params.len())?)?,
                _ => t,
            };
            Ok(Node::Type(new_ty))
        }
    }
}

/// Finds the symbol references in an op's attributes, pre-order, each distinct element
/// once per op (as MLIR's `AttrTypeWalker`), without entering references.
#[derive(Default)]
struct RefWalker {
    visited: FxHashSet<Node>,
    stack: Vec<Node>,
    kids: SmallVec<[Node; 8]>,
}

impl RefWalker {
    /// Calls `f` for each use in `op`; returns true if `f` interrupted.
    fn walk_op(&mut self, ctx: &Context, op: u32, f: &mut dyn FnMut(SymbolUse) -> bool) -> bool {
        self.visited.clear();
        self.stack.clear();
        let roots = op_attr_roots(ctx, op);
        self.stack.extend(roots.iter().rev().map(|&a| Node::Attr(a)));
        let user = ctx.op_handle(op);
        while let Some(node) = self.stack.pop() {
            if !self.visited.insert(node) {
                continue;
            }
            if let Node::Attr(a) = node {
                if let AttrKind::SymbolRef { .. } = ctx.attr_kind(a) {
                    if f(SymbolUse { user, symbol_ref: a }) {
                        return true;
                    }
                    continue;
                }
            }
            self.kids.clear();
            children(ctx, node, &mut self.kids);
            self.stack.extend(self.kids.iter().rev().copied());
        }
        false
    }
}

/// MLIR's `AttrTypeReplacer` with the symbol-reference replacement of
/// `replaceAllSymbolUses`, with a cache shared by every op of one scope.
struct RefReplacer {
    old: Attribute,
    old_nested_len: usize,
    new_ref: Attribute,
    new_name: Identifier,
    cache: FxHashMap<Node, Node>,
}

impl RefReplacer {
    fn new(ctx: &Context, old: Attribute, new_name: Identifier) -> Result<RefReplacer> {
        let (root, nested) = symbol_ref_parts(ctx, old)?;
        // MLIR's `generateNewRefAttr`: the old reference with its leaf renamed.
        let new_ref = if nested.is_empty() {
            ctx.intern_attr(AttrKind::SymbolRef { root: new_name, nested: Box::new([]) })
        } else {
            let mut n: Box<[Identifier]> = nested.into();
            *n.last_mut().ok_or_else(internal)? = new_name;
            ctx.intern_attr(AttrKind::SymbolRef { root, nested: n })
        };
        Ok(RefReplacer { old, old_nested_len: nested.len(), new_ref, new_name, cache: FxHashMap::default() })
    }

    fn replace_ref(&self, ctx: &Context, r: Attribute) -> Attribute {
        if r == self.old {
            return self.new_ref;
        }
        if !is_reference_prefix_of(ctx, self.old, r) {
            return r;
        }
        let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(r) else {
            return r;
        };
        if self.old_nested_len == 0 {
            return ctx.intern_attr(AttrKind::SymbolRef { root: self.new_name, nested: nested.clone() });
        }
        let mut n = nested.clone();
        n[self.old_nested_len - 1] = self.new_name;
        ctx.intern_attr(AttrKind::SymbolRef { root: *root, nested: n })
    }

    /// The replacement of `root`: post-order over its sub-elements with an explicit stack,
    /// rebuilding each element whose sub-elements changed.
    fn replace(&mut self, ctx: &Context, root: Node) -> Result<Node> {
        if let Some(&done) = self.cache.get(&root) {
            return Ok(done);
        }
        let mut stack: Vec<(Node, bool)> = vec![(root, false)];
        let mut kids: SmallVec<[Node; 8]> = SmallVec::new();
        while let Some((node, expanded)) = stack.pop() {
            if !expanded {
                if self.cache.contains_key(&node) {
                    continue;
                }
                if let Node::Attr(a) = node {
                    if let AttrKind::SymbolRef { .. } = ctx.attr_kind(a) {
                        let r = self.replace_ref(ctx, a);
                        self.cache.insert(node, Node::Attr(r));
                        continue;
                    }
                }
                kids.clear();
                children(ctx, node, &mut kids);
                if kids.is_empty() {
                    self.cache.insert(node, node);
                    continue;
                }
                stack.push((node, true));
                stack.extend(kids.iter().rev().filter(|k| !self.cache.contains_key(k)).map(|&k| (k, false)));
            } else {
                kids.clear();
                children(ctx, node, &mut kids);
                let new: SmallVec<[Node; 8]> =
                    kids.iter().map(|k| self.cache.get(k).copied().ok_or_else(internal)).collect::<Result<_>>()?;
                let result = if new == kids { node } else { rebuild(ctx, node, &new)? };
                self.cache.insert(node, result);
            }
        }
        self.cache.get(&root).copied().ok_or_else(internal)
    }

    fn replace_attr(&mut self, ctx: &Context, a: Attribute) -> Result<Attribute> {
        match self.replace(ctx, Node::Attr(a))? {
            Node::Attr(r) => Ok(r),
            Node::Type(_) => Err(internal()),
        }
    }
}

/// New attributes for one op, computed before any is applied.
#[derive(Default)]
struct OpPatch {
    attrs: Option<Vec<NamedAttribute>>,
    properties: Option<Attribute>,
}

/// MLIR's `replaceElementsIn(op)`: the discardable attributes and the properties.
fn replace_in_op(
    ctx: &Context,
    op: u32,
    replacer: &mut RefReplacer,
    patches: &mut FxHashMap<u32, OpPatch>,
    order: &mut Vec<u32>,
) -> Result<()> {
    let d = ctx.ir.ops.get(op);
    let (cur_attrs, cur_props): (Vec<NamedAttribute>, Option<Attribute>) = match patches.get(&op) {
        Some(p) => (p.attrs.clone().unwrap_or_else(|| d.attrs.to_vec()), p.properties.or(d.properties)),
        None => (d.attrs.to_vec(), d.properties),
    };
    let mut new_attrs = cur_attrs.clone();
    for na in new_attrs.iter_mut() {
        na.value = replacer.replace_attr(ctx, na.value)?;
    }
    let new_props = cur_props.map(|p| replacer.replace_attr(ctx, p)).transpose()?;
    let attrs_changed = new_attrs != cur_attrs;
    let props_changed = new_props != cur_props;
    if !attrs_changed && !props_changed {
        return Ok(());
    }
    let patch = patches.entry(op).or_insert_with(|| {
        order.push(op);
        OpPatch::default()
    });
    if attrs_changed {
        patch.attrs = Some(new_attrs);
    }
    if props_changed {
        patch.properties = new_props;
    }
    Ok(())
}
