"""Retrieval steps built on the adapter protocol: subgraph expansion, personalised PageRank,
path search (BFS / shortest paths), relation-chain grouping and enumeration, and executing a chain
from the topic entities under an answer convention (``walks``)."""
from .chains import WALKS, ChainResult, chain_ends, check_walks, follow_chain
from .paths import Chain, all_paths, chain_of, group_by_chain, paths_along, shortest_paths
from .propagate import Exploration, propagate
from .ppr import personalized_pagerank, prune_to_top_n
from .subgraph import NEIGHBOR_LIMIT, Subgraph, expand_subgraph

__all__ = ["Subgraph", "expand_subgraph", "NEIGHBOR_LIMIT", "personalized_pagerank", "prune_to_top_n", "all_paths",
           "shortest_paths", "paths_along", "group_by_chain", "chain_of", "Chain", "WALKS", "ChainResult",
           "follow_chain", "chain_ends", "check_walks", "Exploration", "propagate"]
