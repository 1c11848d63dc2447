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
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .errors import ConfigError
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
        _check_types(self)
        _apply_preset(self)
        if not self.home:
            object.__setattr__(self, "home", str(default_home()))
        object.__setattr__(self, "plugins", _frozen_tables(self.plugins, "plugins"))
        unknown = sorted(set(self.tables) - set(TABLES.values()))
        if unknown:
            raise ConfigError(f"unknown table(s) {', '.join(f'[{k}.*]' for k in unknown)} "
                              f"(plugin options go in {', '.join(f'[{k}.NAME]' for k in TABLES.values())})")
        object.__setattr__(self, "tables", MappingProxyType({k: _frozen_tables(v, k) for k, v in self.tables.items()}))
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
        values.update(_from_env(env))
        values.update(_from_file(_config_path(config_file, env)))
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


def _frozen_tables(tables: Any, where: str) -> Mapping[str, Mapping[str, Any]]:
    """``[WHERE.NAME]`` tables, read-only; anything else under ``WHERE`` is a ConfigError."""
    if not isinstance(tables, Mapping):
        raise ConfigError(f"{where} must be a table of [{where}.NAME] tables, not {tables!r}")
    for name, table in tables.items():
        if not isinstance(table, Mapping):
            raise ConfigError(f"{where}.{name} must be a table of options ([{where}.{name}]), not {table!r}")
    return MappingProxyType({str(k): MappingProxyType(dict(v)) for k, v in tables.items()})


def _apply_preset(settings: Settings) -> None:
    """``Settings.load`` fills in a ``kg`` preset where no setting was given (flag, file, env); built
    directly, ``Settings(kg=...)`` without an endpoint gets the preset's values where the setting is
    still the default. Once the endpoint is set (``replace``), nothing is filled in again."""
    if settings.contact is not None and (len(settings.contact) > 200 or not settings.contact.isprintable()
                                         or not settings.contact.strip()):
        raise ConfigError("contact must be one printable line of at most 200 characters (an e-mail or a URL)")
    if settings.kg is None or settings.endpoint:
        return
    if settings.store:
        raise ConfigError(f"kg {settings.kg!r} is a public endpoint; it cannot be combined with a store")
    given = {f.name: getattr(settings, f.name) for f in fields(Settings)}
    explicit = {f.name for f in fields(Settings) if f.name not in ("plugins", "tables") and given[f.name] != f.default}
    for name, value in preset_values(settings.kg, given, explicit).items():
        object.__setattr__(settings, name, value)


def _check_types(settings: Settings) -> None:
    """A wrong type in a config file (``timeout = "abc"``) is a ConfigError naming the setting."""
    for f in fields(settings):
        value, want = getattr(settings, f.name), f.type
        if want == "float" and isinstance(value, int) and not isinstance(value, bool):
            object.__setattr__(settings, f.name, float(value))
            continue
        if want.startswith("str") and isinstance(value, os.PathLike):
            object.__setattr__(settings, f.name, os.fspath(value))
            continue
        kinds = {"int": (int,), "float": (float,), "str": (str,), "str | None": (str, type(None))}.get(want)
        if kinds and (not isinstance(value, kinds) or isinstance(value, bool)):
            expected = {"int": "a whole number", "float": "a number"}.get(want, "a string")
            raise ConfigError(f"{f.name} must be {expected}, not {value!r}")


def _coerce(name: str, raw: str) -> Any:
    typ = {f.name: f.type for f in fields(Settings)}[name]
    try:
        if typ == "int":
            return int(raw)
        if typ == "float":
            return float(raw)
        if typ == "bool":
            return {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}[raw.lower()]
    except KeyError:
        raise ConfigError(f"KGSPARQL_{name.upper()} must be true or false, not {raw!r}") from None
    except ValueError:
        raise ConfigError(f"KGSPARQL_{name.upper()} must be a number, not {raw!r}") from None
    return raw


def _from_env(env: Mapping[str, str]) -> dict[str, Any]:
    out = {}
    for f in fields(Settings):
        key = f"KGSPARQL_{f.name.upper()}"
        if f.name not in ("plugins", "tables") and env.get(key):
            out[f.name] = _coerce(f.name, env[key])
    return out


def _config_path(explicit: str | os.PathLike | None, env: Mapping[str, str]) -> Path | None:
    if explicit:
        p = Path(explicit)
        if not p.is_file():
            raise ConfigError(f"config file not found: {p}")
        return p
    if env.get("KGSPARQL_CONFIG"):
        return _config_path(env["KGSPARQL_CONFIG"], {})
    for candidate in (Path("kgsparql.toml"), Path.home() / ".config" / "kgsparql" / "config.toml"):
        if candidate.is_file():
            return candidate
    return None


def _from_file(path: Path | None) -> dict[str, Any]:
    if path is None:
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read config file {path}: {exc}") from None
    return data
