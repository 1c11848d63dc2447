"""Relations the KG does not have: "who produced Kismet?" on a KG of directors, writers and actors is
not a question about its director. The KG's own vocabulary cannot say so (every relation it holds
is the closest of something), so abstention compares the question with a general relation
vocabulary (``kgsparql/data/general_relations.txt``: the DBpedia ontology's property names, in
words). Those the KG lacks are the ones that mean nothing the KG holds: below ``outside_same``
cosine to every name of every relation of the KG (its labels and aliases), and not written with the
words of one of them ("director" and ``directed by``). When the question names
such a relation clearly (``outside_min``) and clearly better than every hop of the chosen chain
(``outside_margin``), the question asks for something the KG does not hold, and the method
abstains, naming the closest relation it does hold. Calibrated across KGs (docs/abstention.md).
With a ``lexicon`` (``kgsparql.meaning.lexicon``, WordNet), a general relation the hop of a one-hop
chain holds under other words of the same role ("writer" and ``author``, "architect" and ``designed
by``) is no relation the KG lacks for that chain."""
from __future__ import annotations

import re
from importlib import resources
from typing import Callable, Mapping, Sequence

from ..meaning import without_direction
from ..meaning.lexicon import content_words
from .answer_kind import dates_asked
from .answer_type import frame_words

__all__ = ["OutsideRelations", "general_relations"]


def general_relations() -> list[str]:
    """The shipped general relation vocabulary, one name in words per line."""
    text = resources.files("kgsparql.data").joinpath("general_relations.txt").read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def _same_word(a: str, b: str) -> bool:
    """Two forms of one word: a shared beginning of 4 letters or more that is at least two thirds of
    the shorter word ("director" / "directed", "writer" / "written", "years" / "year"). Stricter than
    ``rank.base.stem`` on purpose: the four-letter stems make "publisher" a form of "publication
    date" (both ``publ``), which would hide the one relation the Wikidata-shaped MetaQA KB lacks of
    that kind; on the MetaQA, WC2014 and PathQuestion KBs the two agree on every general name."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n >= 4 and n >= 2 * min(len(a), len(b)) / 3 or a == b


def _worded(general: str, kg_names: Sequence[str]) -> bool:
    """Whether one name of the KG holds every word of ``general`` in some form ("director" in
    "directed by"): the KG has that relation under its own words."""
    words = general.split()
    return any(all(any(_same_word(w, k) for k in re.findall(r"[a-z]+", name.lower())) for w in words)
               for name in kg_names)


class OutsideRelations:
    """``matcher``: a ``RelationMatcher`` with an encoder; ``kg_names``: the KG's relations, each with
    its names (called once, on first use); ``options``: ``AbstentionOptions``."""

    def __init__(self, matcher, kg_names: Callable[[], Mapping[str, Sequence[str]]], options,
                 vocabulary: Sequence[str] | None = None, lexicon=None):
        self.matcher, self.options, self._kg_names, self.lexicon = matcher, options, kg_names, lexicon
        self._general = list(vocabulary) if vocabulary is not None else None
        self._lacking: list[str] | None = None

    def lacking(self) -> list[str]:
        """The general relations that mean nothing this KG holds (computed once)."""
        if self._lacking is None:
            general = self._general if self._general is not None else general_relations()
            relations = self._kg_names()
            kg = list(dict.fromkeys(n for names in relations.values() for n in names))
            encoder = getattr(self.matcher, "encoder", None)
            if encoder is None or not kg or not general or len(relations) > self.options.outside_max_relations:
                self._lacking = []      # a KG this big words more relations its own way (docs/abstention.md)
            else:
                sims = encoder.embed(general) @ encoder.embed(kg).T
                self._lacking = [g for g, row in zip(general, sims)
                                 if row.max() < self.options.outside_same and not _worded(g, kg)]
                if self.lexicon is not None and self._lacking:      # looked up once, both sides
                    self.lexicon.learn(w for name in [*self._lacking, *kg] for w in content_words(without_direction(name)))
        return self._lacking

    def held(self, hops: Mapping[str, Sequence[str]]) -> set[str]:
        """The lacking general relations that the one hop of a one-hop chain holds under other words of
        the same role (WordNet: "architect" for ``designed by``), and those written with such a
        relation's own words in some form ("architecture" beside "architect"). A chain of several hops
        keeps today's reading (a conservative choice): there the relation named may be a bridge while
        the chain's last hop gives another kind of answer."""
        if self.lexicon is None or len(hops) != 1:
            return set()
        names = [without_direction(n) for ns in hops.values() for n in ns]
        lacking = self.lacking()
        same_role = [g for g in lacking if any(self.lexicon.holds(g, n) for n in names)]
        return {g for g in lacking if same_role and _worded(g, same_role)}

    def closest(self, masked: str, hops: Mapping[str, Sequence[str]]) -> tuple[str, float, float] | None:
        """The relation the KG lacks that fits the (masked) question best, its score, and the best
        score of the chain's ``hops`` (hop -> its names); None when the KG lacks nothing."""
        held = self.held(hops)
        lacking = [g for g in self.lacking() if g not in hops and g not in held]
        if not lacking or not hops:
            return None
        scores = dict(self.matcher.rank(masked, {**{g: (g,) for g in lacking}, **hops}, skip=frame_words(masked)))
        rival = max(lacking, key=lambda g: scores.get(g, 0.0))
        return rival, scores[rival], max(scores.get(h, 0.0) for h in hops)

    def asked(self, masked: str, hops: Mapping[str, Sequence[str]], parts: dict | None = None) -> str | None:
        """The relation the KG lacks that the question asks for instead of the chain's ``hops``: it
        scores at least ``outside_min`` and ``outside_margin`` above every hop. Records both scores
        in ``parts`` (``outside``, ``outside_hop``)."""
        found = self.closest(masked, hops)
        if found is None:
            return None
        rival, score, hop = found
        if parts is not None:
            parts.update(outside=score, outside_hop=hop)
        o = self.options
        return rival if score >= o.outside_min and score >= hop + o.outside_margin else None

    def fits(self, relation: str, answers: Sequence, parts: dict | None = None) -> bool:
        """Whether the chain's answers (entities or names, the first ``fit_answers``) are the kind of
        thing ``relation`` gives: their names reach ``outside_fit`` cosine to it ("national team" and
        Germany; "college" and Oriel College), so the KG's relation means it under another name."""
        encoder = getattr(self.matcher, "encoder", None)
        shown = [str(getattr(a, "name", a)).replace("_", " ") for a in list(answers)[: self.options.fit_answers]]
        if encoder is None or not shown:
            return True
        fit = float((encoder.embed(shown) @ encoder.embed([relation])[0]).max())
        if parts is not None:
            parts["outside_fit"] = fit
        return fit >= self.options.outside_fit

    def reason(self, question: str, relation: str, chain: str, answers: Sequence, topic: str,
               parts: dict | None = None) -> str | None:
        """Why to abstain on ``chain`` when the question asks for ``relation`` (lacking here): unless its
        answers are what that relation gives (``fits``), or dates asked for and given."""
        if dates_asked(question, answers) or self.fits(relation, answers, parts):
            return None
        return (f"the KG has no '{relation}' for {topic} (the closest it holds is "
                f"'{chain}', which does not match the question)")
