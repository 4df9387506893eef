"""The complex dialect (upstream's ``mlir.dialects.complex``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._complex_ops_gen import *  # noqa: F401,F403
