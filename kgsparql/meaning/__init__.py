"""The KG-agnostic understanding of relations and questions, shared by every method and by claim
verification (docs/meaning.md):

- ``verbalise(relation_iri, labels)`` / ``relation_texts``: a relation id in words, from the KG's own
  vocabulary (Wikidata property labels and aliases, Freebase domain/type/property segments and CVT
  legs, DBpedia camel case, generic local names);
- ``RelationMatcher(options, encoder).rank(text, relations)``: relations by meaning (MiniLM, BM25 when
  no encoder), scores in [0, 1] comparable across KGs; ``recognises(score, best)``;
- ``Polarity(encoder).denies(phrase)``: whether framing around a statement denies it ("It's false
  that …"), by meaning;
- ``question_shape(question)``: the answer it wants (count, date, place, person, thing) and the
  precision of a date; ``show_date(value, precision)``;
- ``ChainScorer``: a small trained model scoring (question, relation chain in words) pairs, for any KG;
- ``FitModel`` / ``fit_features``: P(a chain answers the question), absolute: it can say none fits."""
from .chain_scorer import ChainScorer, ChainText, chain_features, chain_text
from .fit import FIT_FEATURES, FitModel, fit_features
from .matcher import MASK, MatcherOptions, RelationMatcher
from .polarity import Polarity, PolarityOptions
from .shape import QuestionShape, question_shape, show_date
from .verbalise import local_name_words, property_id, relation_texts, verbalise, without_direction

__all__ = ["verbalise", "relation_texts", "local_name_words", "property_id", "RelationMatcher",
           "MatcherOptions", "MASK", "Polarity", "PolarityOptions", "ChainScorer", "ChainText", "chain_features", "chain_text", "QuestionShape", "question_shape", "show_date",
           "without_direction", "FitModel", "FIT_FEATURES", "fit_features"]
