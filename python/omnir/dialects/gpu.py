"""The gpu dialect (upstream's ``mlir.dialects.gpu``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._gpu_ops_gen import *  # noqa: F401,F403
