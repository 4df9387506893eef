//! The context: owner of everything. It uniques types, attributes and identifiers, stores
//! the IR arenas, and holds the dialect registry, settings, resources and diagnostics.
//!
//! Threading: uniquing (types, attributes, identifiers) takes `&self` and is safe from any
//! thread. Mutating IR or the registry takes `&mut self`; the C API serializes those calls
//! per context.

use std::num::NonZeroU32;
use std::sync::atomic::AtomicU64;
use std::sync::Mutex;

use rustc_hash::FxHashMap;

use crate::attrs::AttrKind;
use crate::diag::DiagnosticEngine;
use crate::dialect::Registry;
use crate::intern::{Interner, PointLocs};
use crate::ir::Ir;
use crate::types::TypeKind;

/// An interned string (operation names, attribute names, symbol names, file names).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Identifier(NonZeroU32);

impl Identifier {
    pub fn to_raw(self) -> u32 {
        self.0.get()
    }
}

#[derive(Default)]
pub(crate) struct Uniquer {
    pub(crate) types: Interner<TypeKind>,
    pub(crate) attrs: Interner<AttrKind>,
    pub(crate) idents: Interner<Box<str>>,
    /// The parser's `"file":line:col` locations (attribute indices from
    /// [`crate::intern::POINT_BASE`] on).
    pub(crate) points: PointLocs,
    pub(crate) next_distinct: AtomicU64,
}

/// A blob referenced by `dense_resource<key>` (or kept for another dialect), as in MLIR's
/// `dialect_resources` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceBlob {
    pub data: Vec<u8>,
    pub alignment: u32,
}

/// Blobs grouped by the dialect that owns them (`builtin` for `dense_resource`).
#[derive(Default, Debug)]
pub struct ResourceStore {
    pub(crate) groups: FxHashMap<String, FxHashMap<String, ResourceBlob>>,
}

pub struct Context {
    pub(crate) uniq: Uniquer,
    pub(crate) ir: Ir,
    pub(crate) registry: Registry,
    pub(crate) diag: DiagnosticEngine,
    pub(crate) resources: Mutex<ResourceStore>,
    pub(crate) options: crate::options::OptionStore,
    pub(crate) passes: crate::pass::PassState,
    allow_unregistered_dialects: bool,
    verify_after_parse: bool,
    caller_thread_callbacks: std::sync::atomic::AtomicBool,
    /// Which shipped dialects (`crate::dialects`) are loaded, by index.
    pub(crate) shipped_loaded: u64,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// A context with the builtin dialect loaded.
    pub fn new() -> Context {
        let mut ctx = Context {
            uniq: Uniquer::default(),
            ir: Ir::default(),
            registry: Registry::default(),
            diag: DiagnosticEngine::default(),
            resources: Mutex::new(ResourceStore::default()),
            options: crate::options::OptionStore::default(),
            passes: crate::pass::PassState::default(),
            allow_unregistered_dialects: false,
            verify_after_parse: true,
            caller_thread_callbacks: std::sync::atomic::AtomicBool::new(false),
            shipped_loaded: 0,
        };
        crate::builtin::register(&mut ctx);
        ctx
    }

    pub fn allow_unregistered_dialects(&self) -> bool {
        self.allow_unregistered_dialects
    }

    pub fn set_allow_unregistered_dialects(&mut self, allow: bool) {
        self.allow_unregistered_dialects = allow;
    }

    /// Whether the C API's parse functions (`omnir_module_parse`, `omnir_op_parse`) verify
    /// what they parse (MLIR's `ParserConfig::verifyAfterParse`); `true` unless turned off.
    /// The Rust parse functions take [`ParseOptions::verify_after_parse`] instead, so that a
    /// caller sees at the call what it gets.
    ///
    /// [`ParseOptions::verify_after_parse`]: crate::asm::ParseOptions::verify_after_parse
    pub fn verify_after_parse(&self) -> bool {
        self.verify_after_parse
    }

    pub fn set_verify_after_parse(&mut self, verify: bool) {
        self.verify_after_parse = verify;
    }

    /// Records that code outside the core (C callbacks: verifiers, predicates, custom
    /// assembly) is registered in this context. Such callbacks are promised to run on the
    /// thread that made the call (Python holds its GIL there, JavaScript can only run there),
    /// so the pass manager then keeps verification and analyses off its worker threads.
    pub fn note_caller_thread_callbacks(&self) {
        self.caller_thread_callbacks.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether [`Context::note_caller_thread_callbacks`] was called.
    pub fn callbacks_need_caller_thread(&self) -> bool {
        self.caller_thread_callbacks.load(std::sync::atomic::Ordering::Relaxed)
    }

    pub fn identifier(&self, s: &str) -> Identifier {
        let index = self.uniq.idents.intern_with(s, || s.into());
        Identifier(NonZeroU32::new(index + 1).expect("identifier overflow"))
    }

    /// The identifier's text; lives as long as the context.
    #[inline]
    pub fn ident_str(&self, id: Identifier) -> &str {
        self.uniq.idents.get(id.0.get() - 1)
    }

    pub fn identifier_from_raw(&self, raw: u32) -> Option<Identifier> {
        let index = raw.checked_sub(1)?;
        self.uniq.idents.try_get(index).map(|_| Identifier(NonZeroU32::new(raw).expect("nonzero")))
    }

    /// Adds a blob under `group` (a dialect name, `builtin` for `dense_resource`), renaming
    /// it as MLIR does (`name_1`, `name_2`, ...) when the key is taken. Returns the key used.
    pub fn insert_resource(&self, group: &str, key: &str, blob: ResourceBlob) -> String {
        let mut store = self.resources.lock().unwrap_or_else(|p| p.into_inner());
        let entries = store.groups.entry(group.to_string()).or_default();
        let mut name = key.to_string();
        let mut n = 0;
        while entries.contains_key(&name) {
            n += 1;
            name = format!("{key}_{n}");
        }
        entries.insert(name.clone(), blob);
        name
    }

    /// Replaces (or sets) the blob under an exact key.
    pub fn set_resource(&self, group: &str, key: &str, blob: ResourceBlob) {
        let mut store = self.resources.lock().unwrap_or_else(|p| p.into_inner());
        store.groups.entry(group.to_string()).or_default().insert(key.to_string(), blob);
    }

    pub fn resource(&self, group: &str, key: &str) -> Option<ResourceBlob> {
        let store = self.resources.lock().unwrap_or_else(|p| p.into_inner());
        store.groups.get(group)?.get(key).cloned()
    }

    /// Every (group, key) in the store, sorted.
    pub fn resource_keys(&self) -> Vec<(String, String)> {
        let store = self.resources.lock().unwrap_or_else(|p| p.into_inner());
        let mut keys: Vec<_> =
            store.groups.iter().flat_map(|(g, m)| m.keys().map(move |k| (g.clone(), k.clone()))).collect();
        keys.sort();
        keys
    }

    /// Number of live operations, blocks and regions (for leak checks and statistics).
    pub fn live_ir_counts(&self) -> (usize, usize, usize) {
        (self.ir.ops.live_count(), self.ir.blocks.live_count(), self.ir.regions.live_count())
    }
}
