"""The key map (issue 19): the keys screen is written from the same table the game acts on."""
import pygame

from qiguo.ui import keymap
from ui_helpers import make_app


def test_no_binding_hides_another():
    for table in (keymap.GAME, keymap.GLOBAL):
        for name, chords in table:
            for chord in chords:
                mod = (pygame.KMOD_CTRL if chord.ctrl else 0) | (pygame.KMOD_SHIFT if chord.shift else 0)
                event = pygame.event.Event(pygame.KEYDOWN, key=chord.key, mod=mod, unicode=chord.unicode)
                assert keymap.action(event, table) == name, chord


def test_home_and_enter_work_in_the_game():
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    from ui_helpers import FINISHING_QFEN, InlineWorker, frames, key
    app = make_app()
    m = Match(parse_seats("hh-----"), qfen=FINISHING_QFEN, worker_factory=InlineWorker)
    scene = app.scene("game", m)
    app.stack.push(scene)
    m.play_human(m.game.parse_move("c4c10").code)
    frames(app, 2)
    key(app, pygame.K_HOME)
    assert scene.view_ply == 0
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "result"
