"""Freebase (RDF dumps under ``http://rdf.freebase.com/ns/``), e.g. the WebQSP / CWQ Virtuoso setups.

Schema rules (the SPARQL is in ``queries/freebase/``; docs/adapters.md explains each choice):
- labels: ``ns:type.object.name`` in the adapter's language; ``ns:common.topic.alias`` is matched by
  ``lookup`` and used as a label only for an entity without a name in that language;
- CVT (mediator) nodes are IRIs without any ``ns:type.object.name``. A hop into a CVT and out of it
  is one logical hop ``Relation(iri=r1, via=r2)`` ("starring → actor"); the mid is never exposed;
- noise: predicates outside ``ns:`` and the domains in ``NOISE_DOMAINS`` are dropped everywhere
  (``type.object.name`` serves labels only)."""
from __future__ import annotations

import re

from .schema import SchemaAdapter, local_words

__all__ = ["FreebaseAdapter", "NS", "NOISE_DOMAINS"]

NS = "http://rdf.freebase.com/ns/"
# Kept in step with the REGEX in every queries/freebase/*.rq template (tests check the two agree).
NOISE_DOMAINS = ("type", "common", "freebase", "kg", "dataworld", "user")


def _plural(words: str) -> str:
    """Freebase writes a plural property with a separate ``_s`` (``location.location.adjoin_s``,
    ``people.person.spouse_s``): the words read "adjoins", "spouses", not "adjoin s"."""
    return re.sub(r"(?<=[a-z]) s$", "s", words)


def _kind(iri: str) -> str:
    """The type segment of a Freebase id in words (``film.film.starring`` -> "film")."""
    parts = iri[len(NS):].split(".") if iri.startswith(NS) else []
    return local_words(parts[1]) if len(parts) == 3 else ""


class FreebaseAdapter(SchemaAdapter):
    name = "freebase"
    queries = "freebase"

    def relation_words(self, iri: str) -> str:
        """The last segment (``film.film.directed_by`` -> "directed by"); when that only repeats
        the domain (``film.actor.film``) the type goes in front: "actor film"."""
        if not iri.startswith(NS):
            return local_words(iri)
        parts = iri[len(NS):].split(".")
        if len(parts) == 3 and parts[2] == parts[0]:
            return f"{local_words(parts[1])} {_plural(local_words(parts[2]))}"
        return _plural(local_words(parts[-1]))

    def verbalize(self, relation) -> str:
        """As for any schema; a sink hop's far leg is walked backwards, so it reads with its type in
        front: it reaches things of that type ("actor film → film starring": a film)."""
        text = super().verbalize(relation)
        if not relation.sink:
            return text
        near, far = (relation.via, relation.iri) if relation.inverse else (relation.iri, relation.via)
        far_words, kind = self.relation_words(far), _kind(far)
        far_words = f"{kind} {far_words}" if kind and kind not in far_words else far_words
        return f"{self.relation_words(near)}{self.arrow}{far_words}"

    def relation_descriptions(self, relation) -> list[str]:
        """Longer names for a hop: its words with the Freebase type it belongs to in front, which says
        what kind of entity it describes ("deceased person place of death", "pro athlete teams →
        team"; not when the words already start with it); and for a hop through a CVT node, the far
        leg alone, which names what the hop reaches ("team" for "teams → team")."""
        if not relation.iri.startswith(NS):
            return []
        parts = relation.iri[len(NS):].split(".")
        text = self.verbalize(relation)
        kind = local_words(parts[1]) if len(parts) == 3 else ""
        typed = [f"{kind} {text}"] if kind and not text.startswith(kind) else []
        if relation.sink:       # the far leg's type is what the hop reaches
            return typed + [_kind(relation.iri if relation.inverse else relation.via)]
        return typed + ([self.relation_words(relation.via)] if relation.via else [])

    def schema_relations(self, limit: int = 20_000, step: str = "schema_relations") -> list:
        """The declared properties; for an extract without the schema, the predicates it uses."""
        return super().schema_relations(limit, step) or super().schema_relations(limit, "schema_relations_used")

    @staticmethod
    def is_noise(relation_iri: str) -> bool:
        """True for a predicate the templates drop (outside ``ns:`` or in a noise domain)."""
        if not relation_iri.startswith(NS):
            return True
        return relation_iri[len(NS):].split(".", 1)[0] in NOISE_DOMAINS
