"""``python -m kgsparql`` is the ``kgsparql`` command."""
from .cli import main

main(prog_name="kgsparql")
