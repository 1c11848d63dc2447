"""Chart geometry for the HTML report: grouped bars and cumulative-distribution lines, laid out in
pixels here and drawn as inline SVG by ``report.html.j2`` (its ``chart`` macro). Nothing
is loaded from anywhere: a chart is rectangles, polylines, ticks and a legend."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

__all__ = ["Chart", "bar_chart", "cdf_chart", "PALETTE", "nice_ticks"]

PALETTE = ("#2f6fb0", "#e07b39", "#3a9d5d", "#c4453c", "#7d5ba6", "#8c6d3f", "#d16ba5", "#6b7280")
WIDTH, HEIGHT = 560, 260
LEFT, RIGHT, TOP, BOTTOM = 52, 12, 14, 44
MAX_STEPS = 400


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    w: float
    h: float
    color: str
    title: str


@dataclass(frozen=True)
class Line:
    points: str          # "x,y x,y ..." for an SVG polyline
    color: str
    title: str


@dataclass(frozen=True)
class Tick:
    pos: float
    label: str


@dataclass(frozen=True)
class Chart:
    title: str
    x_label: str
    y_label: str
    bars: list[Bar] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    x_ticks: list[Tick] = field(default_factory=list)
    y_ticks: list[Tick] = field(default_factory=list)
    legend: list[tuple[str, str]] = field(default_factory=list)
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    top: int = TOP
    plot_w: int = WIDTH - LEFT - RIGHT
    plot_h: int = HEIGHT - TOP - BOTTOM


def color(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def nice_ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``top`` (steps of 1, 2 or 5 times a power of ten)."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return [round(i * step, 10) for i in range(int(math.ceil(top / step - 1e-9)) + 1)]


def _fmt(value: float) -> str:
    return f"{value:g}"


def bar_chart(title: str, groups: list[str], series: dict[str, list[float]], *, y_label: str,
              x_label: str = "", y_max: float | None = None) -> Chart:
    """One group of bars per entry of ``groups``, one bar per series (run) in each group."""
    values = [v for vs in series.values() for v in vs]
    ticks = nice_ticks(y_max if y_max is not None else max(values, default=0.0))
    top = ticks[-1]
    base = Chart(title, x_label, y_label)
    slot = base.plot_w / max(len(groups), 1)
    bar_w = slot * 0.8 / max(len(series), 1)
    bars = []
    for s, (name, vs) in enumerate(series.items()):
        for g, value in enumerate(vs):
            h = base.plot_h * (value / top if top else 0.0)
            x = base.left + g * slot + slot * 0.1 + s * bar_w
            bars.append(Bar(round(x, 1), round(base.top + base.plot_h - h, 1), round(bar_w, 1), round(h, 1),
                            color(s), f"{name} · {groups[g]}: {value:.3g}"))
    x_ticks = [Tick(round(base.left + (g + 0.5) * slot, 1), label) for g, label in enumerate(groups)]
    y_ticks = [Tick(round(base.top + base.plot_h * (1 - t / top), 1), _fmt(t)) for t in ticks]
    legend = [(name, color(s)) for s, name in enumerate(series)]
    return Chart(title, x_label, y_label, bars=bars, x_ticks=x_ticks, y_ticks=y_ticks, legend=legend)


def _log_ticks(lo: float, hi: float) -> list[float]:
    """1, 2 and 5 times each power of ten over a short range; the powers alone over a long one."""
    powers = range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1)
    steps = (1, 2, 5) if len(powers) <= 4 else (1,)
    return [m * 10.0 ** p for p in powers for m in steps if lo <= m * 10.0 ** p <= hi]


def cdf_chart(title: str, series: dict[str, list[float]], *, x_label: str) -> Chart:
    """The empirical cumulative distribution of each series on a logarithmic x axis (values <= 0
    are drawn at the smallest positive value)."""
    positive = [v for vs in series.values() for v in vs if v > 0]
    lo = min(positive, default=0.001)
    hi = max(positive, default=1.0)
    lo, hi = 10 ** math.floor(math.log10(lo)), 10 ** math.ceil(math.log10(hi) + 1e-9)
    base = Chart(title, x_label, "share of questions")
    span = math.log10(hi) - math.log10(lo)

    def x_of(v: float) -> float:
        return round(base.left + base.plot_w * (math.log10(max(v, lo)) - math.log10(lo)) / span, 1)

    def y_of(share: float) -> float:
        return round(base.top + base.plot_h * (1 - share), 1)

    lines = []
    for s, (name, values) in enumerate(series.items()):
        ordered, points = sorted(values), []
        step = max(1, len(ordered) // MAX_STEPS)      # a long run is drawn at MAX_STEPS quantiles
        for i in [*range(step, len(ordered), step), len(ordered)] if ordered else []:
            x = x_of(ordered[i - 1])
            points += [(x, points[-1][1] if points else y_of(0.0)), (x, y_of(i / len(ordered)))]
        lines.append(Line(" ".join(f"{x},{y}" for x, y in points), color(s), name))
    x_ticks = [Tick(x_of(t), _fmt(t)) for t in _log_ticks(lo, hi)]
    y_ticks = [Tick(y_of(t), _fmt(t)) for t in (0, 0.25, 0.5, 0.75, 1.0)]
    legend = [(name, color(s)) for s, name in enumerate(series)]
    return Chart(title, x_label, base.y_label, lines=lines, x_ticks=x_ticks, y_ticks=y_ticks, legend=legend)
