"""Freebase ids in evidence triples, and triples whose head name was split at a comma upstream, put back together.

SubgraphRAG's triple files split a head name at its first comma, so that the rest of the name went in
front of the relation (``["Martin Luther King", "Jr.,people.person.education", …]``) or took the
relation's place and pushed the relation into the tail (``["Washington", "D.C.",
"location.location.containedby,United States of America"]``)."""
from __future__ import annotations

import re

__all__ = ["mend", "is_relation_id", "is_mid"]

_RELATION = re.compile(r"[A-Za-z0-9_]+(\.[A-Za-z0-9_]+){2,}")
_MID = re.compile(r"[mg]\.[0-9a-z_]+")


def is_relation_id(text: str) -> bool:
    """``domain.type.property`` (two dots or more)."""
    return bool(_RELATION.fullmatch(text))


def is_mid(text: str) -> bool:
    return bool(_MID.fullmatch(text))


def mend(head: str, relation: str, tail: str) -> tuple[str, str, str]:
    """A triple whose head name was split at a comma upstream, put back together. Either the rest of
    the head went in front of the relation (``"Martin Luther King", "Jr.,people.person.education", t``
    -> ``"Martin Luther King, Jr.", "people.person.education", t``), or it took the relation's place
    and pushed the relation into the tail (``"Washington", "D.C.", "location.location.containedby,United
    States of America"``). Any other triple is returned as it is."""
    if is_relation_id(relation) or is_mid(head):
        return head, relation, tail
    rest, comma, relation_id = relation.rpartition(",")
    if comma and rest.strip() and is_relation_id(relation_id):
        return f"{head}, {rest.strip()}", relation_id, tail
    relation_id, comma, rest = tail.partition(",")
    if comma and rest.strip() and is_relation_id(relation_id):
        return f"{head}, {relation.strip()}", relation_id, rest.strip()
    return head, relation, tail
