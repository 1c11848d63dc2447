"""Summaries of result rows: overall, per hop count and (optionally) per question type.

Every figure is a mean over the group's rows, error rows included (they score 0). Seconds are the
method's wall time per question (``stats.seconds``); p50/p95 use the nearest-rank percentile. Rows
that say whether their gold is in the KB (``answerable``) also give the ``ceiling`` (the share that
is) and ``hits1_answerable`` (Hits@1 over those rows only)."""
from __future__ import annotations

import math
from typing import Iterable

__all__ = ["summarize", "group_stats", "format_table", "percentile"]

_COUNTERS = ("sparql_queries", "sparql_round_trips", "llm_calls", "prompt_tokens", "completion_tokens")


def percentile(values: list[float], p: float) -> float:
    """Nearest rank: the smallest value with at least ``p`` % of the values at or below it."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def _mean(values: Iterable[float]) -> float:
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def _num(value) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def group_stats(rows: list[dict]) -> dict:
    stats = [r.get("stats") if isinstance(r.get("stats"), dict) else {} for r in rows]
    seconds = [_num(s.get("seconds")) for s in stats]
    out = {
        "n": len(rows),
        "errors": sum(1 for r in rows if r.get("error")),
        "hits1": _mean(float(bool(r["hits1"])) for r in rows),
        "hit_any": _mean(float(bool(r["hit_any"])) for r in rows),
        "f1": _mean(_num(r["f1"]) for r in rows),
        "em": _mean(float(bool(r.get("em"))) for r in rows),
        "seconds_mean": _mean(seconds),
        "seconds_p50": percentile(seconds, 50),
        "seconds_p95": percentile(seconds, 95),
    }
    for name in _COUNTERS:
        out[f"{name}_mean"] = _mean(_num(s.get(name)) for s in stats)
    if any("answerable" in r for r in rows):        # datasets whose KB may lack the gold (WebQSP, CWQ)
        answerable = [r for r in rows if r.get("answerable")]
        out["ceiling"] = len(answerable) / len(rows)
        out["hits1_answerable"] = _mean(float(bool(r["hits1"])) for r in answerable)
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in out.items()}


def _hop_key(row: dict) -> str:
    hops = row.get("hops")
    return str(hops) if isinstance(hops, int) and not isinstance(hops, bool) else "none"


def _grouped(rows: list[dict], key) -> dict[str, dict]:
    groups: dict[str, list[dict]] = {}
    for r in rows:
        groups.setdefault(key(r), []).append(r)
    order = sorted(groups, key=lambda k: (not k.isdigit(), int(k) if k.isdigit() else 0, k))
    return {k: group_stats(groups[k]) for k in order}


def summarize(rows: list[dict], *, by_qtype: bool = False) -> dict:
    summary = {"overall": group_stats(rows), "by_hops": _grouped(rows, _hop_key)}
    if by_qtype:
        summary["by_qtype"] = _grouped(rows, lambda r: str(r.get("qtype") or "none"))
    return summary


_COLUMNS = [("n", "n", "{:d}"), ("errors", "err", "{:d}"), ("hits1", "Hits@1", "{:.3f}"),
            ("hit_any", "Hit@any", "{:.3f}"), ("f1", "F1", "{:.3f}"), ("em", "EM", "{:.3f}"),
            ("seconds_mean", "s/q", "{:.3f}"), ("seconds_p50", "p50", "{:.3f}"),
            ("seconds_p95", "p95", "{:.3f}"), ("sparql_queries_mean", "SPARQL/q", "{:.1f}"),
            ("sparql_round_trips_mean", "trips/q", "{:.1f}"),
            ("llm_calls_mean", "LLM/q", "{:.2f}"), ("prompt_tokens_mean", "prompt tok", "{:.0f}"),
            ("completion_tokens_mean", "compl tok", "{:.0f}")]


_CEILING = [("ceiling", "ceiling", "{:.3f}"), ("hits1_answerable", "H@1 ans", "{:.3f}")]


def format_table(summary: dict) -> str:
    """A plain-text table: one line overall, one per hop count, one per qtype when present."""
    columns = _COLUMNS[:5] + (_CEILING if "ceiling" in summary["overall"] else []) + _COLUMNS[5:]
    lines = [("all", summary["overall"])]
    lines += [(f"{k}-hop" if k.isdigit() else "no hop count", v) for k, v in summary.get("by_hops", {}).items()]
    lines += [(k, v) for k, v in summary.get("by_qtype", {}).items()]
    label_w = max(len(label) for label, _ in lines)
    cells = [[fmt.format(stats.get(key, 0)) for key, _, fmt in columns] for _, stats in lines]
    widths = [max(len(title), *(len(row[i]) for row in cells)) for i, (_, title, _) in enumerate(columns)]
    header = " " * label_w + "  " + "  ".join(t.rjust(w) for (_, t, _), w in zip(columns, widths))
    body = [label.ljust(label_w) + "  " + "  ".join(c.rjust(w) for c, w in zip(row, widths))
            for (label, _), row in zip(lines, cells)]
    return "\n".join([header, *body])
