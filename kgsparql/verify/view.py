"""What the rule path saw in one claim, as plain JSON (``rule_view``): the input of the trained
verdict head (``verify/features.py`` turns it into numbers), stored once per claim when a head is
trained (``eval/verifier_views.py``). It is part of the rule path: a change here starts a new file
of stored views.

Besides the rules' outcome it keeps the evidence the rules retrieved anyway, summarised against the
claim: each fact of the linked entities (one hop, outwards; no extra query) as its relation label
and where its value leads — to another linked entity, to a value whose words the claim holds, or
elsewhere — and the share of the claim's own content words that no relation label or value of
those facts holds."""
from __future__ import annotations

from ..rank.base import stem, tokenize

__all__ = ["rule_view", "FACT_ENDS", "MAX_FACTS"]

MAX_FACTS = 200                  # facts kept in a view
FACT_ENDS = ("linked", "named", "elsewhere")


def rule_view(whole, verdict: str) -> dict:
    """What the rules saw in an ``Assessment``, as JSON: the claim's form, the verdict, each
    sub-claim's status and the relations of its evidence, the pairs' links, the held relations and
    the linked entities' facts against the claim."""
    form = whole.form
    return {
        "claim": whole.masked or form.text, "verdict": verdict, "negated": bool(form.negated),
        "each_negated": bool(form.each_negated), "by_values": any(m.end <= m.start for m in whole.mentioned),
        "count": form.count is not None, "date": form.date_op is not None,
        "entities": len(whole.mentioned), "unlinked": whole.unlinked, "words": whole.words,
        "parts": [{"status": p.status, "evidence": len(p.evidence), "relations": _relations(p)} for p in whole.parts],
        "links": [[hops, sorted(labels)] for hops, labels in whole.links],
        "held": sorted(whole.held),
        "facts": _facts(whole),
        "uncovered": _uncovered(whole),
    }


def _label(relation) -> str:
    return relation.label or relation.iri.rsplit("/", 1)[-1]


def _relations(part) -> list[str]:
    return sorted({_label(r) for path, _ in part.evidence for r in path.relations})


def _facts(whole) -> list[list]:
    """``[label, end, head, tail]`` per fact, deduplicated: ``end`` is where the value leads
    (``FACT_ENDS``), ``head`` and ``tail`` the indexes of the linked entities it joins (-1: none)."""
    linked = {m.entity: i for i, m in enumerate(whole.mentioned)}      # Entity equality is its term
    words = set(tokenize(whole.form.text))
    out = set()
    for t in whole.facts:
        value = set(tokenize(t.tail.name or ""))
        end = "linked" if t.tail in linked else "named" if value and value <= words else "elsewhere"
        out.add((_label(t.relation), end, linked.get(t.head, -1), linked.get(t.tail, -1)))
    return [list(f) for f in sorted(out)[:MAX_FACTS]]


def _uncovered(whole) -> float:
    """The share of the masked claim's content words whose stem no fact's label or value holds."""
    claim = {stem(w) for w in tokenize(whole.masked or "", stopwords=True) if len(w) > 2 and w != "x"}
    if not claim:
        return 0.0
    held = {stem(w) for t in whole.facts for w in tokenize(f"{_label(t.relation)} {t.tail.name or ''}")}
    return len(claim - held) / len(claim)
