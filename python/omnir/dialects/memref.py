"""The memref dialect (upstream's ``mlir.dialects.memref``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._memref_ops_gen import *  # noqa: F401,F403
