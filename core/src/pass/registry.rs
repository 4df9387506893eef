//! Per-context pass state: the pass registry, the rewrite patterns dialects registered, and
//! the thread pool that runs analyses in parallel.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use rustc_hash::FxHashMap;

use super::canonicalize::RewritePattern;
use super::{PassInfo, PassInstance, PassOptions};
use crate::context::Context;
use crate::error::{Error, ErrorKind, Result};
use crate::options::OptionValue;

/// Everything the pass infrastructure keeps in a context.
#[derive(Default)]
pub(crate) struct PassState {
    /// Registered passes by argument; seeded with the built-in passes on first use.
    passes: Mutex<Option<FxHashMap<String, Arc<PassInfo>>>>,
    patterns: Mutex<Vec<Arc<RewritePattern>>>,
    /// Requested worker count; 0 = the machine's available parallelism.
    threads: AtomicUsize,
    pool: Mutex<Option<Arc<rayon::ThreadPool>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Characters a pass or option name may not contain (they delimit the pipeline syntax).
fn check_name(what: &str, name: &str) -> Result<()> {
    if name.is_empty() {
        return Err(Error::invalid(format!("a {what} name must not be empty")));
    }
    if let Some(c) = name.chars().find(|c| c.is_whitespace() || "(){},='\"".contains(*c)) {
        return Err(Error::invalid(format!("{what} name '{name}' contains '{c}', which the pipeline syntax reserves")));
    }
    Ok(())
}

impl PassState {
    fn registry(&self) -> MutexGuard<'_, Option<FxHashMap<String, Arc<PassInfo>>>> {
        let mut guard = lock(&self.passes);
        if guard.is_none() {
            let mut map = FxHashMap::default();
            for info in super::builtin_passes() {
                map.insert(info.argument.clone(), Arc::new(info));
            }
            *guard = Some(map);
        }
        guard
    }
}

impl Context {
    /// Registers a pass under `info.argument` in this context. Names are per context: two
    /// contexts may register different passes under one name. Registering a name twice is
    /// an error (the built-in passes are registered from the start).
    pub fn register_pass(&self, info: PassInfo) -> Result<()> {
        check_name("pass", &info.argument)?;
        let mut seen: Vec<&str> = Vec::new();
        for decl in &info.options {
            check_name("option", &decl.name)?;
            if seen.contains(&decl.name.as_str()) {
                return Err(Error::new(
                    ErrorKind::AlreadyExists,
                    format!("pass '{}' declares option '{}' twice", info.argument, decl.name),
                ));
            }
            seen.push(&decl.name);
            if !decl.ty.accepts(&decl.default) {
                return Err(Error::invalid(format!(
                    "default value '{}' of option '{}' of pass '{}' is not a {}",
                    decl.default, decl.name, info.argument, decl.ty
                )));
            }
        }
        let mut guard = self.passes.registry();
        let map = guard.as_mut().expect("seeded");
        if map.contains_key(&info.argument) {
            return Err(Error::new(
                ErrorKind::AlreadyExists,
                format!("pass '{}' is already registered", info.argument),
            ));
        }
        map.insert(info.argument.clone(), Arc::new(info));
        Ok(())
    }

    /// The registered pass named `argument`.
    pub fn pass_info(&self, argument: &str) -> Option<Arc<PassInfo>> {
        self.passes.registry().as_ref().expect("seeded").get(argument).cloned()
    }

    /// The names of every registered pass, sorted.
    pub fn registered_passes(&self) -> Vec<String> {
        let guard = self.passes.registry();
        let mut names: Vec<String> = guard.as_ref().expect("seeded").keys().cloned().collect();
        names.sort();
        names
    }

    pub(crate) fn unknown_pass_error(&self, name: &str) -> String {
        format!("'{name}' does not refer to a registered pass (registered: {})", self.registered_passes().join(", "))
    }

    /// Makes an instance of the pass `argument` with the given option values.
    pub fn create_pass(&self, argument: &str, options: &[(&str, OptionValue)]) -> Result<PassInstance> {
        let info = self
            .pass_info(argument)
            .ok_or_else(|| Error::new(ErrorKind::NotRegistered, self.unknown_pass_error(argument)))?;
        let options = PassOptions::resolve(&info, options)?;
        instantiate(info, options)
    }

    /// Registers a rewrite pattern, applied by `canonicalize` to ops named by its root (or to
    /// every op for a pattern without a root). Pattern names are unique per context.
    pub fn register_rewrite_pattern(&self, pattern: RewritePattern) -> Result<()> {
        if pattern.name.is_empty() {
            return Err(Error::invalid("a rewrite pattern needs a name"));
        }
        let mut patterns = lock(&self.passes.patterns);
        if patterns.iter().any(|p| p.name == pattern.name) {
            return Err(Error::new(
                ErrorKind::AlreadyExists,
                format!("rewrite pattern '{}' is already registered", pattern.name),
            ));
        }
        patterns.push(Arc::new(pattern));
        Ok(())
    }

    /// Every registered rewrite pattern, in registration order.
    pub fn rewrite_patterns(&self) -> Vec<Arc<RewritePattern>> {
        lock(&self.passes.patterns).clone()
    }

    /// Sets the number of worker threads of this context's pass thread pool (0: the
    /// machine's available parallelism; 1: passes run serially). Takes effect for the next
    /// pass run; each context has its own pool.
    pub fn set_pass_threads(&self, threads: usize) {
        self.passes.threads.store(threads, Ordering::Relaxed);
        *lock(&self.passes.pool) = None;
    }

    /// The number of worker threads passes run analyses on.
    pub fn pass_threads(&self) -> usize {
        match self.passes.threads.load(Ordering::Relaxed) {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }

    /// This context's thread pool (created on first use, sized by
    /// [`Context::set_pass_threads`]).
    pub fn pass_thread_pool(&self) -> Result<Arc<rayon::ThreadPool>> {
        let mut pool = lock(&self.passes.pool);
        if let Some(p) = pool.as_ref() {
            return Ok(p.clone());
        }
        let threads = self.pass_threads();
        let built = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("omnir-pass-{i}"))
            .build()
            .map_err(|e| Error::new(ErrorKind::Internal, format!("cannot start the pass thread pool: {e}")))?;
        let built = Arc::new(built);
        *pool = Some(built.clone());
        Ok(built)
    }
}

pub(crate) fn instantiate(info: Arc<PassInfo>, options: PassOptions) -> Result<PassInstance> {
    let pass = (info.factory)(&options).map_err(|e| Error {
        kind: e.kind,
        message: format!("cannot create pass '{}': {}", info.argument, e.message),
    })?;
    Ok(PassInstance { info, options, pass: Arc::from(pass) })
}
