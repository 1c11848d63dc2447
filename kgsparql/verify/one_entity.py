"""A claim about one linked entity: it holds the relations its words name ("X had a successor"),
or it links to a name the KG does not hold ("The Abyss was directed by Ridley Scott")."""
from __future__ import annotations

from ..meaning.lexicon import content_words
from .functional import looks_functional
from .linked import Mentioned
from .name_forms import written_as
from .relation_words import named_labels
from .result import CONTRADICTED, SUPPORTED, UNKNOWN, SubClaim
from ..types import Path

__all__ = ["existence", "other_value", "same_role"]

MAX_VALUES = 50          # values of a named relation read to find the claim's name among them


def existence(adapter, m: Mentioned, words, counts, label, lexicon=None) -> SubClaim:
    """One entity: the claim says it has the relations its words name ("X has a spouse"); a fact of
    the relation is the evidence. ``lexicon`` (``meaning.lexicon.Lexicon``): when the entity holds
    none of them, a held label that names the same role in other words of one root, by WordNet
    ("X had a predecessor" of *preceded by*, "a successor" of *succeeded by*; not *successor* for
    "predecessor", which a sentence embedding puts near it), is the relation the claim names."""
    named = named_labels(words)
    held = {label(rc.relation) for rc in counts if rc.entity == m.entity}
    name = m.entity.name
    if not named:
        return SubClaim(name, UNKNOWN, (), f"the claim names only {name} and no relation of the KG", (m.entity,))
    if not held:
        return SubClaim(name, UNKNOWN, (), f"the KG holds nothing about {name}", (m.entity,))
    ok = named & held or same_role(lexicon, named, held)
    status = SUPPORTED if ok else CONTRADICTED
    why = f"{name} has {', '.join(sorted(ok))}" if ok else f"{name} has no {', '.join(sorted(named))}"
    shown = next((rc.relation for rc in counts if rc.entity == m.entity and label(rc.relation) in ok), None)
    facts = adapter.neighbors([m.entity], shown, limit=3) if shown is not None else []
    return SubClaim(f"{name} has {', '.join(sorted(named))}", status, tuple((Path((t,)), True) for t in facts),
                    why, (m.entity,))


def same_role(lexicon, named: set[str], held: set[str]) -> set[str]:
    """The ``held`` labels that name one of the ``named`` roles in other forms of its words."""
    if lexicon is None:
        return set()
    lexicon.learn({w for text in named | held for w in content_words(text)})
    return {h for h in held if any(_one_root(lexicon, n, h) for n in named)}


def _one_root(lexicon, named: str, held: str) -> bool:
    """Every content word of each label is one root with a word of the other (``Lexicon.same_root``)."""
    a, b = content_words(named), content_words(held)
    return bool(a and b) and all(any(lexicon.same_root(x, y) for y in b) for x in a) and \
        all(any(lexicon.same_root(y, x) for x in a) for y in b)


def other_value(adapter, m: Mentioned, name: str, words, counts, label, closed_world: bool = False,
                claim: str = "") -> SubClaim:
    """The claim links ``m`` to ``name``, which the KG does not hold: false when ``m`` holds a
    relation the claim names with one value per entity (``looks_functional``: its one value is
    another; true when the ``claim`` writes that value around ``name`` in another form, ``verify.name_forms``), else unknown: an open KG may just not know ``name``. ``closed_world`` (a KG whose
    recorded relations are taken as complete, as FactKG reads DBpedia): false beside any recorded
    relation the claim names, as for a pair of entities."""
    named = named_labels(words)
    text = f"{m.entity.name} —{' / '.join(sorted(named)) or 'linked to'}→ {name}"
    cache: dict = {}
    for rc in sorted(counts, key=lambda rc: rc.count):
        if rc.entity == m.entity and label(rc.relation) in named and (
                closed_world or looks_functional(adapter, m.entity, rc.relation, rc.count, cache)):
            held = adapter.neighbors([m.entity], rc.relation, limit=MAX_VALUES)
            same = [t for t in held if written_as(claim or name, name, _other(t, m).name or "")]
            if same:        # "Arsenal FC" is the value *Arsenal F.C.*, written in another form
                t = same[0]
                return SubClaim(text, SUPPORTED, ((Path((t,)), True),),
                                f"the KG has {t.head.name} {label(rc.relation)} {t.tail.name}", (m.entity,))
            held = held[:3]
            shown = ", ".join(t.tail.name for t in held)
            return SubClaim(text, CONTRADICTED, tuple((Path((t,)), False) for t in held),
                            f"{m.entity.name} {label(rc.relation)} {shown}, and {name} is not in the KG", (m.entity,))
    return SubClaim(text, UNKNOWN, (), f"{name} is not an entity of the KG", (m.entity,))


def _other(t, m: Mentioned):
    """The end of the fact that is not the entity."""
    return t.tail if t.head == m.entity else t.head
