"""The linalg dialect (upstream's ``mlir.dialects.linalg``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._linalg_ops_gen import *  # noqa: F401,F403
