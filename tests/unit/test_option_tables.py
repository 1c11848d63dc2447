"""Plugin options are keyed by kind: ``[methods.NAME]``, ``[verifiers.NAME]``, ``[rankers.NAME]`` ...;
``[plugins.NAME]`` is read where NAME names one plugin only and refused, in one line naming the
right tables, where it names several (``refkg`` is a method and a verifier)."""
from __future__ import annotations

import pytest

from kgsparql.config import Settings
from kgsparql.errors import ConfigError
from kgsparql.methods.refkg.options import RefKGOptions
from kgsparql.registry import check_plugin_tables, load_plugin, option_table, options_for
from kgsparql.verify.refkg import RefKGOptions as RefKGVerifierOptions


def _settings(tmp_path, text: str) -> Settings:
    config = tmp_path / "kgsparql.toml"
    config.write_text(text, encoding="utf-8")
    return Settings.load(config_file=config, env={})


def test_a_method_and_a_verifier_of_one_name_each_get_their_own_table(tmp_path):
    settings = _settings(tmp_path, "[methods.refkg]\nalpha = 0.2\n\n[verifiers.refkg]\nmax_entities = 2\n")
    check_plugin_tables(settings)
    method = options_for(load_plugin("method", "refkg"), settings, "method", "refkg")
    verifier = options_for(load_plugin("verifier", "refkg"), settings, "verifier", "refkg")
    assert isinstance(method, RefKGOptions) and method.alpha == 0.2 and method.max_hops == RefKGOptions().max_hops
    assert isinstance(verifier, RefKGVerifierOptions) and verifier.max_entities == 2


def test_an_ambiguous_plugins_table_is_refused_naming_the_right_tables(tmp_path):
    settings = _settings(tmp_path, "[plugins.refkg]\nalpha = 0.2\n")
    with pytest.raises(ConfigError) as err:
        check_plugin_tables(settings)
    message = str(err.value)
    assert "[plugins.refkg] is ambiguous" in message and "[methods.refkg] or [verifiers.refkg]" in message
    assert "\n" not in message


def test_an_unambiguous_plugins_table_is_still_read(tmp_path):
    settings = _settings(tmp_path, "[plugins.frag]\ntop_u = 5\n")
    check_plugin_tables(settings)
    assert option_table("method", "frag", settings) == ({"top_u": 5}, "[plugins.frag]")
    assert options_for(load_plugin("method", "frag"), settings, "method", "frag").top_u == 5


def test_both_spellings_of_one_table_are_refused(tmp_path):
    settings = _settings(tmp_path, "[plugins.frag]\ntop_u = 5\n\n[methods.frag]\ntop_u = 6\n")
    with pytest.raises(ConfigError, match=r"keep \[methods.frag\]"):
        check_plugin_tables(settings)


def test_a_table_for_no_plugin_of_its_kind_is_refused(tmp_path):
    with pytest.raises(ConfigError, match=r"unknown method table\(s\) \[methods.bm25\]"):
        check_plugin_tables(_settings(tmp_path, "[methods.bm25]\nk1 = 1.2\n"))
    with pytest.raises(ConfigError, match=r"unknown table\(s\) \[widgets.\*\]"):
        Settings(tables={"widgets": {"x": {}}})


def test_an_unknown_option_names_the_table_it_was_read_from(tmp_path):
    settings = _settings(tmp_path, "[methods.frag]\ntop_z = 1\n")
    with pytest.raises(ConfigError, match=r"^\[methods.frag\]: unknown option\(s\) top_z"):
        options_for(load_plugin("method", "frag"), settings, "method", "frag")
