"""The benchmark registry: where the data lives, which files a selection reads, and sampling.

``load_dataset(name, data_dir, split=..., variant=..., hops=...)`` gives the ``Part``s (one per
source question file, each with its KB); ``sample(parts, limit, seed)`` takes a seeded, stratified
sample: ``limit`` is split as evenly as possible over the parts (= per hop for MetaQA, PathQuestion
and WC2014-P), a part with fewer items gives its unused share to the others, and within a part the
items ranked first by ``sha256("<seed>:<id>")`` are taken (kept in file order)."""
from __future__ import annotations

import dataclasses
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..errors import InputError
from .items import SPLITS, Item, Part
from .kb import ensure_store
from .freebase_qa import load_cwq, load_webqsp
from .metaqa import VARIANTS as METAQA_VARIANTS, load_metaqa
from .pathquestion import VARIANTS as PQ_VARIANTS, load_pathquestion
from .wc2014 import VARIANTS as WC_VARIANTS, load_wc2014

__all__ = ["Dataset", "DATASETS", "resolve_data_dir", "load_dataset", "benchmark", "sample", "strip_brackets"]


@dataclass(frozen=True)
class Dataset:
    name: str
    variants: tuple[str, ...]       # the first is the default
    loader: Callable[[Path, str, str, set[int] | None], list[Part]]
    probe: str                      # a file that must exist under <data_dir>/<name>/
    walks: str = "revisit"          # the answer convention its gold answers follow (docs/evaluation.md)
    by_qtype: bool = False          # its summary is also given per question type (CWQ: compositionality)
    adapter: str = "generic"        # the schema of its KB


DATASETS = {
    "metaqa": Dataset("metaqa", METAQA_VARIANTS, load_metaqa, "kb_dedup.txt.gz"),
    "pathquestion": Dataset("pathquestion", PQ_VARIANTS, load_pathquestion, "PQ-2H.txt", walks="return"),
    "wc2014": Dataset("wc2014", WC_VARIANTS, load_wc2014, "WC2014.zip"),
    "webqsp": Dataset("webqsp", ("evidence",), load_webqsp, "webqsp_test.jsonl", adapter="freebase"),
    "cwq": Dataset("cwq", ("evidence",), load_cwq, "cwq_test.jsonl", by_qtype=True, adapter="freebase"),
}


def resolve_data_dir(flag: str | None, setting: str | None, cwd: Path | None = None) -> Path:
    """``--data-dir``, else ``settings.data_dir`` (``KGSPARQL_DATA_DIR``), else ``../shared/data``."""
    chosen = flag or setting
    if chosen:
        path = Path(chosen).expanduser()
        if not path.is_dir():
            raise InputError(f"benchmark data directory not found: {path}")
        return path
    fallback = (cwd or Path.cwd()) / ".." / "shared" / "data"
    if fallback.is_dir():
        return fallback.resolve()
    raise InputError("no benchmark data directory: pass --data-dir DIR or set KGSPARQL_DATA_DIR "
                     "(DIR holds metaqa/, pathquestion/, wc2014/)")


def load_dataset(name: str, data_dir: Path, *, split: str = "test", variant: str | None = None,
                 hops: set[int] | None = None) -> list[Part]:
    ds = DATASETS.get(name)
    if ds is None:
        raise InputError(f"unknown dataset {name!r} (available: {', '.join(DATASETS)})")
    if split not in SPLITS:
        raise InputError(f"--split must be one of {', '.join(SPLITS)}, not {split!r}")
    variant = variant or ds.variants[0]
    match = {v.casefold(): v for v in ds.variants}.get(variant.casefold())
    if match is None:
        raise InputError(f"{name} has no variant {variant!r} (available: {', '.join(ds.variants)})")
    if not (data_dir / name / ds.probe).is_file():
        raise InputError(f"no {name} data in {data_dir} (expected {data_dir / name / ds.probe})")
    return ds.loader(data_dir, split, match, hops)


def benchmark(name: str, split: str = "test", *, data_dir: str | Path | None = None,
              home: str | Path | None = None, quiet: bool = True) -> tuple[Path, list[Item]]:
    """The store of a one-KB dataset (built under ``<home>/stores`` on first use) and its items::

        store, items = benchmark("webqsp", "dev")
        with Asker(store=str(store), adapter="freebase") as asker: ...
    """
    from ..config import Settings

    settings = Settings.load()
    parts = load_dataset(name, resolve_data_dir(str(data_dir) if data_dir else None, settings.data_dir), split=split)
    if len({p.kb.name for p in parts}) != 1:
        raise InputError(f"{name} spans several KBs: use load_dataset and ensure_store per part")
    store = ensure_store(parts[0].kb, home or settings.home, settings.base_iri, quiet=quiet)
    return store, [it for p in parts for it in p.items]


def _rank(seed: int, item: Item) -> str:
    return hashlib.sha256(f"{seed}:{item.id}".encode()).hexdigest()


def _shares(sizes: list[int], limit: int) -> list[int]:
    """Split ``limit`` evenly over parts of the given sizes; unused shares go to the larger parts."""
    shares = [0] * len(sizes)
    left = min(limit, sum(sizes))
    while left:
        open_parts = [i for i, s in enumerate(sizes) if shares[i] < s]
        each, extra = divmod(left, len(open_parts))
        for rank, i in enumerate(open_parts):
            give = min(each + (rank < extra), sizes[i] - shares[i])
            shares[i] += give
            left -= give
    return shares


def sample(parts: list[Part], limit: int | None, seed: int = 0) -> list[Part]:
    if limit is None:
        return parts
    if limit < 1:
        raise InputError("--limit must be at least 1")
    shares = _shares([len(p.items) for p in parts], limit)
    out = []
    for part, k in zip(parts, shares):
        chosen = {it.id for it in sorted(part.items, key=lambda it: _rank(seed, it))[:k]}
        out.append(dataclasses.replace(part, items=[it for it in part.items if it.id in chosen]))
    return out


def strip_brackets(question: str) -> str:
    """``who directed [Kismet]`` -> ``who directed Kismet`` (the plain-English setting)."""
    return re.sub(r"\[([^\[\]]*)\]", r"\1", question)
