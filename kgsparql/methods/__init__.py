"""QA methods (one module per paper), each a plugin of the group ``kgsparql.methods`` constructed as
``Method(ctx)`` with a ``MethodContext``."""
from .base import Method, build_method
from .context import MethodContext

__all__ = ["Method", "MethodContext", "build_method"]
