"""Public SPARQL services known by name: ``--kg wikidata|dbpedia|freebase|qlever-wikidata`` fills
in the endpoint URL, the schema adapter, the default graph, the per-call timeout and how many
queries may be in flight at once. A setting given explicitly (flag, config file, environment) wins
over the preset. docs/presets.md says what each one was checked against."""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Collection, Mapping

from .errors import ConfigError

__all__ = ["Preset", "PRESETS", "preset_values"]


@dataclass(frozen=True)
class Preset:
    endpoint: str
    adapter: str
    service: str                    # what answers there (for help and docs)
    concurrency: int                # independent queries in flight at once (the endpoint's option)
    timeout: float                  # seconds per call: the service's own limit plus a margin
    default_graph: str | None = None

    def values(self) -> dict[str, Any]:
        return {"endpoint": self.endpoint, "adapter": self.adapter, "timeout": self.timeout,
                "default_graph": self.default_graph}


_QLEVER = "https://qlever.dev/api/"
PRESETS: Mapping[str, Preset] = MappingProxyType({
    # WDQS (Blazegraph): 60 s per query; its operators ask for one query at a time, a User-Agent with
    # a contact, and no query before Retry-After has passed after a 429 (clients ignoring it are banned).
    "wikidata": Preset("https://query.wikidata.org/sparql", "wikidata", "Wikidata Query Service", 1, 65.0),
    # DBpedia's public Virtuoso: results cut at 10,000 rows, 503/509 under load.
    "dbpedia": Preset("https://dbpedia.org/sparql", "dbpedia", "DBpedia public endpoint (Virtuoso)", 2, 60.0,
                      default_graph="http://dbpedia.org"),
    # QLever's public endpoints: one shared research server, so one query at a time; a query past its
    # time limit is answered 429 with a JSON error body (not retried: it would time out again).
    "freebase": Preset(_QLEVER + "freebase", "freebase", "QLever Freebase", 1, 60.0),
    "qlever-freebase": Preset(_QLEVER + "freebase", "freebase", "QLever Freebase", 1, 60.0),
    "qlever-wikidata": Preset(_QLEVER + "wikidata", "wikidata", "QLever Wikidata", 1, 60.0),
})


def preset_values(name: str, given: Mapping[str, Any], explicit: Collection[str]) -> dict[str, Any]:
    """The settings preset ``name`` fills in: each of its values whose setting is not in
    ``explicit``, plus its etiquette (queries in flight at once, never retrying sooner than
    Retry-After asks) in the ``[endpoints.<scheme>]`` (else ``[plugins.<scheme>]``) table of the endpoint in use, where
    that table is silent. ``given`` holds the settings as they stand."""
    if name not in PRESETS:
        raise ConfigError(f"kg must be one of {', '.join(PRESETS)}, not {name!r}")
    preset = PRESETS[name]
    out = {k: v for k, v in preset.values().items() if k not in explicit}
    endpoint = out.get("endpoint", given.get("endpoint"))
    plugin = given.get("endpoint_kind") or (endpoint or "").split(":", 1)[0].lower()
    etiquette = {"concurrency": preset.concurrency, "max_in_flight": preset.concurrency, "obey_retry_after": True}
    by_kind = {k: dict(v) for k, v in dict(given.get("tables") or {}).items()}
    own = dict(by_kind.get("endpoints", {}).get(plugin) or {})
    legacy = {k: dict(v) for k, v in dict(given.get("plugins") or {}).items()}
    if not plugin or not set(etiquette) - set(own or legacy.get(plugin, {})):
        return out
    if own:             # the user wrote [endpoints.<scheme>]: fill that one in, else [plugins.<scheme>]
        out["tables"] = {**by_kind, "endpoints": {**by_kind.get("endpoints", {}), plugin: {**etiquette, **own}}}
    else:
        out["plugins"] = {**legacy, plugin: {**etiquette, **legacy.get(plugin, {})}}
    return out
