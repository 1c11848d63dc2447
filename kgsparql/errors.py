"""The one exception tree. Every error a user can see is a ``KGSparqlError`` whose ``str()`` is a
single line fit for a terminal. Third-party exceptions are translated in ``kgsparql.error_mapping``."""
from __future__ import annotations

import re

__all__ = [
    "KGSparqlError", "ConfigError", "InputError", "PluginError", "TemplateError", "LoadError",
    "EndpointError", "ReadOnlyViolation", "EndpointTimeout", "EndpointUnavailable", "RateLimited",
    "QueryRejected", "ServiceRefused", "MalformedResponse", "LLMError", "LLMTimeout", "LLMUnavailable",
    "LLMRateLimited", "PromptTooLong", "ParseError", "LinkingError", "CacheError", "redact",
]

# user:password@ in any URL-like text: the password is never printed, logged or traced
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://[^\s/?#@:]*):[^\s/?#@]*@")


def redact(text: str) -> str:
    """``text`` with the password of every ``scheme://user:password@`` URL in it replaced by ``***``."""
    return _USERINFO.sub(r"\1:***@", text)


class KGSparqlError(Exception):
    """Root of every error kgsparql raises on purpose."""

    def __str__(self) -> str:  # always one line, never a password
        return redact(" ".join(super().__str__().split()))


class ConfigError(KGSparqlError):
    """A setting is missing, unknown or out of range."""


class InputError(KGSparqlError):
    """User input (a file, a question, a flag value) cannot be used."""


class PluginError(KGSparqlError):
    """A named plugin (endpoint, adapter, ranker, llm, method) is unknown or fails to load."""


class TemplateError(KGSparqlError):
    """A .rq or prompt template is missing or cannot be bound."""


class LoadError(KGSparqlError):
    """Loading data into a store failed."""


class EndpointError(KGSparqlError):
    """A SPARQL endpoint failed to answer."""


class ReadOnlyViolation(EndpointError):
    """A query that would modify data was refused before it was sent."""


class EndpointTimeout(EndpointError):
    """The endpoint did not answer in time."""


class EndpointUnavailable(EndpointError):
    """The endpoint could not be reached or answered with a server error (after retries)."""


class RateLimited(EndpointUnavailable):
    """The endpoint kept answering 429/503 (after honouring Retry-After)."""


class QueryRejected(EndpointError):
    """The endpoint (or the embedded store) refused the query: syntax error, bad request."""


class ServiceRefused(QueryRejected):
    """A query uses SERVICE (the store would fetch another URL) and ``allow_service`` is off."""


class MalformedResponse(EndpointError):
    """The endpoint answered with something that is not a SPARQL result (HTML page, truncated JSON)."""


class LLMError(KGSparqlError):
    """A language-model backend failed."""


class LLMTimeout(LLMError):
    """The model server did not answer in time."""


class LLMUnavailable(LLMError):
    """The model could not be loaded or its server could not be reached (after retries)."""


class LLMRateLimited(LLMUnavailable):
    """The model server kept answering 429."""


class PromptTooLong(LLMError):
    """Even with all optional evidence dropped, the prompt does not fit the context."""


class ParseError(LLMError):
    """Model output could not be parsed; ``raw`` keeps the text."""

    def __init__(self, message: str, raw: str = "", prompt: str = "") -> None:
        super().__init__(message)
        self.raw = raw
        self.prompt = prompt


class LinkingError(KGSparqlError):
    """No knowledge-graph entity could be found for the question."""


class CacheError(KGSparqlError):
    """The result cache or a cached index could not be read or written (locked, corrupt, full disk)."""
