"""The Method protocol and ``build_method``. A method is constructed once, as ``Method(ctx)`` with a
``MethodContext``, and then called with data only."""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..config import Settings
from ..errors import KGSparqlError
from ..linking import EntityLinker
from ..linking.vocabulary import loaded_relation_vocabulary
from ..meaning import RelationMatcher
from ..meaning.lexicon import Lexicon
from ..loaded_models import Models
from ..plugin_options import parse_options
from ..rank.base import Rankers
from ..registry import check_plugin_tables, create
from ..types import Answer
from .abstention import AbstentionOptions, RelationMatch
from .context import MethodContext
from .kind_relations import KindRelations
from .relation_fit import load_fit_model
from .scorer_trust import ScorerTrust

__all__ = ["Method", "build_method", "context_parts"]


@runtime_checkable
class Method(Protocol):
    name: str

    def answer(self, question: str, *, id: str | None = None) -> Answer:
        """Answer one question. ``Answer.stats`` is filled by the caller's ``stats.collect()``;
        ``Answer.abstained`` says why there is no answer when the KG does not hold one."""
        ...


def build_method(kg, settings: Settings, llm=None, *, models: Models | None = None) -> Method:
    """The configured method (``settings.method``) on ``kg``: the context (adapter, linker, shared
    rankers, the LLM ``settings.llm`` names unless ``llm`` is given, options from
    ``[methods.<method>]``) is built here, once."""
    parts = context_parts(kg, settings, llm, models)
    return create("method", settings.method, settings, context=MethodContext, **parts,
                  abstention=relation_match(kg, settings, parts["models"], parts["rankers"]))


def context_parts(kg, settings: Settings, llm=None, models: Models | None = None) -> dict:
    """What every ``MethodContext`` on ``kg`` holds (models, adapter, linker, shared rankers, the LLM
    ``settings.llm`` names unless ``llm`` is given), after checking the ``[plugins.*]`` tables;
    methods and claim verifiers are built from it."""
    check_plugin_tables(settings)
    models = models if models is not None else Models()
    if llm is None:
        from ..llm import build_llm  # the LLM layer owns spec parsing ("none", "llama", "openai:M")

        llm = build_llm(settings, models)
    rankers = Rankers(settings, models)
    linker = EntityLinker(kg, settings, models=models, rankers=rankers)
    return {"models": models, "adapter": kg.adapter, "linker": linker, "rankers": rankers, "llm": llm}


def relation_match(kg, settings: Settings, models: Models, rankers: Rankers) -> RelationMatch:
    """The abstention check of a context; the KG's relation vocabulary is read once per KG (and
    saved across runs for a store on disk, ``linking.vocabulary``)."""
    options = parse_options(AbstentionOptions, settings.plugin("abstention"), "[plugins.abstention]")
    adapter = kg.adapter

    def relations() -> list:
        return loaded_relation_vocabulary(kg, settings, models, options.vocabulary_limit)

    def vocabulary() -> list[str]:
        return [adapter.verbalize(r) for r in relations()]

    def names() -> dict[str, list[str]]:
        """The KG's other names for its relations (Wikidata aliases), for the aligner."""
        try:
            return {adapter.verbalize(r): found for r in relations() if len(found := relation_names(adapter, r)) > 1}
        except KGSparqlError:       # a big endpoint may refuse the scan: the labels alone
            return {}

    aligner = rankers.get("alignment")
    if hasattr(aligner, "learn_names"):
        aligner.learn_names(names)
    matcher = RelationMatcher(encoder=rankers.get("embedding")) if options.meaning else None
    if matcher is not None and hasattr(aligner, "use_matcher"):
        aligner.use_matcher(matcher)       # questions that name no relation word for word
    trust = ScorerTrust(kg, settings, models, rankers.get("embedding"), options.trust_questions)
    kinds = KindRelations(adapter, widen=lambda: len(relations()) <= options.outside_max_relations)
    fit = models.load(("relation-fit", options.fit_model), lambda: load_fit_model(options.fit_model)) \
        if matcher is not None else None
    lexicon = Lexicon(settings.home_path) if options.lexicon and matcher is not None else None
    return RelationMatch(aligner, vocabulary, options, matcher, kinds, trust,
                         getattr(adapter, "relation_descriptions", None), fit, lexicon)


def relation_names(adapter, relation) -> list[str]:
    """``adapter.relation_names`` where the adapter has it (a third-party adapter may not)."""
    names = getattr(adapter, "relation_names", None)
    return names(relation) if names is not None else [adapter.verbalize(relation)]
