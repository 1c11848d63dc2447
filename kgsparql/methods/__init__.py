"""QA / verification methods, one module per paper. Registered under ``kgsparql.methods``."""
from .base import Method, build_method

__all__ = ["Method", "build_method"]
