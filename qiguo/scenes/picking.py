"""Picking a move on a small board screen (the tutorial, practice): a click or the keyboard's
cursor selects one of the mover's pieces (dots mark its moves) and puts it down on a
destination; resting on a point explains it. A scene using :class:`Picking` sets `view` and
`game`, and says when a move may be picked (`picking`), where the cursor first shows
(`first_point`) and what a move does (`chosen`)."""
from __future__ import annotations

import pygame

from qiguo.engine import Game, Move
from qiguo.play.cursor import explains, movable, next_point, stepped
from qiguo.ui import keymap
from qiguo.ui.board_view import BoardView
from qiguo.ui.tooltip import HOVER_AFTER


class Picking:
    """The selection, the cursor and the pointer's rest on a board screen."""

    view: BoardView
    game: Game

    def init_picking(self) -> None:
        self.selected: int | None = None
        self.targets: dict[int, Move] = {}
        self.cursor: int | None = None
        self.hover: int | None = None
        self.hover_for = 0.0
        self.hover_armed = True

    @property
    def picking(self) -> bool:
        """Whether a move may be picked now."""
        return True

    def first_point(self) -> int:
        """Where the keyboard's cursor first shows."""
        raise NotImplementedError

    def chosen(self, move: Move) -> None:
        """A move was put down."""
        raise NotImplementedError

    def deselect(self) -> None:
        self.selected, self.targets = None, {}

    def board_key(self, event: pygame.event.Event) -> bool:
        """The game's board keys, while a move may be picked: the cursor (arrows, WASD), Enter
        or Space to pick up and put down, Tab through the mover's pieces (a piece's
        destinations once picked up). True if the key was one of them."""
        if not self.picking:
            return False
        name = keymap.action(event, keymap.GAME)
        if name.startswith("cursor."):
            self.cursor = self.first_point() if self.cursor is None else stepped(self.cursor, name.split(".")[1])
        elif name == "pick":
            if self.cursor is None:
                self.cursor = self.first_point()
            else:
                self.click(self.cursor)
        elif name in ("next", "previous"):
            points = list(self.targets) if self.selected is not None else movable(self.game)
            self.cursor = next_point(points, self.cursor, backwards=name == "previous")
        else:
            return False
        self.hover, self.hover_for, self.hover_armed = self.cursor, 0.0, True
        return True

    def pointer_event(self, event: pygame.event.Event) -> None:
        """The pointer: resting explains, a left click picks, a right click deselects."""
        if event.type == pygame.MOUSEMOTION:
            point = self.view.point_at(event.pos)
            self.cursor = None
            if point != self.hover:
                self.hover, self.hover_for, self.hover_armed = point, 0.0, True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(self.view.point_at(event.pos))
            self.hover_armed = False  # after a click, explain again only once the pointer moves
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.deselect()

    def click(self, sq: int | None) -> None:
        """Select one of the mover's pieces, or put the one selected down on one of its dots."""
        if not self.picking or self.view.animating:
            return
        if sq is not None and sq in self.targets:
            move = self.targets[sq]
            self.deselect()
            self.chosen(move)
            return
        moves = [m for m in self.game.legal_moves() if not m.is_pass and m.from_sq == sq]
        self.selected, self.targets = (sq, {m.to_sq: m for m in moves}) if moves else (None, {})

    def tooltip_point(self) -> int | None:
        """The point being explained: the pointer or the cursor has rested on it long enough."""
        if self.hover is None or not self.hover_armed or self.hover_for < HOVER_AFTER:
            return None
        return self.hover if explains(self.hover, self.selected, self.targets) else None
