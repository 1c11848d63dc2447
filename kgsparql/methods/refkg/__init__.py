"""The ``refkg`` method (RefKG): ``method.py`` holds the plugin class, ``options.py`` its
options, ``llm_steps.py`` its LLM steps (where it has any), the other files its named steps."""
from .method import RefKG

__all__ = ["RefKG"]
