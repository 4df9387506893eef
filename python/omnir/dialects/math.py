"""The math dialect (upstream's ``mlir.dialects.math``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._math_ops_gen import *  # noqa: F401,F403
