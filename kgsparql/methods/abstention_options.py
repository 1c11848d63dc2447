"""Abstention's options, ``[plugins.abstention]`` (docs/abstention.md: what each one does and how it
was calibrated)."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ConfigError

__all__ = ["AbstentionOptions"]


@dataclass(frozen=True)
class AbstentionOptions:
    enabled: bool = True
    threshold: float = 0.2              # the prior recognises a chain from this ratio up
    zero_shot_threshold: float = 0.7    # alignment recognises a chain from this F1 up ...
    prior_confident: float = 0.5        # ... unless the prior's favourite has at least this probability
    vocabulary_limit: int = 20000       # relations of the KG read for the comparison
    meaning: bool = True                # the meaning view (kgsparql.meaning) may recognise a chain ...
    meaning_min: float = 0.2            # ... whose best hop scores at least this ...
    meaning_hop_ratio: float = 0.5      # ... and every hop at least this share of the best (the last small_hop_ratio on a
    small_hop_ratio: float = 0.35       # KG of at most outside_max_relations relations where no prior speaks), unless a
    meaning_margin: float = 0.1         # relation the question names scores this much better and
    meaning_same: float = 0.7           # is less similar than this to every hop (it means another thing);
    meaning_chain_alignment: float = 0.5  # a chain of several hops needs this alignment too (words for its hops)
    named_elsewhere: bool = True        # nor does it alone recognise a chain none of whose relations the question
                                        # names while it names another of the KG's (KGs of at most outside_max_relations)
    kind_share: float = 0.02            # a relation the question names counts against the chain only when
                                        # at least this share of the topic's kind holds it (methods.kind_relations)
    unheld_rivals: bool = True          # a relation the question names that neither the topic nor its kind holds
                                        # is no rival of the chain the scorer ranks first (small KGs, no prior)
    chain_named: bool = True            # a chain of several hops the words name (meaning_chain_alignment) and the
                                        # scorer ranks first, no rival word left (small KGs, no prior)
    asked_kind: bool = True             # a label the asked noun alone names ("which *country*") that the chain's
                                        # ends hold names their kind, no rival (methods.asked_kind; small KGs, no prior)
    framed_relation: bool = True        # "what is the N of X" with no relation word naming the chain (alignment 0)
                                        # is refused, naming N (methods.asked_kind; small KGs, no prior)
    backward_person: bool = True        # "who" along one hop walked backwards that only the meaning view recognised,
                                        # no word naming it, is refused (methods.unread_direction; small KGs, no prior)
    counted_named: bool = True          # so is a count of entities along such a hop ("how many pages" -> publisher)
    agent_for_place: bool = True        # "where" answered forwards along a "<verb> by" label with ends that read as no
                                        # place is refused (methods.agent_label; small KGs, no prior)
    nested_hops: bool = True            # a two-hop chain whose hops are each meant by their half of a question that
                                        # nests its topic (methods.nested_hops; small KGs, no prior)
    answer_kind: bool = True            # abstain when the chain reaches only dates and the question asks for none
    meaning_agreement: float = 0.5      # the meaning view alone needs the shared chain scorer to give the chain
                                        # at least this share of its favourite's probability ...
    scorer_trusted: float = 0.73        # ... where the scorer ranks this share of the KG's own synthetic questions
    trust_questions: int = 200          # right or more (a 95% lower bound, on up to this many; 0: always trusted)
    outside: bool = True                # abstain when the question asks for a relation the KG lacks
                                        # (methods.outside_relations: a general relation vocabulary) ...
    outside_same: float = 0.7           # ... one below this cosine to every relation name of the KG ...
    outside_min: float = 0.65           # ... that the question names at least this well ...
    outside_margin: float = 0.3         # ... and this much better than every hop of the chain, when the
    outside_fit: float = 0.35           # chain's answers reach below this cosine to that relation
    fit_answers: int = 5                # (the first this many answers are read); on a KG of at most
    spent_words: bool = True            # a word that a hop of the chain already uses ("what type of *government*
                                        # ..." and ``form of government``), or the frame of "what *type* of N", names
                                        # no rival relation for the refusal (methods/spent_words.py)
    head_words: bool = True             # a label narrower or broader by a modifier that the question does or does
                                        # not use is the one asked for (methods.head_words; KGs of at most
                                        # outside_max_relations relations)
    lexicon: bool = True                # ... (a general relation a hop holds under other words of one role,
                                        # by WordNet, is not lacking: kgsparql.meaning.lexicon) ...
    outside_max_relations: int = 300    # this many relations (a bigger one words more of them its own way),
    outside_prior_certain: float = 0.95  # and not when the KG's trained prior recognises the chain this surely
    standing_min: float = 0.10          # the meaning view alone needs the chain's best hop this far above the
                                        # median of the KG's relations (methods.relation_standing; small KGs),
    fit_model: str = ""                 # the relation-fit model (methods.relation_fit; "" the shipped one, "none"
                                        # off), for a one-hop chain where no prior speaks, on a small KG:
    fit_veto: float = 0.0               # one only meaning recognised is refused below this probability, and
    fit_lift: float = 0.0               # one no view recognised is answered from this one (0: the model's bars)
    standing_kind_fit: float = 1.1      # unless the chain scorer ranks it first and its ends fit the person or
                                        # place asked for this well (KindFit.fit; 0: never)

    def __post_init__(self) -> None:
        limits = (self.threshold, self.zero_shot_threshold, self.prior_confident, self.meaning_min,
                  self.meaning_hop_ratio, self.small_hop_ratio, self.meaning_margin, self.meaning_same,
                  self.meaning_chain_alignment, self.kind_share, self.meaning_agreement, self.scorer_trusted,
                  self.outside_same, self.outside_min, self.outside_margin, self.outside_fit,
                  self.outside_prior_certain, self.standing_min, self.fit_veto, self.fit_lift)
        if not 0.0 <= self.standing_kind_fit <= 2.0:
            raise ConfigError("need standing_kind_fit in [0, 2]")
        if not all(0.0 <= x <= 1.0 for x in limits) or self.vocabulary_limit < 1 or self.trust_questions < 0 \
                or self.fit_answers < 1 or self.outside_max_relations < 0:
            raise ConfigError("need thresholds in [0, 1], vocabulary_limit >= 1, trust_questions >= 0 "
                              "and fit_answers, outside_max_relations >= 1")
