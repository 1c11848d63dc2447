"""KGFR prompts: answering from the three retrieval levels, reflection, relation descriptions."""
