"""``from omnir import ir``: the same names as ``omnir`` (for code written against
``mlir.ir``)."""

from omnir import *  # noqa: F401,F403
from omnir import __all__ as __all__  # noqa: F401
