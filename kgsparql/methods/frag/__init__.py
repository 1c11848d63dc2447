"""The ``frag`` method (FRAG (Gao et al., 2025)): ``method.py`` holds the plugin class, ``options.py`` its
options, ``llm_steps.py`` its LLM steps (where it has any), the other files its named steps."""
from .method import FRAG

__all__ = ["FRAG"]
