"""Where the game's files (font, sounds, pictograms, text catalogs, icons) are: beside the
package in a checkout (and in the standalone build's folder, where the package sits beside its
assets too), or installed under the environment's share/qiguo/ by `pip install .`. Standard
library only, so every layer may use it."""
from __future__ import annotations

import sys
from pathlib import Path

CANDIDATES = (Path(__file__).resolve().parents[1] / "assets", Path(sys.prefix) / "share" / "qiguo" / "assets")


def asset(*parts: str) -> Path:
    """The path of an asset (the first place that has it; the checkout's path if none does)."""
    for root in CANDIDATES:
        path = root.joinpath(*parts)
        if path.exists():
            return path
    return CANDIDATES[0].joinpath(*parts)
