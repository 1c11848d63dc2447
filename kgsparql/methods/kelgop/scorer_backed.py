"""KELGoP's last resort before abstaining: a two-hop chain abstention turned down, answered after all
where the shared chain scorer and the question's relation words both back it (docs/methods/kelgop.md)."""
from __future__ import annotations

from ...linking.topics import MASK
from ...rank.path_words import chain_words
from .nested_phrases import nested
from .sub_questions import SubQuestion

__all__ = ["scorer_backed"]


def scorer_backed(atomic, params, question: str, link, match: dict) -> SubQuestion | None:
    """A chain of ``scorer_hops`` hops that abstention turned down, answered after all when the
    shared chain scorer (trained on the KG's own triples) ranks it first among the candidates and
    the question's relation words align with it (``scorer_alignment``), in a question with a nested
    phrase: "the currency of the country with X" names its last hop but rarely its first, which
    the meaning view then reads as a detour. None: abstain as the answerer did."""
    p, chain = params, str(match.get("chain") or "")
    if not nested(link.masked(), MASK):
        return None                 # a question with no nested phrase asks for one relation of its topic
    if not p.scorer_hops or chain.count(" ; ") + 1 != p.scorer_hops or not match.get("trained_top") \
            or match.get("trained", 0.0) < match["trained_top"] or match.get("alignment", 0.0) < p.scorer_alignment:
        return None
    sub = atomic.ask(question, link.topics(), link.masked(), max_hops=p.scorer_hops, check=False)
    same = sub.answers and sub.chain and chain_words(sub.chain, atomic.ctx.adapter.verbalize)
    return sub if sub.answers and len(sub.chain or ()) == p.scorer_hops and same == chain else None
