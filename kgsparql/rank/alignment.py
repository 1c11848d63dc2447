"""``alignment``: ranks relation paths against a question by aligning each hop of a path with a word
of the question that names it, so that how often and which relations a question mentions counts:
"what else did the director of X direct" names ``directed by`` twice and prefers the two-hop path
over the one-hop one; "who directed the films written by the writers of X" prefers
``written by ; written by ; directed by`` over ``directed by ; directed by ; written by``.

Items are relation paths in words, hops joined by `` ; `` (a ``(reverse)`` mark is ignored): the
verbalised chains FRAG and the other methods rank. A word names a relation when its crude stem occurs
in the relation's words (``director`` / ``directed``, ``screenwriters`` / ``written``) and the two
words are close in meaning (``stem_min_cos``: "found", of *find*, does not name ``founding date``), or when its
embedding is close to the relation's (``cast`` / ``starred actors``) by at least ``min_cos`` and
ahead of every other relation by ``margin`` (single words are ambiguous: "films" is close to every
film relation). A word that only modifies the names of several relations and heads none ("film" in
``film genre`` and ``film director``) is the KG's domain word and names none of them (the words: ``rank.word_evidence``;
a label's names and the domain words: ``rank.relation_names``). Score = F1 of precision (share of hops aligned, each to its own word) and recall
(share of the question's relation words the path uses), in [0, 1].

When ranking, words of one phrase that name the same relation are one mention (``rank.mentions``:
"who wrote the screenplay for X" is one hop on a KG whose ``screenwriter`` is also "screenplay by");
a question asking for entities like its topic ("which other films ...") aligns the hop that walks
back along the previous one by itself and damps paths that never come back; a path whose hops meet
their words farthest from the topic mention first is damped (``order_damping``), and so is one
that ends backwards along the relation its answer-type word names ("which **directors** ...",
``subject_damping``); and a question that
names no relation word for word is aligned by meaning (``kgsparql.meaning.RelationMatcher``: the
relation the whole question means, when it scores the matcher's ``min_score`` and leads the others
by ``margin``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ConfigError
from .base import RankerContext, default_context, framing_words, type_words
from .path_words import ends_at_subject, path_labels, walks_back
from .relation_names import RelationNames
from .spelling import Spelling
from .word_evidence import WordEvidence
from .mentions import answer_type_word, asks_for_date, asks_for_like, distances, in_order, one_mention_each

__all__ = ["AlignmentRanker", "DATE_MENTION", "path_labels"]

_BY_MEANING = "(question)"       # the evidence key of a relation the whole question means
_DATE = "date year"              # what a question asking "when" / "what year" wants, in words
DATE_MENTION = _DATE             # its key in ``question_evidence``


class AlignmentRanker:
    """Relation paths scored by aligning their hops with the question's relation words."""

    name = "alignment"

    @dataclass(frozen=True)
    class Options:
        min_cos: float = 0.45       # a word's embedding must be this close to a relation ...
        margin: float = 0.1         # ... and this much closer than to any other relation
        stem_min_cos: float = 0.3   # a word sharing a stem with a label word must be this close to it in meaning
        same_kind_damping: float = 0.8   # "which other films": a path that never walks back scores this share
        order_damping: float = 0.9       # a path whose hops meet their words farthest from the topic first
        subject_damping: float = 0.5     # "which directors ...": a path ending at the relation's subject

        def __post_init__(self) -> None:
            if not all(0 <= x <= 1 for x in (self.min_cos, self.margin, self.stem_min_cos, self.same_kind_damping,
                                              self.order_damping, self.subject_damping)):
                raise ConfigError("need min_cos, margin, stem_min_cos and the dampings in [0, 1]")

    def __init__(self, ctx: RankerContext | None = None):
        ctx = default_context("alignment", ctx, self.Options)
        self.options = ctx.options
        self.encoder = ctx.ranker("embedding")
        self.spelling = Spelling(self.encoder, self.options.stem_min_cos)
        self.relation_names = RelationNames()
        self.words = WordEvidence(self.encoder, self.spelling, self.relation_names, self.options.min_cos,
                                  self.options.margin)
        self.matcher = None         # a kgsparql.meaning.RelationMatcher, given by the layer above (use_matcher)

    def use_matcher(self, matcher) -> None:
        """Match whole questions with relations by meaning (``kgsparql.meaning.RelationMatcher``)
        where no word names a relation; without one, such questions align with nothing."""
        self.matcher = matcher

    def learn_names(self, names) -> None:
        """More names for relation labels (a KG's aliases: "cast member" is also "actor"): a word
        names a label when it names any of them. ``names``: label -> names, or a callable returning
        that, called on first use (reading a KG's vocabulary is left until a question needs it)."""
        self.relation_names.learn(names)

    @property
    def names(self) -> dict[str, tuple[str, ...]]:
        return self.relation_names.all

    def rank(self, query: str, items: list[str]) -> list[float]:
        if not items:
            return []
        paths = [path_labels(item) for item in items]
        labels = sorted({label for path in paths for label in path})
        evidence = self.question_evidence(query, labels)
        like, far, damping = asks_for_like(query), distances(query), self.options.same_kind_damping
        back = [like and walks_back(item) for item in items]
        scores = [self.score(path, evidence, back=int(b)) * (1.0 if b or not like else damping)
                  for path, b in zip(paths, back)]
        wanted = evidence.get(answer_type_word(query) or "", {})
        return [s * (1.0 if in_order(path, evidence, far) else self.options.order_damping)
                * (self.options.subject_damping if ends_at_subject(item, wanted) else 1.0)
                for s, path, item in zip(scores, paths, items)]

    def question_evidence(self, query: str, labels: list[str]) -> dict[str, dict[str, float]]:
        """``evidence`` read for ranking: one mention per phrase (``rank.mentions``), the relation the
        whole question means when no word names one, and a date asked for ("when", "what year")
        as one more mention of the relation that means a date, unless a word already names it."""
        evidence = one_mention_each(query, self.evidence(query, labels)) or self.meant(query, labels)
        if asks_for_date(query):
            date = self.meant(_DATE, labels, skip=frozenset())
            if date and not set(date[_BY_MEANING]) & {k for e in evidence.values() for k in e}:
                evidence[_DATE] = date[_BY_MEANING]
        return evidence

    def meant(self, query: str, labels: list[str], skip: frozenset | None = None) -> dict[str, dict[str, float]]:
        """The relation the whole question means (``RelationMatcher``), as evidence, when it leads
        every other label by ``margin``; empty otherwise."""
        if len(labels) < 2 or self.matcher is None:
            return {}
        skip = frozenset(type_words(query) | framing_words(query)) if skip is None else skip
        ranked = self.matcher.rank(query, {label: self.names.get(label, (label,)) for label in labels}, skip)
        (best, score), (_, second) = ranked[0], ranked[1]
        if score < self.matcher.options.min_score or score - second < self.options.margin:
            return {}
        return {_BY_MEANING: {best: float(score)}}

    def evidence(self, query: str, labels: list[str]) -> dict[str, dict[str, float]]:
        """The question's relation words: word -> {relation label it names: strength in (0, 1]}
        (``rank.word_evidence``)."""
        return self.words.read(query, labels)

    @staticmethod
    def score(path: list[str], evidence: dict[str, dict[str, float]], back: int = 0) -> float:
        """F1 of the hops aligned to distinct words (precision) and the relation words used (recall);
        ``back`` hops count as aligned without a word (walking back in a same-kind question)."""
        total = sum(max(e.values()) for e in evidence.values())
        free = dict(evidence)
        aligned = 0.0
        for label in sorted(path, key=lambda l: -max((e.get(l, 0.0) for e in free.values()), default=0.0)):
            word = max(free, key=lambda w: free[w].get(label, 0.0), default=None)
            if word is not None and free[word].get(label, 0.0) > 0:
                aligned += free.pop(word)[label]
        if not path or aligned <= 0:
            return 0.0
        precision = min(1.0, (aligned + back) / len(path))
        recall = aligned / total if total else 1.0
        return 2 * precision * recall / (precision + recall)
