"""The cf dialect (upstream's ``mlir.dialects.cf``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._cf_ops_gen import *  # noqa: F401,F403
