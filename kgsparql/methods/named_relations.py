"""The relations a question names word for word, as abstention reads them (``RelationMatch``'s
``NamedRelations``, docs/abstention.md): the aligner's relation words, a label narrower or broader than
a hop by a head word's modifier (``methods/head_words.py``), the meaning view held back where the
words name another relation of the KG (``named_elsewhere``), and named relations that neither the topic
nor its kind holds, which name no missing fact (``unheld_rivals``)."""
from __future__ import annotations

from typing import Sequence

from ..meaning import without_direction
from .head_words import head_word_rival
from .meaning_view import ranked_first

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

    def _unheld(self, labels: Sequence[str], topics: Sequence, chain: Sequence, parts: dict) -> frozenset[str]:
        """Of the relations the question names beside the chain (``labels``), those that neither the topic
        nor any entity of its kind holds, in either direction, the kind read both ways ``KindRelations``
        offers: the entities that share the topic's first-hop value, and the holders of that first hop
        (every founder, for ``founded by (reverse)``): "which *companies* did
        Bill Gates found" names ``parent company``, which no founder holds; "what kind of music does
        Metallica *play*" names ``plays instrument``, which no band holds. Such a word names the kind of
        the answer or another corner of the KG, not a fact the topic lacks. Read only where two views
        already want the chain: the shared chain scorer ranks it first and no trained prior of the KG
        speaks (a KG with one keeps its own witness and pays no query), on a KG of at most
        ``outside_max_relations`` relations (two batched adapter steps, cached per topic and first hop),
        and only where the first hop has holders besides the topic (else nothing says what things like it hold).
        Records ``parts["unheld"]``."""
        kinds = getattr(self, "kinds", None)
        if not (self.options.unheld_rivals and labels and kinds is not None and topics and chain) \
                or "prior" in parts or not ranked_first(parts) or not self.few_relations():
            return frozenset()
        named = sorted({without_direction(x) for x in labels})
        holding = _kind_holding(kinds, topics, chain[0], named)
        if holding is None:     # no holder of the first hop but the topic: nothing like it to go by
            return frozenset()
        own, kind_held = holding
        unheld = frozenset(t for t in named if t not in own and t not in kind_held)
        if unheld:
            parts["unheld"] = 1.0
        return unheld

    def _chain_named(self, parts: dict, relation_texts: Sequence[str], evidence: dict, own: set,
                     unheld: frozenset[str], topics: Sequence = (), chain: Sequence = ()) -> bool:
        """A chain of several hops on a small KG with no trained prior, recognised by the views that read it
        whole: the question's words name at least ``meaning_chain_alignment`` of it (alignment), the
        shared chain scorer ranks it first (even where it misranks too many of the KG's own one- and
        two-hop questions to veto alone, ``scorer_trusted``: here it is one witness of three), its best hop
        means what is asked (``meaning_min``; the weakest hop, often the bridge "in" or "of" that no word
        names, is not asked to), no word names a relation of the KG other than the chain's own that
        the topic's kind holds, and the chain is no detour to a relation asked of the topic (``_detour``).
        A word that names one of the chain's hops names no rival as well ("the *discoverer*":
        ``discovered by`` in the chain, ``discovered at`` beside it): one word, one relation. "Which companies are headquartered in Japan?" along ``country (reverse) ;
        headquarters city (reverse)``, "Name the genres of the games X composed for" along ``music by
        (reverse) ; genre``. Records ``parts["chain_named"]``."""
        o = self.options
        if len(relation_texts) < 2 or "prior" in parts or not o.chain_named or not self.few_relations() \
                or parts["alignment"] < o.meaning_chain_alignment or parts.get("meaning", 0.0) < o.meaning_min \
                or "meaning_rival" in parts or not ranked_first(parts):
            return False
        rivals = {without_direction(label) for e in evidence.values()
                  if not any(without_direction(x) in own for x in e) for label in e} - own - unheld
        if rivals or self._detour(relation_texts, evidence, topics, chain, parts):
            return False
        parts["chain_named"] = 1.0
        return True

    def _detour(self, relation_texts: Sequence[str], evidence: dict, topics: Sequence, chain: Sequence,
                parts: dict) -> bool:
        """A hop past the first that the question's words name is one things like the topic hold
        themselves and the topic lacks: the question asks it of the topic, and the chain walks to
        other entities to find it ("which films did Meryl Streep *direct*" along ``cast member (reverse) ;
        director``: other actors hold ``director``, she does not). Where the kind cannot be read, so
        is the chain taken for one. "Which companies are *headquartered* in Japan" is no detour: no
        country holds ``headquarters city``. Records ``parts["detour"]``."""
        kinds = getattr(self, "kinds", None)
        named = {without_direction(label) for e in evidence.values() for label in e}
        later = sorted({without_direction(t) for t in relation_texts[1:]} & named)
        if not later:
            return False
        if kinds is None or not topics or len(chain) != len(relation_texts):
            return True
        holding = _kind_holding(kinds, topics, chain[0], later)
        if holding is None:
            return True
        own, kind_held = holding
        if any(t not in own and t in kind_held for t in later):
            parts["detour"] = 1.0
            return True
        return False

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


def _kind_holding(kinds, topics: Sequence, first_hop, names: Sequence[str]) -> tuple[set[str], set[str]] | None:
    """Of ``names``: the relations the topic itself holds, and those things of its kind hold, by either
    reading of the kind (``KindRelations.share`` and ``peer_share``); None where the first hop has no
    holder but the topic."""
    peers = kinds.peer_share(topics, first_hop, names)
    if peers is None:
        return None
    shares = kinds.share(topics, first_hop, names)
    return kinds.held(topics), {t for t in names if max(shares.get(t, 0.0), peers.get(t, 0.0)) > 0.0}
