"""Labels and lookup, shared by every SPARQL adapter: an entity's label in the preferred language, and
the entities whose label (or alias, where the template reads aliases) is a given text."""
from __future__ import annotations

from typing import Iterable, Sequence

from kgsparql.types import IRI, Entity, Literal, Term

from .steps import as_entities, term_key

__all__ = ["LabelSteps", "headline_case"]

_MINOR_WORDS = frozenset("a an and as at by de for from in of on or the to with".split())


def headline_case(text: str) -> str:
    """``raiders of the lost ark`` -> ``Raiders of the Lost Ark``; ``star wars (film)`` ->
    ``Star Wars (film)``: minor words and parenthesised words stay lower case."""
    words = text.lower().split(" ")
    return " ".join(w if i and (w in _MINOR_WORDS or w.startswith("(")) else w[:1].upper() + w[1:]
                    for i, w in enumerate(words))


class LabelSteps:
    """Mixed into ``SparqlAdapter``: reads ``label_langs``, ``label_variants``, ``lookup_ranked`` and
    ``run`` from it."""

    def _pick_label(self, labels: Iterable[Literal]) -> str | None:
        best, rank = None, len(self.label_langs) + 1
        for lit in labels:
            lang = (lit.lang or "").lower()
            r = self.label_langs.index(lang) if lang in self.label_langs else len(self.label_langs)
            if r < rank:
                best, rank = lit.value, r
        return best

    def entity(self, term: Term, labels: Iterable[Literal] = ()) -> Entity:
        if isinstance(term, Literal):
            return Entity(term, term.value)
        return Entity(term, self._pick_label([l for l in labels if l is not None]))

    # -- labels and lookup ---------------------------------------------------------------------
    # -- labels and lookup
    def labels(self, entities: Sequence[Entity]) -> dict[Entity, str]:
        ents = [e for e in as_entities(entities) if isinstance(e.term, IRI)]
        if not ents:
            return {}
        found: dict[Term, list[Literal]] = {}
        for row in self.run("labels", {"e": [e.term for e in ents]}):
            found.setdefault(row["e"], []).append(row["label"])
        return {Entity(t): lab for t, ls in found.items() if (lab := self._pick_label(ls)) is not None}

    def label_forms(self, label: str) -> list[Literal]:
        """Exact and normalised spellings of ``label`` as literals, all matched through the index."""
        text = " ".join(label.split())
        forms = dict.fromkeys([label, text, text.lower(), text.title(), text[:1].upper() + text[1:],
                               headline_case(text)])
        return [Literal(f, None, lang or None) for f in forms if f for lang in self.label_variants]

    def lookup(self, label: str, limit: int = 10) -> list[Entity]:
        if not label or not label.strip():
            return []
        rows = self.run("lookup", {"label": self.label_forms(label)}, limit=max(limit * 4, 10))
        exact, other = [], []
        for row in rows:
            ent = Entity(row["e"], row["label"].value)
            (exact if row["label"].value == label else other).append(ent)
        if not self.lookup_ranked:  # the template does not order: make the result deterministic
            exact.sort(key=lambda e: term_key(e.term))
            other.sort(key=lambda e: term_key(e.term))
        return list(dict.fromkeys(exact + other))[:limit]
