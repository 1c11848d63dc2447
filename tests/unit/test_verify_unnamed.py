"""An unnamed subject ("It was ...", "A company ...") is read from the claim's grammar before its
first named entity, with its framing blanked."""
from __future__ import annotations

import pytest

from kgsparql.types import Entity
from kgsparql.verify.linked import Mentioned
from kgsparql.verify.unnamed import unnamed_subject


def _first(text: str, name: str) -> Mentioned:
    return Mentioned(Entity.iri(f"http://example.org/{name.replace(' ', '_')}", name), text.index(name),
                     text.index(name) + len(name), name)


@pytest.mark.parametrize("text, name, framing, unnamed", [
    ("It was first aired in 1983 by STV.", "STV", [], True),
    ("A company, with 10,252 employees, has a subsidiary called Mantecorp.", "Mantecorp", [], True),
    ("Did you know that he was born in Berlin?", "Berlin", [(0, 17)], True),
    ("A Severed Wasp was published by Macmillan.", "A Severed Wasp", [], False),
    ("Kismet was directed by William Dieterle.", "Kismet", [], False),
    ("Interestingly, Kismet came out in 1944.", "Kismet", [(0, 13)], False),
    ("He had a wife, Azim Premji.", "Azim Premji", [], False),           # the name after the comma is "he"
    ("He had a successor too, Lee Carroll!", "Lee Carroll", [], False),
    ("A company has a subsidiary, Mantecorp.", "Mantecorp", [], True),   # "a company" is described, not named
    ("He played for Torino FC, in Turin.", "Torino FC", [], True),
])
def test_unnamed_subjects(text, name, framing, unnamed):
    assert unnamed_subject(text, framing, _first(text, name)) is unnamed
