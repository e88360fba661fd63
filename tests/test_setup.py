"""Seat set-up never changes things silently: what a change does beyond the click is said, a
kingdom that stops following its bloc's leader gets its own seat back, and Start always says
why it cannot start."""
import random

import pytest

from qiguo.play.net_match import NETWORK
from qiguo.play.strings import kingdom_name, t
from qiguo.scenes.setup import CHOICES, SetupScene
from ui_helpers import click, frames, make_app

CHU, QI = 1, 3


def setup_scene(app, seats="h333333", blocs=()):
    """The set-up screen from these seats, standard rules and these blocs, none unless given
    (whatever an earlier test of this worker left in the settings: a bloc with Qin would make a
    second human seat)."""
    app.settings.last_seats, app.settings.preset, app.settings.last_blocs = seats, "standard", list(blocs)
    scene = SetupScene(app)
    app.stack.push(scene)
    frames(app, 1)
    return scene


def test_a_kingdom_turned_off_dissolves_its_bloc_and_says_so():
    """New game, Players 5 with Chu allied to Qi, then Chu's seat clicked through to Off: it
    used to jump to 7 players silently, leave Qi a 'Network player' and grey out Start."""
    app = make_app((800, 600))
    scene = setup_scene(app)
    while scene.players != 5:
        click(app, scene.players_button.rect.center)
    while scene.partners.get("chu") != QI:
        click(app, next(b for name, _, b in scene.partner_buttons if name == "chu").rect.center)
    assert scene.allies()[QI] == CHU
    seen = []
    while scene.seats[CHU] is not None:
        click(app, scene.seat_buttons[CHU].rect.center)
        frames(app, 1)
        seen.append(scene.seats[CHU])
        if scene.seats[CHU] is not None:
            assert scene.seats[QI] == scene.seats[CHU]  # Qi follows its leader while allied
    assert NETWORK in seen
    assert scene.players == 7 and scene.blocs() == [] and scene.seats[QI] == "normal"  # Qi's own seat again
    assert scene.changed == t("setup.changed.blocs") and scene.note() == scene.changed
    assert scene.start_button.enabled and scene.start_button.label == t("setup.start")


def test_random_set_ups_never_strand_a_seat_and_start_always_answers():
    app = make_app((800, 600))
    for seed in range(30):
        rng = random.Random(seed)
        scene = setup_scene(app)
        chosen_network = False
        for _ in range(40):
            what = rng.choice(["seat", "seat", "players", "partner", "back"])
            if what == "seat":
                k = rng.randrange(7)
                scene.cycle_seat(k, rng.choice([1, -1]))
                chosen_network |= scene.seats[scene.allies().get(k, k)] == NETWORK
            elif what == "players":
                scene.cycle_players()
            elif what == "partner" and scene.partner_buttons:
                scene.cycle_partner(rng.choice(scene.partner_buttons)[0])
            for partner, lead in scene.allies().items():
                assert scene.seats[partner] == scene.seats[lead], seed
            assert all(s in CHOICES for s in scene.seats)
            if not chosen_network:
                assert NETWORK not in scene.seats, f"seed {seed}: a network seat nobody chose"
            assert scene.start_button.enabled
            if scene.validate():
                assert scene.note() == scene.validate(), seed
        app.stack.pop()


def test_start_that_cannot_start_says_why():
    app = make_app((800, 600))
    scene = setup_scene(app)
    for k in range(1, 7):
        while scene.seats[k] is not None:
            scene.cycle_seat(k)
    frames(app, 1)
    assert scene.validate() == t("setup.need_two")
    click(app, scene.start_button.rect.center)
    assert app.stack.top is scene and app.toast_text == t("setup.need_two")


@pytest.mark.parametrize("code", ["en", "zh", "zh_TW", "ja"])
def test_a_network_seat_says_the_game_will_be_hosted(code):
    from qiguo.play.strings import set_language
    set_language(code)
    app = make_app((800, 600))
    scene = setup_scene(app)
    while scene.seats[CHU] != NETWORK:
        scene.cycle_seat(CHU)
    assert t("setup.hosted") in scene.note() and scene.start_button.label == t("setup.host")


def test_a_bloc_that_makes_a_second_seat_here_says_so():
    """Wei allied to Qin follows Qin's human seat: with a network seat that is two seats at this
    computer, and the note names the bloc as the reason."""
    app = make_app((800, 600))
    scene = setup_scene(app, blocs=["wg"])
    while scene.seats[CHU] != NETWORK:
        scene.cycle_seat(CHU)
    assert scene.validate() == t("setup.one_here.bloc", ally=kingdom_name(4), lead=kingdom_name(0))
    assert "Wei" in scene.validate() and "Qin" in scene.validate()
    scene = setup_scene(app, seats="hh33333")  # two human seats, no bloc
    while scene.seats[CHU + 1] != NETWORK:
        scene.cycle_seat(CHU + 1)
    assert scene.validate() == t("setup.one_here")


def test_new_game_after_a_game_starts_from_that_games_seats_not_the_last_set_up():
    """A game started from the command line (here: built directly) is not the last set-up the
    settings hold: its result's New game used to show those saved seats instead of its own."""
    from qiguo.play.match import Match
    from qiguo.play.seats import parse_seats
    from qiguo.scenes.result import ResultScene
    from ui_helpers import InlineWorker
    app = make_app((800, 600))
    app.settings.last_seats, app.settings.preset, app.settings.last_blocs = "h333333", "standard", []
    match = Match(parse_seats("h12hh4h"), "sima-guang", ["wg"], worker_factory=InlineWorker)  # Wei plays with Qin
    app.stack.push(ResultScene(app, match))
    frames(app, 1)
    click(app, next(b for b in app.stack.top.menu.buttons if b.label == t("result.new")).rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert setup.seats == match.seats and setup.preset == "sima-guang" and setup.blocs() == ["wg"]
    assert app.settings.last_seats == "h333333"  # the saved set-up is left as it was
    click(app, setup.start_button.rect.center)  # and it starts as that game did
    started = app.stack.top.match
    assert (started.seats, started.rules, started.blocs) == (match.seats, "sima-guang", ["wg"])
    while app.stack.scenes:
        app.stack.pop()
