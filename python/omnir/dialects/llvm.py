"""The llvm dialect (upstream's ``mlir.dialects.llvm``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._llvm_ops_gen import *  # noqa: F401,F403
