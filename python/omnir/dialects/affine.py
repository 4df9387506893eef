"""The affine dialect (upstream's ``mlir.dialects.affine``): op classes, functions and enums
generated from its definition."""

from omnir.dialects._affine_ops_gen import *  # noqa: F401,F403
