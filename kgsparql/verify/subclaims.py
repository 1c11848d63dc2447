"""The sub-claims a claim's entities and relation words make besides its stated values: one entity
and another name the KG lacks, one entity alone (existence), or entity pairs checked hub to entity."""
from __future__ import annotations

from .framing import framing_spans
from .kg_vocabulary import lexicon, one_entity_words
from .linked import Mentioned
from .one_entity import existence, other_value
from .pairs import CLEAR, PairChecker
from .relation_words import assign_words
from .values import number_conflicts
from .result import CONTRADICTED, SUPPORTED, UNKNOWN, SubClaim

__all__ = ["sub_claims"]


def sub_claims(ctx, text, mentioned, words, counts, label, names, max_hops, *, checker=None, quiet=False,
               closed_world: bool = False, keep=lambda w: True, deny=lambda parts: (), stated=((), ())) -> list[SubClaim]:
    """The sub-claims besides stated values: one entity and another name, one entity, or pairs.
    ``quiet``: beside stated values, one entity with no relation word left adds nothing;
    one entity's words read afresh lose those in its framing, read again against them (``unframed``);
    ``closed_world``: see ``one_entity.other_value``; ``keep``: which words read afresh may name a
    relation (not a type noun);
    ``deny``: which pair parts a negation denies on their own (``negation.denied_parts``);
    ``stated``: the entity's facts and the claim's numbers: one entity's words read afresh may name a
    relation whose value is another number or year ("X was built in 1896" where *building start date*
    is 1978: "built" names it only among the whole vocabulary), which contradicts the claim."""
    adapter = ctx.adapter
    if len(mentioned) == 1 and names:
        return [other_value(adapter, mentioned[0], names[0], words, counts, label, closed_world, text)]
    if len(mentioned) == 1 and not quiet:
        # one entity: its words are matched against the KG's whole vocabulary, for they may name a
        # relation it lacks ("X directed a film" of an actor); the entity's own labels alone would
        # lend a word the nearest of them
        words = unframed(text, mentioned, [w for w in one_entity_words(ctx, text, mentioned, counts, label) if keep(w)])
        clash = number_conflicts(*stated, words, label)
        if clash:
            return clash
    if len(mentioned) == 1 and quiet:      # beside stated values a loosely named relation adds nothing
        words = [w for w in words if w.strength >= CLEAR]
    if len(mentioned) == 1:
        return [] if quiet and not words else [existence(adapter, mentioned[0], words, counts, label, lexicon(ctx))]
    return _pairs(checker or PairChecker(adapter, counts, max_hops), text, mentioned, words, deny)


def unframed(text: str, mentioned: list[Mentioned], words) -> list:
    """``words`` less those in the claim's framing, the framing read against the words that name a
    relation clearly ("Yes, X had a successor": "yes" is framing, though it names *course* loosely;
    "Do you know X? He had an award": "award" names *award* clearly, so its clause is no framing;
    "I know that X ...": about the speaker, framing whatever "know" names)."""
    spans = framing_spans(text, [(m.start, m.end) for m in mentioned], [w.position for w in words if w.strength >= CLEAR])
    return [w for w in words if not any(a <= w.position < b for a, b in spans)]


def _pairs(checker: PairChecker, text: str, mentioned: list[Mentioned], words, deny) -> list[SubClaim]:
    """Sub-claims hub-to-entity; the hub is the entity that makes most of them hold as the claim
    states them (a part denied on its own holds when contradicted; the first mentioned on a tie):
    "A and B both starred in F" is about F."""
    best, best_key = [], None
    hubs = mentioned if len(mentioned) > 2 else mentioned[:1]
    for hub in hubs:
        others = [m for m in mentioned if m is not hub]
        assigned = assign_words(text, words, hub, others)
        parts = [checker.check(hub, other, assigned[other]) for other in others]
        stated = [{SUPPORTED: CONTRADICTED, CONTRADICTED: SUPPORTED}.get(p.status, p.status) if d else p.status
                  for p, d in zip(parts, deny(parts) or [False] * len(parts))]
        key = (stated.count(SUPPORTED), -stated.count(UNKNOWN))
        if best_key is None or key > best_key:
            best, best_key = parts, key
    return best
