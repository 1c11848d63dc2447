"""The ``kgrag`` method (KG-RAG): ``method.py`` holds the plugin class, ``options.py`` its
options, ``llm_steps.py`` its LLM steps (where it has any), the other files its named steps."""
from .method import KGRAG

__all__ = ["KGRAG"]
