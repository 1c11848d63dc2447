"""Loading KGs into an embedded Oxigraph store."""
from .loader import FORMATS, LoadReport, detect_format, load_files

__all__ = ["load_files", "detect_format", "LoadReport", "FORMATS"]
