"""Render the CLI reference (docs/cli.md) from the click commands themselves; a test keeps the
file in sync: ``python -m kgsparql.cli.reference > docs/cli.md``."""
from __future__ import annotations

import click

from . import main

__all__ = ["render_reference"]


def _walk(cmd: click.Command, ctx: click.Context, path: list[str]):
    yield path, cmd, ctx
    if isinstance(cmd, click.Group):
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            yield from _walk(sub, click.Context(sub, info_name=name, parent=ctx), path + [name])


def render_reference() -> str:
    root = click.Context(main, info_name="kgsparql", terminal_width=100, max_content_width=100,
                         help_option_names=["-h", "--help"])
    out = ["# CLI reference", "", "Generated from the commands' own help by "
           "`python -m kgsparql.cli.reference > docs/cli.md`; `tests/unit/test_cli_reference.py` fails "
           "when this file and the code disagree.", ""]
    for path, cmd, ctx in _walk(main, root, ["kgsparql"]):
        out += [f"## `{' '.join(path)}`", "", "```", cmd.get_help(ctx).rstrip(), "```", ""]
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(render_reference(), end="")
