//! Options without process-global state: declared per context (name, type, default, help),
//! with a base value per context and scoped overrides per thread.
//!
//! LLVM's `cl::opt` flags are process-global: set once, shared by every user of the process,
//! clashing when two libraries register one name. Here a value is always looked up through a
//! context: first the calling thread's override scopes on that context (innermost first),
//! then the context's base value, then the declared default. Two contexts never share
//! values; two threads on one context never see each other's scopes. Work handed to other
//! threads (the pass manager's workers) carries a snapshot of the caller's effective scope.

use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;
use std::thread::ThreadId;

use rustc_hash::FxHashMap;

use crate::context::Context;
use crate::error::{Error, ErrorKind, Result};

/// The type of an option's values.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionType {
    Bool,
    Int,
    Float,
    String,
    /// One of a fixed set of case names.
    Enum(Vec<String>),
    /// A comma-separated list of values of the element type.
    List(Box<OptionType>),
}

impl fmt::Display for OptionType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionType::Bool => f.write_str("bool"),
            OptionType::Int => f.write_str("int"),
            OptionType::Float => f.write_str("float"),
            OptionType::String => f.write_str("string"),
            OptionType::Enum(cases) => write!(f, "enum {{{}}}", cases.join(", ")),
            OptionType::List(elem) => write!(f, "list of {elem}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Float(f64),
    String(String),
    Enum(String),
    List(Vec<OptionValue>),
}

impl fmt::Display for OptionValue {
    /// The textual form accepted by [`OptionType::parse`] (and MLIR's pipeline syntax).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Float(x) => write!(f, "{x}"),
            OptionValue::String(s) | OptionValue::Enum(s) => f.write_str(s),
            OptionValue::List(items) => {
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{v}")?;
                }
                Ok(())
            }
        }
    }
}

impl OptionType {
    /// Whether `value` is a value of this type.
    pub fn accepts(&self, value: &OptionValue) -> bool {
        match (self, value) {
            (OptionType::Bool, OptionValue::Bool(_))
            | (OptionType::Int, OptionValue::Int(_))
            | (OptionType::Float, OptionValue::Float(_))
            | (OptionType::String, OptionValue::String(_)) => true,
            (OptionType::Enum(cases), OptionValue::Enum(c)) => cases.contains(c),
            (OptionType::List(elem), OptionValue::List(items)) => items.iter().all(|v| elem.accepts(v)),
            _ => false,
        }
    }

    /// Parses the textual form of a value; the error names what is accepted.
    pub fn parse(&self, text: &str) -> std::result::Result<OptionValue, String> {
        let text = text.trim();
        match self {
            OptionType::Bool => match text {
                "true" | "1" | "on" | "" => Ok(OptionValue::Bool(true)),
                "false" | "0" | "off" => Ok(OptionValue::Bool(false)),
                _ => Err(format!("'{text}' is not a bool (accepted: true, false, 1, 0, on, off)")),
            },
            OptionType::Int => text.parse().map(OptionValue::Int).map_err(|_| format!("'{text}' is not an integer")),
            OptionType::Float => {
                text.parse().map(OptionValue::Float).map_err(|_| format!("'{text}' is not a floating-point number"))
            }
            OptionType::String => Ok(OptionValue::String(text.to_string())),
            OptionType::Enum(cases) => {
                if cases.iter().any(|c| c == text) {
                    Ok(OptionValue::Enum(text.to_string()))
                } else {
                    Err(format!("'{text}' is not one of the accepted values: {}", cases.join(", ")))
                }
            }
            OptionType::List(elem) => {
                if text.is_empty() {
                    return Ok(OptionValue::List(Vec::new()));
                }
                text.split(',').map(|t| elem.parse(t)).collect::<std::result::Result<_, _>>().map(OptionValue::List)
            }
        }
    }
}

/// A declared option.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionDecl {
    pub name: String,
    pub ty: OptionType,
    pub default: OptionValue,
    pub help: String,
}

/// A thread's override scopes on one context, innermost last.
type ScopeStack = Vec<(u64, FxHashMap<String, OptionValue>)>;

#[derive(Default)]
pub(crate) struct OptionStore {
    decls: Mutex<FxHashMap<String, OptionDecl>>,
    base: Mutex<FxHashMap<String, OptionValue>>,
    scopes: Mutex<HashMap<ThreadId, ScopeStack>>,
    next_scope: std::sync::atomic::AtomicU64,
}

/// An override scope: while it lives, the calling thread sees its values on this context.
/// Dropping it restores what was there before. Scopes must be dropped innermost first (the
/// natural order for guards); dropping an outer one first also removes the inner ones.
#[must_use = "the overrides end when the scope is dropped"]
pub struct OptionScope<'a> {
    ctx: &'a Context,
    id: u64,
    thread: ThreadId,
}

impl Drop for OptionScope<'_> {
    fn drop(&mut self) {
        self.ctx.pop_option_scope_by_id(self.thread, self.id);
    }
}

impl OptionScope<'_> {
    /// The scope's id (for the C API's explicit push/pop).
    pub fn id(&self) -> u64 {
        self.id
    }
    /// Ends the scope without restoring (the caller will pop it explicitly by id).
    pub fn into_id(self) -> u64 {
        let id = self.id;
        std::mem::forget(self);
        id
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn unknown_option(name: &str, known: &FxHashMap<String, OptionDecl>) -> Error {
    let mut names: Vec<&str> = known.keys().map(String::as_str).collect();
    names.sort();
    let hint = if names.is_empty() {
        "no options are declared".to_string()
    } else {
        format!("declared: {}", names.join(", "))
    };
    Error::new(ErrorKind::NotRegistered, format!("unknown option '{name}' ({hint})"))
}

/// Value equality for redeclaration. Floats compare by bits: a `nan` default must equal itself
/// so that redeclaring it stays idempotent, and `-0` and `0` print differently, so treating
/// them as one default would make the error message (which names both) read as a difference.
fn same_value(a: &OptionValue, b: &OptionValue) -> bool {
    match (a, b) {
        (OptionValue::Float(x), OptionValue::Float(y)) => x.to_bits() == y.to_bits(),
        (OptionValue::List(xs), OptionValue::List(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_value(x, y))
        }
        _ => a == b,
    }
}

impl Context {
    /// Declares an option. Declaring the same name again with the same type and the same
    /// default is a no-op (the first help stays); with another type, or another default, it
    /// is an `AlreadyExists` error naming both: a second declarer that expects its default
    /// to apply would otherwise silently run with someone else's.
    pub fn declare_option(&self, decl: OptionDecl) -> Result<()> {
        if decl.name.is_empty() {
            return Err(Error::invalid("an option name must not be empty"));
        }
        if !decl.ty.accepts(&decl.default) {
            return Err(Error::invalid(format!(
                "default value '{}' of option '{}' is not a {}",
                decl.default, decl.name, decl.ty
            )));
        }
        let mut decls = lock(&self.options.decls);
        match decls.get(&decl.name) {
            Some(existing) if existing.ty == decl.ty && same_value(&existing.default, &decl.default) => Ok(()),
            Some(existing) if existing.ty == decl.ty => Err(Error::new(
                ErrorKind::AlreadyExists,
                format!(
                    "option '{}' is already declared with default '{}', cannot redeclare it with default '{}'",
                    decl.name, existing.default, decl.default
                ),
            )),
            Some(existing) => Err(Error::new(
                ErrorKind::AlreadyExists,
                format!(
                    "option '{}' is already declared as {}, cannot redeclare it as {}",
                    decl.name, existing.ty, decl.ty
                ),
            )),
            None => {
                decls.insert(decl.name.clone(), decl);
                Ok(())
            }
        }
    }

    /// The declared type of `name`; an unknown name is an error listing the declared ones.
    pub fn option_type(&self, name: &str) -> Result<OptionType> {
        let decls = lock(&self.options.decls);
        decls.get(name).map(|d| d.ty.clone()).ok_or_else(|| unknown_option(name, &decls))
    }

    pub fn option_decl(&self, name: &str) -> Option<OptionDecl> {
        lock(&self.options.decls).get(name).cloned()
    }

    /// Every declared option, sorted by name.
    pub fn option_decls(&self) -> Vec<OptionDecl> {
        let mut v: Vec<OptionDecl> = lock(&self.options.decls).values().cloned().collect();
        v.sort_by(|a, b| a.name.cmp(&b.name));
        v
    }

    fn check_option_value(&self, name: &str, value: &OptionValue) -> Result<()> {
        let decls = lock(&self.options.decls);
        let decl = decls.get(name).ok_or_else(|| unknown_option(name, &decls))?;
        if decl.ty.accepts(value) {
            Ok(())
        } else {
            Err(Error::invalid(format!("option '{name}' expects a {}, got '{value}'", decl.ty)))
        }
    }

    /// Sets the context's base value (seen by every thread without an override). May be
    /// called any number of times.
    pub fn set_option(&self, name: &str, value: OptionValue) -> Result<()> {
        self.check_option_value(name, &value)?;
        lock(&self.options.base).insert(name.to_string(), value);
        Ok(())
    }

    /// Parses `text` as the option's type and sets the base value.
    pub fn set_option_text(&self, name: &str, text: &str) -> Result<()> {
        let value = self.parse_option_value(name, text)?;
        self.set_option(name, value)
    }

    pub fn parse_option_value(&self, name: &str, text: &str) -> Result<OptionValue> {
        let decls = lock(&self.options.decls);
        let decl = decls.get(name).ok_or_else(|| unknown_option(name, &decls))?;
        decl.ty.parse(text).map_err(|m| Error::invalid(format!("invalid value for option '{name}': {m}")))
    }

    /// Forgets the base value, so the default applies again.
    pub fn reset_option(&self, name: &str) -> Result<()> {
        {
            let decls = lock(&self.options.decls);
            decls.get(name).ok_or_else(|| unknown_option(name, &decls))?;
        }
        lock(&self.options.base).remove(name);
        Ok(())
    }

    /// The value the calling thread sees for `name` on this context.
    pub fn option(&self, name: &str) -> Result<OptionValue> {
        let thread = std::thread::current().id();
        if let Some(stack) = lock(&self.options.scopes).get(&thread) {
            for (_, overrides) in stack.iter().rev() {
                if let Some(v) = overrides.get(name) {
                    return Ok(v.clone());
                }
            }
        }
        if let Some(v) = lock(&self.options.base).get(name) {
            return Ok(v.clone());
        }
        let decls = lock(&self.options.decls);
        decls.get(name).map(|d| d.default.clone()).ok_or_else(|| unknown_option(name, &decls))
    }

    pub fn option_bool(&self, name: &str) -> Result<bool> {
        match self.option(name)? {
            OptionValue::Bool(b) => Ok(b),
            other => Err(Error::invalid(format!("option '{name}' is not a bool (value '{other}')"))),
        }
    }

    pub fn option_int(&self, name: &str) -> Result<i64> {
        match self.option(name)? {
            OptionValue::Int(i) => Ok(i),
            other => Err(Error::invalid(format!("option '{name}' is not an int (value '{other}')"))),
        }
    }

    /// Pushes overrides for the calling thread; they end when the returned scope drops.
    /// Every value is checked first: on error nothing is pushed.
    pub fn push_option_scope(&self, overrides: &[(&str, OptionValue)]) -> Result<OptionScope<'_>> {
        for (name, value) in overrides {
            self.check_option_value(name, value)?;
        }
        let id = self.options.next_scope.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        let thread = std::thread::current().id();
        let map: FxHashMap<String, OptionValue> = overrides.iter().map(|(n, v)| (n.to_string(), v.clone())).collect();
        lock(&self.options.scopes).entry(thread).or_default().push((id, map));
        Ok(OptionScope { ctx: self, id, thread })
    }

    /// Runs `f` with overrides in effect for the calling thread.
    pub fn with_options<R>(&self, overrides: &[(&str, OptionValue)], f: impl FnOnce(&Context) -> R) -> Result<R> {
        let _scope = self.push_option_scope(overrides)?;
        Ok(f(self))
    }

    /// Pops an explicitly pushed scope (C API). Refuses ids that are not this thread's
    /// innermost scope, so push/pop stay balanced.
    pub fn pop_option_scope(&self, id: u64) -> Result<()> {
        let thread = std::thread::current().id();
        let mut scopes = lock(&self.options.scopes);
        let stack = scopes.get_mut(&thread);
        match stack {
            Some(s) if s.last().is_some_and(|(top, _)| *top == id) => {
                s.pop();
                if s.is_empty() {
                    scopes.remove(&thread);
                }
                Ok(())
            }
            _ => Err(Error::invalid(format!("option scope {id} is not the innermost scope of this thread"))),
        }
    }

    fn pop_option_scope_by_id(&self, thread: ThreadId, id: u64) {
        let mut scopes = lock(&self.options.scopes);
        if let Some(stack) = scopes.get_mut(&thread) {
            if let Some(pos) = stack.iter().position(|(s, _)| *s == id) {
                stack.truncate(pos);
            }
            if stack.is_empty() {
                scopes.remove(&thread);
            }
        }
    }

    /// The calling thread's overrides, flattened (innermost wins): what a worker thread
    /// should push to see the same values as its caller.
    pub fn option_overrides_snapshot(&self) -> Vec<(String, OptionValue)> {
        let thread = std::thread::current().id();
        let scopes = lock(&self.options.scopes);
        let mut merged: FxHashMap<String, OptionValue> = FxHashMap::default();
        if let Some(stack) = scopes.get(&thread) {
            for (_, overrides) in stack {
                for (k, v) in overrides {
                    merged.insert(k.clone(), v.clone());
                }
            }
        }
        let mut v: Vec<_> = merged.into_iter().collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }
}
