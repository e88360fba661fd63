"""Regenerate assets/fonts/qiguo-subset.otf: the characters the game draws, cut from Debian's
Noto Serif CJK SC Bold (package fonts-noto-cjk) with fontTools.

    apt-get install fonts-noto-cjk && pip install fonttools && python tools/make_font.py
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from qiguo.play.strings import characters  # noqa: E402

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
SC_INDEX = 2  # Noto Serif CJK SC Bold within the collection
OUT = ROOT / "assets" / "fonts" / "qiguo-subset.otf"


def main() -> None:
    font = TTCollection(str(SOURCE)).fonts[SC_INDEX]
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(text="".join(sorted(characters())))
    sub.subset(font)
    font.save(str(OUT))
    missing = sorted(ch for ch in characters() if ord(ch) not in font.getBestCmap())
    print(f"wrote {OUT.relative_to(ROOT)} ({OUT.stat().st_size:,} bytes); not in the source font: {missing}")


if __name__ == "__main__":
    main()
