"""The claim, checked by rules: link its entities, read its form (negation, count, date), name its
relations with the KG's own labels, and decide each sub-claim from retrieved evidence."""
from __future__ import annotations

from dataclasses import dataclass, replace

from .absent import absent_names, absent_parts, pertains_to_held
from .claim import ClaimForm, read_claim
from .compare import check_count, check_date
from .framing import framing_spans, outside
from .holders import subject_by_values
from .kg_vocabulary import matcher, names_a_relation, one_entity_words, pertains, vocabulary
from .linked import Mentioned, claim_entities, masked
from .unlinked import unlinked_names
from .negation import denied_parts, negated as read_negation
from .pairs import PairChecker
from .unheld import names_some_thing, unheld_words
from .unnamed import through_unnamed, unnamed_holder, unnamed_subject
from .values import names_not_held, number_conflicts, quantity_labels, stated_values, within_values
from .result import CONTRADICTED, SUPPORTED, UNKNOWN, SubClaim
from .relation_words import introduces_name, is_type_noun, relation_words
from .subclaims import sub_claims, unframed

__all__ = ["Assessment", "assess"]

NO_ENTITY = "no entity of the knowledge graph was found in the claim"


@dataclass(frozen=True)
class Assessment:
    form: ClaimForm
    parts: list[SubClaim]
    mentioned: list[Mentioned]
    reason: str = ""                 # why there are no parts
    # what the verdict head reads besides the parts (verify/features.py)
    masked: str = ""                 # the claim with its entity mentions replaced by X
    links: tuple = ()                # (hops of the shortest path or 0, labels on its paths) per checked pair
    held: frozenset = frozenset()    # the relation labels the linked entities hold
    unlinked: int = 0                # capitalised names the KG does not hold
    words: int = 0                   # claim words that name a relation
    facts: tuple = ()                # the linked entities' own facts (one-hop, outwards), as retrieved
    as_values: int = 0               # mentions read as the whole of a value another entity holds
    denied: tuple = ()               # per part, denied on its own (one negator, in some parts' clauses only)


def assess(ctx, text: str, *, max_hops: int = 2, max_entities: int = 4, closed_world: bool = False) -> Assessment:
    """The claim's sub-claims. A mention that is the whole of a short value another entity holds
    ("on STV" beside *network* "STV") is read as that value; when that reading leaves a part not
    supported, the claim is read again with the mention as an entity ("Asherton, Texas" is a value
    of the house's *location* and also the place that is part of the United States), and the
    reading with fewer contradicted, then fewer undecided, then more supported parts is kept (the entity reading on a tie)."""
    as_value = _assess(ctx, text, max_hops, max_entities, closed_world, whole_values=True)
    if not as_value.as_values or (as_value.parts and all(p.status == SUPPORTED for p in as_value.parts)):
        return as_value
    as_entity = _assess(ctx, text, max_hops, max_entities, closed_world, whole_values=False)
    return max((as_entity, as_value), key=_standing)


def _standing(a: Assessment) -> tuple[int, int, int]:
    return (-sum(p.status == CONTRADICTED for p in a.parts), -sum(p.status == UNKNOWN for p in a.parts),
            sum(p.status == SUPPORTED for p in a.parts))


def _assess(ctx, text: str, max_hops: int, max_entities: int, closed_world: bool, whole_values: bool) -> Assessment:
    form = read_claim(text)
    skip = [form.count_span] if form.count_span else []
    mentioned = claim_entities(ctx.linker.link(text), skip, ctx.encoder.words())[:max_entities]
    if not mentioned:       # a thing named by none of its names may be named by the values it holds
        found = subject_by_values(ctx.adapter, text, unlinked_names(text, ctx.encoder.words()))
        mentioned = [found] if found is not None else []
    if not mentioned:
        return Assessment(form, [], [], NO_ENTITY)
    adapter = ctx.adapter
    counts = adapter.relations([m.entity for m in mentioned], "both")
    label = lambda r: r.label or adapter.verbalize(r)          # noqa: E731
    labels = sorted({label(rc.relation) for rc in counts})
    masked_text = masked(text, mentioned)
    words = relation_words(ctx.ranker("alignment"), text, masked_text, labels, matcher(ctx))
    framing = framing_spans(text, [(m.start, m.end) for m in mentioned], [w.position for w in words])
    def names_relation(w) -> bool:       # a type noun ("the city X") names no relation, nor "named X"
        return not is_type_noun(text, w, mentioned) and not introduces_name(text, w, mentioned)
    def not_naming(w) -> bool:
        return not introduces_name(text, w, mentioned)
    words = [w for w in words if names_relation(w) and not any(a <= w.position < b for a, b in framing)]
    if len(mentioned) >= 2:
        words = [w for w in words if not names_some_thing(text, w)]
    negated, body = read_negation(ctx, text, framing, [(m.start, m.end) for m in mentioned])
    form = replace(form, negated=negated, each_negated=negated and body >= 2)
    names = unlinked_names(masked(outside(text, framing), mentioned), ctx.encoder.words())
    names = [n for n in names if n.lower() not in {w.word for w in words}     # "ISSN" names a relation
             and not names_a_relation(n, vocabulary(ctx))                      # so do "OCLC", "NRHP" of any KG
             and not pertains_to_held(n, pertains(ctx), getattr(ctx.linker, "index", None), mentioned)]  # "Mexican"
    seen = dict(masked=masked_text, held=frozenset(labels), unlinked=len(names), words=len(words))
    values, spent, numbers, facts = stated_values(adapter, masked_text, mentioned, label)
    inner = within_values(mentioned, facts, text, whole=whole_values)
    if inner and len(inner) < len(mentioned):       # words of a stated value, not entities
        seen["as_values"] = len(set(inner) - set(within_values(mentioned, facts, text, whole=False)))
        mentioned = [m for m in mentioned if m not in inner]
        masked_text = masked(text, mentioned)
        facts = [t for t in facts if t.head in {m.entity for m in mentioned}]
        values, spent, numbers, facts = stated_values(adapter, masked_text, mentioned, label, facts,
                                                      [m.text for m in inner])
    seen["facts"] = tuple(facts)
    names = names_not_held(names, facts)
    words = [w for w in words if not w.labels & spent]
    if len(mentioned) >= 2:     # "the Apollo 12 space mission": *time in space* measures, it links nothing
        quantities = quantity_labels(facts, label)
        words = [w for w in words if not w.labels <= quantities]
    # closed world: a name beside two or more entities that the KG lacks is a link that is not there
    absent = absent_parts(absent_names(text, names, mentioned, ctx.encoder.words(), outside(text, framing),
                                       getattr(ctx.linker, "index", None)), mentioned) \
        if closed_world and len(mentioned) >= 2 and not negated else []
    comparing = form.count or form.date_op
    # "It is a city in Mexico with ...": the values and names are the unnamed subject's, not Mexico's
    unnamed = len(mentioned) == 1 and unnamed_subject(text, framing, mentioned[0])
    # closed world: a name the KG lacks is a link of the unnamed thing's that is not there
    theirs = absent_names(text, names, mentioned, ctx.encoder.words(), outside(text, framing), getattr(
        ctx.linker, "index", None), pronoun_subject=True) if unnamed and closed_world and not negated else []
    names = [] if unnamed else names
    conflicts = [] if comparing or unnamed else number_conflicts(facts, numbers, words, label)
    if values or conflicts:
        rest = sub_claims(ctx, text, mentioned, words, counts, label, names, max_hops, quiet=True,
                          closed_world=closed_world, keep=names_relation)
        return Assessment(form, values + conflicts + rest + absent, mentioned, **seen)
    # "X found a planet that has an absolute magnitude of 11.5": the values are an unnamed thing's
    unnamed = unnamed or (len(mentioned) == 1 and not names and unnamed_holder(text, framing, mentioned[0]))
    if unnamed and not comparing:
        return _through_unnamed(ctx, text, mentioned, counts, label, masked_text, form, seen, theirs, not_naming)
    if form.count:
        op, n = form.count
        part = check_count(adapter, counts, text, op, n, mentioned, words, label, implicit=form.implicit_count,
                            noun_at=form.count_span[1])
        if part is not None:
            return Assessment(form, [part], mentioned, **seen)
    if form.date_op:
        part = check_date(adapter, text, form.date_op, form.date_span, mentioned, words, label)
        if part is not None:
            return Assessment(form, [part], mentioned, **seen)
    unheld = [w for w in unheld_words(ctx, text, framing, mentioned, set(labels)) if names_relation(w)] \
        if closed_world and not names else []
    checker = PairChecker(adapter, counts, max_hops, unheld)
    if unnamed:
        return _through_unnamed(ctx, text, mentioned, counts, label, masked_text, form, seen, keep=not_naming)
    deny = (lambda parts: denied_parts(text, parts, mentioned, framing)) if negated and body == 1 else (lambda parts: ())
    parts = sub_claims(ctx, text, mentioned, words, counts, label, names, max_hops, checker=checker,
                       closed_world=closed_world, keep=names_relation, deny=deny, stated=(facts, [] if comparing else numbers))
    denied = deny(parts)
    return Assessment(form, parts + absent, mentioned, links=checker.links(), denied=denied, **seen)


def _through_unnamed(ctx, text, mentioned, counts, label, masked_text, form, seen, names=(),
                     keep=lambda w: True) -> Assessment:
    words = unframed(text, mentioned, [w for w in one_entity_words(ctx, text, mentioned, counts, label) if keep(w)])
    parts = [through_unnamed(ctx.adapter, mentioned[0], words, masked_text, label, names)]
    return Assessment(form, parts, mentioned, **seen)
