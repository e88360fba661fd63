"""Four languages: every scene draws in each, and each applies at once."""
import pytest

from qiguo.engine import parse_point
from qiguo.scenes.keys import KeysScene
from qiguo.scenes.load import LoadScene
from qiguo.scenes.menu import MenuScene
from qiguo.scenes.play import GameScene
from qiguo.scenes.result import ResultScene
from qiguo.scenes.rules import RulesScene
from qiguo.scenes.settings import SettingsScene
from qiguo.scenes.setup import SetupScene
from qiguo.scenes.title import TitleScene
from qiguo.play import strings
from qiguo.play.match import Match
from qiguo.play.seats import parse_seats
from ui_helpers import finished_match, InlineWorker, click, frames, make_app


@pytest.fixture(autouse=True)
def english_afterwards(tmp_path, monkeypatch):
    monkeypatch.setenv("QIGUO_DATA_DIR", str(tmp_path))
    yield
    strings.set_language("en")


def test_unknown_language_falls_back_to_english():
    strings.set_language("xx")
    assert strings.language() == "en" and strings.t("title.quit") == "Quit"


@pytest.mark.parametrize("code,quit_label", [("zh", "退出"), ("zh_TW", "退出"), ("ja", "終了"), ("en", "Quit")])
def test_every_scene_draws_in_every_language(code, quit_label):
    app = make_app((800, 600))
    app.settings.language = code
    strings.set_language(code)
    app.start_title()
    frames(app, 1)
    assert app.stack.top.menu.buttons[-1].label == quit_label
    match = Match(parse_seats("h2-----"), bot_delay=0, worker_factory=InlineWorker)
    scene = GameScene(app, match)
    app.stack.push(scene)
    frames(app, 1)
    click(app, scene.view.centre(parse_point("e10")))
    click(app, scene.view.centre(parse_point("e7")))
    frames(app, 10)
    for make in (lambda: TitleScene(app), lambda: SetupScene(app), lambda: RulesScene(app),
                 lambda: SettingsScene(app), lambda: MenuScene(app, scene), lambda: KeysScene(app),
                 lambda: LoadScene(app)):
        app.stack.push(make())
        app.draw()
        app.stack.pop()
    done = finished_match()
    result = ResultScene(app, done)
    app.stack.push(result)
    app.draw()
    assert result.headline()[0] == {"zh": "秦胜", "zh_TW": "秦勝", "ja": "秦の勝ち", "en": "Qin wins"}[code]
    assert app.errors_total == 0


def test_the_language_setting_applies_at_once():
    app = make_app()
    app.stack.push(SettingsScene(app))
    frames(app, 1)
    settings = app.stack.top
    button = next(b for b in settings.menu.buttons if b.label.startswith("Language"))
    click(app, button.rect.center)
    assert app.settings.language == "zh" and strings.t("title.quit") == "退出"
    assert any(b.label.startswith("语言") for b in app.stack.top.menu.buttons)


@pytest.mark.parametrize("code", ["zh", "zh_TW", "ja"])
def test_no_chinese_or_japanese_line_starts_with_closing_punctuation(code):
    from qiguo.ui.fonts import NO_LINE_END, NO_LINE_START, wrap
    from qiguo.play.catalogs import texts as catalog_texts
    from qiguo.play.strings import rules_text, set_language
    set_language(code)
    texts = [v for v in catalog_texts(code) if "{" not in v]
    texts += [line for _, lines in rules_text() for line in lines if isinstance(line, str)]
    bad = []
    for text in texts:
        for width in (120, 170, 230, 310, 420):
            lines = wrap(text, 16, width)
            if "".join(lines) != text.replace(" ", "") and " " not in text:
                bad.append(("lost text", text, width))
            for prev, line in zip(lines, lines[1:]):
                if line[:1] in NO_LINE_START or prev[-1:] in NO_LINE_END:
                    bad.append((prev, line, width))
            if len(lines) > 1 and " " not in text and sum(ch not in NO_LINE_START for ch in lines[-1]) < 2:
                bad.append(("a widow", lines[-1], width))  # "ス。" alone on the last line
    assert bad == []


@pytest.mark.parametrize("width", [120, 160, 220, 300])
def test_a_japanese_sentence_with_a_move_in_it_fills_its_lines_and_keeps_the_move_whole(width):
    """It broke only at the spaces around the move, leaving half-empty lines ("す。h15")."""
    from qiguo.ui.fonts import font, wrap
    text = "弩 c10–h15 は趙の馬を取る — 取る価値があります。h15 の弩はまだ取られる可能性があります"
    lines = wrap(text, 16, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all("c10–h15" in line or "c10" not in line for line in lines)
    f = font(16)
    for line, after in zip(lines, lines[1:]):
        assert f.size(line)[0] <= width
        if after[0] >= "\u3040" and after[1:2] not in ("。", "、"):  # a kana or kanji could have stayed
            assert f.size(line + after[0])[0] > width, (line, after)


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 900)])
@pytest.mark.parametrize("code", ["en", "zh", "zh_TW", "ja"])
def test_the_legend_shows_every_piece_description_whole(code, size, monkeypatch):
    """It was cut off at 800 x 600 in every language ("Any distance straight or")."""
    from qiguo.engine import KINDS
    from qiguo.play.strings import how_it_moves, set_language
    from qiguo.ui import fonts
    set_language(code)
    app = make_app(size)
    scene = GameScene(app, Match(parse_seats("h222222"), bot_delay=0, worker_factory=InlineWorker))
    app.stack.push(scene)
    app.stack.push(app.scene("legend", scene))
    drawn = []
    real = fonts.render
    monkeypatch.setattr(fonts, "render", lambda text, *a: drawn.append(text) or real(text, *a))
    app.draw()
    shown = "".join(drawn).replace(" ", "")
    for letter in KINDS:
        assert how_it_moves(letter, scene.game.rules).replace(" ", "") in shown, letter


def test_a_piece_stays_on_the_line_of_its_point():
    """'骑（e4）': the piece's character and its point in brackets never part at a line's end."""
    from qiguo.play.strings import set_language, t
    from qiguo.ui.fonts import font, wrap
    set_language("zh")
    text = "，".join(t("notice.lost", kingdom=k, piece=p, point=at, captor=c)
                    for k, p, at, c in (("秦", "骑", "e4", "楚"), ("魏", "弩", "c10", "韩")))
    assert "骑（e4）" in text
    f = font(16)
    for width in range(f.size("骑（e4）")[0] + 2, f.size(text)[0] + 2, 3):
        lines = wrap(text, 16, width)
        assert "".join(lines) == text
        assert not any(line.startswith("（") for line in lines), (width, lines)
