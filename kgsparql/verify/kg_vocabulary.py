"""What a claim's words are read against: the KG's relation vocabulary (read once per KG) and the
shared meaning matcher (``kgsparql.meaning``), both cached on the verifier's model store."""
from __future__ import annotations

import re
import weakref

from .linked import masked
from .relation_words import relation_words
from ..errors import KGSparqlError
from ..meaning import MatcherOptions, RelationMatcher
from ..meaning.lexicon import Lexicon
from ..meaning.pertains import Pertains

__all__ = ["matcher", "vocabulary", "one_entity_words", "names_a_relation", "lexicon", "pertains"]

VOCABULARY_LIMIT = 5000
MEANT_MIN_SCORE = 0.45      # a label the whole claim means must score this (RelationMatcher) and lead


def one_entity_words(ctx, text, mentioned, counts, label) -> list:
    """The relation words of a one-entity claim, read against the entity's own relations and the KG's
    whole vocabulary: they may name a relation the entity lacks ("X directed a film" of an actor)."""
    held = {label(rc.relation) for rc in counts}
    return relation_words(ctx.ranker("alignment"), text, masked(text, mentioned),
                          sorted(held | set(vocabulary(ctx))), matcher(ctx))


_JOINERS = frozenset("of the and for in on de".split())


def names_a_relation(name: str, labels: list[str]) -> bool:
    """A capitalised name that is a word of one of the KG's relation ``labels`` ("OCLC" of *oclc*),
    a whole label ("Vice President" of *vice president*), or whose initials are a word of one
    ("National Register of Historic Places" of *nrhp reference number*): it names the relation, not
    a thing the KG lacks."""
    words = re.findall(r"[^\W_]+", name)
    held = {w for label in labels for w in re.findall(r"[^\W_]+", label.lower())}
    if len(words) == 1:
        return words[0].lower() in held
    if " ".join(words).lower() in {" ".join(re.findall(r"[^\W_]+", label.lower())) for label in labels}:
        return True
    initials = "".join(w[0] for w in words if w.lower() not in _JOINERS).lower()
    return len(initials) >= 3 and initials in held


def matcher(ctx) -> RelationMatcher:
    """The shared meaning matcher (``kgsparql.meaning``), for claims whose words name no relation."""
    return ctx.models.load(("claim-matcher", id(ctx.encoder)),
                           lambda: RelationMatcher(MatcherOptions(min_score=MEANT_MIN_SCORE), encoder=ctx.encoder))


def lexicon(ctx) -> Lexicon:
    """WordNet's view of which words name one role (``kgsparql.meaning.lexicon``), one per home."""
    home = ctx.settings.home_path
    return ctx.models.load(("claim-lexicon", str(home)), lambda: Lexicon(home))


def pertains(ctx) -> Pertains:
    """The proper names a word pertains to by WordNet ("Mexican" -> Mexico), one reader per home."""
    home = ctx.settings.home_path
    return ctx.models.load(("claim-pertains", str(home)), lambda: Pertains(home))


def vocabulary(ctx) -> list[str]:
    """The KG's relations in words (``schema_relations``), read once per adapter (kept beside a weak
    reference to it, so that an adapter made later at a reused address reads its own KG); empty when
    the endpoint refuses the scan."""
    adapter = ctx.adapter

    def read() -> list[str]:
        try:
            return sorted({adapter.verbalize(r) for r in adapter.schema_relations(VOCABULARY_LIMIT)})
        except KGSparqlError:
            return []
    key = ("claim-vocabulary", adapter.name, id(adapter))
    held = ctx.models.peek(key)
    if held is not None and held[0]() is not adapter:   # a later adapter was given a dead one's id
        ctx.models.forget(key)
    return ctx.models.load(key, lambda: (weakref.ref(adapter), read()))[1]
