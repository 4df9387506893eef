"""The ub dialect (upstream's ``mlir.dialects.ub``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._ub_ops_gen import *  # noqa: F401,F403
