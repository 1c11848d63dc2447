"""The ``kgsparql`` command. Each command group lives in its own module; errors become one line on
stderr and a non-zero exit (1 for known errors, 2 for usage, 3 for internal errors, 141 when the
reader of stdout went away), never a traceback unless ``KGSPARQL_DEBUG=1``."""
from __future__ import annotations

import os
import sys

import click

from ..errors import KGSparqlError

__all__ = ["main"]

_COMMANDS = {
    "load": "kgsparql.cli.load:load",
    "sparql": "kgsparql.cli.sparql:sparql",
    "ask": "kgsparql.cli.ask:ask",
    "verify": "kgsparql.cli.verify:verify",
    "eval": "kgsparql.cli.eval:eval_cmd",
    "report": "kgsparql.cli.report:report",
    "train": "kgsparql.cli.train:train",
    "doctor": "kgsparql.cli.doctor:doctor",
    "methods": "kgsparql.cli.methods:methods",
    "cache": "kgsparql.cli.cache:cache",
    "serve": "kgsparql.cli.serve:serve",
}


class LazyGroup(click.Group):
    """Imports a command's module only when that command runs (keeps ``--help`` and startup fast)."""

    def list_commands(self, ctx):
        return [n for n in _COMMANDS if self._resolve(n) is not None]

    def get_command(self, ctx, name):
        return self._resolve(name)

    @staticmethod
    def _resolve(name):
        target = _COMMANDS.get(name)
        if target is None:
            return None
        mod, attr = target.split(":")
        try:
            module = __import__(mod, fromlist=[attr])
        except ModuleNotFoundError as exc:
            if exc.name == mod:
                return None
            raise
        return getattr(module, attr)

    def invoke(self, ctx):
        try:
            try:
                return super().invoke(ctx)
            finally:
                sys.stdout.flush()    # a full stdout fails here, inside the handlers below, not at exit
        except KGSparqlError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(1)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)
        except BrokenPipeError:       # the reader went away (``| head``): stop quietly, as a Unix tool does
            _silence_stdout()
            ctx.exit(141)
        except OSError as exc:        # the environment's: a full disk or stdout, a file that cannot be written
            _flush_or_silence()
            where = f"cannot write the output: {exc.strerror or exc}" if _writing_output(exc) else _os_error(exc)
            click.echo(f"error: {where}", err=True)
            ctx.exit(1)
        except Exception as exc:  # noqa: BLE001 - last line of defence: no tracebacks for users
            if os.environ.get("KGSPARQL_DEBUG"):
                raise
            first = str(exc).splitlines()[0] if str(exc) else ""
            click.echo(f"internal error: {type(exc).__name__}: {first} (set KGSPARQL_DEBUG=1 for details)", err=True)
            ctx.exit(3)


def _os_error(exc: OSError) -> str:
    what = exc.strerror or type(exc).__name__
    return f"{exc.filename}: {what}" if exc.filename else f"cannot read or write a file: {what}"


def _writing_output(exc: OSError) -> bool:
    """Whether ``exc`` came from writing stdout: raised in ``click.echo`` or in the final flush."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code if tb is not None else None
    return code is not None and ((code.co_name == "echo" and "click" in code.co_filename)
                                 or (code.co_name == "invoke" and code.co_filename == __file__))


def _flush_or_silence() -> None:
    """Stdout is flushed; where that fails, it is pointed at /dev/null so the interpreter's last
    flush is quiet."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _silence_stdout()


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not fail on the closed pipe."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="kgsparql")
def main() -> None:
    """Answer questions and check claims against knowledge graphs; every retrieval step is SPARQL."""


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
