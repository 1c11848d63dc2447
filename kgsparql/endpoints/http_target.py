"""Where an HTTP endpoint is and how it is asked: its URL split into address, query parameters
and credentials, the default graph and the call limits checked, the User-Agent sent, and the
SPARQLWrapper request that carries one query."""
from __future__ import annotations

import urllib.parse

import pyoxigraph
from SPARQLWrapper import JSON, POST

from ..config import DEFAULT_USER_AGENT
from ..errors import ConfigError, redact
from ..readonly import passed_read_form
from .keepalive import KeepAliveOpener, PooledWrapper

__all__ = ["split_url", "check_graph", "check_limits", "user_agent_header", "query_request"]


def split_url(url: str) -> tuple[str, list[tuple[str, str]], tuple[str, str] | None]:
    """The endpoint URL without its query string and credentials, that query string's parameters
    (so that ``.../sparql?default-graph-uri=G`` works as a ``--endpoint`` value), and the
    ``user:password@`` of the URL (for HTTP Basic auth), if any."""
    try:
        parts = urllib.parse.urlsplit(url or "")
        parts.port  # noqa: B018 - a bad port ("http://h:x/") raises here
    except ValueError as exc:
        raise ConfigError(f"endpoint URL {redact(url)!r} is not a valid URL ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(f"endpoint URL must be an http(s) URL, not {redact(repr(url))}")
    params = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    userinfo, _, host = parts.netloc.rpartition("@")
    user, _, password = userinfo.partition(":")
    login = (urllib.parse.unquote(user), urllib.parse.unquote(password)) if userinfo else None
    return urllib.parse.urlunsplit(parts._replace(netloc=host, query="", fragment="")), params, login


def check_graph(iri: str | None) -> str | None:
    if iri is not None:
        try:
            pyoxigraph.NamedNode(iri)
        except ValueError:
            raise ConfigError(f"default_graph must be an absolute IRI, not {iri!r}") from None
    return iri


def user_agent_header(agent: str, contact: str | None = None) -> str:
    """The User-Agent sent: names kgsparql and, with ``contact`` set, how to reach whoever runs it
    (public services such as Wikidata's ask for that, docs/presets.md)."""
    agent = " ".join((agent or "").split())
    if not agent:
        raise ConfigError("user_agent must not be empty")
    agent = agent if "kgsparql" in agent.lower() else f"{agent} (via {DEFAULT_USER_AGENT.split()[0]})"
    if not contact:
        return agent
    contact = " ".join(contact.split())
    return f"{agent[:-1]}; contact: {contact})" if agent.endswith(")") else f"{agent} (contact: {contact})"


def check_limits(*, max_rows: int, retries: int, post_threshold: int, backoff: float, max_backoff: float,
                 concurrency: int, max_in_flight: int) -> None:
    """Raise ``ConfigError`` for call limits an endpoint cannot work with."""
    if int(max_rows) < 1:
        raise ConfigError("max_rows must be at least 1")
    if int(retries) < 0 or int(post_threshold) < 0 or not (0 <= backoff <= max_backoff):
        raise ConfigError("retries and post_threshold must be >= 0 and 0 <= backoff <= max_backoff")
    if not 1 <= int(concurrency) <= 8:
        raise ConfigError("concurrency must be between 1 and 8")
    if not 0 <= int(max_in_flight) <= 64:
        raise ConfigError("max_in_flight must be between 0 (no cap) and 64")


def query_request(url: str, text: str, timeout: float, *, opener: KeepAliveOpener, agent: str,
                  login: tuple[str, str | None] | None, params: list[tuple[str, str]],
                  post_threshold: int) -> PooledWrapper:
    """The request for one read query: JSON results, Basic auth where a login is given, the URL's
    own parameters, POST once the encoded query is longer than ``post_threshold``."""
    sw = PooledWrapper(url, agent=agent)
    sw.opener = opener
    sw.setQuery(text)
    # our guard already knows the form; SPARQLWrapper's own sniffing mistakes a comment saying
    # "drop" for an update and would switch protocol
    sw.queryType = passed_read_form(text)
    sw.setReturnFormat(JSON)
    if login:                          # HTTP Basic auth; the URL in messages never holds it
        sw.setCredentials(login[0], login[1] or "")
    sw.timeout = timeout  # setTimeout() would truncate to whole seconds
    for key, value in params:  # default-graph-uri and any parameters given in the URL
        sw.addParameter(key, value)
    if len(urllib.parse.quote_plus(text)) > post_threshold:
        sw.setMethod(POST)
    return sw
