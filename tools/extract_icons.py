"""Extract the piece pictograms from the game-icons.net set (npm package
@iconify-json/game-icons, CC BY 3.0) into assets/icons/: only the ten SVGs the game uses, and
their attribution.

    npm install @iconify-json/game-icons && python tools/extract_icons.py [node_modules]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "icons"

ICONS = {  # piece letter -> (icon name, author on game-icons.net, degrees it is turned)
    "G": ("imperial-crown", "Delapouite", 0),
    "D": ("chess-rook", "Skoll", 0),
    "B": ("chess-bishop", "Skoll", 0),
    "E": ("dove", "Lorc", 0),
    "C": ("cannon", "Lorc", 0),
    "A": ("bow-arrow", "Lorc", 0),
    "X": ("crossbow", "Carl Olsen", 0),
    "S": ("crossed-sabres", "Lorc", 0),
    "W": ("broadsword", "Lorc", -45),
    "H": ("horse-head", "Delapouite", 0),
}
"""Each kind's silhouette must stand alone at the smallest piece size (about 20 px): the Bow is
an upright bow beside its arrow (the bowman's figure read like the Crossbow), the Sword stands
upright (slanted it read like the Crossbow's stock), the Sabres cross."""


def main() -> int:
    modules = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("node_modules")
    package = modules / "@iconify-json" / "game-icons"
    try:
        data = json.loads((package / "icons.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        print(f"error: no readable @iconify-json/game-icons under {modules} ({e}); npm install it first",
              file=sys.stderr)
        return 2
    version = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    size = (data.get("width", 512), data.get("height", 512))
    OUT.mkdir(parents=True, exist_ok=True)
    lines = ["Piece pictograms from game-icons.net (https://game-icons.net), licensed CC BY 3.0",
             "(https://creativecommons.org/licenses/by/3.0/), taken from the npm package",
             f"@iconify-json/game-icons {version} by tools/extract_icons.py, unchanged but for the",
             "fill colour, which the game sets per kingdom, and the Sword, turned upright.", ""]
    for letter, (name, author, turn) in ICONS.items():
        icon = data["icons"][name]
        w, h = icon.get("width", size[0]), icon.get("height", size[1])
        body = icon["body"] if not turn else f'<g transform="rotate({turn} {w / 2:g} {h / 2:g})">{icon["body"]}</g>'
        svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}">{body}</svg>\n'
        (OUT / f"{name}.svg").write_text(svg, encoding="utf-8")
        lines.append(f"{name}.svg  ({letter})  by {author}, https://game-icons.net/")
    (OUT / "ATTRIBUTION.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(ICONS)} icons and ATTRIBUTION.txt to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
