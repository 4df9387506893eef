//! What every language glue (Python, Node) needs on top of the wrappers, written once:
//!
//! - [`ErrorClass`]: which exception family a failed call belongs to;
//! - [`DiagnosedError`] and [`Context::with_diagnostics`]: a failed call together with the
//!   error diagnostics it emitted (MLIR's Python `MLIRError` carries them);
//! - [`TypeClass`] / [`AttributeClass`]: the most specific builtin class of a type or an
//!   attribute, named as MLIR's Python bindings name their classes (`IntegerType`,
//!   `F32Type`, `DenseIntElementsAttr`...), so each language downcasts the same way;
//! - [`Context::owner_of_tree`]: the owner that keeps the tree of an operation alive,
//!   adopting an unowned root (DESIGN.md, "Lifetime in garbage-collected languages").

use crate::diagnostics::{Diagnostic, Severity};
use crate::error::{Error, Result, Status};
use crate::types::{FloatKind, TypeKind};
use crate::{Attribute, AttributeKind, Context, Operation, TreeOwner, Type};

/// The family of a failed call, for mapping [`Status`] to a language's exception classes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ErrorClass {
    /// The IR was erased (or is out of reach): Python `StaleHandleError`.
    StaleHandle,
    /// Bad input: a malformed or wrong-kind argument, a foreign handle, a name that is not
    /// registered or already taken, uses left behind, a cycle: Python `ValueError`.
    InvalidArgument,
    /// An index past the end: Python `IndexError`.
    OutOfRange,
    /// Parsing or verification failed, or a user callback reported failure: the diagnostics
    /// say why (Python `MLIRError`).
    Diagnosed,
    /// A mutation from inside one of the context's callbacks: Python `RuntimeError`.
    Busy,
    /// A bug in omnir or an unknown status: Python `RuntimeError`.
    Internal,
}

impl Status {
    /// The family of this status.
    pub fn class(self) -> ErrorClass {
        match self {
            Status::StaleHandle => ErrorClass::StaleHandle,
            Status::InvalidArgument
            | Status::StillInUse
            | Status::Cycle
            | Status::NotRegistered
            | Status::AlreadyExists
            | Status::NullArgument
            | Status::InvalidUtf8
            | Status::WrongContext => ErrorClass::InvalidArgument,
            Status::OutOfRange => ErrorClass::OutOfRange,
            Status::VerificationFailed | Status::ParseFailed | Status::CallbackFailed => ErrorClass::Diagnosed,
            Status::Busy => ErrorClass::Busy,
            Status::Internal | Status::Other(_) | Status::DuplicateCore | Status::AbiMismatch => ErrorClass::Internal,
        }
    }
}

impl Error {
    /// The family of this error (see [`ErrorClass`]).
    pub fn class(&self) -> ErrorClass {
        self.status.class()
    }
}

/// A failed call with the error diagnostics emitted while it ran (in order, notes attached).
#[derive(Clone, Debug)]
pub struct DiagnosedError {
    pub error: Error,
    pub diagnostics: Vec<Diagnostic>,
}

impl DiagnosedError {
    /// The message MLIR's Python bindings give an `MLIRError`: what failed, then each error
    /// diagnostic as MLIR renders it.
    pub fn message(&self, what: &str) -> String {
        if self.diagnostics.is_empty() {
            return format!("{what}: {}", self.error.message);
        }
        let mut m = format!("{what}:");
        for d in &self.diagnostics {
            m.push('\n');
            if d.rendered.is_empty() {
                m.push_str(&format!("error: {}", d.message));
            } else {
                m.push_str(d.rendered.trim_end());
            }
        }
        m
    }
}

impl From<Error> for DiagnosedError {
    fn from(error: Error) -> DiagnosedError {
        DiagnosedError { error, diagnostics: Vec::new() }
    }
}

impl Context {
    /// Runs `f` while capturing the context's diagnostics. On failure, returns the error with
    /// the error diagnostics emitted meanwhile. Other diagnostics (warnings, remarks), and on
    /// success every captured one, are emitted again afterwards so the context's handlers
    /// still see them.
    pub fn with_diagnostics<T>(&self, f: impl FnOnce() -> Result<T>) -> std::result::Result<T, DiagnosedError> {
        let capture = self.begin_diagnostic_capture()?;
        let r = f();
        let diags = capture.finish()?;
        let (errors, others): (Vec<_>, Vec<_>) = match &r {
            Ok(_) => (Vec::new(), diags),
            Err(_) => diags.into_iter().partition(|d| d.severity == Severity::Error),
        };
        for d in &others {
            let notes: Vec<_> = d.notes.iter().map(|n| (n.location.clone(), n.message.as_str())).collect();
            let _ = self.emit_diagnostic(d.severity, &d.location, &d.message, &notes);
        }
        r.map_err(|error| {
            let mut diagnostics = errors;
            // A failure that emitted no diagnostic (a verifier's message returned as the
            // error) still gets one, at an unknown location, so every diagnosed error lists
            // at least one diagnostic.
            if diagnostics.is_empty() && error.class() == ErrorClass::Diagnosed {
                diagnostics.push(Diagnostic {
                    severity: Severity::Error,
                    location: self.unknown_loc(),
                    message: error.message.clone(),
                    notes: Vec::new(),
                    rendered: format!("error: {}", error.message),
                });
            }
            DiagnosedError { error, diagnostics }
        })
    }

    /// The owner that keeps the tree containing `op` alive: the live owner of its root, or
    /// a new one adopting the root when nobody owns it yet (a detached root is owned by the
    /// wrappers that reach it).
    pub fn owner_of_tree(&self, op: &Operation) -> Result<TreeOwner> {
        let root = op.root()?;
        match self.tree_owner_of_op(&root)? {
            Some(owner) => Ok(owner),
            None => self.adopt(&root),
        }
    }
}

/// The most specific builtin class of a type, as MLIR's Python bindings name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeClass {
    Integer,
    Index,
    Float(FloatKind),
    Complex,
    None,
    Function,
    Tuple,
    Vector,
    RankedTensor,
    UnrankedTensor,
    MemRef,
    UnrankedMemRef,
    Opaque,
    /// A type defined at run time by a registered dialect.
    Dialect,
}

impl TypeClass {
    /// The class name: `IntegerType`, `F32Type`, `RankedTensorType`, ...
    pub fn name(self) -> &'static str {
        match self {
            TypeClass::Integer => "IntegerType",
            TypeClass::Index => "IndexType",
            TypeClass::Float(k) => float_class_name(k),
            TypeClass::Complex => "ComplexType",
            TypeClass::None => "NoneType",
            TypeClass::Function => "FunctionType",
            TypeClass::Tuple => "TupleType",
            TypeClass::Vector => "VectorType",
            TypeClass::RankedTensor => "RankedTensorType",
            TypeClass::UnrankedTensor => "UnrankedTensorType",
            TypeClass::MemRef => "MemRefType",
            TypeClass::UnrankedMemRef => "UnrankedMemRefType",
            TypeClass::Opaque => "OpaqueType",
            TypeClass::Dialect => "DialectType",
        }
    }

    /// The TypeID name of the class's kind (`builtin.integer`, `builtin.f32`...); `None` for
    /// dialect types (each has its own).
    pub fn type_id_name(self) -> Option<&'static str> {
        Some(match self {
            TypeClass::Integer => "builtin.integer",
            TypeClass::Index => "builtin.index",
            TypeClass::Float(k) => float_type_id_name(k),
            TypeClass::Complex => "builtin.complex",
            TypeClass::None => "builtin.none",
            TypeClass::Function => "builtin.function",
            TypeClass::Tuple => "builtin.tuple",
            TypeClass::Vector => "builtin.vector",
            TypeClass::RankedTensor => "builtin.tensor",
            TypeClass::UnrankedTensor => "builtin.unranked_tensor",
            TypeClass::MemRef => "builtin.memref",
            TypeClass::UnrankedMemRef => "builtin.unranked_memref",
            TypeClass::Opaque => "builtin.opaque",
            TypeClass::Dialect => return None,
        })
    }
}

/// Every float format with its Python class name and TypeID name.
pub const FLOAT_CLASSES: [(FloatKind, &str, &str); 18] = [
    (FloatKind::F16, "F16Type", "builtin.f16"),
    (FloatKind::BF16, "BF16Type", "builtin.bf16"),
    (FloatKind::F32, "F32Type", "builtin.f32"),
    (FloatKind::F64, "F64Type", "builtin.f64"),
    (FloatKind::F80, "F80Type", "builtin.f80"),
    (FloatKind::F128, "F128Type", "builtin.f128"),
    (FloatKind::TF32, "FloatTF32Type", "builtin.tf32"),
    (FloatKind::F8E5M2, "Float8E5M2Type", "builtin.f8E5M2"),
    (FloatKind::F8E4M3, "Float8E4M3Type", "builtin.f8E4M3"),
    (FloatKind::F8E4M3FN, "Float8E4M3FNType", "builtin.f8E4M3FN"),
    (FloatKind::F8E5M2FNUZ, "Float8E5M2FNUZType", "builtin.f8E5M2FNUZ"),
    (FloatKind::F8E4M3FNUZ, "Float8E4M3FNUZType", "builtin.f8E4M3FNUZ"),
    (FloatKind::F8E4M3B11FNUZ, "Float8E4M3B11FNUZType", "builtin.f8E4M3B11FNUZ"),
    (FloatKind::F8E3M4, "Float8E3M4Type", "builtin.f8E3M4"),
    (FloatKind::F8E8M0FNU, "Float8E8M0FNUType", "builtin.f8E8M0FNU"),
    (FloatKind::F6E2M3FN, "Float6E2M3FNType", "builtin.f6E2M3FN"),
    (FloatKind::F6E3M2FN, "Float6E3M2FNType", "builtin.f6E3M2FN"),
    (FloatKind::F4E2M1FN, "Float4E2M1FNType", "builtin.f4E2M1FN"),
];

fn float_class_name(kind: FloatKind) -> &'static str {
    FLOAT_CLASSES.iter().find(|(k, _, _)| *k == kind).map(|(_, n, _)| *n).expect("every float kind is listed")
}

fn float_type_id_name(kind: FloatKind) -> &'static str {
    FLOAT_CLASSES.iter().find(|(k, _, _)| *k == kind).map(|(_, _, n)| *n).expect("every float kind is listed")
}

impl Type {
    /// The most specific builtin class of the type.
    pub fn class(&self) -> Result<TypeClass> {
        Ok(match self.kind()? {
            TypeKind::Integer => TypeClass::Integer,
            TypeKind::Index => TypeClass::Index,
            TypeKind::Float => TypeClass::Float(self.float_kind()?),
            TypeKind::Complex => TypeClass::Complex,
            TypeKind::None => TypeClass::None,
            TypeKind::Function => TypeClass::Function,
            TypeKind::Tuple => TypeClass::Tuple,
            TypeKind::Vector => TypeClass::Vector,
            TypeKind::RankedTensor => TypeClass::RankedTensor,
            TypeKind::UnrankedTensor => TypeClass::UnrankedTensor,
            TypeKind::MemRef => TypeClass::MemRef,
            TypeKind::UnrankedMemRef => TypeClass::UnrankedMemRef,
            TypeKind::Opaque => TypeClass::Opaque,
            TypeKind::Dialect => TypeClass::Dialect,
        })
    }
}

/// The most specific builtin class of an attribute, as MLIR's Python bindings name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttributeClass {
    Unit,
    Bool,
    Integer,
    Float,
    String,
    Type,
    Array,
    Dictionary,
    /// `@a::@b` (nested references).
    SymbolRef,
    /// `@a`.
    FlatSymbolRef,
    /// Dense elements of integers (or `i1`, or index).
    DenseIntElements,
    /// Dense elements of floats (or complex).
    DenseFPElements,
    DenseStringElements,
    /// `array<i1: ...>`.
    DenseBoolArray,
    DenseI8Array,
    DenseI16Array,
    DenseI32Array,
    DenseI64Array,
    DenseF32Array,
    DenseF64Array,
    /// A dense array of another element type.
    DenseArray,
    DenseResourceElements,
    AffineMap,
    IntegerSet,
    StridedLayout,
    Distinct,
    Location,
    Opaque,
    /// An attribute defined at run time by a registered dialect.
    Dialect,
}

impl AttributeClass {
    /// The class name: `IntegerAttr`, `DictAttr`, `DenseIntElementsAttr`, ...
    pub fn name(self) -> &'static str {
        match self {
            AttributeClass::Unit => "UnitAttr",
            AttributeClass::Bool => "BoolAttr",
            AttributeClass::Integer => "IntegerAttr",
            AttributeClass::Float => "FloatAttr",
            AttributeClass::String => "StringAttr",
            AttributeClass::Type => "TypeAttr",
            AttributeClass::Array => "ArrayAttr",
            AttributeClass::Dictionary => "DictAttr",
            AttributeClass::SymbolRef => "SymbolRefAttr",
            AttributeClass::FlatSymbolRef => "FlatSymbolRefAttr",
            AttributeClass::DenseIntElements => "DenseIntElementsAttr",
            AttributeClass::DenseFPElements => "DenseFPElementsAttr",
            AttributeClass::DenseStringElements => "DenseStringElementsAttr",
            AttributeClass::DenseBoolArray => "DenseBoolArrayAttr",
            AttributeClass::DenseI8Array => "DenseI8ArrayAttr",
            AttributeClass::DenseI16Array => "DenseI16ArrayAttr",
            AttributeClass::DenseI32Array => "DenseI32ArrayAttr",
            AttributeClass::DenseI64Array => "DenseI64ArrayAttr",
            AttributeClass::DenseF32Array => "DenseF32ArrayAttr",
            AttributeClass::DenseF64Array => "DenseF64ArrayAttr",
            AttributeClass::DenseArray => "DenseArrayAttr",
            AttributeClass::DenseResourceElements => "DenseResourceElementsAttr",
            AttributeClass::AffineMap => "AffineMapAttr",
            AttributeClass::IntegerSet => "IntegerSetAttr",
            AttributeClass::StridedLayout => "StridedLayoutAttr",
            AttributeClass::Distinct => "DistinctAttr",
            AttributeClass::Location => "LocationAttr",
            AttributeClass::Opaque => "OpaqueAttr",
            AttributeClass::Dialect => "DialectAttr",
        }
    }
}

impl Attribute {
    /// The most specific builtin class of the attribute.
    pub fn class(&self) -> Result<AttributeClass> {
        Ok(match self.kind()? {
            AttributeKind::Unit => AttributeClass::Unit,
            AttributeKind::Bool => AttributeClass::Bool,
            AttributeKind::Integer => AttributeClass::Integer,
            AttributeKind::Float => AttributeClass::Float,
            AttributeKind::String => AttributeClass::String,
            AttributeKind::Type => AttributeClass::Type,
            AttributeKind::Array => AttributeClass::Array,
            AttributeKind::Dictionary => AttributeClass::Dictionary,
            AttributeKind::SymbolRef => {
                if self.symbol_nested()?.is_empty() {
                    AttributeClass::FlatSymbolRef
                } else {
                    AttributeClass::SymbolRef
                }
            }
            AttributeKind::DenseElements => {
                let element = self.ty()?.map(|t| t.element_type()).transpose()?;
                match element.map(|e| e.kind()).transpose()? {
                    Some(TypeKind::Float) | Some(TypeKind::Complex) => AttributeClass::DenseFPElements,
                    _ => AttributeClass::DenseIntElements,
                }
            }
            AttributeKind::DenseStringElements => AttributeClass::DenseStringElements,
            AttributeKind::DenseArray => dense_array_class(&self.dense_array_element_type()?)?,
            AttributeKind::DenseResourceElements => AttributeClass::DenseResourceElements,
            AttributeKind::AffineMap => AttributeClass::AffineMap,
            AttributeKind::IntegerSet => AttributeClass::IntegerSet,
            AttributeKind::StridedLayout => AttributeClass::StridedLayout,
            AttributeKind::Distinct => AttributeClass::Distinct,
            AttributeKind::Location => AttributeClass::Location,
            // Neither package has a class for `sparse<...>` yet (upstream's Python bindings
            // have none either); before the C API gave it a kind it was reported as opaque.
            AttributeKind::Opaque | AttributeKind::SparseElements => AttributeClass::Opaque,
            AttributeKind::Dialect => AttributeClass::Dialect,
        })
    }
}

fn dense_array_class(element: &Type) -> Result<AttributeClass> {
    Ok(match element.kind()? {
        TypeKind::Integer => match element.integer_width()? {
            1 => AttributeClass::DenseBoolArray,
            8 => AttributeClass::DenseI8Array,
            16 => AttributeClass::DenseI16Array,
            32 => AttributeClass::DenseI32Array,
            64 => AttributeClass::DenseI64Array,
            _ => AttributeClass::DenseArray,
        },
        TypeKind::Float => match element.float_kind()? {
            FloatKind::F32 => AttributeClass::DenseF32Array,
            FloatKind::F64 => AttributeClass::DenseF64Array,
            _ => AttributeClass::DenseArray,
        },
        _ => AttributeClass::DenseArray,
    })
}
