"""KGFR's training-free, question-conditioned scoring of the explored subgraph.

Relations are compared with the question through their descriptions (LLM-written once per KG, or
the verbalised names) embedded with MiniLM: the ``alignment`` ranker finds the question's relation
words (a word names a description when their stems or embeddings agree). Scores then propagate
hop by hop from the topic entities: a relation chain (the edges a node was reached by) scores by how
well its hops align, in order, with those words, the first hop with the word nearest the topic
mention and later hops with words farther out, the way English nests phrases ("the writers of the
films directed by X": ``directed`` is next to X, ``writers`` outside it). Every node reached by a
chain takes that chain's score; node-level candidates are the nodes of the best chains.

A question that asks for entities like the topic ("which *other* films...", "who acted
*alongside* X", "movies that *share* actors with X") is answered by a walk that goes out along a
relation and back along the same one; the hop coming back then needs no word of its own."""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Callable, Sequence

from ..rank.base import STOPWORDS
from ..types import Relation

__all__ = ["ChainScore", "QuestionScorer", "SIBLING_WORDS"]

# English words that ask for entities of the same kind as the topic (not any KG's vocabulary)
SIBLING_WORDS = frozenset("other others else also alongside share shares shared sharing same together "
                          "co another".split())
_TOKEN = re.compile(r"[^\W_]+")
Chain = tuple[Relation, ...]


@dataclass(frozen=True)
class ChainScore:
    chain: Chain
    score: float          # aligned F1, damped when a same-kind question gets a chain that never returns
    aligned: float        # strength of the hops aligned with question words
    semantic: float       # MiniLM similarity of the question and the chain's descriptions (tie-break)


class QuestionScorer:
    """One question: its relation words with their distance from the topic mention."""

    def __init__(self, masked: str, aligner, encoder, describe: Callable[[Relation], str],
                 sibling_damping: float = 0.8):
        self.masked, self.aligner, self.encoder, self.describe = masked, aligner, encoder, describe
        self.sibling_damping = sibling_damping
        tokens = _TOKEN.findall(masked.lower())
        content = [w for w in tokens if w not in STOPWORDS]
        marks = [i for i, w in enumerate(content) if w == "x"] or [-1]
        self.words = [(w, min(abs(i - m) for m in marks)) for i, w in enumerate(content) if w != "x"]
        self.sibling = any(w in SIBLING_WORDS for w in tokens)

    def score_chains(self, chains: Sequence[Chain]) -> list[ChainScore]:
        """Every chain scored, best first (ties: semantic similarity, fewer hops, key)."""
        if not chains:
            return []
        labels = sorted({self.describe(r) for c in chains for r in c})
        evidence = self.aligner.evidence(self.masked, labels)
        occurrences = sorted(((d, w) for w, d in self.words if w in evidence), key=lambda x: x[0])
        total = sum(max(evidence[w].values()) for _, w in occurrences)
        texts = [" ; ".join(self.describe(r) for r in c) for c in chains]
        semantic = self.encoder.rank(self.masked, texts)
        out = []
        for chain, sem in zip(chains, semantic):
            aligned = self._aligned(chain, occurrences, evidence)
            f1 = _f1(aligned, len(chain), total)
            if self.sibling and not _returns(chain):
                f1 *= self.sibling_damping
            out.append(ChainScore(chain, f1, aligned, float(sem)))
        out.sort(key=lambda s: (-round(s.score, 9), -s.semantic, len(s.chain), [r.key() for r in s.chain]))
        return out

    def _aligned(self, chain: Chain, occurrences, evidence) -> float:
        """The best order-preserving alignment of hops with words: each word used once, a later hop
        never on a word nearer the topic than an earlier hop's; a returning hop of a same-kind
        question aligns by itself."""
        labels = [self.describe(r) for r in chain]
        free = [self.sibling and i > 0 and _reverse_of(chain[i], chain[i - 1]) for i in range(len(chain))]
        slots = [None, *range(len(occurrences))]
        best = 0.0
        for pick in itertools.product(slots, repeat=len(chain)):
            used = [j for j in pick if j is not None]
            if len(used) != len(set(used)):
                continue
            dists = [occurrences[j][0] for j in used]
            if dists != sorted(dists):
                continue
            total, returned = 0.0, False
            for i, j in enumerate(pick):
                if j is not None:
                    total += evidence[occurrences[j][1]].get(labels[i], 0.0)
                elif free[i] and not returned:
                    total, returned = total + 1.0, True
            best = max(best, total)
        return best


def _f1(aligned: float, hops: int, total: float) -> float:
    if aligned <= 0 or not hops:
        return 0.0
    precision = min(1.0, aligned / hops)
    recall = min(1.0, aligned / total) if total else 1.0
    return 2 * precision * recall / (precision + recall)


def _reverse_of(a: Relation, b: Relation) -> bool:
    return a.iri == b.iri and a.via == b.via and a.inverse != b.inverse


def _returns(chain: Chain) -> bool:
    return any(_reverse_of(chain[i], chain[i - 1]) for i in range(1, len(chain)))
