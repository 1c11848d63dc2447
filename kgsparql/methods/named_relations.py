"""The relations a question names word for word, as abstention reads them (``RelationMatch``'s
``NamedRelations``, docs/abstention.md): the aligner's relation words, a label narrower or broader than
a hop by a head word's modifier (``methods/head_words.py``), and the meaning view held back where the
words name another relation of the KG (``named_elsewhere``)."""
from __future__ import annotations

from typing import Sequence

from .head_words import head_word_rival

__all__ = ["NamedRelations"]


class NamedRelations:
    """Mixed into ``RelationMatch``: needs its ``aligner``, ``options`` and ``vocabulary()``."""

    def _evidence(self, masked: str, labels: list[str]) -> dict[str, dict[str, float]]:
        """The aligner's relation words of the (masked) question (word -> {label: strength})."""
        return getattr(self.aligner, "question_evidence", self.aligner.evidence)(masked, labels)

    def _head_word_rival(self, masked: str, relation_texts: Sequence[str], unfit: frozenset[str],
                         parts: dict) -> str | None:
        """A label of the KG the question names instead of a hop because it is narrower or broader by
        a head word's modifier ("lead developer" and ``developer``, ``methods/head_words.py``), on a
        KG of at most ``outside_max_relations`` relations; none of ``unfit`` (they cannot give the kind
        of answer asked for: "when was X founded" and ``founded by`` beside ``founding year``).
        Records ``parts["head_word"]``."""
        vocabulary = self.vocabulary()
        if not self.options.head_words or len(vocabulary) > self.options.outside_max_relations:
            return None
        rival = head_word_rival(masked, relation_texts, [v for v in vocabulary if v not in unfit])
        if rival:
            parts["head_word"] = 1.0
        return rival

    def _named_elsewhere(self, parts: dict, others: Sequence[str]) -> bool:
        """The question's relation words name none of the chain's relations (alignment 0) and name another
        relation of the KG: "who was Mae West's *mother*" read along ``spouse``, "who *directed* Amélie"
        along ``screenwriter``. The meaning view alone (whole-question similarity) does not outweigh that.
        Off on a KG of more than ``outside_max_relations`` relations, which words more relations its own
        way than the question's words can tell apart (as the check for relations the KG lacks)."""
        if not (self.options.named_elsewhere and others) or parts["alignment"] > 0.0:
            return False
        if len(self.vocabulary()) > self.options.outside_max_relations:
            return False
        parts["named_elsewhere"] = 1.0
        return True
