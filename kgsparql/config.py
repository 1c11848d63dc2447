"""One frozen settings object, resolved flag > config file > environment > default, validated once.

Config file: ``--config FILE``, else ``$KGSPARQL_CONFIG``, else ``./kgsparql.toml``, else
``~/.config/kgsparql/config.toml``. Top-level keys are the field names below. A plugin's options
sit in a table named by its kind: ``[methods.frag] top_u = 8``, ``[verifiers.refkg]``,
``[rankers.embedding]``, ``[llms.openai]`` ... (``TABLES``); ``[plugins.NAME]`` is read too where
NAME names one plugin only, and holds the options of the built-in parts (``[plugins.linking]``,
``[plugins.abstention]``). Environment variables are ``KGSPARQL_<FIELD>`` in upper case."""
from __future__ import annotations

import dataclasses
import math
import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .config_sources import config_path, values_from_env, values_from_file
from .errors import ConfigError
from .settings_checks import apply_preset, check_types, frozen_tables
from .presets import preset_values

__all__ = ["Settings", "DEFAULT_BASE_IRI", "DEFAULT_USER_AGENT", "default_home", "WALKS", "TABLES", "MAX_SECONDS"]

DEFAULT_BASE_IRI = "https://kgsparql.example/"
DEFAULT_USER_AGENT = "kgsparql/0.1 (https://pypi.org/project/kgsparql/; knowledge-graph QA toolkit)"
WALKS = ("simple", "revisit", "return")   # answer conventions, see kgsparql.retrieval.chains
MAX_SECONDS = 31_536_000     # the longest timeout or cache lifetime taken: a year (clocks and waits overflow far above)
_CHOICES = {"cache": ("auto", "on", "off"), "walks": WALKS}
# plugin kind -> the top-level table of its options ([methods.NAME], ...)
TABLES = {"endpoint": "endpoints", "adapter": "adapters", "ranker": "rankers", "llm": "llms",
          "method": "methods", "scorer": "scorers", "verifier": "verifiers"}


def default_home() -> Path:
    return Path(os.environ.get("KGSPARQL_HOME") or Path.home() / ".cache" / "kgsparql")


@dataclass(frozen=True)
class Settings:
    store: str | None = None            # embedded Oxigraph directory; None + no endpoint = demo KG
    endpoint: str | None = None         # SPARQL 1.1 HTTP endpoint URL
    endpoint_kind: str | None = None    # registered endpoint plugin (default: by URL scheme, or embedded)
    adapter: str = "generic"
    method: str = "kelgop"              # planner over FRAG (docs/planning.md)
    walks: str = "revisit"              # answer convention: simple | revisit | return (docs/methods)
    llm: str = "none"                   # none | llama[:PATH.gguf] | openai:MODEL
    llm_base_url: str | None = None
    llm_api_key_env: str = "OPENAI_API_KEY"   # name of the env var holding the key, never the key
    llm_max_tokens: int = 128
    llm_context: int = 2048
    llm_temperature: float = 0.0
    llm_timeout: float = 120.0
    timeout: float = 30.0               # seconds per SPARQL call
    max_rows: int = 100_000             # result-row cap per SPARQL call
    max_question_chars: int = 2_000     # longer questions (or [entity] mentions) are refused
    retries: int = 3                    # HTTP retries on 429/5xx/connection errors
    user_agent: str = DEFAULT_USER_AGENT
    contact: str | None = None          # an e-mail or URL added to the User-Agent (public services ask for one)
    kg: str | None = None               # public endpoint preset: wikidata, dbpedia, freebase, ... (kgsparql.presets)
    default_graph: str | None = None    # HTTP endpoints: default-graph-uri sent with every query
    endpoint_user: str | None = None    # HTTP Basic auth (a user:password@ in the endpoint URL wins)
    endpoint_password: str | None = field(default=None, repr=False)   # never printed, logged or traced
    allow_service: bool = False         # let queries use SERVICE (the store then fetches other URLs)
    cache: str = "auto"                 # result cache: auto = on for HTTP endpoints, off for embedded
    cache_ttl: float = 86_400.0         # seconds a cached result or label index is trusted (docs/reliability.md)
    home: str = ""                      # cache/model/index directory (default ~/.cache/kgsparql)
    base_iri: str = DEFAULT_BASE_IRI    # for KGs converted from TSV
    data_dir: str | None = None         # benchmark data (MetaQA, PathQuestion, WC2014, ...)
    trace: str | None = None            # JSONL file receiving every prompt and completion
    plugins: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)     # [plugins.NAME]
    tables: Mapping[str, Mapping[str, Mapping[str, Any]]] = field(default_factory=dict)   # [methods.NAME], ...

    def __post_init__(self) -> None:
        check_types(self)
        apply_preset(self)
        if not self.home:
            object.__setattr__(self, "home", str(default_home()))
        object.__setattr__(self, "plugins", frozen_tables(self.plugins, "plugins"))
        unknown = sorted(set(self.tables) - set(TABLES.values()))
        if unknown:
            raise ConfigError(f"unknown table(s) {', '.join(f'[{k}.*]' for k in unknown)} "
                              f"(plugin options go in {', '.join(f'[{k}.NAME]' for k in TABLES.values())})")
        object.__setattr__(self, "tables", MappingProxyType({k: frozen_tables(v, k) for k, v in self.tables.items()}))
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ConfigError(f"{name} must be one of {', '.join(allowed)}, not {getattr(self, name)!r}")
        for name in ("timeout", "llm_timeout", "cache_ttl"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not (math.isfinite(value) and value > 0):
                raise ConfigError(f"{name} must be a finite number of seconds above 0, not {value!r}")
            if value > MAX_SECONDS:
                raise ConfigError(f"{name} must be at most {MAX_SECONDS:,} seconds (a year), not {value!r}")
        for name in ("max_rows", "llm_max_tokens", "llm_context", "max_question_chars"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1")
        for name in ("allow_service",):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"{name} must be true or false, not {getattr(self, name)!r}")
        if self.retries < 0:
            raise ConfigError("retries must be 0 or more")
        if self.store and self.endpoint:
            raise ConfigError("give either a store or an endpoint, not both")

    @property
    def home_path(self) -> Path:
        return Path(self.home)

    def plugin(self, name: str) -> Mapping[str, Any]:
        """``[plugins.NAME]``, for the built-in parts (``linking``, ``abstention``)."""
        return self.plugins.get(name, MappingProxyType({}))

    def table(self, kind: str, name: str) -> Mapping[str, Any] | None:
        """``[<kind>s.NAME]`` (``[methods.frag]``), or None when the config has no such table."""
        return self.tables.get(TABLES[kind], {}).get(name)

    def replace(self, **changes: Any) -> "Settings":
        return dataclasses.replace(self, **changes)

    @classmethod
    def load(cls, flags: Mapping[str, Any] | None = None, config_file: str | os.PathLike | None = None,
             env: Mapping[str, str] | None = None) -> "Settings":
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        values.update(values_from_env(env, {f.name: f.type for f in fields(cls) if f.name not in ("plugins", "tables")}))
        values.update(values_from_file(config_path(config_file, env)))
        values.update({k: v for k, v in (flags or {}).items() if v is not None})
        tables = {k: values.pop(k) for k in TABLES.values() if k in values}
        if tables:
            values["tables"] = {**tables, **values.get("tables", {})}
        unknown = set(values) - {f.name for f in fields(cls)}
        if unknown:
            raise ConfigError(f"unknown setting(s): {', '.join(sorted(unknown))}")
        if values.get("kg") and not values.get("store"):
            values.update(preset_values(values["kg"], values, explicit=set(values)))
        return cls(**values)
