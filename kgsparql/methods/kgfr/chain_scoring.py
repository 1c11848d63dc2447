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

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from ...rank.base import STOPWORDS
from ...rank.mentions import SAME_KIND_WORDS
from ...types import Relation
from .hop_alignment import Chain, aligned_f1, aligned_strength, returns

__all__ = ["ChainScore", "QuestionScorer", "SIBLING_WORDS"]

SIBLING_WORDS = SAME_KIND_WORDS     # English words asking for entities of the topic's kind
# a predicate after the mention carries a verb form like these ("... of X were directed by who")
_CLAUSE = frozenset("who whom what which when where was were is are".split())
_PREPOSITIONS = frozenset(("of", "with"))   # "the director of X ...", "films that share actors with X ..."
# words that may stand between two words of one relation phrase ("the director that directed")
_JOINERS = frozenset("that who which whom is are was were".split())
_WH = frozenset({"which", "what", "whose"})
_TOKEN = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class ChainScore:
    chain: Chain
    score: float          # aligned F1, damped when a same-kind question gets a chain that never returns
    aligned: float        # strength of the hops aligned with question words
    semantic: float       # MiniLM similarity of the question and the chain's descriptions (tie-break)
    answer_type: float = 0.0   # the answer-type word against the last hop's description (tie-break first)


class QuestionScorer:
    """One question: its relation words (runs of words naming the same relation count once, when
    nothing but a relative pronoun or copula stands between them: "release year", "the
    director that directed") with their distance from the topic mention, and its answer-type word (the word
    after "which" / "what": "which *writers*" asks for the object of ``written by``)."""

    def __init__(self, masked: str, aligner, encoder, describe: Callable[[Relation], str],
                 sibling_damping: float = 0.8, inverse_damping: float = 0.5):
        self.masked, self.aligner, self.encoder, self.describe = masked, aligner, encoder, describe
        self.sibling_damping, self.inverse_damping = sibling_damping, inverse_damping
        self.tokens = _TOKEN.findall(masked.lower())
        content = [i for i, w in enumerate(self.tokens) if w not in STOPWORDS]
        marks = [content.index(i) for i, w in enumerate(self.tokens) if w == "x" and i in content] or [-1]
        self.distance = {i: min(abs(k - m) for m in marks) for k, i in enumerate(content)}
        self._predicate_after_mention(content, marks)
        self.wh = next((i + 1 for i, w in enumerate(self.tokens[:-1]) if w in _WH and i + 1 in self.distance
                        and self.tokens[i + 1] != "x"), None)
        self.sibling = any(w in SIBLING_WORDS for w in self.tokens)

    def _predicate_after_mention(self, content: list[int], marks: list[int]) -> None:
        """When the mention is a prepositional object and a clause follows it ("the films directed by
        the director *of X* starred who", "... share actors *with X* were released when"), the words
        after it are the main predicate: the farthest hop, not the nearest."""
        if len(marks) != 1 or marks[0] < 0:
            return
        at = content[marks[0]]
        if at == 0 or self.tokens[at - 1] not in _PREPOSITIONS or not _CLAUSE & set(self.tokens[at + 1:]):
            return      # "the director of X written films": the words after X modify it, no predicate
        before = max((d for i, d in self.distance.items() if i < at), default=0)
        for i in content:
            if i > at:
                self.distance[i] = before + self.distance[i]

    def occurrences(self, evidence: dict) -> list[tuple[int, dict, bool]]:
        """(distance, {label: strength}, is the answer-type word), nearest first."""
        groups: list[list] = []
        for i in sorted(self.distance):
            word = self.tokens[i]
            if word == "x" or word not in evidence:
                continue
            last = groups[-1] if groups else None
            if last and _joined(self.tokens[last[3] + 1:i]) and set(evidence[word]) & set(last[1]):
                last[0], last[3] = min(last[0], self.distance[i]), i
                last[1] = {k: max(v, last[1].get(k, 0.0)) for k, v in evidence[word].items()}
                last[2] = last[2] or i == self.wh
            else:
                groups.append([self.distance[i], dict(evidence[word]), i == self.wh, i])
        return sorted(((d, labels, wh) for d, labels, wh, _ in groups), key=lambda g: g[0])

    def score_chains(self, chains: Sequence[Chain]) -> list[ChainScore]:
        """Every chain scored, best first (ties: fewer hops, answer type, semantic similarity, key)."""
        if not chains:
            return []
        labels = sorted({self.describe(r) for c in chains for r in c})
        read = getattr(self.aligner, "question_evidence", self.aligner.evidence)      # one mention per phrase
        occurrences = self.occurrences(read(self.masked, labels))
        self.total = sum(max(labels_.values()) for _, labels_, _ in occurrences)
        texts = [" ; ".join(self.describe(r) for r in c) for c in chains]
        semantic = self.encoder.rank(self.masked, texts)
        wh_sim = self._wh_similarity([self.describe(c[-1]) for c in chains])
        out = []
        for chain, sem in zip(chains, semantic):
            aligned, covered = aligned_strength([self.describe(r) for r in chain], chain, occurrences, self.sibling)
            score = aligned_f1(aligned, covered, len(chain), self.total)
            if self.sibling and not returns(chain):
                score *= self.sibling_damping
            wh = next((g for g in occurrences if g[2]), None)
            if wh and chain[-1].inverse and self.describe(chain[-1]) in wh[1]:
                score *= self.inverse_damping     # asks for the relation's object, the chain ends at its subject
            out.append(ChainScore(chain, score, aligned, float(sem), wh_sim.get(self.describe(chain[-1]), 0.0)))
        out.sort(key=lambda s: (-round(s.score, 9), len(s.chain), -round(s.answer_type, 6), -s.semantic,
                                [r.key() for r in s.chain]))
        return out

    def _wh_similarity(self, labels: list[str]) -> dict[str, float]:
        """The answer-type word ("which *year*") against each last hop's description (a tie-break)."""
        if self.wh is None or not labels:
            return {}
        unique = sorted(set(labels))
        sims = self.encoder.embed([self.tokens[self.wh]]) @ self.encoder.embed(unique).T
        return {label: float(x) for label, x in zip(unique, sims[0])}


def _joined(gap: list[str]) -> bool:
    return all(w in _JOINERS for w in gap)
