"""``EntityLinker``: finds the entity mentions of a question and ranks candidate entities for each.

A ``[bracketed]`` part (MetaQA style) is taken as THE mention: looked up through ``adapter.lookup``
(exact spellings first), then the label index. Otherwise every token span is matched against the
label index (or, for KGs too big to index, against ``lookup`` for a bounded set of n-grams), scored
(``scoring``), re-ranked by type fit when that can change the order (``typefit``), and grouped
into non-overlapping mentions."""
from __future__ import annotations

from ..config import Settings
from ..errors import KGSparqlError
from ..loaded_models import Models
from ..plugin_options import parse_options
from ..rank.base import Rankers
from ..types import Entity
from . import scoring
from .build import index_for, wants_index
from .completed import completed_readings
from .contained import contained_readings
from .given import current_topics, given_link
from .initials import initials_readings
from .options import LinkerOptions
from .other_name import names_another
from .matching import EXACT, Reading, fuzzy_readings, index_readings, lookup_readings
from .relation_words import names_relation, relation_words
from .reading_scores import ReadingScores
from .result import LinkResult, Mention
from .text import Token, bracket_spans, loose_key, tokens
from .mentions import group_mentions

__all__ = ["EntityLinker", "LinkerOptions"]


class EntityLinker(ReadingScores):
    """``EntityLinker(kg, settings).link(question) -> LinkResult``, options from ``[plugins.linking]``
    (``LinkerOptions``). The label index and any ranker come from ``models`` / ``rankers`` when given,
    so a linker built inside a method context shares them."""

    Options = LinkerOptions

    def __init__(self, kg, settings: Settings | None = None, *, models: Models | None = None,
                 rankers: Rankers | None = None):
        self.kg = kg
        self.adapter = kg.adapter
        settings = settings or getattr(kg, "settings", None) or Settings()
        opts = parse_options(LinkerOptions, settings.plugin("linking"), "[plugins.linking]")
        self.options = opts
        models = models if models is not None else (rankers.models if rankers is not None else Models())
        self.max_mentions, self.max_candidates = opts.max_mentions, opts.max_candidates
        self.lookup_ngrams, self.fit_candidates, self.fuzzy = opts.lookup_ngrams, opts.fit_candidates, opts.fuzzy
        self.type_fit, self.contained = opts.type_fit, opts.contained
        self.other_names, self.initials = opts.other_names, opts.initials
        builtin = self.type_fit in ("overlap", "off")
        pool = rankers if rankers is not None else Rankers(settings, models)
        self.fit_ranker = None if builtin else pool.get(self.type_fit)
        use_index = wants_index(kg, opts.label_index)
        self.index = index_for(kg, settings, models) if use_index else None
        if self.index is not None and not len(self.index):
            self.index = None  # no labels came back: link through lookup instead
        # the KG's relation words, read only where labels are indexed (a KG small enough to scan)
        self.relation_vocab = relation_words(kg, settings, models) if self.index is not None else frozenset()
        # the language's common words (the sentence encoder's vocabulary): "Someone" opening a question
        self.common_words = pool.get("embedding").words() if self.index is not None \
            and (self.contained or self.other_names) else frozenset()
        self.known_words = self.common_words | self.relation_vocab     # words that are not only names
        auto = "both" if self.index is not None else "out"
        self.fit_direction = auto if opts.fit_direction == "auto" else opts.fit_direction

    # -- public -----------------------------------------------------------------------------------
    def link(self, question: str) -> LinkResult:
        given = current_topics()
        if given is not None:           # topic entities given with the question (given.py)
            return given_link(question, given, self.adapter)
        text, spans = bracket_spans(question)   # every [bracketed] part is a mention, as in ask
        toks = tokens(text)
        readings = []
        for span in spans:
            lo, hi = _token_range(toks, span)
            readings += [Reading(lo, hi, r.entity, r.tier) for r in self._bracketed(text, toks, lo, hi)]
        if not spans:
            readings = self._free(text, toks)
        scored = self._score(text, toks, readings, bool(spans))
        mentions = group_mentions(text, toks, scored, self.relation_vocab, self.max_mentions, self.max_candidates)
        for start, end in spans:    # a bracket nothing was found for still names the mention
            if not any(m.start < end and start < m.end for m in mentions):
                mentions.append(Mention(text[start:end], start, end, []))
        return LinkResult(text, mentions, bool(spans))

    # -- readings ---------------------------------------------------------------------------------
    def _bracketed(self, text: str, toks: list[Token], lo: int, hi: int) -> list[Reading]:
        if lo >= hi:
            return []
        name = text[toks[lo].start:toks[hi - 1].end]
        found = [Reading(lo, hi, e, EXACT) for e in self.adapter.lookup(name, limit=self.max_candidates)]
        if found or self.index is None:
            return found
        # the bracket names one entity: a label matching only part of it ("No" inside
        # "[No Such Film]") is not a reading of it, and a fuzzy match must share most of its words
        found = [r for r in index_readings(self.index, toks, lo, hi) if (r.i, r.j) == (lo, hi)]
        if not found and self.fuzzy:
            words = set(loose_key(name).split())
            found = [r for r in fuzzy_readings(self.index, toks, lo, hi)
                     if _overlap(words, set(loose_key(r.entity.label or "").split())) >= 0.5]
        return found

    def _free(self, text: str, toks: list[Token]) -> list[Reading]:
        if self.index is None:
            found = lookup_readings(self.adapter, toks, text, budget=self.lookup_ngrams)
        else:
            found = index_readings(self.index, toks)
        found = [r for r in found if scoring.acceptable(toks, r)]
        if self.index is not None:      # "german ... official language": German Language, not Germany
            found = completed_readings(self.index, toks, found, self.relation_vocab)
        if self.index is not None and self.contained:   # "United States" for United States of America
            found += contained_readings(self.index, toks, found, self._facts, self.common_words)
        # BM25 when no span matches a label, or when every match is only a relation word
        # ("what country did buddha come from": Country the genre, and no label is "buddha")
        if self.fuzzy and self.index is not None and all(self._relational(toks, r) for r in found):
            found += [r for r in fuzzy_readings(self.index, toks) if scoring.acceptable(toks, r)
                      and not self._names_another(toks, r)]
        if self.initials and self.index is not None and all(self._relational(toks, r) for r in found):
            found += initials_readings(self.index, toks, found, self.relation_vocab)   # "kkk": Ku Klux Klan
        return found

    def _names_another(self, toks: list[Token], r: Reading) -> bool:
        """Does the question write another name where the label of this partial reading goes on?"""
        words = loose_key(r.entity.label or "").split()
        return self.other_names and names_another(toks, r, words, self.known_words)

    def _facts(self, entities: list[Entity]) -> dict[Entity, int]:
        """How many facts each entity has (one ``relations`` query); empty when the endpoint fails."""
        facts: dict[Entity, int] = {}
        try:
            for rc in self.adapter.relations(entities, self.fit_direction):
                facts[rc.entity] = facts.get(rc.entity, 0) + rc.count
        except KGSparqlError:
            return {}
        return facts

    def _relational(self, toks: list[Token], r: Reading) -> bool:
        """Is the reading's span made only of words the KG names its relations with?"""
        return names_relation([t.text for t in toks[r.i:r.j]], self.relation_vocab)


def _overlap(a: set[str], b: set[str]) -> float:
    """Jaccard overlap of two word sets."""
    return len(a & b) / len(a | b) if a and b else 0.0


def _token_range(toks: list[Token], span: tuple[int, int]) -> tuple[int, int]:
    inside = [n for n, t in enumerate(toks) if t.start >= span[0] and t.end <= span[1]]
    return (inside[0], inside[-1] + 1) if inside else (0, 0)
