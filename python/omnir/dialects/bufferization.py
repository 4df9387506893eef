"""The bufferization dialect (upstream's ``mlir.dialects.bufferization``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._bufferization_ops_gen import *  # noqa: F401,F403
