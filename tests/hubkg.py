"""A synthetic hub KG: one entity with 100,000 objects on one relation (like Wikidata's "human" or
Freebase's "United States") and a few ordinary relations, loaded into a real on-disk store the way
``kgsparql load`` does. Exploration methods must stay bounded on it and still answer questions
about the hub's ordinary relations."""
from __future__ import annotations

from pathlib import Path

from kgsparql.loading import load_files

__all__ = ["HUB", "HUB_FANOUT", "HUB_RELATION", "HUB_FACTS", "write_hub_kb", "build_hub_store"]

HUB = "Megacorp Pictures"
HUB_RELATION = "produced"
HUB_FANOUT = 100_000
# the hub's ordinary relations: (relation, object), each a question a method must still answer
HUB_FACTS = (("founded_by", "Ada Lindqvist"), ("headquartered_in", "Burbank"), ("founded_in", "1923"))


def write_hub_kb(path: Path, fanout: int = HUB_FANOUT) -> Path:
    """``head|relation|tail`` lines: the hub's productions, its ordinary facts, and a little context
    around a few of the productions (so paths through the hub exist)."""
    lines = [f"{HUB}|{HUB_RELATION}|Production {i}\n" for i in range(fanout)]
    lines += [f"{HUB}|{rel}|{obj}\n" for rel, obj in HUB_FACTS]
    lines += [f"Production {i}|directed_by|Director {i % 7}\n" for i in range(0, fanout, 10_000)]
    lines += ["Ada Lindqvist|born_in|Malmo\n", "Burbank|located_in|California\n"]
    path.write_text("".join(lines), encoding="utf-8")
    return path


def build_hub_store(directory: Path) -> Path:
    """The hub KG in an on-disk Oxigraph store at ``directory/store`` (built once per directory)."""
    store = directory / "store"
    if not store.exists():
        load_files([write_hub_kb(directory / "hub.txt")], store, "metaqa")
    return store
