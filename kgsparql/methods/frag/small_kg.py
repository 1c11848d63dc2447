"""FRAG's chain readings on a KG that no chain prior knows and that has few relations (at most
``outside_max_relations``): relations pruned per branch, the route widened to the relations the
question names, and chains whose unnamed hop the KG fixes (docs/methods/frag.md, "Chains on small
KGs"). Off wherever a prior speaks (MetaQA) and on big KGs (the Freebase stores)."""
from __future__ import annotations

from ...learn import chain_key
from .bridges import bridged, kind_bridged, nest_parts, nests
from .derived_bridge import derived_mention, first_bridged

__all__ = ["SmallKgChains"]


class SmallKgChains:
    """``ctx``: the method context (its abstention's vocabulary and the alignment ranker);
    ``verbalize``: Relation -> words; ``kind_fit``: a ``KindFit`` or None; ``params``: ``FragOptions``."""

    def __init__(self, ctx, verbalize, kind_fit, params):
        self.ctx, self.verbalize, self.kind_fit, self.params = ctx, verbalize, kind_fit, params

    def bridged(self, question: str, masked: str, qchains, best, found, topics=()) -> bool:
        """Where no chain prior knows the KG and it has few relations, the question nests the topic and
        names all but one hop of the chain, and the KG fixes that one: the only way to the last hop,
        named by a word that does not tie the phrase to the topic ("what year was *the museum holding X*
        opened"; not "flow" in "which fish live in *rivers that flow into X*") or by the phrase's head
        by spelling ("which clubs have *players from X*": ``plays for``; not "operas" for ``libretto by``
        by meaning alone), or the only way on whose ends are the kind of answer asked for (``bridges``);
        or the question names the topic in a derived form ("German designers") and every hop but the
        first, which the KG fixes (``derived_bridge``)."""
        if any(chain_key(c) in qchains.probs for c in found.candidates) or not self.ctx.abstention.few_relations():
            return False
        labels = self.ctx.abstention.vocabulary()
        evidence = self.ctx.ranker("alignment").evidence(masked, labels)
        named = {label for e in evidence.values() for label in e}
        head, clause = nest_parts(masked)   # the clause names the phrase's own hop, not the last one;
        spelling = self.ctx.ranker("alignment").spelling    # the head is a kind of entity: by spelling only
        asked = {label for w, e in evidence.items() if w not in clause for label in e
                 if w != head or spelling.spelt(w, label, False)}
        fits = None if self.kind_fit is None else lambda c: self.kind_fit.fits(question, c, found.ends.get(c, ()))
        if topics and derived_mention(question, topics[0].name) and first_bridged(
                best, found.candidates, self.verbalize, named):
            return True
        return bridged(masked, best, found.candidates, self.verbalize, asked) or (
            fits is not None and kind_bridged(masked, best, found.candidates, self.verbalize, named, fits))

    def named_hops(self, masked: str) -> int:
        """How many of the KG's relations the question's words name, one per word ("what is the capital of
        the country where X was born": three), where it nests its topic in a noun phrase: a walk needs at
        least that many hops. 0 where nothing nests ("which companies were founded by X alumni" names
        ``parent company`` by its answer-type word alone)."""
        if not nests(masked):
            return 0
        evidence = self.ctx.ranker("alignment").evidence(masked, self.ctx.abstention.vocabulary())
        return len({max(found, key=found.get) for found in evidence.values()})

    def per_branch(self, qchains) -> bool:
        """Prune the subgraph's relations per branch (``branch_pruning``) where no chain prior knows the
        KG and it has few relations: there the question's words alone rank a hop's relations, and a
        second hop's are drowned by the relations of the first hop's other ends ("the city of the
        studio where X was recorded": the studio's ``location`` behind the producer's and label's)."""
        return self.params.branch_pruning and not qchains.probs and self.ctx.abstention.few_relations()
