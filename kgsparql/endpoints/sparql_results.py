"""Reading SPARQL 1.1 JSON results: terms, the result document, and whether the server cut it short."""
from __future__ import annotations

import json

from ..errors import MalformedResponse
from ..types import XSD, BlankNode, IRI, Literal, Term

__all__ = ["PLAIN_DATATYPES", "term_from_sparql_json", "decode_results", "server_cut"]

PLAIN_DATATYPES = {XSD + "string", "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"}
_BOOLEAN = {"1": "true", "0": "false"}    # Virtuoso answers xsd:boolean true as "1"


def server_cut(headers) -> bool:
    """Virtuoso says so in headers when its ResultSetMaxRows (``X-SPARQL-MaxRows``) or an "anytime"
    timeout (``X-SQL-State: S1TAT``, partial results with HTTP 200) cut the result."""
    return headers.get("X-SPARQL-MaxRows") is not None or headers.get("X-SQL-State", "").upper() == "S1TAT"


def term_from_sparql_json(v: dict) -> Term:
    """One SPARQL-JSON term; Virtuoso's ``typed-literal`` is a literal; xsd:string is a plain literal."""
    kind, value = v["type"], v["value"]
    if not isinstance(value, str):
        raise TypeError("term value is not a string")
    if kind == "uri":
        return IRI(value)
    if kind in ("literal", "typed-literal"):
        lang = v.get("xml:lang") or None
        dt = v.get("datatype")
        if dt == XSD + "boolean":
            value = _BOOLEAN.get(value, value)
        return Literal(value, None if dt in PLAIN_DATATYPES or lang else dt, lang.lower() if lang else None)
    if kind == "bnode":
        return BlankNode(value.removeprefix("_:"))
    raise ValueError(f"unknown term type {kind!r}")


def decode_results(body: bytes, content_type: str, what: str) -> dict:
    if "html" in content_type.lower() or body.lstrip()[:1] == b"<":
        raise MalformedResponse(f"{what}: got {content_type or 'a markup page'} instead of SPARQL JSON results "
                                "(is the URL the SPARQL endpoint?)")
    try:
        data = json.loads(body.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise MalformedResponse(f"{what}: the response is not valid SPARQL JSON (truncated or not JSON)") from None
    if not isinstance(data, dict) or not ("boolean" in data or isinstance(data.get("results"), dict)):
        raise MalformedResponse(f"{what}: the JSON response is not a SPARQL result")
    return data
