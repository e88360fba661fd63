"""The side panel of the game: whose turn it is, notices, the kingdoms (players, alliances,
prisoners, losses, generals, standing) of the position on show, and the move list."""
from __future__ import annotations

import math

import pygame

from qiguo.engine import Game, Piece

from . import piece_art, theme
from .fonts import FLOOR, elide, fit, fitted, line_height, render, wrap
from qiguo.play.movelist import Line
from qiguo.play.notices import BRINK
from qiguo.play.seats import HUMAN, Seat
from qiguo.play.table import Face, View
from qiguo.play.strings import kingdom_glyph, kingdom_name, status_text, t

NOTICE_COLOURS = {"lost": theme.WARN, "threat": theme.ACCENT, "fell": theme.TEXT, "near": theme.WARN}


def player_text(seat: Seat, you: bool = False) -> str:
    """Who plays a seat: "you" (the one human at this computer), "human", "bot hard", "off"."""
    if seat == HUMAN:
        return t("game.player.you") if you else t("game.player.human")
    return t("game.player.bot", level=t(f"level.{seat}")) if seat else t("setup.off")


def lost_pieces(game: Game, k: int) -> int:
    """How many of kingdom k's pieces other kingdoms hold (its general included)."""
    return sum(1 for held in game.prisoners for p in held if Piece(p).kingdom == k)


SENTENCE_ENDS = ("! ", ". ", "！", "。")


def first_sentence(text: str) -> str:
    """The first sentence of a notice of several (the notice itself when it has one)."""
    ends = [text.find(end) + len(end.rstrip()) for end in SENTENCE_ENDS if 0 <= text.find(end) < len(text) - len(end)]
    return text[:min(ends)] if ends else text


def weighted(game: Game) -> bool:
    """Whether the rules count losses otherwise than one a piece, over every captor (Sima
    Guang's weights, the Chinese text's single captor): the panel then shows the count."""
    return game.rules.weights != "flat" or game.rules.attrition_count != "total"


def loss_text(game: Game, k: int) -> str:
    """The losses column: pieces lost, or under weighted rules what counts toward the limit
    ("7/11")."""
    if weighted(game) and game.alive[k]:
        limit = game.rules.attrition_limit
        return f"{limit - game.attrition_left(k)}/{limit}"
    return str(lost_pieces(game, k))


def prisoners_text(game: Game, k: int) -> str:
    """The prisoners column: what counts toward hegemony by prisoners, of what wins ("27/30"),
    or the prisoners held when prisoners do not win."""
    need = game.rules.win_captures
    return f"{game.score[k]}/{need}" if need else str(len(game.prisoners[k]))


def toward_text(game: Game, k: int) -> str:
    """The third column: Generals held of those that win ("1/2"), or under the Chinese text
    the kingdoms brought down of those that win."""
    r = game.rules
    if r.win_generals:
        return f"{game.generals[k]}/{r.win_generals}"
    if r.win_kingdoms:
        return f"{game.credits[k]}/{r.win_kingdoms}"
    return str(game.generals[k])

class Panel:
    """Draws the panel and remembers where things are, for clicks and animations."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: dict[int, pygame.Rect] = {}
        self.prisoner_cells: dict[int, tuple[int, int]] = {}
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.message_rect = pygame.Rect(0, 0, 0, 0)
        """Where a message goes: the room left above the move list."""
        self.list_hits: list[tuple[pygame.Rect, int]] = []
        self.footer = pygame.Rect(0, 0, 0, 0)
        self.footer_lines: list[str] = []
        """The key guide at the panel's foot, as drawn (one line, or two in a narrow panel)."""
        self.notice_lines = 2
        self.clock_rects: dict[int, pygame.Rect] = {}
        """Where each kingdom's clock is drawn (the rows of humans in a game with clocks)."""
        self.list_line_h = FLOOR + 6
        """The move list's line height, set by the list's room before any message takes some."""

    def draw(self, surface: pygame.Surface, view: View, lines: list[Line], scroll: int, reserve: int = 0) -> int:
        """The whole panel; returns the scroll actually used (clamped to the list). `reserve`
        pixels above the move list are left free (a message goes there: `message_rect`)."""
        p = self.rect
        pygame.draw.rect(surface, theme.PANEL, p)
        pad = max(6, p.width // 40)
        x, w = p.x + pad, p.width - 2 * pad
        banner = pygame.Rect(x, p.y + pad, w, max(56, p.height // 11))
        self._banner(surface, banner, view)
        line_h = max(FLOOR + 6, min(24, p.height // 40))
        self.notice_lines = 3 if p.height >= 700 else 2
        notes = pygame.Rect(x, banner.bottom + 4, w, self.notice_lines * line_h)
        self._notices(surface, notes, view, line_h)
        footer_size = max(FLOOR, min(15, p.height // 60))
        hint = view.footer or t("game.hint")
        size = max(FLOOR, fit(hint, footer_size, w))
        self.footer_lines = guide_lines(hint, size, w)
        imgs = [render(line, size, theme.TEXT_DIM) for line in self.footer_lines]
        height = sum(img.get_height() for img in imgs)
        self.footer = pygame.Rect(x, p.bottom - height - 6, w, height)
        y = self.footer.top
        for img in imgs:  # on two lines when one is too wide even at the smallest size
            surface.blit(img, (x, y))
            y += img.get_height()
        room = p.bottom - 6 - imgs[0].get_height() - notes.bottom - 8  # the rows as with one line of keys
        row_h = max(2 * FLOOR + 8, min(58, int(room * 0.62) // 7))
        y = self._kingdoms(surface, x, notes.bottom + 4, w, row_h, view)
        whole = self.footer.top - y - 8
        self.list_line_h = max(FLOOR + 6, min(24, whole // 12))  # by the list's whole room: a message never shrinks it
        reserve = min(reserve, max(0, whole - 2 * self.list_line_h))  # two list lines stay
        self.message_rect = pygame.Rect(x, y + 4, w, reserve)
        self.list_rect = pygame.Rect(x, y + 4 + reserve, w, whole - reserve)
        return self._moves(surface, view, lines, scroll)

    def _banner(self, surface: pygame.Surface, banner: pygame.Rect, view: View) -> None:
        pygame.draw.rect(surface, theme.PANEL_ACTIVE, banner, border_radius=10)
        r, drawn = 0, banner.x
        if view.past is not None:
            pygame.draw.rect(surface, theme.LAST_MOVE, banner.inflate(-4, -4), 4, border_radius=9)
        elif view.turn is not None:
            k = view.turn
            pygame.draw.rect(surface, theme.KINGDOM_FILL[k], banner.inflate(-4, -4), 4, border_radius=9)
            r = banner.height // 2 - 6
            drawn = self._kingdom_disc(surface, k, (banner.x + 8 + r, banner.centery), r, True, view.aid)
        else:
            pygame.draw.rect(surface, theme.ACCENT, banner, 3, border_radius=10)
        tx = max(banner.x + 16 + 2 * r, drawn + 8)  # clear of the disc and its mark
        room = banner.right - tx - 8
        head_size = max(FLOOR, int(banner.height * 0.36))
        sub_size = max(FLOOR, int(banner.height * 0.27))
        while head_size > FLOOR and line_height(head_size) + line_height(sub_size) > banner.height - 8:
            head_size -= 1
            sub_size = max(FLOOR, min(sub_size, head_size - 2))
        sub_lines = [view.sub]
        if fit(view.sub, sub_size, room) < sub_size:  # too long for one line: two, with a smaller head
            for size in range(sub_size, FLOOR - 1, -1):
                two = wrap(view.sub, size, room)
                heads = [h for h in range(head_size, FLOOR - 1, -1)
                         if line_height(h) + 2 * line_height(size) <= banner.height - 2]
                if len(two) <= 2 and heads:
                    sub_lines, sub_size, head_size = two, size, heads[0]
                    break
        text, size = fitted(view.head, head_size, room)
        head = render(text, size, theme.TEXT)
        top = banner.y + (banner.height - line_height(head_size) - len(sub_lines) * line_height(sub_size)) // 2
        surface.blit(head, (tx, top))
        colour = theme.ACCENT if view.sub_active else theme.TEXT
        y = top + line_height(head_size)
        for line in sub_lines:
            text, size = fitted(line, sub_size, room)
            surface.blit(render(text, size, colour), (tx, y))
            y += line_height(sub_size)

    def _notices(self, surface: pygame.Surface, area: pygame.Rect, view: View, line_h: int) -> None:
        """The newest notices, each wrapped onto as many lines as it needs (the newest win the
        room), or the quiet line when there are none."""
        size = max(FLOOR, line_h - 7)
        if not view.notices:  # the quiet line, on as many lines as the notices have (a join code is never cut)
            quiet = wrap(view.quiet_line, size, area.width)
            for i, line in enumerate(self._cut(quiet, view.quiet_line, size, area.width, self.notice_lines)):
                img = render(line, size, theme.TEXT_DIM)
                surface.blit(img, (area.x, area.y + i * line_h + (line_h - img.get_height()) // 2))
            return
        text_x = area.x + line_h + 4
        blocks, used = [], 0
        for n in reversed(view.notices):
            room = self.notice_lines - used
            if room <= 0:
                break
            lines = wrap(n.text, size, area.right - text_x)
            first = first_sentence(n.text)
            if len(lines) > room and first != n.text:  # short of room, a notice keeps its first sentence whole
                lines = wrap(first, size, area.right - text_x)
            lines = self._cut(lines, n.text, size, area.right - text_x, room)
            blocks.append((n, lines))
            used += len(lines)
        y = area.y
        for n, lines in reversed(blocks):
            colour = NOTICE_COLOURS[n.kind]
            centre = (area.x + line_h // 2, y + line_h // 2)
            pygame.draw.circle(surface, theme.KINGDOM_FILL[n.kingdom], centre, line_h // 2 - 2)
            pygame.draw.circle(surface, colour, centre, line_h // 2 - 2, 2)
            for line in lines:
                img = render(line, size, colour)
                surface.blit(img, (text_x, y + (line_h - img.get_height()) // 2))
                y += line_h

    @staticmethod
    def _cut(lines: list[str], text: str, size: int, width: int, room: int) -> list[str]:
        """The wrapped `lines` of `text` on `room` lines at most (the last cut short with "…")."""
        if len(lines) > room:
            rest = lines[room - 1:]
            lines = lines[:room - 1] + [elide(" ".join(rest) if " " in text else "".join(rest), size, width)]
        return lines

    def _kingdom_disc(self, surface: pygame.Surface, k: int, centre: tuple[int, int], r: int, alive: bool,
                      aid: bool) -> int:
        """A kingdom's disc (with its colour-blind mark when `aid`); returns the x right of all it drew."""
        fill = theme.KINGDOM_FILL[k] if alive else theme.INERT_FILL
        pygame.draw.circle(surface, fill, centre, r)
        pygame.draw.circle(surface, piece_art.rim_on(theme.PANEL_ROW), centre, r, max(1, r // 10))
        glyph = render(kingdom_glyph(k), max(FLOOR, int(r * 1.3)), theme.KINGDOM_INK[k] if alive else theme.INERT_INK)
        surface.blit(glyph, glyph.get_rect(center=centre))
        if aid:
            mark = max(4, r * 0.42)
            piece_art.draw_mark(surface, k, (centre[0] + r * 0.75, centre[1] - r * 0.6), mark)
            return math.ceil(centre[0] + r * 0.75 + mark + max(2, mark * 0.25))
        return centre[0] + r

    def _kingdoms(self, surface: pygame.Surface, x: int, y: int, w: int, row_h: int, view: View) -> int:
        """The seven kingdoms in turn order; returns the y below them."""
        g = view.game
        small = max(FLOOR, int(row_h * 0.3))
        numbers_w = int(w * 0.42)  # room for "27/30", "7/11", "1/2"
        col_x = [x + w - numbers_w + i * numbers_w // 3 for i in range(3)]
        col_w = numbers_w // 3
        losses = t("game.col.counted") if weighted(g) else t("game.col.losses")
        held = t("game.col.generals") if g.rules.win_generals or not g.rules.win_kingdoms else t("game.col.kingdoms")
        for i, c in enumerate((t("game.col.prisoners"), losses, held)):
            img = render(c, max(FLOOR, fit(c, small, col_w - 2)), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midbottom=(col_x[i] + col_w // 2, y + small + 2)))
        y += small + 6
        humans = sum(1 for s in view.seats if s == HUMAN)
        blocs = _blocs(g)
        players = [view.labels[j] if view.labels else player_text(view.seats[j], humans == 1) for j in range(7)]
        name_size = int(row_h * 0.34)
        r = (row_h - 4) // 2 - 4
        room = col_x[0] - (x + 14 + 2 * r + (r if view.aid else 0)) - 4
        # the players go on the rows' second lines, all of them when one does not fit beside its
        # kingdom: the rows stay alike
        below = any(fit(f"{kingdom_name(j)} · {players[j]}", name_size, room) < name_size for j in range(7))
        self.rows.clear()
        self.prisoner_cells.clear()
        self.clock_rects.clear()
        for j in range(7):
            row = pygame.Rect(x, y, w, row_h - 4)
            self.rows[j] = row
            active = view.turn == j
            pygame.draw.rect(surface, theme.PANEL_ACTIVE if active else theme.PANEL_ROW, row, border_radius=6)
            if active:
                pygame.draw.rect(surface, theme.KINGDOM_FILL[j], row, 2, border_radius=6)
            partners = blocs.get(j, [])
            if partners:  # a bar in the bloc leader's colour ties the allies' rows together
                lead = min([j] + partners)
                pygame.draw.rect(surface, theme.KINGDOM_FILL[lead], pygame.Rect(row.x, row.y + 3, 4, row.height - 6))
            seated = j in g.seated
            r = row.height // 2 - 4
            drawn = self._kingdom_disc(surface, j, (row.x + 8 + r, row.centery), r, seated and g.alive[j], view.aid)
            name_x = max(row.x + 14 + 2 * r, drawn + 6)  # clear of the disc and its mark
            who = players[j]
            name, second = (kingdom_name(j), who) if below else (f"{kingdom_name(j)} · {who}", "")
            name, size = fitted(name, name_size, col_x[0] - name_x - 4)
            img = render(name, size, theme.TEXT)
            surface.set_clip(pygame.Rect(name_x, row.y, col_x[0] - name_x - 2, row.height))
            surface.blit(img, (name_x, row.y + 2))
            surface.set_clip(None)
            face = view.clocks.get(j) if g.alive[j] else None
            right = row.right
            if face is not None:
                self.clock_rects[j] = self._clock(surface, face, row, small)
                right = self.clock_rects[j].left - 4
            status = self._status(g, j, second, partners, small, right - name_x - 6)
            colour = theme.TEXT_DIM if g.alive[j] or not seated else theme.WARN
            img = render(*fitted(status, small, right - name_x - 6), colour)
            surface.set_clip(pygame.Rect(name_x, row.y, right - name_x - 4, row.height))
            surface.blit(img, (name_x, row.bottom - img.get_height() - 2))
            surface.set_clip(None)
            if seated:
                values = (prisoners_text(g, j), loss_text(g, j), toward_text(g, j))
                brink = g.alive[j] and g.attrition_left(j) <= BRINK  # the losses column warns
                for i, v in enumerate(values):
                    text, size = fitted(str(v), max(FLOOR, int(row_h * 0.34)), col_w - 2)
                    img = render(text, size, theme.WARN if brink and i == 1 else theme.TEXT)
                    surface.blit(img, img.get_rect(midtop=(col_x[i] + col_w // 2, row.y + 2)))
            self.prisoner_cells[j] = (col_x[0] + col_w // 2, row.y + row.height // 3)
            y += row_h
        return y

    @staticmethod
    def _clock(surface: pygame.Surface, face: Face, row: pygame.Rect, size: int) -> pygame.Rect:
        """A player's clock at the right of the row's second line, lit while it runs (red when
        nearly out); returns where it is."""
        size = max(FLOOR, int(size * 1.15))
        img = render(face.text, size, theme.PANEL if face.running else theme.WARN if face.low else theme.TEXT)
        pill = pygame.Rect(0, 0, max(img.get_width() + 12, 4 * size), line_height(size))
        pill.bottomright = (row.right - 4, row.bottom - 1)
        fill = (theme.WARN if face.low else theme.ACCENT) if face.running else theme.PANEL
        pygame.draw.rect(surface, fill, pill, border_radius=pill.height // 2)
        surface.blit(img, img.get_rect(center=pill.center))
        return pill

    @staticmethod
    def _status(g: Game, j: int, second: str, partners: list[int], size: int, width: int) -> str:
        """A row's second line: the player (when it goes there), the standing, the allies; the
        standing in its short words when the whole does not fit, and a kingdom out of the game
        without its player when even that does not."""
        out = ""
        tries = [(second, False), (second, True)] + ([("", True)] if second and not g.alive[j] else [])
        for player, short in tries:
            status = status_text(g, j, short)
            out = f"{player} · {status}" if player else status
            if partners:  # on the second line: the name keeps the size of the other rows
                out += " · " + t("game.allies", names=", ".join(kingdom_name(k) for k in partners))
            if fit(out, size, width) == size:
                break
        return out

    def _moves(self, surface: pygame.Surface, view: View, lines: list[Line], scroll: int) -> int:
        """The move list: the newest lines (or a scrolled window of them); click to view one."""
        area = self.list_rect
        self.list_hits = []
        line_h = self.list_line_h
        rows = max(1, area.height // line_h)
        scroll = min(scroll, max(0, len(lines) - rows))
        if view.past is not None:  # stepping through the past: keep the move on show in sight
            at = next((i for i, line in enumerate(lines) if line.ply == view.past), None)
            if at is not None:
                top = len(lines) - scroll - rows
                if at < top:
                    scroll = len(lines) - rows - at
                elif at >= len(lines) - scroll:
                    scroll = max(0, len(lines) - at - 1)
        end = len(lines) - scroll
        shown = lines[max(0, end - rows):end]
        size = max(FLOOR, int(line_h * 0.74))
        current = view.past if view.past is not None else view.total
        y = area.y
        surface.set_clip(area)
        for line in shown:
            rect = pygame.Rect(area.x, y, area.width, line_h)
            if line.ply is not None and line.ply == current:
                pygame.draw.rect(surface, theme.PANEL_ACTIVE, rect, border_radius=4)
            pygame.draw.rect(surface, theme.KINGDOM_FILL[line.kingdom], pygame.Rect(rect.x + 2, rect.y + 4, 5,
                                                                                    line_h - 8))
            colour = theme.TEXT if line.ply is not None else theme.WARN
            img = render(*fitted(line.text, size, area.width - 14), colour)
            surface.blit(img, (rect.x + 11, rect.y + (line_h - img.get_height()) // 2))
            if line.ply is not None:
                self.list_hits.append((rect, line.ply))
            y += line_h
        surface.set_clip(None)
        return scroll


def _blocs(game: Game) -> dict[int, list[int]]:
    """For each kingdom in a bloc of several, its allies."""
    out: dict[int, list[int]] = {}
    for k in game.seated:
        allies = [j for j in game.seated if j != k and game.teams[j] == game.teams[k]]
        if allies:
            out[k] = allies
    return out


def guide_lines(guide: str, size: int, width: int) -> list[str]:
    """A key guide ("F1: keys · Esc: menu · …") in lines no wider than `width`: whole, or broken
    between its keys (inside one only when a key alone is too wide)."""
    lines: list[str] = []
    for item in guide.split(" · "):
        joined = f"{lines[-1]} · {item}" if lines else item
        if lines and fit(joined, size, width) == size:
            lines[-1] = joined
        else:
            lines.append(item)
    return [part for line in lines for part in (wrap(line, size, width) if fit(line, size, width) < size else [line])]
