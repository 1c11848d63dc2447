"""The topic's kind on a small KG: the entities that share some value with it along the same relation.

``KindRelations`` reads an entity's kind from the entities that share its first hop's value (other
films of 1944). On a small KG that value is often the topic's own (SAP alone was founded in 1972, one
company is headquartered in Wolfsburg), so the kind comes back empty and every relation looks unusual
for it. Then the kind is read from all the topic's facts at once: whoever shares any value with it
along the same relation (another company listed on the same exchange, another player born in the
same city). Two batched adapter steps, asked only when the first hop found no mates; no relation of
any KG is named here."""
from __future__ import annotations

from typing import Sequence

from ..errors import KGSparqlError
from ..types import Entity

__all__ = ["shared_value_mates"]


def shared_value_mates(adapter, topics: Sequence[Entity], sample: int, fanout: int) -> list[Entity]:
    """Up to ``sample`` entities that share a value with ``topics`` along one of their relations (either
    direction), found from at most ``sample`` of those values; [] when the adapter refuses the steps."""
    own = set(topics)
    try:
        around = adapter.neighbors(list(topics), None, "both", limit=fanout)
        taken: dict[Entity, set] = {}
        for t in around:
            taken.setdefault(t.tail, set()).add(t.relation.reversed().key())
        ends = sorted((e for e in taken if e not in own), key=lambda e: e.id)[:sample]
        back = adapter.neighbors(ends, None, "both", limit=fanout) if ends else []
    except KGSparqlError:
        return []
    mates = {t.tail for t in back if t.relation.key() in taken.get(t.head, ()) and t.tail not in own}
    return sorted(mates, key=lambda e: e.id)[:sample]
