import json

from kgsparql import strict_json


def test_non_finite_floats_become_strings_and_the_text_parses_strictly():
    text = strict_json.dumps({"id": float("inf"), "scores": [1.5, float("nan"), -float("inf")]})
    assert json.loads(text, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c))) == \
        {"id": "inf", "scores": [1.5, "nan", "-inf"]}


def test_a_lone_surrogate_is_escaped_not_an_error():
    text = strict_json.dumps({"q": "a\ud800b", "ok": "é"})
    text.encode("utf-8")
    assert json.loads(text) == {"q": "a\ud800b", "ok": "é"}
