"""``Rows``: what a SELECT returns, shared by the endpoints and the result cache."""
from __future__ import annotations

from typing import Iterable

from ..types import Term

__all__ = ["Rows", "Row"]

Row = dict[str, Term]


class Rows(list):
    """A list of rows (``{var: Term}``) that also knows its variables and whether the row cap cut it."""

    def __init__(self, rows: Iterable[Row] = (), variables: Iterable[str] = (), truncated: bool = False):
        super().__init__(rows)
        self.variables = list(variables)
        self.truncated = truncated
