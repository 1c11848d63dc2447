"""Runs items through a method and records one result row per question as it goes.

``asker`` is anything with ``ask(question, id=...) -> Answer`` (``kgsparql.api.Asker``) or a bare
method with ``answer(question, *, id=...) -> Answer`` (its stats are then collected here the way
``Asker`` does). With ``gold_topic`` each item's ``topic_iris`` are given to linking instead of
found (``linking.given_topics``); an item without them is linked as usual. A ``KGSparqlError`` from one question is recorded in that row's ``error`` and scores
as a miss; anything else (a bug, Ctrl-C) stops the run, with every finished row already on disk."""
from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Callable, Iterable

from ..errors import KGSparqlError
from ..api import answer_with_stats
from ..config import Settings
from ..linking import given_topics
from ..parallel import ordered_map
from ..types import Answer
from .items import Item
from .metrics import MISS, Scores, normalise, score
from .process_workers import process_map
from .results import ResultsFile
from .summary import summarize

__all__ = ["Runner", "evaluate_item", "result_row", "answer_iris"]

AskFn = Callable[[str, str], Answer]


def _ask_fn(asker) -> AskFn:
    if hasattr(asker, "ask"):
        return lambda question, qid: asker.ask(question, id=qid)
    if hasattr(asker, "answer"):
        return lambda question, qid: answer_with_stats(asker, question, qid)
    raise TypeError("the runner needs an Asker (ask) or a method (answer)")


EVIDENCE_PATHS = 3     # evidence paths kept per row (the report shows them for the worst questions)


def result_row(item: Item, answers: list[str], scores: Scores, stats: dict, error: str | None = None,
               iris: list[str | None] | None = None, answer: Answer | None = None) -> dict:
    row = {"id": item.id, "question": item.question, "gold": list(item.answers), "answers": answers,
           **scores.to_json(), "hops": item.hops, "qtype": item.qtype, "topic": item.topic,
           "stats": stats}
    if answer is not None:
        row["abstained"] = answer.abstained
        row["evidence"] = [{"path": path.to_json(), "score": round(float(weight), 6)}
                           for path, weight in answer.evidence[:EVIDENCE_PATHS]]
    if item.answer_iris:
        row.update(gold_iris=list(item.answer_iris), answer_iris=iris or [])
    if item.answerable is not None:
        row["answerable"] = item.answerable
    if error is not None:
        row["error"] = error
    return row


def evaluate_item(item: Item, ask: AskFn, gold_topic: bool = False) -> dict:
    """One row; with ``gold_topic`` the item's topic IRIs are given instead of linked (when it has any)."""
    t0 = time.perf_counter()
    try:
        with given_topics(item.topic_iris if gold_topic else None):
            answer = ask(item.question, item.id)
    except KGSparqlError as exc:
        return result_row(item, [], MISS, {"seconds": round(time.perf_counter() - t0, 6)}, str(exc))
    answers = [str(a) for a in answer.answers]
    iris = answer_iris(answer)
    return result_row(item, answers, score(answers, item.answers, iris=iris, gold_iris=item.answer_iris),
                      dict(answer.stats), iris=iris, answer=answer)


def answer_iris(answer: Answer) -> list[str | None]:
    """The IRI of each answer: the end of an evidence path named like it (None for a literal or unseen)."""
    by_name: dict[str, str] = {}
    for path, _ in answer.evidence:
        end = path.end
        if end is not None and not end.is_literal:
            by_name.setdefault(normalise(end.name), end.id)
    return [by_name.get(normalise(str(a))) for a in answer.answers]


def _progress(total: int, desc: str | None, quiet: bool):
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="q", file=sys.stderr, dynamic_ncols=True,
                disable=quiet or not sys.stderr.isatty())


class Runner:
    """Owns the results file of one evaluation; ``run`` may be called once per part (KB)."""

    def __init__(self, out: str | Path | None = None, *, resume: bool = False, overwrite: bool = False,
                 quiet: bool = False, gold_topic: bool = False):
        self.results = ResultsFile(out, resume=resume, overwrite=overwrite)
        self.quiet, self.gold_topic = quiet, gold_topic

    @property
    def rows(self) -> list[dict]:
        return self.results.rows

    def pending(self, items: Iterable[Item]) -> list[Item]:
        done = self.results.done
        return [it for it in items if it.id not in done]

    def run(self, items: Iterable[Item], asker, *, desc: str | None = None, workers: int = 1,
            tags: dict | None = None) -> int:
        """Ask every item not answered yet, ``workers`` at a time (threads sharing ``asker``); rows
        are written in input order as they are ready, so an interrupted run leaves a prefix to
        ``--resume``. ``tags`` are added to every row (``{"method": ...}``). Returns how many were asked."""
        todo, ask = self.pending(items), _ask_fn(asker)
        rows = ordered_map(lambda item: evaluate_item(item, ask, self.gold_topic), todo, workers)
        return self._write(rows, len(todo), desc, tags)

    def run_in_processes(self, items: Iterable[Item], settings: Settings, *, workers: int,
                         desc: str | None = None, tags: dict | None = None) -> int:
        """``run`` with ``workers`` processes, each with its own ``Asker(settings)`` (process_workers)."""
        todo = self.pending(items)
        return self._write(process_map(settings, todo, workers, self.gold_topic), len(todo), desc, tags)

    def _write(self, rows: Iterable[dict], total: int, desc: str | None, tags: dict | None) -> int:
        hits = 0
        with _progress(total, desc, self.quiet) as bar:
            for n, row in enumerate(rows, 1):
                self.results.append({**row, **(tags or {})})
                hits += bool(row["hits1"])
                bar.set_postfix_str(f"Hits@1 {hits / n:.3f}", refresh=False)
                bar.update(1)
        return total

    def record_error(self, item: Item, error: str) -> None:
        """A row for an item that cannot be asked (a malformed input line), unless already recorded."""
        if item.id not in self.results.done:
            self.results.append(result_row(item, [], MISS, {"seconds": 0.0}, error))

    def summary(self, *, by_qtype: bool = False) -> dict:
        return summarize(self.rows, by_qtype=by_qtype)

    def close(self) -> None:
        self.results.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
