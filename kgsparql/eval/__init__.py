"""Benchmark harness: dataset loaders, KB stores, metrics, the runner and summaries.

    from kgsparql.eval import load_dataset, Runner
    parts = load_dataset("metaqa", data_dir, split="test", hops={1})
    with Asker(store=...) as asker, Runner("out.jsonl") as runner:
        runner.run(parts[0].items, asker)
        print(runner.summary())
"""
from .datasets import DATASETS, benchmark, load_dataset, resolve_data_dir, sample, strip_brackets
from .items import Item, Part, seeded_split
from .kb import KBSource, ensure_store
from .metrics import exact_match, hit_any, hits_at_1, normalise, score, set_f1
from .results import ResultsFile, read_results
from .runner import Runner
from .summary import format_table, summarize

__all__ = ["DATASETS", "benchmark", "load_dataset", "resolve_data_dir", "sample", "strip_brackets", "Item", "Part",
           "seeded_split", "KBSource", "ensure_store", "normalise", "score", "hits_at_1", "hit_any",
           "set_f1", "exact_match", "ResultsFile", "read_results", "Runner", "summarize", "format_table"]
