"""Turn per-entity aggregate rows (computed by SPARQL GROUP BY) into the requested operation,
keeping ties for argmax/argmin."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from kgsparql.errors import InputError
from kgsparql.types import XSD, Entity, Literal

__all__ = ["AggregateRow", "reduce_aggregate", "OPS", "FILTERS"]

OPS = ("count", "max", "min", "argmax", "argmin", "sum", "avg", "gt", "ge", "lt", "le", "eq")
FILTERS = ("gt", "ge", "lt", "le", "eq")   # keep the entities whose value compares so with ``value``


@dataclass(frozen=True, slots=True)
class AggregateRow:
    """``entity`` is None for an aggregate over all entities (max, min, sum, avg)."""

    entity: Entity | None
    value: Literal

    def to_json(self) -> dict:
        return {"entity": self.entity.to_json() if self.entity else None, "value": self.value.value}


def _num(lit: Literal | None):
    if lit is None:
        return None
    try:
        return Decimal(lit.value)
    except ArithmeticError:
        return None


def _literal(value) -> Literal:
    if isinstance(value, Decimal):
        if value == value.to_integral_value():
            return Literal(str(int(value)), XSD + "integer")
        return Literal(format(value.normalize(), "f"), XSD + "decimal")
    return Literal(str(value), XSD + "integer")


def _comparable(lit: Literal | None):
    """A number, or the year of a date (``2005-03-01`` -> 2005), or None."""
    n = _num(lit)
    if n is None and lit is not None and len(lit.value) >= 4 and lit.value[:4].isdigit():
        return Decimal(lit.value[:4])
    return n


def _filter(rows, op: str, value) -> list[AggregateRow]:
    """Per entity: ``gt``/``ge`` compare its largest value, ``lt``/``le`` its smallest, ``eq`` asks
    whether either equals ``value`` (exact for entities with one or two values: the GROUP BY row
    carries only the extremes); each kept entity comes with the value compared."""
    target = _num(Literal(str(value)))
    if target is None:
        raise InputError(f"aggregate {op} needs a numeric value, not {value!r}")
    out = []
    for r in rows:
        lo, hi = _comparable(r.get("min")), _comparable(r.get("max"))
        if lo is None or hi is None:
            continue
        keep = {"gt": hi > target, "ge": hi >= target, "lt": lo < target, "le": lo <= target,
                "eq": target in (lo, hi)}[op]
        if keep:
            out.append(AggregateRow(Entity(r["e"]), r["min"] if op in ("lt", "le") or lo == target else r["max"]))
    return out


def reduce_aggregate(rows, op: str, value=None) -> list[AggregateRow]:
    """Rows carry ?e ?count ?min ?max ?sum ?nums (numeric values counted). The filter ops
    (``gt ge lt le eq``) keep the entities whose value compares so with ``value``."""
    if op not in OPS:
        raise InputError(f"aggregate op must be one of {', '.join(OPS)}, not {op!r}")
    rows = list(rows)
    if op in FILTERS:
        if value is None:
            raise InputError(f"aggregate {op} needs a value to compare with")
        return _filter(rows, op, value)
    if op == "count":
        return [AggregateRow(Entity(r["e"]), _literal(int(r["count"].value))) for r in rows]
    if op in ("argmax", "argmin"):
        key = "max" if op == "argmax" else "min"
        scored = [(r[key], _num(r.get(key)), r) for r in rows if r.get(key) is not None]
        if not scored:
            return []
        best = (max if op == "argmax" else min)(s[1] for s in scored if s[1] is not None) \
            if any(s[1] is not None for s in scored) else None
        if best is None:  # non-numeric but ordered (dates): compare lexical forms
            best_lex = (max if op == "argmax" else min)(s[0].value for s in scored)
            return [AggregateRow(Entity(r["e"]), lit) for lit, _, r in scored if lit.value == best_lex]
        return [AggregateRow(Entity(r["e"]), lit) for lit, n, r in scored if n == best]
    if op in ("max", "min"):
        vals = [r[op] for r in rows if r.get(op) is not None]
        if not vals:
            return []
        nums = [(_num(v), v) for v in vals]
        if all(n is not None for n, _ in nums):
            pick = (max if op == "max" else min)(nums, key=lambda x: x[0])[1]
        else:
            pick = (max if op == "max" else min)(vals, key=lambda v: v.value)
        return [AggregateRow(None, pick)]
    total = sum((_num(r.get("sum")) or Decimal(0)) for r in rows)
    n = sum(int(r["nums"].value) for r in rows if r.get("nums") is not None)
    if n == 0:
        return []
    if op == "sum":
        return [AggregateRow(None, _literal(total))]
    return [AggregateRow(None, _literal(total / n))]
