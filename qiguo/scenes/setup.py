"""Seat set-up: who plays each kingdom, the alliance blocs of docs/rules.md section 6, the preset."""
from __future__ import annotations

import functools

import pygame

from qiguo.clock import PRESETS as CLOCK_PRESETS
from qiguo.engine import KINGDOMS, PRESETS, EngineError, Rules, teams_for
from qiguo.ui import theme
from qiguo.ui.fonts import FLOOR, blit_lines, fitted, line_height, render, wrap
from qiguo.play import hosting
from qiguo.play.match import BaseMatch, Match
from qiguo.play.seats import HUMAN, NETWORK, SETUP, Seat, kingdoms_of, parse_seats, seats_spec
from qiguo.play.settings import clock_of
from qiguo.play.strings import clock_words, kingdom_glyph, kingdom_name, language, t
from qiguo.ui.widgets import Button, ButtonColumn

from .base import Scene, hovered, register

CHOICES: list[Seat] = list(SETUP)
QIN, CHU, QI = 0, 1, 3
# partner slots: (slot name, leading kingdom, the fewest... most players it is used with)
SLOTS = (("qin", QIN, 6), ("chu", CHU, 5), ("qi", QI, 4), ("qin2", QIN, 3))


def seat_label(seat: Seat) -> str:
    if seat == HUMAN:
        return t("setup.human")
    if seat == NETWORK:
        return t("setup.network")
    if seat is None:
        return t("setup.off")
    return t("setup.bot", level=t(f"level.{seat}"))


NOTE_LINES = 3
"""The lines kept under the buttons for the note (what the button pointed at does, or what changed)."""


@register("setup")
class SetupScene(Scene):
    """Opened with `like`, a local game just played, it starts from that game's seats, preset and
    blocs (a game started from the command line included); otherwise from the last set-up."""

    def __init__(self, app, like: BaseMatch | None = None):
        super().__init__(app)
        self.column = ButtonColumn([])
        s = app.settings
        seats, preset, blocs = s.last_seats, s.preset, s.last_blocs
        if like is not None and not like.networked:
            seats, preset, blocs = seats_spec(like.seats), Rules.make(like.rules).preset, like.blocs
        try:
            self.seats = parse_seats(seats)
        except ValueError:
            self.seats = parse_seats("h444444")
        self.preset = preset if preset in PRESETS else "standard"
        self.clock = s.clock
        if like is not None and not like.networked:
            self.clock = like.clocks.spec.text() if like.clocks is not None else ""
        self.partners: dict[str, int] = {}
        self.own: dict[int, Seat] = {}
        """The seat each kingdom that follows a bloc's leader had before it did: it gets it back
        when it stops following (a seat kind is never left stranded)."""
        self.changed = ""
        """What the last change did beyond what was clicked, and why (shown below the buttons)."""
        self.players = 7
        self._load_blocs(blocs)
        self.error = ""
        self._build()

    # ---- the choices --------------------------------------------------------------------

    def _load_blocs(self, blocs: list[str]) -> None:
        try:
            teams_for(KINGDOMS, blocs)
        except EngineError:
            return
        for b in blocs:
            lead = KINGDOMS.index(b[0])
            rest = [KINGDOMS.index(ch) for ch in b[1:]]
            if lead == QIN:
                self.partners["qin"] = rest[0]
                if len(rest) > 1:
                    self.partners["qin2"] = rest[1]
            elif lead in (CHU, QI):
                self.partners["chu" if lead == CHU else "qi"] = rest[0]
        self.players = 7 - sum(len(b) - 1 for b in blocs)

    def active_slots(self) -> list[tuple[str, int]]:
        return [(name, lead) for name, lead, most in SLOTS if self.players <= most]

    def options(self, slot: str) -> list[int]:
        """The kingdoms a partner slot may take, given the other slots (section 6)."""
        taken = {QIN, CHU} | ({QI} if self.players <= 4 else set())
        for name, _ in self.active_slots():
            if name != slot and name in self.partners:
                taken.add(self.partners[name])
        return [k for k in range(7) if k not in taken]

    def blocs(self) -> list[str]:
        """The blocs as letter strings, for the engine."""
        slots = dict(self.active_slots())
        out = []
        if "qin" in slots:
            out.append("w" + KINGDOMS[self.partners["qin"]] + (KINGDOMS[self.partners["qin2"]] if "qin2" in slots else ""))
        for name, lead in (("chu", CHU), ("qi", QI)):
            if name in slots:
                out.append(KINGDOMS[lead] + KINGDOMS[self.partners[name]])
        return out

    def _normalise(self) -> None:
        if kingdoms_of(self.seats) != KINGDOMS and self.players != 7:
            self.players = 7
            self.changed = t("setup.changed.blocs")
        for name, lead in self.active_slots():
            opts = self.options(name)
            if self.partners.get(name) not in opts and opts:  # a new partner: a kingdom seated as its leader, if any
                same = [k for k in opts if self.seats[k] == self.seats[lead] or
                        (self.seats[k] != HUMAN and self.seats[lead] != HUMAN)]
                self.partners[name] = (same or opts)[0]
        allies = self.allies()
        for k in [k for k in self.own if k not in allies]:  # no longer follows: its own seat again
            self.seats[k] = self.own.pop(k)
        for partner, lead in allies.items():  # one player plays a whole bloc
            if partner not in self.own and self.seats[partner] == HUMAN and self.seats[lead] != HUMAN:
                self.changed = t("setup.changed.follows", ally=kingdom_name(partner), lead=kingdom_name(lead),
                                 seat=seat_label(self.seats[lead]))  # a person's seat given to a bot: said
            self.own.setdefault(partner, self.seats[partner])
            self.seats[partner] = self.seats[lead]

    def allies(self) -> dict[int, int]:
        """Each kingdom played by a bloc's leader (its seat follows the leader's)."""
        return {self.partners[name]: lead for name, lead in self.active_slots() if name in self.partners}

    def validate(self) -> str:
        """Empty if the set-up can start, else what is wrong."""
        if sum(s is not None for s in self.seats) < 2:
            return t("setup.need_two")
        if NETWORK in self.seats and self.seats.count(HUMAN) > 1:
            following = {k: lead for k, lead in self.allies().items() if self.seats[lead] == HUMAN}
            if following and self.seats.count(HUMAN) - len(following) == 1:  # the bloc alone makes two
                ally, lead = min(following.items())
                return t("setup.one_here.bloc", ally=kingdom_name(ally), lead=kingdom_name(lead))
            return t("setup.one_here")
        try:
            teams_for(kingdoms_of(self.seats), self.blocs() or None)
        except EngineError:
            return t("setup.invalid")
        return ""

    # ---- actions ------------------------------------------------------------------------

    def cycle_seat(self, k: int, step: int = 1) -> None:
        k = self.allies().get(k, k)  # an ally's seat is its leader's
        i = CHOICES.index(self.seats[k])
        self.seats[k] = CHOICES[(i + step) % len(CHOICES)]
        self._changed()

    def cycle_players(self, step: int = 1) -> None:
        if kingdoms_of(self.seats) != KINGDOMS:
            return
        order = [7, 6, 5, 4, 3]
        self.players = order[(order.index(self.players) + step) % len(order)]
        self._changed()

    def cycle_partner(self, slot: str, step: int = 1) -> None:
        opts = self.options(slot)
        if opts:
            cur = self.partners.get(slot)
            i = opts.index(cur) if cur in opts else -1
            self.partners[slot] = opts[(i + step) % len(opts)]
        self._changed()

    def cycle_preset(self, step: int = 1) -> None:
        names = list(PRESETS)
        self.preset = names[(names.index(self.preset) + step) % len(names)]
        self._changed()

    def cycle_clock(self, step: int = 1) -> None:
        choices = ("",) + CLOCK_PRESETS + tuple(c for c in (self.app.settings.clock,) if c and c not in CLOCK_PRESETS)
        at = choices.index(self.clock) if self.clock in choices else 0
        self.clock = choices[(at + step) % len(choices)]
        self._changed()

    def _changed(self) -> None:
        self.changed = ""
        self._normalise()
        self._build()

    def start(self) -> None:
        self.error = self.validate()
        if self.error:
            self.app.toast(self.error)
            return
        s = self.app.settings
        if NETWORK in self.seats:
            self.host()
            return
        s.last_seats, s.last_blocs, s.preset, s.clock = seats_spec(self.seats), self.blocs(), self.preset, self.clock
        s.save()
        match = Match(list(self.seats), self.preset, self.blocs(), seed=self.app.seed, bot_delay=s.bot_delay,
                      clock=clock_of(self.clock))
        self.app.stack.replace(self.app.scene("game", match))

    def host(self) -> None:
        """Start the server for this set-up and join it; friends join from their windows."""
        s = self.app.settings
        try:
            table = hosting.new_table(list(self.seats), self.preset, self.blocs(), s.seat_wait, s.standin,
                                      clock_of(self.clock))
            table.save()
            server, link = hosting.start(table, s.host_port, s.bot_delay, s.player_name)
        except (OSError, ValueError) as e:
            self.app.toast(t("net.host_failed", why=getattr(e, "strerror", None) or e))
            return
        s.host_port = server.address[1] if server.address else s.host_port
        s.save()
        self.app.stack.replace(self.app.scene("join", link=link, server=server))

    # ---- widgets ------------------------------------------------------------------------

    def _build(self) -> None:
        self._normalise()
        self.error = self.validate()
        allies = self.allies()
        self.seat_buttons = [Button(t("setup.with", lead=kingdom_name(allies[k]), seat=seat_label(self.seats[k]))
                                    if k in allies else seat_label(self.seats[k]), functools.partial(self.cycle_seat, k))
                             for k in range(7)]
        all_seven = kingdoms_of(self.seats) == KINGDOMS
        self.players_button = Button(str(self.players), self.cycle_players, enabled=all_seven)
        self.partner_buttons = [
            (name, lead, Button(kingdom_name(self.partners[name]), functools.partial(self.cycle_partner, name)))
            for name, lead in self.active_slots() if name in self.partners]
        self.preset_button = Button(t(f"preset.{self.preset}"), self.cycle_preset)
        self.clock_button = Button(clock_words(self.clock), self.cycle_clock)
        self.start_button = Button(t("setup.host" if NETWORK in self.seats else "setup.start"), self.start)
        self.back_button = Button(t("setup.back"), self.app.stack.pop)
        focus = self.column.focus
        self.column = ButtonColumn(self.seat_buttons + [self.preset_button, self.clock_button, self.players_button]
                                   + [b for _, _, b in self.partner_buttons]
                                   + [self.start_button, self.back_button])
        self.column.focus = min(focus, len(self.column.buttons) - 1)

    def note(self) -> str:
        """Below the buttons: what is wrong (Start says it too when pressed), else what the last
        change did and why, else how the choices work."""
        hosted = t("setup.hosted") if NETWORK in self.seats else ""
        return self.error or " ".join(x for x in (self.changed, hosted) if x) or self.about(self.pointed())

    def pointed(self) -> Button:
        """The button under the pointer, else the focused one."""
        buttons = self.column.buttons
        over = hovered(buttons)
        return buttons[over if over >= 0 else self.column.focus % len(buttons)]

    def about(self, b: Button) -> str:
        """What the button pointed at sets, in a line."""
        if b in self.seat_buttons:
            return t("setup.help.seat", name=kingdom_name(self.seat_buttons.index(b)))
        if b is self.preset_button:
            return t("settings.help.preset")
        if b is self.clock_button:
            return t("settings.help.clock")
        if b is self.players_button or any(b is p for _, _, p in self.partner_buttons):
            return t("setup.players.hint") if self.players_button.enabled else t("setup.blocs_all")
        return t("setup.help.start")

    def frame_key(self) -> object:
        buttons = self.column.buttons
        return (language(), self.column.focus, hovered(buttons), tuple((b.label, b.enabled) for b in buttons),
                self.error, self.changed)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:  # right click: cycle back
            for k, b in enumerate(self.seat_buttons):
                if b.rect.collidepoint(event.pos):
                    self.cycle_seat(k, -1)
                    return
            for name, _, b in self.partner_buttons:
                if b.rect.collidepoint(event.pos):
                    self.cycle_partner(name, -1)
                    return
            if self.players_button.rect.collidepoint(event.pos):
                self.cycle_players(-1)
            elif self.preset_button.rect.collidepoint(event.pos):
                self.cycle_preset(-1)
            elif self.clock_button.rect.collidepoint(event.pos):
                self.cycle_clock(-1)
            return
        self.column.process_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Fixed rows, so that no button moves when the options change: seven seats, the rules,
        the number of players, the alliance partners it asks for, and Back and Start at the
        bottom; a note (or what is wrong) below them."""
        w, h = surface.get_size()
        y = self.draw_title(surface, t("setup.title"), 8) + 6
        note = self.note()
        note_size = max(FLOOR, min(18, h // 45))
        width = min(680, w - 40)
        note_lines = max(NOTE_LINES, len(wrap(self.error, note_size, width)))  # room that stays: no button moves
        bottom = h - 8 - note_lines * line_height(note_size)
        rows = 7 + 1 + 1 + len(SLOTS) + 1 + 1
        gap = 5 if h < 700 else 8
        bh = max(26, min(46, (bottom - y) // rows - gap))
        left = (w - width) // 2
        label_w = int(width * 0.42)
        size = max(FLOOR, min(24, int(bh * 0.5)))
        focused = self.column.buttons[self.column.focus % len(self.column.buttons)]

        def label(text: str, top: int, indent: int = 10) -> None:
            text, fitted_size = fitted(text, size, label_w - indent - 8)
            img = render(text, fitted_size, theme.TEXT)
            surface.blit(img, img.get_rect(midleft=(left + indent, top + bh // 2)))

        def button(b: Button, top: int) -> None:
            b.rect = pygame.Rect(left + label_w, top, width - label_w, bh)
            b.draw(surface, focused=b is focused)
        for k, b in enumerate(self.seat_buttons):
            disc = pygame.Rect(left, y, bh, bh)
            pygame.draw.circle(surface, theme.KINGDOM_FILL[k], disc.center, bh // 2 - 1)
            glyph = render(kingdom_glyph(k), max(FLOOR, int(bh * 0.6)), theme.KINGDOM_INK[k])
            surface.blit(glyph, glyph.get_rect(center=disc.center))
            label(kingdom_name(k), y, bh + 10)
            button(b, y)
            y += bh + gap
        y += gap
        label(t("setup.rules.label"), y)
        button(self.preset_button, y)
        y += bh + gap
        label(t("setup.clock.label"), y)
        button(self.clock_button, y)
        y += bh + gap
        label(t("setup.players.label"), y)
        button(self.players_button, y)
        y += bh + gap
        for name, lead, b in self.partner_buttons:  # below them nothing moves: Back and Start sit at the bottom
            label(t("setup.partner2") if name == "qin2" else t("setup.partner", lead=kingdom_name(lead)), y)
            button(b, y)
            y += bh + gap
        y = bottom - bh - gap
        half = (width - gap) // 2
        self.back_button.rect = pygame.Rect(left, y, half, bh)
        self.start_button.rect = pygame.Rect(left + half + gap, y, half, bh)
        self.back_button.draw(surface, focused=self.back_button is focused)
        self.start_button.draw(surface, focused=self.start_button is focused)
        colour = theme.WARN if self.error else theme.ACCENT if self.changed else theme.TEXT_DIM
        blit_lines(surface, note, note_size, colour, left, y + bh + gap, width, h)
