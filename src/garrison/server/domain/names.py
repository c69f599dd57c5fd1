"""Text people type that others read (names, chat lines), cleaned the one way."""

from __future__ import annotations

import unicodedata


def clean_name(text: str) -> str:
    """A guest's name (or a chat line) as others see it: control, format and bidi-override
    characters removed (they could reorder or hide what a table shows), runs of spaces folded."""
    kept = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())
