"""Relation ids in words, from the KG's own vocabulary: what a person would read for the id.

- Wikidata (``wdt:P57``, ``p:P57``, ``ps:P57``, ``pq:P580``, ``wd:P57``): the property's label from the
  KG (``labels``), else the id itself;
- Freebase (``ns:film.film.directed_by``): the property segment, with the type in front when it adds
  something (``people.person.place_of_birth`` -> "person place of birth", ``film.actor.film`` ->
  "actor film"); a CVT hop joins its two legs ("government position held office holder");
- DBpedia and other camel case (``dbo:birthPlace``) -> "birth place"; snake case and dotted ids
  (``starred_actors``) -> "starred actors"; the local name after the last ``/`` or ``#``.

``labels`` maps an IRI or a Wikidata property id to its label (and may hold aliases under
``aliases``: see ``relation_texts``)."""
from __future__ import annotations

import re
from typing import Mapping, Sequence
from urllib.parse import unquote

__all__ = ["verbalise", "relation_texts", "local_name_words", "property_id", "without_direction"]

_WIKIDATA = re.compile(r"^http://www\.wikidata\.org/(?:prop/(?:direct/|statement/|qualifier/|direct-normalized/)?"
                       r"|entity/)(P\d+)$")
_FREEBASE = "http://rdf.freebase.com/ns/"
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def property_id(iri: str) -> str | None:
    """``P57`` for any Wikidata form of the property (wdt:, p:, ps:, pq:, wd:); None otherwise."""
    m = _WIKIDATA.match(iri)
    return m.group(1) if m else None


_DIRECTION = re.compile(r"^(?:inverse|reverse|reversed|inv)\s+(?:of\s+)?|\s+\(?(?:inverse|reverse|reversed|inv)\)?$")


def without_direction(text: str) -> str:
    """A relation in words without the word that marks its other direction: a KG that stores both
    directions names the second after the first ("plays in club inverse", "inverse of parent")."""
    return _DIRECTION.sub("", text.strip()).strip()


def local_name_words(name: str) -> str:
    """``birthPlace`` -> "birth place", ``starred_actors`` -> "starred actors", ``HTMLParser`` ->
    "html parser", ``founded%20by`` -> "founded by" (an IRI's escapes are read back)."""
    name = unquote(re.split(r"[/#]", name.rstrip("/"))[-1])
    words = _CAMEL.sub(" ", name).replace("_", " ").replace("-", " ")
    return re.sub(r"\s+", " ", words).strip().lower()


def _freebase(path: str) -> str:
    parts = path.split(".")
    if len(parts) < 3:
        return local_name_words(parts[-1])
    domain, type_, prop = parts[0], parts[-2], parts[-1]
    prop_words, type_words = local_name_words(prop), local_name_words(type_)
    if prop == domain or prop_words in type_words or len(prop_words.split()) == 1:
        return f"{type_words} {prop_words}" if prop_words not in type_words else type_words
    return prop_words


def verbalise(relation_iri: str, labels: Mapping[str, str] | None = None, via: str | None = None) -> str:
    """The words for one relation id (``via``: the second leg of a compound hop, joined with an arrow
    unless it only repeats the first, as Wikidata's ``p:Pn`` -> ``ps:Pn`` does)."""
    labels = labels or {}
    pid = property_id(relation_iri)
    if relation_iri in labels:
        text = labels[relation_iri]
    elif pid is not None:
        text = labels.get(pid) or pid
    elif relation_iri.startswith(_FREEBASE):
        text = _freebase(relation_iri[len(_FREEBASE):])
    else:
        text = local_name_words(relation_iri)
    if via and not (pid is not None and property_id(via) == pid):
        text = f"{text} → {verbalise(via, labels)}"
    return text


def relation_texts(relation_iri: str, labels: Mapping[str, str] | None = None,
                   aliases: Mapping[str, Sequence[str]] | None = None, via: str | None = None) -> list[str]:
    """The label and, where the KG gives them, the aliases of a relation: every name to match against
    (``aliases`` is keyed like ``labels``)."""
    texts = [verbalise(relation_iri, labels, via)]
    key = property_id(relation_iri) or relation_iri
    if via is None or property_id(via) == property_id(relation_iri):
        texts += list((aliases or {}).get(key, ()))
    return list(dict.fromkeys(t for t in texts if t))
