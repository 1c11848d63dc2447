"""The verdict head's held-out fold is grouped by entity: whole groups are held out, and no entity
appears on both sides (as between FactKG's validation and test splits)."""
from __future__ import annotations

from kgsparql.eval.factkg import FactClaim
from kgsparql.eval.verifier_folds import entity_groups, grouped_held_out


def _claim(n: int, *triples) -> FactClaim:
    return FactClaim(f"c{n}", f"claim {n}", bool(n % 2), tuple(triples))


CLAIMS = [_claim(n, (f"Film_{n % 40}", "director", f"Person_{n % 7}"), (f"Film_{n % 40}", "runtime", '"90"'))
          for n in range(400)] + [_claim(400)]


def test_a_claim_belongs_to_its_most_frequent_entity():
    groups = entity_groups(CLAIMS)
    assert groups[0] == "Person_0"              # Person_0 is in 58 claims, Film_0 in 10
    assert groups[-1] == "claim:c400"           # no evidence: a group of its own
    assert '"90"' not in groups                  # a quoted value is no entity


def test_no_entity_is_on_both_sides():
    train, test = grouped_held_out(CLAIMS, seed=0)
    assert 0 < len(test) <= 0.2 * len(CLAIMS) + 58 and len(train) > 0
    entities = lambda idx: {e for i in idx for h, _, t in CLAIMS[i].evidence for e in (h, t) if e[0] != '"'}
    assert not entities(train) & entities(test)
    groups = entity_groups(CLAIMS)
    held = {groups[i] for i in test}
    assert {i for i, g in enumerate(groups) if g in held} == set(test.tolist())      # whole groups
    assert set(train).isdisjoint(test)
    assert grouped_held_out(CLAIMS, seed=1)[1].tolist() != test.tolist()
