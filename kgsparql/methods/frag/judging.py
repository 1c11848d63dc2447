"""How FRAG judges the chain it ranked first (``ChainJudging``, mixed into ``FRAG``): how well it
matches the question by the shared abstention's views (``_match``), whether a walk one hop past a
recognised chain is recognised with it (``_walked_on``), and why to abstain on it (``_reason``)."""
from __future__ import annotations

from ...learn import chain_key
from .dated_ends import all_dated

__all__ = ["ChainJudging"]


class ChainJudging:
    """Needs ``ctx``, ``adapter``, ``chains`` (``ChainScorer``) and ``typing`` (``AnswerTyping``)."""

    def _match(self, masked: str, qchains, chain, candidates, topics=(), unfit=frozenset(), kind_fit=None):
        """How well ``chain`` matches the question; the prior speaks only when it knows some candidate."""
        probs = qchains.probs
        known = bool(probs) and any(chain_key(c) in probs for c in candidates)
        trained = qchains.trained_probability
        return self.ctx.abstention.assess(
            masked, self.chains.verbalize_chain(chain), [self.adapter.verbalize(r) for r in chain],
            probs.get(chain_key(chain), 0.0) if known else None, max(probs.values()) if known else None,
            topics=topics, chain=chain,
            trained=(trained[chain], max(trained.values())) if chain in trained else None,
            scorer=self.chains.trained, unfit=unfit, kind_fit=kind_fit)

    def _walked_on(self, match, masked: str, qchains, best, found, topics, unfit) -> bool:
        """``best`` walks one hop past a chain the question is recognised to ask for, because only that
        hop's ends are the kind it names ("in which *country* was X born": ``born in`` reaches a city,
        ``born in ; located in`` the country): the last hop is the kind's, the rest the question's."""
        if match.recognised or match.wanted:
            return False
        return bool(self._match(masked, qchains, best[:-1], found.candidates, topics, unfit).recognised)

    def _held_named(self, match, masked: str, qchains, ranked, found, topics, unfit, typed, kind_fit):
        """(chain, score, match) of the one-hop chain the refusal of ``match`` names as wanted, when the
        topic holds it and it is recognised on its own; None otherwise. The abstention refuses a chain
        because a word of the question names another relation (``match.wanted``): where the topic
        holds that relation one hop out, it is the fact asked for, not one the KG lacks; unless it
        leads to dates and the question asks for a kind of thing no date is ("which *airlines* fly X"
        names ``first flight`` with "fly")."""
        if match.recognised or not match.wanted:
            return None
        for chain, score in ranked:
            if len(chain) == 1 and self.chains.verbalize_chain(chain) == match.wanted:
                if all_dated(found.groups, chain) and self._asks_undated(masked):
                    return None
                held = self.typing.recognise(self._match(masked, qchains, chain, found.candidates, topics, unfit,
                                                         kind_fit(chain)), typed, chain)
                return (chain, score, held) if held.recognised else None
        return None

    def _reason(self, question: str, match, topics, best, typed, answers) -> str | None:
        """Why to abstain on the chosen chain, or None: the shared abstention's checks, then the
        answer's type (``AnswerTyping.missing``)."""
        abstention, topic = self.ctx.abstention, topics[0].name
        return (abstention.reason(match, topic) or self.typing.missing(topics, best, typed)
                or abstention.kind_reason(question, match, answers, topic)
                or abstention.outside_reason(question, match, answers, topic))
