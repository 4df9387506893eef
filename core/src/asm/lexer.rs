//! Lexer for MLIR's textual syntax. (Owned by the parser work.)
