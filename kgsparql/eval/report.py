"""``kgsparql report``: one self-contained HTML page over one or more results files (runs, methods)
side by side: accuracy per hop and question type, abstentions, the latency distribution, SPARQL
queries / round trips / LLM calls per question, the worst questions with their evidence, and how
the runs differ question by question. Charts are inline SVG (``charts``); the page is rendered from
``report.html.j2`` with autoescaping, so no text from a row reaches the page unescaped.
See docs/report.md."""
from __future__ import annotations

from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import jinja2

from ..errors import InputError
from .charts import bar_chart, cdf_chart, color
from .results import read_results
from .summary import percentile, summarize

__all__ = ["Run", "load_runs", "render_report", "write_report"]

COSTS = (("sparql_queries", "SPARQL queries"), ("sparql_round_trips", "round trips"), ("llm_calls", "LLM calls"))
TEMPLATE = "report.html.j2"             # beside this module


@dataclass(frozen=True)
class Run:
    """One results file: a label for the page and its rows."""

    label: str
    rows: list[dict]


def _label(path: Path, rows: list[dict], taken: set[str]) -> str:
    methods = sorted({str(r["method"]) for r in rows if r.get("method")})
    extra = [m for m in methods if m not in path.stem]
    label = path.stem + (f" ({', '.join(extra)})" if extra else "")
    if label in taken:                      # same file name in two folders: say which folder
        label = f"{path.parent.name or '.'}/{label}"
    label = next(f"{label} #{n}" if n else label for n in range(len(taken) + 1)
                 if (f"{label} #{n}" if n else label) not in taken)
    taken.add(label)
    return label


def load_runs(paths: list[str | Path]) -> list[Run]:
    """Each file read as a results file (``read_results``: a bad file is one ``InputError``)."""
    if not paths:
        raise InputError("give at least one results file (ROWS.jsonl)")
    runs, taken = [], set()
    for path in map(Path, paths):
        rows, _ = read_results(path)
        if not rows:
            raise InputError(f"{path} holds no result rows")
        runs.append(Run(_label(path, rows, taken), rows))
    return runs


def _stat(row: dict, name: str) -> float:
    stats = row.get("stats") if isinstance(row.get("stats"), dict) else {}
    value = stats.get(name, 0)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def _seconds(row: dict) -> float:
    return _stat(row, "seconds")


def _distribution(values: list[float]) -> dict:
    return {"mean": sum(values) / len(values) if values else 0.0, "p50": percentile(values, 50),
            "p90": percentile(values, 90), "p95": percentile(values, 95), "p99": percentile(values, 99),
            "max": max(values, default=0.0)}


def _abstentions(run: Run) -> dict:
    rows = [r for r in run.rows if r.get("abstained")]
    reasons: dict[str, int] = {}
    for r in rows:
        reason = str(r["abstained"])
        if r.get("topic"):
            reason = reason.replace(str(r["topic"]), "‹topic›")
        reasons[reason] = reasons.get(reason, 0) + 1
    top = sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))[:6]
    return {"n": len(rows), "share": len(rows) / len(run.rows), "reasons": top}


def _worst(run: Run, count: int) -> list[dict]:
    """Misses first (lowest F1, then no hit at all, then the slowest), at most ``count``."""
    misses = [r for r in run.rows if not r.get("hits1")]
    misses.sort(key=lambda r: (float(r.get("f1") or 0), bool(r.get("hit_any")), -_seconds(r)))
    return misses[:count]


def _agreement(first: Run, other: Run) -> dict:
    """Question by question on the ids both runs hold: Hits@1 in both, only one, neither."""
    right = {r["id"]: bool(r.get("hits1")) for r in first.rows}
    pairs = [(right[r["id"]], bool(r.get("hits1"))) for r in other.rows if r["id"] in right]
    count = lambda a, b: sum(1 for p in pairs if p == (a, b))  # noqa: E731
    return {"label": other.label, "common": len(pairs), "both": count(True, True),
            "only_first": count(True, False), "only_other": count(False, True), "neither": count(False, False)}


def _per_hop(runs: list[Run], summaries: list[dict], hops: list[str], key: str) -> dict[str, list[float]]:
    return {run.label: [s["by_hops"].get(h, {}).get(key, 0.0) for h in hops] for run, s in zip(runs, summaries)}


def _charts(runs: list[Run], summaries: list[dict], hops: list[str]) -> list:
    names = [f"{h}-hop" if h.isdigit() else h for h in hops]
    latency = {r.label: [_seconds(x) for x in r.rows] for r in runs}
    return [bar_chart("Hits@1 per hop", names, _per_hop(runs, summaries, hops, "hits1"), y_label="Hits@1", y_max=1.0),
            cdf_chart("Latency distribution (cumulative)", latency, x_label="seconds per question (log scale)"),
            bar_chart("SPARQL queries per question", names, _per_hop(runs, summaries, hops, "sparql_queries_mean"),
                      y_label="mean per question"),
            bar_chart("SPARQL round trips per question", names,
                      _per_hop(runs, summaries, hops, "sparql_round_trips_mean"), y_label="mean per question")]


def report_context(runs: list[Run], *, worst: int = 15) -> dict:
    """Everything the template shows, computed from the rows."""
    summaries = [summarize(r.rows, by_qtype=True) for r in runs]
    qtypes = sorted({q for s in summaries for q in s["by_qtype"]})
    hops = sorted({h for s in summaries for h in s["by_hops"]}, key=lambda h: (not h.isdigit(), h))
    return {
        "version": _version(),
        "runs": [{"label": run.label, "color": color(i), "summary": s, "abstentions": _abstentions(run),
                  "latency": _distribution([_seconds(r) for r in run.rows]),
                  "costs": [(title, _distribution([_stat(r, key) for r in run.rows])) for key, title in COSTS],
                  "worst": _worst(run, worst)}
                 for i, (run, s) in enumerate(zip(runs, summaries))],
        "hops": hops,
        "qtypes": qtypes,
        "charts": _charts(runs, summaries, hops),
        "agreement": [_agreement(runs[0], other) for other in runs[1:]],
    }


def _version() -> str:
    try:
        return metadata.version("kgsparql")
    except metadata.PackageNotFoundError:
        return "unknown"


def render_report(runs: list[Run], *, title: str = "kgsparql evaluation report", worst: int = 15) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(__file__).parent), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.get_template(TEMPLATE).render(title=title, **report_context(runs, worst=worst))


def write_report(runs: list[Run], out: str | Path, **options) -> Path:
    """Render and write the page (``InputError`` when ``out`` cannot be written)."""
    out = Path(out)
    html = render_report(runs, **options)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(html, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write report {out}: {exc.strerror or exc}") from None
    return out
