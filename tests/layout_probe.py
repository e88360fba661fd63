"""Recording where a scene draws its texts and buttons, to check a layout: every text at least
the floor size, inside the window, not clipped, and no two texts or buttons on top of each other."""
from __future__ import annotations

import pygame

from qiguo.ui import fonts


class RecordingSurface(pygame.Surface):
    """A window-sized surface that notes every text blitted onto it and every button drawn."""

    def __init__(self, size: tuple[int, int]):
        super().__init__(size)
        self.texts: list[tuple[str, int, pygame.Rect, pygame.Rect]] = []  # text, size, rect, clip
        self.buttons: list[tuple[pygame.Rect, str]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        found = fonts.probe.get(id(source)) if fonts.probe is not None else None
        if found is not None and area is None:
            rect = dest if isinstance(dest, pygame.Rect) else pygame.Rect((int(dest[0]), int(dest[1])), source.get_size())
            rect = pygame.Rect(rect.topleft, source.get_size())
            self.texts.append((found[0], found[1], rect, self.get_clip()))
        return super().blit(source, dest, area, special_flags)


FLOOR = 12
"""The smallest text, in pixels, a layout may use: the test's own number, not the game's (so
lowering the game's floor fails the layout tests)."""


def problems(surface: RecordingSurface, floor: int = FLOOR, cut: dict[str, str] | None = None,
             wrapped: dict[str, list[str]] | None = None) -> list[str]:
    """What is wrong with the layout just drawn, in words; `cut` holds the texts the drawing
    cut short (shown -> whole), none of which may be on the screen, and `wrapped` the texts it
    broke into lines (whole -> lines), all of whose lines must be drawn once the first one is."""
    out = []
    drawn = [text for text, _, _, _ in surface.texts]
    for text in drawn:
        if cut and text in cut:
            out.append(f"{text!r} is cut short from {cut[text]!r}")
    for whole, lines in (wrapped or {}).items():
        if len(lines) > 1 and lines[0] in drawn and not all(line in drawn for line in lines if line.strip()):
            missing = [line for line in lines if line.strip() and line not in drawn]
            out.append(f"{whole[:40]!r} lost {len(missing)} of its {len(lines)} lines")
    window = surface.get_rect()
    texts = [(t, s, r.clip(clip), r, clip) for t, s, r, clip in surface.texts if t.strip()]
    for text, size, shown, rect, clip in texts:
        if size < floor:
            out.append(f"{text!r} is {size} px")
        if not window.contains(rect) or rect.width > window.width:
            out.append(f"{text!r} leaves the window")
        if shown.width < rect.width - 1 or shown.height < rect.height - 1:
            out.append(f"{text!r} is cut off ({rect} in {clip})")
    boxes = [(r.inflate(-2, -2), label) for r, label in surface.buttons]
    for i, (a, la) in enumerate(boxes):
        for b, lb in boxes[i + 1:]:
            if a.colliderect(b):
                out.append(f"buttons {la!r} and {lb!r} overlap")
    for i, (ta, _, sa, _, _) in enumerate(texts):
        core = sa.inflate(-4, -4)
        for tb, _, sb, _, _ in texts[i + 1:]:
            if core.colliderect(sb.inflate(-4, -4)):
                out.append(f"texts {ta!r} and {tb!r} overlap")
        for rect, label in boxes:
            inside_own = ta == label or rect.contains(sa)
            if core.colliderect(rect) and not inside_own:
                out.append(f"text {ta!r} touches button {label!r}")
    return out
