"""KELGoP's last resort for a nested question: a two-hop chain abstention turned down as a whole,
answered after all where each half of the question, asked and checked on its own, takes that chain's
own hop: the noun phrase around the topic its first ("the university that employs X": ``works at``),
the rest of the question about it its last ("in which city is [#1]": ``located in``). Read as one
question, "employs" and "city" named neither hop and the chain was refused; read by halves, each hop
answers a phrase of its own (docs/methods/kelgop.md)."""
from __future__ import annotations

from ...linking.topics import MASK
from ...rank.path_words import chain_words
from ..frag.bridges import nest_halves
from .sub_questions import SubQuestion

__all__ = ["halves_backed"]


def halves_backed(atomic, question: str, link, match: dict, tries: int = 2) -> SubQuestion | None:
    """The whole question along its refused two-hop chain (``match["chain"]``, in words), on a KG of few
    relations, when the phrase around the topic takes the chain's first hop and the rest, asked of one
    of the first ``tries`` answers of that phrase, its last (both checked by abstention); else None."""
    chain, abstention = str(match.get("chain") or ""), atomic.ctx.abstention
    halves = nest_halves(link.masked())
    if chain.count(" ; ") != 1 or halves is None or abstention is None or not abstention.few_relations():
        return None
    words = lambda c: chain_words(c, atomic.ctx.adapter.verbalize)
    inner, outer = halves
    topics = link.topics()
    first = atomic.ask(inner.replace(MASK, topics[0].name), topics, inner, max_hops=1)
    if not first.answers or not chain.startswith(words(first.chain or ()) + " ; "):
        return None
    for entity in first.entities[:tries]:
        last = atomic.ask(outer.replace(MASK, entity.name), [entity], outer, max_hops=1)
        if last.answers and words((*first.chain, *last.chain)) == chain:
            whole = atomic.ask(question, topics, link.masked(), max_hops=2, check=False)
            return whole if whole.answers and whole.chain and words(whole.chain) == chain else None
    return None
