"""Joining a network game: the host's address and join code (the last ones are remembered), then
a free seat or watching. Also the short wait while the window's own server starts (hosting).
Nothing here waits: the connection runs in its own thread and is polled each frame."""
from __future__ import annotations

import functools

import pygame

from qiguo.engine import KINGDOMS
from qiguo.net.link import Link
from qiguo.names import TextError, clean, clean_code
from qiguo.net.protocol import LIMITS, MIN_CODE, parse_address
from qiguo.net.session import Session, Tokens
from qiguo.ui import theme
from qiguo.play.files import data_dir
from qiguo.ui.fonts import FLOOR, blit_footer, blit_lines, fitted, has_glyph, line_height, render
from qiguo.play.net_match import NetMatch, connect
from qiguo.play.net_words import join_problem
from qiguo.play.strings import kingdom_name, language, t, tn
from qiguo.play.textedit import TextEdit
from qiguo.ui.widgets import Button, ButtonColumn, Caret, draw_edit, edit_key

from .base import Scene, hovered, register

TIMEOUT = 8.0
"""Seconds to wait for a server's welcome."""
FIELD_LIMITS = (80, LIMITS["code"], LIMITS["name"])
"""The longest address, code and player name one may type (as the protocol carries them)."""


def tokens() -> Tokens:
    try:
        return Tokens(data_dir())
    except OSError:
        return Tokens()


@register("join")
class JoinScene(Scene):
    """Address, code and name fields; Join; then pick a seat (or watch). The name is kept in the
    settings and also used when this computer hosts."""

    def __init__(self, app, address: str = "", code: str = "", auto: bool = False, link: Link | None = None,
                 server=None):
        super().__init__(app)
        s = app.settings
        self.fields = [address or s.last_join_address, code or s.last_join_code, s.player_name]
        self.edits[0].select_all()
        self.field = 0
        self.status, self.error = "", ""
        self.link = link
        self.server = server
        self.session: Session | None = None
        self.backlog: list[dict] = []
        """What the server sent after its last welcome: the game screen takes it in first."""
        self.address: tuple[str, int] | None = None
        self.waited = 0.0
        self.seat_buttons: list[Button] = []
        self.caret = Caret()
        self.menu = ButtonColumn([Button(t("join.connect"), self.join), Button(t("join.back"), self.back)])
        pygame.key.start_text_input()
        if auto or link is not None:
            self.join()

    @property
    def fields(self) -> list[str]:
        """The address, the code and the name as typed."""
        return [e.text for e in self.edits]

    @fields.setter
    def fields(self, values: list[str]) -> None:
        self.edits = [TextEdit(v, limit) for v, limit in zip(values, FIELD_LIMITS)]

    # ---- actions ------------------------------------------------------------------------

    def join(self) -> None:
        if self.link is not None and self.server is not None:  # hosting: our own server
            self.address = ("127.0.0.1", self.server.address[1])
            self.status = t("join.connecting", address=f"127.0.0.1:{self.address[1]}")
            return
        address = parse_address(self.fields[0])
        if address is None:
            self.error = t("join.bad_address")
            return
        try:
            code = clean_code(self.fields[1], LIMITS["code"])
            name = clean(self.fields[2], LIMITS["name"], has_glyph)
        except TextError:
            code, name = "", ""
        if len(code) < MIN_CODE:
            self.error = tn("join.short_code", MIN_CODE)
            return
        s = self.app.settings
        s.last_join_address, s.last_join_code = clean(self.fields[0], 80), code
        s.player_name = name
        s.save()
        self.address, self.error, self.waited = address, "", 0.0
        self.status = t("join.connecting", address=f"{address[0]}:{address[1]}")
        self.link = connect(address[0], address[1], code, tokens(), name=s.player_name)

    def back(self) -> None:
        if self.link is not None and self.session is None:
            self.link.close()
        if self.server is not None:
            self.server.stop()
        self.app.stack.pop()

    def sit(self, k: int | None) -> None:
        """Take a free seat (None: watch)."""
        if k is None:
            self.open()
        elif self.link is not None:
            self.link.send({"type": "sit", "seat": KINGDOMS[k], "name": self.app.settings.player_name})
            self.seat_buttons = []

    def open(self) -> None:
        code = self.fields[1].strip() if self.server is None else self.server.server.table.code
        assert self.link is not None and self.session is not None and self.address is not None  # welcomed
        match = NetMatch(self.link, self.session, self.address, code, tokens(), server=self.server,
                         backlog=self.backlog)
        pygame.key.stop_text_input()
        self.server = None  # the match owns it now
        self.app.stack.replace(self.app.scene("game", match))

    # ---- time and input -----------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.caret.tick(dt)
        if self.link is None:
            return
        self.waited += dt
        messages = self.link.poll()
        for n, message in enumerate(messages):
            if message.get("type") == "welcome":
                session = Session()
                try:
                    session.welcome(message)
                except (ValueError, KeyError, TypeError):
                    self.error = join_problem("not qiguo", "", self.where())
                    self.link.refuse("the server's welcome cannot be read")
                    break
                self.session, self.backlog = session, []
                if session.seat is not None:
                    self.backlog = messages[n + 1:]  # a move sent with the welcome is played, not lost
                    self.open()
                    return
                self.offer_seats()
            elif message.get("type") == "error":
                self.error = join_problem("refused", str(message.get("message", "")), self.where())
            elif self.session is not None:
                self.backlog.append(message)  # while a watcher picks a seat, the game goes on
        if self.link.state == "connecting" and self.link.busy and self.session is None and not self.error:
            self.status = join_problem("refused", self.link.busy, self.where())  # told, and tried again
        if self.link.state == "closed" and self.session is None and not self.error:
            self.error = join_problem(self.link.kind, self.link.error, self.where())
        if self.session is None and self.waited > TIMEOUT and not self.error:
            self.error = join_problem("timeout", "", self.where())
            self.link.close()
        if self.error:
            self.status = ""
            if self.link is not None and self.link.state == "closed":
                self.link = None

    def where(self) -> str:
        """The server's address as the player wrote it (host:port)."""
        return f"{self.address[0]}:{self.address[1]}" if self.address else self.fields[0].strip()

    def offer_seats(self) -> None:
        assert self.session is not None  # welcomed
        free = [k for k, s in enumerate(self.session.seats)
                if s["kind"] == "network" and not s["connected"] and not s["name"]]
        self.seat_buttons = ([Button(t("join.sit", name=kingdom_name(k)), functools.partial(self.sit, k)) for k in free]
                             + [Button(t("join.watch"), lambda: self.sit(None))])
        self.status = t("join.pick")

    @property
    def typing(self) -> bool:
        return not self.seat_buttons  # the address, code and name fields are on show

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if self.seat_buttons:
            ButtonColumn(self.seat_buttons).process_event(event)
            return
        if edit_key(self.edits[self.field], event):
            self.caret.restart()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.field = (self.field + step) % len(self.edits)
            self.edits[self.field].select_all()  # as in any form: the next field's text, ready to replace
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.join()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(getattr(self, "field_rects", [])):
                if rect.collidepoint(event.pos):
                    self.field = i
                    return
            self.menu.process_event(event)

    def frame_key(self) -> object:
        return (tuple((e.text, e.caret, e.anchor) for e in self.edits), self.field, self.status, self.error, len(self.seat_buttons), language(),
                hovered(self.menu.buttons + self.seat_buttons), self.caret.phase)

    # ---- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        y = self.draw_title(surface, t("join.title"), h // 24) + h // 30
        width = min(640, w - 40)
        left = (w - width) // 2
        size = max(FLOOR + 2, min(22, h // 36))
        self.field_rects = []
        for i, label in enumerate((t("join.address"), t("join.code"), t("join.name"))):
            text, fsize = fitted(label, size, width)
            surface.blit(render(text, fsize, theme.TEXT_DIM), (left, y))
            y += line_height(size) + 2
            rect = pygame.Rect(left, y, width, line_height(size) + 14)
            self.field_rects.append(rect)
            pygame.draw.rect(surface, (24, 22, 28), rect, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT if i == self.field else theme.TEXT_DIM, rect, 1, border_radius=6)
            draw_edit(surface, self.edits[i], rect, size, i == self.field, self.caret.on)
            y = rect.bottom + 12
        bh = max(32, min(46, h // 18))
        if self.seat_buttons:
            self.place_buttons(ButtonColumn(self.seat_buttons), y, h - bh - 40, width // 2)
            for b in self.seat_buttons:
                b.draw(surface)
        note = self.error or self.status
        if note:
            blit_lines(surface, note, max(FLOOR, size - 2), theme.WARN if self.error else theme.TEXT_DIM, left,
                       (y if not self.seat_buttons else max(b.rect.bottom for b in self.seat_buttons) + 8),
                       width, h - bh - 30)
        area = pygame.Rect(left, h - bh - line_height(FLOOR) - 20, width, 0)
        self.menu.layout_grid(area, 2, bh, 12)
        self.menu.draw(surface)
        blit_footer(surface, t("join.keys"), FLOOR, theme.TEXT_DIM, width)

    def leave(self) -> None:
        pygame.key.stop_text_input()
