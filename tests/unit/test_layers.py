"""The layer rules of docs/architecture.md hold for every import of every module (and the rules
themselves only point down, so there is no import loop between layers)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
LINKED = ("adapters", "queries", "prompts")      # top-level folders shipped as kgsparql.<name>


def layer_table() -> list[tuple[str, list[str], set[str]]]:
    text = DOC.read_text(encoding="utf-8")
    block = text.split("<!-- layers -->", 1)[1].split("<!-- /layers -->", 1)[0]
    rows = []
    for line in block.strip().splitlines()[2:]:
        name, modules, may = [c.strip() for c in line.strip().strip("|").split("|")]
        rows.append((name, re.findall(r"`([\w.]+)`", modules), {m.strip() for m in may.split(",") if m.strip()}))
    return rows


def layer_of(module: str, table) -> str:
    """The first layer (in table order) with a module prefix matching ``module``; the bare package
    ``kgsparql`` matches only itself."""
    for name, prefixes, _ in table:
        if any(module == p or (p != "kgsparql" and module.startswith(p + ".")) for p in prefixes):
            return name
    raise AssertionError(f"{module} is in no layer of docs/architecture.md")


def module_files() -> dict[str, Path]:
    out = {}
    for path in (ROOT / "kgsparql").rglob("*.py"):
        rel = path.relative_to(ROOT / "kgsparql")
        if rel.parts[0] not in LINKED:
            out[_name(("kgsparql", *rel.with_suffix("").parts))] = path
    for folder in LINKED:
        for path in (ROOT / folder).rglob("*.py"):
            out[_name(("kgsparql", folder, *path.relative_to(ROOT / folder).with_suffix("").parts))] = path
    return out


def _name(parts: tuple[str, ...]) -> str:
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(module: str, path: Path, known: set[str]) -> set[str]:
    """kgsparql modules imported by ``module`` (``from . import x`` counts as module ``x`` when it is one)."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
            found |= set(subs) or {base}
    return {m for m in found if m == "kgsparql" or m.startswith("kgsparql.")}


def test_the_rules_only_point_down():
    table = layer_table()
    order = [name for name, _, _ in table]
    for i, (name, _, may) in enumerate(table):
        assert may <= set(order[i + 1:]), f"{name} may import a layer above it: {may - set(order[i + 1:])}"


@pytest.mark.parametrize("module", sorted(module_files()))
def test_imports_follow_the_layer_rules(module):
    table = layer_table()
    rules = {name: may for name, _, may in table}
    files = module_files()
    mine = layer_of(module, table)
    for target in imports(module, files[module], set(files)):
        theirs = layer_of(target, table)
        assert theirs == mine or theirs in rules[mine], \
            f"{module} ({mine}) imports {target} ({theirs}); docs/architecture.md does not allow {mine} -> {theirs}"
