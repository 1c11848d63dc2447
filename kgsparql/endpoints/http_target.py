"""Where an HTTP endpoint is and whom it is asked as: its URL split into address, query parameters
and credentials, the default graph checked, and the User-Agent sent."""
from __future__ import annotations

import urllib.parse

import pyoxigraph

from ..config import DEFAULT_USER_AGENT
from ..errors import ConfigError, redact

__all__ = ["split_url", "check_graph", "user_agent_header"]


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
