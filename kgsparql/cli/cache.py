"""``kgsparql cache info|clear``: what the result cache and the saved label indexes hold, and
removing them (all, or only what is older than ``cache_ttl``)."""
from __future__ import annotations

import contextlib
import time

import click

from ..endpoints.cache import ResultCache
from ..errors import CacheError
from ..kg import results_path
from ..linking.saved import remove_indexes, saved_indexes
from .flags import emit_json, settings_from

__all__ = ["cache"]

_config = click.option("--config", "config_file", type=click.Path(dir_okay=False), default=None,
                       help="TOML config file (for home and cache_ttl).")


@click.group()
def cache():
    """Inspect or clear the result cache and the saved label indexes (under the home directory)."""


@cache.command()
@_config
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
def info(config_file, as_json):
    """Entries per endpoint and saved label indexes, with how many are older than cache_ttl."""
    settings = settings_from(config_file)
    results = _results(settings)
    report = {"home": str(settings.home_path), "cache_ttl": settings.cache_ttl,
              "results": {"path": str(results_path(settings)), "endpoints": results.info() if results else []},
              "indexes": saved_indexes(settings.home_path, settings.cache_ttl)}
    if results:
        results.close()
    if as_json:
        emit_json(report)
        return
    click.echo(f"home: {report['home']}  (cache_ttl {settings.cache_ttl:g} s)")
    click.echo(f"results: {report['results']['path']}")
    for e in report["results"]["endpoints"]:
        click.echo(f"  {e['endpoint']}: {e['entries']} entries, {e['expired']} expired, newest {_ago(e['newest'])}")
    click.echo(f"label indexes: {len(report['indexes'])}")
    for i in report["indexes"]:
        expired = ", expired" if i["expired"] else ""
        click.echo(f"  {i['source'] or i['path']}: {i['labels']} labels, built {_ago(time.time() - i['age_s'])}{expired}")


@cache.command()
@_config
@click.option("--expired", is_flag=True, help="Only what is older than cache_ttl.")
@click.option("--what", type=click.Choice(["all", "results", "indexes"]), default="all", show_default=True)
def clear(config_file, expired, what):
    """Delete cached query results and saved label indexes (they are rebuilt when needed)."""
    settings = settings_from(config_file)
    removed_results = removed_indexes = 0
    if what in ("all", "results"):
        removed_results = _clear_results(settings, expired)
    if what in ("all", "indexes"):
        removed_indexes = remove_indexes(settings.home_path, settings.cache_ttl, expired_only=expired)
    click.echo(f"removed {removed_results} cached results and {removed_indexes} label indexes")


def _clear_results(settings, expired: bool) -> int:
    """Entries removed from the result cache; a file that cannot be opened as one (corrupt, not a
    database) is removed whole, with a note on stderr, so that ``cache clear`` always repairs it."""
    path, results = results_path(settings), None
    if not path.exists():
        return 0
    try:
        results = ResultCache(path, ttl=settings.cache_ttl)
        removed = results.clear(expired_only=expired)
        results.close()
        return removed
    except CacheError:
        if results is not None:
            with contextlib.suppress(CacheError):
                results.close()
        for part in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            part.unlink(missing_ok=True)
        click.echo(f"note: removed the unreadable result cache {path}", err=True)
        return 0


def _results(settings) -> ResultCache | None:
    path = results_path(settings)
    return ResultCache(path, ttl=settings.cache_ttl) if path.exists() else None


def _ago(when: float | None) -> str:
    if not when:
        return "never"
    s = max(0, time.time() - when)
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if s >= size:
            return f"{s / size:.0f} {unit} ago"
    return f"{s:.0f} s ago"
