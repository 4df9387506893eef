"""``from omnir.passmanager import PassManager``: MLIR's ``mlir.passmanager`` module."""

from omnir import PassManager as PassManager

__all__ = ["PassManager"]
