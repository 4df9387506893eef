"""The tensor dialect (upstream's ``mlir.dialects.tensor``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._tensor_ops_gen import *  # noqa: F401,F403
