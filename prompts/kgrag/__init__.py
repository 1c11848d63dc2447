"""KG-RAG prompts: question decomposition, sub-question answering over ranked triples, final answer."""
