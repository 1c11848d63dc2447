"""``kgsparql eval factkg --head default``: the head shipped for the variant, used only on FactKG's
own store (kgsparql/eval/factkg_head.py)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from kgsparql.errors import InputError
from kgsparql.eval.factkg import VARIANTS
from kgsparql.eval.factkg_head import packaged_head, resolve_head


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_ships_its_own_head(variant):
    path = packaged_head(variant)
    with np.load(path, allow_pickle=False) as data:
        meta = json.loads(str(data["meta"]))
    assert meta["data"] == f"factkg {variant} dev" and meta["adapter"] == "dbpedia"
    assert resolve_head("default", variant, own_store=True) == str(path)


def test_the_default_head_is_refused_on_another_store_and_a_missing_file_is_one_line(tmp_path):
    with pytest.raises(InputError, match="another KG keeps the rules"):
        resolve_head("default", VARIANTS[0], own_store=False)
    with pytest.raises(InputError, match="no such file"):
        resolve_head(str(tmp_path / "none.npz"), VARIANTS[0], own_store=True)
    assert resolve_head(None, VARIANTS[0], own_store=True) is None
