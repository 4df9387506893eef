//! One error type for the whole core. `ErrorKind` maps one-to-one onto the C API's status
//! codes, so every binding can turn it into its language's exception class without a table
//! of its own.

use std::fmt;

/// What went wrong, coarse enough to branch on and stable across releases.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum ErrorKind {
    /// A handle refers to IR that was erased (or to a slot since reused).
    StaleHandle = 1,
    /// A handle of the right type but the wrong role (e.g. a detached op where an attached
    /// one is required), or a malformed argument.
    InvalidArgument = 2,
    /// An index past the end of operands, results, regions, arguments, ...
    OutOfRange = 3,
    /// The operation would leave values used after their definition is gone.
    StillInUse = 4,
    /// The mutation would make an operation its own ancestor.
    Cycle = 5,
    /// The IR failed verification; details went to the diagnostics engine.
    VerificationFailed = 6,
    /// Text could not be parsed.
    ParseFailed = 7,
    /// A name is not registered (dialect, operation, type, interface, option...).
    NotRegistered = 8,
    /// A definition conflicts with an existing one.
    AlreadyExists = 9,
    /// A user callback reported failure.
    CallbackFailed = 10,
    /// A bug in omnir itself (a caught panic); please report it.
    Internal = 11,
}

/// An error with a message meant for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub message: String,
}

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error { kind, message: message.into() }
    }
    pub fn stale(what: &str) -> Self {
        Error::new(ErrorKind::StaleHandle, format!("stale {what} handle: the IR it referred to was erased"))
    }
    pub fn invalid(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::InvalidArgument, message)
    }
    pub fn out_of_range(what: &str, index: usize, len: usize) -> Self {
        Error::new(ErrorKind::OutOfRange, format!("{what} index {index} is out of range (there are {len})"))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;
