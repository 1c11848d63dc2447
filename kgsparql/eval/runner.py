"""Runs items through a method and records one result row per question as it goes.

``asker`` is anything with ``ask(question, id=...) -> Answer`` (``kgsparql.api.Asker``) or a bare
method with ``answer(question, *, id=...) -> Answer`` (its stats are then collected here the way
``Asker`` does). A ``KGSparqlError`` from one question is recorded in that row's ``error`` and scores
as a miss; anything else (a bug, Ctrl-C) stops the run, with every finished row already on disk."""
from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Callable, Iterable

from ..errors import KGSparqlError
from ..api import answer_with_stats
from ..config import Settings
from ..parallel import ordered_map
from ..types import Answer
from .items import Item
from .metrics import MISS, Scores, score
from .process_workers import process_map
from .results import ResultsFile
from .summary import summarize

__all__ = ["Runner", "evaluate_item", "result_row"]

AskFn = Callable[[str, str], Answer]


def _ask_fn(asker) -> AskFn:
    if hasattr(asker, "ask"):
        return lambda question, qid: asker.ask(question, id=qid)
    if hasattr(asker, "answer"):
        return lambda question, qid: answer_with_stats(asker, question, qid)
    raise TypeError("the runner needs an Asker (ask) or a method (answer)")


EVIDENCE_PATHS = 3     # evidence paths kept per row (the report shows them for the worst questions)


def result_row(item: Item, answers: list[str], scores: Scores, stats: dict, error: str | None = None,
               answer: Answer | None = None) -> dict:
    row = {"id": item.id, "question": item.question, "gold": list(item.answers), "answers": answers,
           **scores.to_json(), "hops": item.hops, "qtype": item.qtype, "topic": item.topic,
           "stats": stats}
    if answer is not None:
        row["abstained"] = answer.abstained
        row["evidence"] = [{"path": path.to_json(), "score": round(float(weight), 6)}
                           for path, weight in answer.evidence[:EVIDENCE_PATHS]]
    if error is not None:
        row["error"] = error
    return row


def evaluate_item(item: Item, ask: AskFn) -> dict:
    t0 = time.perf_counter()
    try:
        answer = ask(item.question, item.id)
    except KGSparqlError as exc:
        return result_row(item, [], MISS, {"seconds": round(time.perf_counter() - t0, 6)}, str(exc))
    answers = [str(a) for a in answer.answers]
    return result_row(item, answers, score(answers, item.answers), dict(answer.stats), answer=answer)


def _progress(total: int, desc: str | None, quiet: bool):
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="q", file=sys.stderr, dynamic_ncols=True,
                disable=quiet or not sys.stderr.isatty())


class Runner:
    """Owns the results file of one evaluation; ``run`` may be called once per part (KB)."""

    def __init__(self, out: str | Path | None = None, *, resume: bool = False, overwrite: bool = False,
                 quiet: bool = False):
        self.results = ResultsFile(out, resume=resume, overwrite=overwrite)
        self.quiet = quiet

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
        return self._write(ordered_map(lambda item: evaluate_item(item, ask), todo, workers), len(todo), desc, tags)

    def run_in_processes(self, items: Iterable[Item], settings: Settings, *, workers: int,
                         desc: str | None = None, tags: dict | None = None) -> int:
        """``run`` with ``workers`` processes, each with its own ``Asker(settings)`` (process_workers)."""
        todo = self.pending(items)
        return self._write(process_map(settings, todo, workers), len(todo), desc, tags)

    def _write(self, rows: Iterable[dict], total: int, desc: str | None, tags: dict | None) -> int:
        hits = 0
        with _progress(total, desc, self.quiet) as bar:
            for n, row in enumerate(rows, 1):
                self.results.append({**row, **(tags or {})})
                hits += bool(row["hits1"])
                bar.set_postfix_str(f"Hits@1 {hits / n:.3f}", refresh=False)
                bar.update(1)
        return total

    def summary(self, *, by_qtype: bool = False) -> dict:
        return summarize(self.rows, by_qtype=by_qtype)

    def close(self) -> None:
        self.results.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
