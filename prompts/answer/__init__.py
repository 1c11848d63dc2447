"""Generic answer prompts: choose the answer among retrieved candidate entities."""
