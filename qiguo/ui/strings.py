"""Every text the window shows, in one table (no pygame here: the font script reads it)."""
from __future__ import annotations

from qiguo.engine.pieces import KIND_GLYPHS, KINGDOM_GLYPHS

TITLE_CJK = "七国象棋"
ZHOU_GLYPH = "周"
SYMBOLS = "×–—…·←→↑↓●○◆✓"

TEXT: dict[str, str] = {
    "app.title": "Qiguo — Seven Kingdoms Chess",
    "title.subtitle": "Seven Kingdoms Chess for up to seven players",
    "title.quick": "Quick practice",
    "title.quick.hint": "You play Qin against six normal bots",
    "title.continue": "Continue",
    "title.load": "Load game",
    "title.new": "New game",
    "title.rules": "Rules",
    "title.settings": "Settings",
    "title.quit": "Quit",
    "setup.title": "Seat set-up",
    "setup.human": "Human",
    "setup.off": "Off the board",
    "setup.bot": "Bot: {level}",
    "setup.players": "Players: {n}",
    "setup.players.hint": "With fewer than seven players, kingdoms are joined into blocs",
    "setup.partner": "{lead} allies with",
    "setup.partner2": "Qin also takes",
    "setup.rules": "Rules: {preset}",
    "setup.start": "Start",
    "setup.back": "Back",
    "setup.need_two": "At least two kingdoms must be on the board",
    "setup.blocs_all": "Blocs need all seven kingdoms on the board",
    "level.novice": "novice",
    "level.easy": "easy",
    "level.normal": "normal",
    "level.hard": "hard",
    "preset.standard": "standard",
    "preset.chinese": "chinese",
    "preset.sima-guang": "sima-guang",
    "game.your_move": "your move",
    "game.thinking": "thinking…",
    "game.waiting": "bot to move",
    "game.paused": "bots paused (Space)",
    "game.turn": "{name} to move",
    "game.over": "Game over",
    "game.view_result": "Enter: see the result",
    "game.hint": "F1: keys · Esc: menu · Space: pause bots · H: hint",
    "game.player.human": "human",
    "game.player.bot": "bot {level}",
    "game.col.prisoners": "pris.",
    "game.col.losses": "lost",
    "game.col.generals": "gen.",
    "game.log.resign": "{name} resigns",
    "game.undone": "Moves taken back (Ctrl+Y to redo)",
    "game.redone": "Moves played again",
    "game.nothing_to_undo": "No move of yours to take back",
    "game.nothing_to_redo": "Nothing to redo",
    "game.hint_asked": "Asking a hard bot for a move…",
    "game.saved": "Saved as {name}",
    "game.save_failed": "Could not save: {why}",
    "game.autosave_failed": "The game cannot be autosaved here; play goes on",
    "moves.pass": "{k} passes",
    "moves.resign": "{name} resigns",
    "moves.out": "{name} is out: {status}",
    "moves.past": "Position after move {n} of {total}",
    "moves.back": "End or Esc: back to the game",
    "moves.exported": "Move list written to {path}",
    "moves.export_failed": "Could not write the move list: {why}",
    "load.title": "Load game",
    "load.none": "No saved games yet (Ctrl+S saves during a game)",
    "load.back": "Back",
    "game.bot_fallback": "A bot failed ({why}); a fallback move was played",
    "status.in play": "in play",
    "menu.title": "Menu",
    "menu.resume": "Resume",
    "menu.restart": "Restart",
    "menu.resign": "Resign {name}",
    "menu.quit": "Quit to title",
    "result.title": "{winners} win{s}",
    "result.reason.generals": "by hegemony: two generals captured",
    "result.reason.prisoners": "by hegemony: thirty prisoners taken",
    "result.reason.kingdoms": "by hegemony: two kingdoms defeated",
    "result.reason.last_standing": "as the last standing",
    "result.reason.quiet": "on prisoners, after a quiet game",
    "result.rank": "#",
    "result.kingdom": "Kingdom",
    "result.player": "Player",
    "result.prisoners": "Prisoners",
    "result.losses": "Losses",
    "result.status": "Status",
    "result.rematch": "Rematch",
    "result.new": "New game",
    "result.title_button": "Title",
    "rules.title": "Rules",
    "rules.back": "Back",
    "rules.start": "The start position",
    "rules.options": "Options of the {preset} rules",
    "piece.G": "General", "piece.D": "Deputy", "piece.B": "Brigadier", "piece.E": "Envoy",
    "piece.C": "Cannon", "piece.A": "Bow", "piece.X": "Crossbow", "piece.S": "Sabre",
    "piece.W": "Sword", "piece.H": "Horse",
    "piece.G.desc": "Any distance straight or diagonal. Lose it and the kingdom is out.",
    "piece.D.desc": "Any distance straight.",
    "piece.B.desc": "Any distance diagonally.",
    "piece.E.desc": "Any distance straight or diagonal; never captures and is never captured.",
    "piece.C.desc": "Moves straight onto empty points; captures by jumping exactly one piece.",
    "piece.A.desc": "One to four points, straight or diagonal.",
    "piece.X.desc": "One to five points, straight or diagonal.",
    "piece.S.desc": "One point diagonally.",
    "piece.W.desc": "One point straight.",
    "piece.H.desc": "One point straight (it must be empty), then three points outward diagonally.",
    "diagram.blocked": "blocked",
    "diagram.screens": "screens",
    "piece.H.blocked": "A piece on its first step, or on the diagonal, closes that line.",
    "piece.C.screens": "Any piece can be the screen: its own, an enemy, an Envoy, or Zhou.",
    "settings.title": "Settings",
    "settings.bot_delay": "Bot move pause: {value:.1f} s",
    "settings.anim": "Animation time: {value:.2f} s",
    "settings.volume": "Sound volume: {value}%",
    "settings.legal": "Show legal moves: {value}",
    "settings.coords": "Show coordinates: {value}",
    "settings.preset": "Default rules: {value}",
    "settings.aid": "Colour-blind aid (shapes): {value}",
    "settings.theme": "Board: {value}",
    "settings.language": "Language: {value}",
    "theme.wood": "wood",
    "theme.slate": "slate",
    "settings.back": "Back",
    "sound.muted": "Sound off (M)",
    "sound.on": "Sound on (M)",
    "keys.title": "Keys",
    "keys.click": "select a piece, then its destination",
    "keys.deselect": "deselect",
    "keys.menu": "menu (resume, restart, resign, quit)",
    "keys.undo": "take back to your last move",
    "keys.redo": "play the taken-back moves again",
    "keys.save": "save the game",
    "keys.export": "write the move list as text",
    "keys.hint": "ask a hard bot for a move",
    "keys.pause": "pause or resume the bots",
    "keys.replay": "step through the moves; back to the game",
    "keys.mute": "sound off or on",
    "keys.fullscreen": "full screen",
    "keys.help": "this help",
    "on": "on",
    "off": "off",
}

KEYS = [
    ("Click / drag", "keys.click"), ("Right click, Esc", "keys.deselect"), ("Esc", "keys.menu"),
    ("Ctrl+Z", "keys.undo"), ("Ctrl+Y, Ctrl+Shift+Z", "keys.redo"), ("Ctrl+S", "keys.save"),
    ("Ctrl+E", "keys.export"), ("H", "keys.hint"), ("Space", "keys.pause"), ("← → End", "keys.replay"),
    ("M", "keys.mute"), ("F11", "keys.fullscreen"), ("F1, ?", "keys.help"),
]
"""The keyboard help: key names (the same in every language) and what they do."""

RULES_TEXT = [
    ("The board", [
        "19 × 19 lines; pieces stand on the points. Zhou (周) holds the centre j10: it never moves,",
        "is never captured, and nothing stops on it or passes it, except a cannon using it as a screen.",
        "Seven kingdoms move in turn: Qin, Chu, Han, Qi, Wei, Zhao, Yan; one piece a turn.",
    ]),
    ("The pieces", []),  # drawn as cards with diagrams from the engine
    ("Defeat", [
        "A kingdom whose general is captured is out; its army passes to the captor.",
        "A kingdom that has lost ten pieces is out by attrition; its army stands inert.",
        "There is no check: a general may stand where it can be taken, and simply is.",
    ]),
    ("Victory", [
        "Hegemony: the first to hold two captured generals, or thirty prisoners, wins.",
        "Last standing: when only one player's kingdoms remain, that player wins.",
        "After fifty rounds without a capture the game ends and prisoners decide.",
    ]),
    ("Playing", [
        "Click a piece of the kingdom to move: dots show its moves, rings its captures.",
        "Click a dot to move. Right-click or Esc deselects; Esc opens the menu.",
        "Space pauses the bots; Ctrl+Z takes back your last move, Ctrl+Y plays it again;",
        "Ctrl+S saves the game; the title's Continue resumes the last one. F11: full screen.",
    ]),
]


def t(key: str, **values: object) -> str:
    """The text for a key, with values filled in."""
    return TEXT[key].format(**values)


def characters() -> set[str]:
    """Every character the window may draw (for the font subset and its test)."""
    chars = {chr(c) for c in range(0x20, 0x7F)}
    pieces = "".join(KIND_GLYPHS) + "".join(KINGDOM_GLYPHS) + TITLE_CJK + ZHOU_GLYPH + SYMBOLS
    texts = list(TEXT.values()) + [line for _, lines in RULES_TEXT for line in lines] + [k for k, _ in KEYS]
    texts += [title for title, _ in RULES_TEXT]
    for s in [pieces] + texts:
        chars.update(s)
    return chars
