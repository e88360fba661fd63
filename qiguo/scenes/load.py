"""The save browser: every saved game, newest first, with its name, rules, moves, whether it is
finished and a picture of its position; scroll by wheel, keys or the scrollbar; open (finished
games open for review) or delete with confirmation. Broken files are marked with the reason."""
from __future__ import annotations

import pygame

from qiguo.play import saves
from qiguo.ui import theme
from qiguo.ui.fonts import FLOOR, blit_footer, fitted, line_height, render
from qiguo.play.strings import language, t, tn
from qiguo.ui.thumbnail import thumbnail
from qiguo.ui.widgets import Button, ButtonColumn

from .base import Scene, hovered, register


@register("load")
class LoadScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.selected = 0
        self.scroll = 0  # rows scrolled past the top
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.visible = 1
        self.refresh()

    def refresh(self) -> None:
        """Read the saves folder again."""
        self.listings = saves.list_saves()
        self.selected = max(0, min(self.selected, len(self.listings) - 1))
        chosen = self.listings[self.selected] if self.listings else None
        self.menu = ButtonColumn([
            Button(t("load.open"), self.open_selected, enabled=bool(chosen and chosen.data)),
            Button(t("load.delete"), self.delete_selected, enabled=chosen is not None),
            Button(t("load.back"), self.app.stack.pop),
        ])

    # ---- actions ------------------------------------------------------------------------

    def open_selected(self) -> None:
        if self.listings:
            self.open(self.listings[self.selected])

    def open(self, listing: saves.Listing) -> None:
        if listing.data is None:
            self.app.toast(listing.error)
            return
        try:
            match = saves.to_match(listing.data, listing.path.name, self.app.settings.bot_delay)
        except saves.SaveError as e:
            self.app.toast(str(e))
            return
        self.app.stack.replace(self.app.scene("game", match, review=match.game.result is not None))

    def delete_selected(self) -> None:
        if not self.listings:
            return
        listing = self.listings[self.selected]

        def delete() -> None:
            try:
                saves.delete(listing.path)
            except OSError as e:
                self.app.toast(t("load.delete_failed", why=e.strerror or e))
                return
            self.app.toast(t("load.deleted", name=listing.name))
            self.refresh()
        self.app.stack.push(self.app.scene("confirm", t("load.confirm_delete", name=listing.name), delete,
                                         yes=t("confirm.delete.yes")))

    def select(self, index: int) -> None:
        if not self.listings:
            return
        self.selected = max(0, min(len(self.listings) - 1, index))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible:
            self.scroll = self.selected - self.visible + 1
        self.menu.buttons[0].enabled = self.listings[self.selected].data is not None

    # ---- input --------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: self.visible,
                    pygame.K_PAGEUP: -self.visible}
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop()
            elif event.key in keys:
                self.select(self.selected + keys[event.key])
            elif event.key == pygame.K_HOME:
                self.select(0)
            elif event.key == pygame.K_END:
                self.select(len(self.listings) - 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_selected()
            elif event.key == pygame.K_DELETE:
                self.delete_selected()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.listings) - self.visible), self.scroll - event.y))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.bar.collidepoint(event.pos) and self.listings:  # a click on the scrollbar jumps
                share = (event.pos[1] - self.bar.y) / max(1, self.bar.height)
                self.scroll = max(0, min(len(self.listings) - self.visible, int(share * len(self.listings))))
                return
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    if index == self.selected and getattr(event, "clicks", 1) >= 2:
                        self.open_selected()
                    self.select(index)
                    return
        self.menu.process_event(event)

    def frame_key(self) -> object:
        return (self.selected, self.scroll, len(self.listings), language(), self.menu.focus,
                hovered(self.menu.buttons), tuple(b.enabled for b in self.menu.buttons))

    # ---- drawing ------------------------------------------------------------------------

    def toast_area(self) -> pygame.Rect | None:
        """Messages go over the list, never over the buttons below it."""
        return self.list_area if self.list_area.height else None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        y = self.draw_title(surface, t("load.title"), h // 40)
        width = min(900, w - 40)
        left = (w - width) // 2
        note = tn("load.count", len(self.listings)) if self.listings else t("load.none")
        text, size = fitted(note, max(FLOOR, min(18, h // 45)), width)
        surface.blit(render(text, size, theme.TEXT_DIM), (left, y + 4))
        y += line_height(size) + 10
        bh = max(32, min(46, h // 18))
        keys_size = max(FLOOR, min(15, h // 60))
        bottom = h - bh - line_height(keys_size) - 24
        row_h = max(56, min(96, (bottom - y) // 6))
        self.visible = max(1, (bottom - y) // row_h)
        self.scroll = max(0, min(self.scroll, len(self.listings) - self.visible))
        self.rows = []
        self.list_area = pygame.Rect(left, y, width, max(0, bottom - y))
        name_size = max(FLOOR + 2, min(22, row_h // 3))
        info_size = max(FLOOR, min(16, row_h // 4))
        for i, listing in enumerate(self.listings[self.scroll:self.scroll + self.visible], self.scroll):
            rect = pygame.Rect(left, y, width - 16, row_h - 6)
            self.rows.append((rect, i))
            chosen = i == self.selected
            pygame.draw.rect(surface, theme.PANEL_ACTIVE if chosen else theme.PANEL_ROW, rect, border_radius=8)
            if chosen:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=8)
            pic = rect.height - 8
            if listing.data is not None:
                surface.blit(thumbnail(listing.data.get("position") or "", pic), (rect.x + 4, rect.y + 4))
            else:
                pygame.draw.rect(surface, theme.WARN, pygame.Rect(rect.x + 4, rect.y + 4, pic, pic), 2, border_radius=4)
            tx, room = rect.x + pic + 16, rect.right - (rect.x + pic + 16) - 10
            text, fsize = fitted(listing.name, name_size, room)
            surface.blit(render(text, fsize, theme.TEXT), (tx, rect.y + 6))
            colour = theme.TEXT_DIM if listing.data is not None else theme.WARN
            text, fsize = fitted(listing.summary, info_size, room)
            surface.blit(render(text, fsize, colour), (tx, rect.y + 8 + line_height(name_size)))
            y += row_h
        if len(self.listings) > self.visible:
            top = bottom - self.visible * row_h
            self.bar = pygame.Rect(left + width - 10, top, 8, self.visible * row_h - 6)
            pygame.draw.rect(surface, theme.PANEL_ROW, self.bar, border_radius=4)
            share = self.visible / len(self.listings)
            thumb = max(20, int(self.bar.height * share))
            pos = self.bar.y + (self.bar.height - thumb) * self.scroll // max(1, len(self.listings) - self.visible)
            pygame.draw.rect(surface, theme.TEXT_DIM, pygame.Rect(self.bar.x, pos, 8, thumb), border_radius=4)
        else:
            self.bar = pygame.Rect(0, 0, 0, 0)
        area = pygame.Rect(left, h - bh - line_height(keys_size) - 16, width, 0)
        self.menu.layout_grid(area, 3, bh, 10)
        self.menu.draw(surface)
        blit_footer(surface, t("load.keys"), keys_size, theme.TEXT_DIM, width)
