//! Errors: every failing C call becomes an [`Error`] with the call's status and the last
//! error's message, in one place ([`check`]).

use std::fmt;

use omnir_sys as sys;
use sys::omnir_status as S;

/// What kind of failure an [`Error`] is: the C API's `omnir_status`, without `OK`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// A handle refers to IR that was erased (or moved out of reach).
    StaleHandle,
    /// An argument is malformed or of the wrong kind.
    InvalidArgument,
    /// An index is past the end.
    OutOfRange,
    /// Values would be left used after their definition is gone.
    StillInUse,
    /// The mutation would make an operation its own ancestor.
    Cycle,
    /// The IR failed verification; the diagnostics went to the context's handlers.
    VerificationFailed,
    /// Text could not be parsed.
    ParseFailed,
    /// A name (dialect, operation, type, interface...) is not registered.
    NotRegistered,
    /// A definition conflicts with an existing one.
    AlreadyExists,
    /// A user callback reported failure.
    CallbackFailed,
    /// A bug in omnir (a caught panic).
    Internal,
    /// A required pointer was NULL (a bug in this crate if it ever shows up).
    NullArgument,
    /// A string was not valid UTF-8.
    InvalidUtf8,
    /// Mutation of a context from inside one of its callbacks.
    Busy,
    /// A handle of another context.
    WrongContext,
    /// A second copy of omnir is loaded in the process, or an object of another copy was used.
    DuplicateCore,
    /// A library was built against an omnir header with another ABI version.
    AbiMismatch,
    /// A status this version of the crate does not know.
    Other(u32),
}

impl Status {
    /// The status of a C call, `None` for `OMNIR_OK`.
    pub fn from_raw(raw: sys::omnir_status) -> Option<Status> {
        Some(match raw {
            S::OMNIR_OK => return None,
            S::OMNIR_ERROR_STALE_HANDLE => Status::StaleHandle,
            S::OMNIR_ERROR_INVALID_ARGUMENT => Status::InvalidArgument,
            S::OMNIR_ERROR_OUT_OF_RANGE => Status::OutOfRange,
            S::OMNIR_ERROR_STILL_IN_USE => Status::StillInUse,
            S::OMNIR_ERROR_CYCLE => Status::Cycle,
            S::OMNIR_ERROR_VERIFICATION_FAILED => Status::VerificationFailed,
            S::OMNIR_ERROR_PARSE_FAILED => Status::ParseFailed,
            S::OMNIR_ERROR_NOT_REGISTERED => Status::NotRegistered,
            S::OMNIR_ERROR_ALREADY_EXISTS => Status::AlreadyExists,
            S::OMNIR_ERROR_CALLBACK_FAILED => Status::CallbackFailed,
            S::OMNIR_ERROR_INTERNAL => Status::Internal,
            S::OMNIR_ERROR_NULL_ARGUMENT => Status::NullArgument,
            S::OMNIR_ERROR_INVALID_UTF8 => Status::InvalidUtf8,
            S::OMNIR_ERROR_BUSY => Status::Busy,
            S::OMNIR_ERROR_WRONG_CONTEXT => Status::WrongContext,
            S::OMNIR_ERROR_DUPLICATE_CORE => Status::DuplicateCore,
            S::OMNIR_ERROR_ABI_MISMATCH => Status::AbiMismatch,
        })
    }

    /// The C name of the status (`"OMNIR_ERROR_STALE_HANDLE"`...), for messages and for
    /// bindings that map statuses to their own exception classes.
    pub fn name(self) -> &'static str {
        match self {
            Status::StaleHandle => "OMNIR_ERROR_STALE_HANDLE",
            Status::InvalidArgument => "OMNIR_ERROR_INVALID_ARGUMENT",
            Status::OutOfRange => "OMNIR_ERROR_OUT_OF_RANGE",
            Status::StillInUse => "OMNIR_ERROR_STILL_IN_USE",
            Status::Cycle => "OMNIR_ERROR_CYCLE",
            Status::VerificationFailed => "OMNIR_ERROR_VERIFICATION_FAILED",
            Status::ParseFailed => "OMNIR_ERROR_PARSE_FAILED",
            Status::NotRegistered => "OMNIR_ERROR_NOT_REGISTERED",
            Status::AlreadyExists => "OMNIR_ERROR_ALREADY_EXISTS",
            Status::CallbackFailed => "OMNIR_ERROR_CALLBACK_FAILED",
            Status::Internal => "OMNIR_ERROR_INTERNAL",
            Status::NullArgument => "OMNIR_ERROR_NULL_ARGUMENT",
            Status::InvalidUtf8 => "OMNIR_ERROR_INVALID_UTF8",
            Status::Busy => "OMNIR_ERROR_BUSY",
            Status::WrongContext => "OMNIR_ERROR_WRONG_CONTEXT",
            Status::DuplicateCore => "OMNIR_ERROR_DUPLICATE_CORE",
            Status::AbiMismatch => "OMNIR_ERROR_ABI_MISMATCH",
            Status::Other(_) => "OMNIR_ERROR_UNKNOWN",
        }
    }
}

/// A failed omnir call: its status and the message omnir recorded for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub status: Status,
    pub message: String,
}

impl Error {
    pub fn new(status: Status, message: impl Into<String>) -> Error {
        Error { status, message: message.into() }
    }

    /// The error of the last failed omnir call on this thread, `None` when the last call
    /// succeeded. Every method of this crate already returns its error; this is for glue
    /// that calls omnir-sys directly.
    pub fn last() -> Option<Error> {
        // SAFETY: no arguments.
        let status = Status::from_raw(unsafe { sys::omnir_last_error_status() })?;
        Some(Error { status, message: last_error_message() })
    }

    /// Whether this is a stale-handle error (the IR was erased): the error that bindings
    /// turn into their language's "stale handle" exception.
    pub fn is_stale(&self) -> bool {
        self.status == Status::StaleHandle
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.status.name(), self.message)
    }
}

impl std::error::Error for Error {}

/// The result of every fallible operation of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Turns the status of a C call into a `Result`, reading the last error's message of this
/// thread on failure. Every C call of this crate goes through here.
pub(crate) fn check(status: sys::omnir_status) -> Result<()> {
    crate::leaf::assert_none_held();
    match Status::from_raw(status) {
        None => Ok(()),
        Some(s) => Err(Error { status: s, message: last_error_message() }),
    }
}

/// The message of the last failed call on this thread.
pub(crate) fn last_error_message() -> String {
    // SAFETY: no arguments; the result is an owned omnir string released by `take_string`.
    crate::strings::take_string(unsafe { sys::omnir_last_error_message() })
}

/// Runs a C call that writes one output value, and returns it.
pub(crate) fn out<T: Default>(f: impl FnOnce(*mut T) -> sys::omnir_status) -> Result<T> {
    crate::leaf::assert_none_held();
    let mut v = T::default();
    check(f(&mut v))?;
    Ok(v)
}
