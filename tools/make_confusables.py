"""Regenerate qiguo/confusables.py: every character that Unicode's confusables data (UTS #39,
as the PyPI package confusable-homoglyphs ships it) lists as looking like a Latin letter or a
digit, mapped to that letter or digit in lower case. qiguo.names reads a name through it, so a
Greek "Υou", an Armenian "Yօu" or a Cherokee "Ꭹou" reads as "you".

    pip install confusable-homoglyphs && python tools/make_confusables.py
"""
from __future__ import annotations

import json
import string
from pathlib import Path

import confusable_homoglyphs

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "qiguo" / "confusables.py"
TARGETS = frozenset(string.ascii_letters + string.digits)


def table() -> dict[str, str]:
    data = json.loads((Path(confusable_homoglyphs.__file__).parent / "confusables.json").read_text("utf-8"))
    out: dict[str, str] = {}
    for target in sorted(TARGETS):  # the data lists both ways: a letter's look-alikes, and what each looks like
        for entry in data.get(target, []):
            out.setdefault(entry["c"], target.lower())
    for ch, entries in data.items():
        for entry in entries:
            if entry["c"] in TARGETS:
                out.setdefault(ch, entry["c"].lower())
    return {ch: to for ch, to in sorted(out.items()) if len(ch) == 1 and not ch.isascii()}


def main() -> None:
    rows = table()
    lines = [f'    "\\U{ord(ch):08x}": "{to}",' for ch, to in rows.items()]
    OUT.write_text(
        '"""Characters that look like a Latin letter or a digit, as that letter or digit in lower\n'
        "case: made by tools/make_confusables.py from Unicode's confusables data (UTS #39, from the\n"
        f'package confusable-homoglyphs {confusable_homoglyphs.__version__ if hasattr(confusable_homoglyphs, "__version__") else ""}). Do not edit by hand."""\n\n'
        "LOOKS_LIKE: dict[str, str] = {\n" + "\n".join(lines) + "\n}\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(rows)} characters")


if __name__ == "__main__":
    main()
