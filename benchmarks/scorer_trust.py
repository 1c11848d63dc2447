"""How far the shared chain scorer can be trusted on a KG (``methods/scorer_trust.py``): its share
of the KG's own synthetic questions ranked right, the one-sided 95% lower bound abstention judges by,
and whether that keeps the scorer's veto (``[plugins.abstention] scorer_trusted``), per seed.

    python benchmarks/scorer_trust.py --store $KGSPARQL_HOME/stores/small_books
    python benchmarks/scorer_trust.py --store $KGSPARQL_HOME/stores/metaqa-wd --adapter wikidata --seeds 0,1,2

Each seed is one draw of up to ``--questions`` questions (a small KG yields one per entity that has
two chains or more); the spread over seeds shows how much one draw decides. Figures in
docs/abstention.md ("Is the scorer a witness on this KG?")."""
from __future__ import annotations

import argparse
import time

__all__ = ["measure"]


def measure(kg, settings, scorer, encoder, questions: int, seed: int) -> dict:
    """One draw: the share right, the bound, how many questions and how long it took."""
    from kgsparql.learn.chain_training import held_out_accuracy
    from kgsparql.learn.synthetic import synthetic_examples
    from kgsparql.linking.build import index_for
    from kgsparql.methods.scorer_trust import lower_bound

    t0 = time.perf_counter()
    labels = index_for(kg, settings)
    examples = synthetic_examples(kg.adapter, labels.entries, questions, seed=seed)
    share = held_out_accuracy(scorer, examples, encoder)
    right = round(share * len(examples))
    return {"seed": seed, "questions": len(examples), "share": round(share, 3),
            "bound": round(lower_bound(right, len(examples)), 3), "seconds": round(time.perf_counter() - t0, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--store", required=True)
    ap.add_argument("--adapter", default=None)
    ap.add_argument("--questions", type=int, default=None, help="default: [plugins.abstention] trust_questions")
    ap.add_argument("--seeds", default="0")
    ap.add_argument("--config", default=None, help="TOML config file (plugin options)")
    args = ap.parse_args()
    from kgsparql import Settings, open_kg
    from kgsparql.data import packaged_model
    from kgsparql.meaning import ChainScorer
    from kgsparql.methods.abstention import AbstentionOptions
    from kgsparql.rank import build_ranker

    flags = {"store": args.store, "llm": "none", **({"adapter": args.adapter} if args.adapter else {})}
    settings = Settings.load(flags=flags, config_file=args.config)
    options = AbstentionOptions(**settings.plugin("abstention"))
    scorer, encoder = ChainScorer.load(packaged_model("relations.npz")), build_ranker("embedding")
    with open_kg(settings) as kg:
        for seed in (int(s) for s in args.seeds.split(",")):
            row = measure(kg, settings, scorer, encoder, args.questions or options.trust_questions, seed)
            verdict = "kept" if row["bound"] >= options.scorer_trusted else "dropped"
            print(f"seed {row['seed']}: {row['questions']} questions, share right {row['share']:.3f}, "
                  f"95% lower bound {row['bound']:.3f} -> veto {verdict} ({row['seconds']} s)")


if __name__ == "__main__":
    main()
