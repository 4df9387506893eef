"""The vector dialect (upstream's ``mlir.dialects.vector``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._vector_ops_gen import *  # noqa: F401,F403
