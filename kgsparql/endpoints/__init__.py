"""Where SPARQL runs: the Endpoint protocol, the embedded Oxigraph store and any HTTP endpoint.

``HttpEndpoint`` is imported on first use, so the embedded path never imports SPARQLWrapper."""
from __future__ import annotations

from .base import BaseEndpoint, Endpoint, Rows
from .embedded import EmbeddedEndpoint

__all__ = ["Endpoint", "BaseEndpoint", "Rows", "EmbeddedEndpoint", "HttpEndpoint"]


def __getattr__(name: str):
    if name == "HttpEndpoint":
        from .http import HttpEndpoint

        return HttpEndpoint
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
