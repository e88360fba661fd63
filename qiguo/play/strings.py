"""Every text the window shows, in one table (no pygame here: the font script reads it)."""
from __future__ import annotations

from typing import Any

from qiguo.engine import KIND_GLYPHS, KINGDOM_GLYPHS, KINGDOMS, Game, Move, Piece, Rules, point_name

TITLE_CJK = "七国象棋"
ZHOU_GLYPH = "周"
SYMBOLS = "×–—…·←→↑↓●○◆✓"

EN: dict[str, str] = {
    "app.title": "Qiguo — Seven Kingdoms Chess",
    "kingdom.w": "Qin", "kingdom.r": "Chu", "kingdom.o": "Han", "kingdom.b": "Qi", "kingdom.g": "Wei",
    "kingdom.p": "Zhao", "kingdom.k": "Yan",
    "status.in_play": "in play",
    "status.off": "off the board",
    "status.out": "out",
    "status.general": "general taken by {by}",
    "status.general.anon": "general taken",
    "status.attrition": "fell by attrition to {by}",
    "status.attrition.anon": "fell by attrition",
    "status.resigned": "resigned",
    "status.army.removed": "army removed",
    "status.army.inert": "army inert",
    "status.army.inherited": "army inherited by {by}",
    "status.army.idle": "army idle",
    "result.title.one": "{winners} wins",
    "result.title.many": "{winners} win",
    "result.and": " & ",
    "setup.invalid": "These alliances are not allowed (rule book, section 6)",
    "settings.unsaved": "Settings could not be saved; they apply until you quit",
    "app.no_fullscreen": "Full screen is not available here",
    "app.error": "Something went wrong ({what}); it was logged",
    "save.missing": "{name}: no such save",
    "save.unreadable": "{name}: cannot be read",
    "save.truncated": "{name}: not a complete save (the file is truncated or corrupt)",
    "save.foreign": "{name}: not a Qiguo save",
    "save.newer": "{name}: made by a newer Qiguo (save version {version}); please update",
    "save.damaged": "{name}: the field {field} is missing or damaged",
    "save.setup": "{name}: the set-up is not valid ({why})",
    "save.move": "{name}: move {n} ({move}) cannot be played: {why}",
    "save.summary": "{preset} rules · {moves} moves · {state} · {when}",
    "save.finished": "finished",
    "save.in_play": "in play",
    "export.seats": "Seats",
    "export.rules": "Rules",
    "export.blocs": "Blocs",
    "export.start": "Start",
    "export.result": "Result",
    "export.position": "Position",
    "keys.k.click": "Click / drag", "keys.k.deselect": "Right click, Esc",
    "title.subtitle": "Seven Kingdoms Chess for up to seven players",
    "title.quick": "Quick practice",
    "title.quick.hint": "You play Qin against six normal bots",
    "title.continue": "Continue",
    "title.load": "Load game",
    "title.record": "Your record",
    "record.title": "Your record",
    "record.against": "Strongest bot",
    "record.games": "Games",
    "record.wins": "Wins",
    "record.average": "Average place",
    "record.humans": "humans only",
    "record.recent": "Recent games (open one to review it)",
    "record.game": "{when} · {names} against {against} · {outcome}",
    "record.won": "won",
    "record.place": "place {place}",
    "record.none": "No finished games yet: each game you finish is recorded here",
    "record.damaged": "Your record could not be read ({why}); it was kept aside as record.json.bad and a new one begins",
    "title.autosave_refused": "The last game cannot be continued: {why}",
    "title.new": "New game",
    "title.rules": "Rules",
    "title.settings": "Settings",
    "title.quit": "Quit",
    "setup.title": "Seat set-up",
    "setup.human": "Human",
    "setup.off": "Off the board",
    "setup.bot": "Bot: {level}",
    "setup.players.hint": "With fewer than seven players, kingdoms are joined into blocs",
    "setup.partner": "{lead} allies with",
    "setup.partner2": "Qin also takes",
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
    "menu.title": "Menu",
    "menu.resume": "Resume",
    "menu.restart": "Restart",
    "menu.undo": "Undo (Ctrl+Z)",
    "menu.redo": "Redo (Ctrl+Y)",
    "menu.hint": "Hint (H)",
    "menu.save": "Save (Ctrl+S)",
    "menu.export": "Export move list (Ctrl+E)",
    "menu.keys": "Keys (F1)",
    "confirm.resign": "Resign {name}?",
    "confirm.yes": "Yes, resign",
    "confirm.no": "No",
    "menu.resign": "Resign {name}",
    "menu.quit": "Quit to title",
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
    "keys.hint": "a hint: the coach's move, and why",
    "keys.pause": "pause or resume the bots",
    "keys.mute": "sound off or on",
    "keys.fullscreen": "full screen",
    "keys.help": "this help",
    "keys.back": "the move before (step back through the game)",
    "keys.forward": "the move after",
    "keys.first": "the start of the game",
    "keys.latest": "back to the game",
    "keys.result": "the result, once the game is over",
    "on": "on",
    "off": "off",
    "save.kept": "(kept as {name})",
    "app.no_data_dir": "Games and settings cannot be saved here ({why}); play goes on",
    "settings.reset": "Settings {names} were invalid and are back to their defaults {kept}",
    "piece.Z": "Zhou",
    "piece.Z.desc": "The centre: never moves, never captured; nothing stops on it or passes it (a cannon may use it as its screen).",
    "piece.H.desc.upto3": "One point straight (it must be empty), then one to three points outward diagonally.",
    "piece.A.desc.exact": "Exactly four points, straight or diagonal (the points before must be empty).",
    "piece.X.desc.exact": "Exactly five points, straight or diagonal (the points before must be empty).",
    "tip.piece": "{piece} of {kingdom}",
    "tip.inherited": "{piece} of {kingdom}, moved by {controller}",
    "tip.inert": "{piece} of {kingdom}, inert: it never moves again",
    "tip.point": "Point {point}",
    "settings.style": "Pieces: {value}",
    "style.auto": "automatic ({value})",
    "style.glyphs": "Chinese glyphs",
    "style.pictures": "pictures",
    "legend.title": "The pieces",
    "legend.marks": "Kingdom marks (colour-blind aid)",
    "legend.kingdoms": "The kingdoms' colours",
    "legend.close": "L or Esc: close",
    "menu.legend": "Pieces legend (L)",
    "keys.legend": "the pieces and how they move",
    "notice.lost": "{kingdom} lost its {piece} ({point}) to {captor}",
    "notice.threat": "{kingdom}'s general ({point}) can be taken next turn by {attacker}'s {piece} ({at})!",
    "game.player.you": "you",
    "game.allies": "+ {names}",
    "game.trail": "{n} moves since your last move",
    "game.hint_move": "Hint: {move}",
    "settings.danger": "Danger marks: {value}",
    "tip.danger": "{taker} on {point} can take it",
    "piece.of": "{kingdom}'s {piece}",
    "game.peril": "Moving there leaves your General to be taken!",
    "game.risky": "Your piece could be taken there",
    "game.hint_why": "Hint: {move} — {why}",
    "reason.takes_general": "takes {other}: its kingdom falls",
    "reason.takes_safe": "takes {other}, and nothing can take back",
    "reason.takes_trade": "takes {other}, worth more than your {mine}",
    "reason.takes": "takes {other}",
    "reason.general_out": "moves your General out of {other}'s reach",
    "reason.shields_general": "shields your General from {other}",
    "reason.saves": "saves your {mine} from {other}",
    "reason.threatens_general": "threatens {other}",
    "reason.safe": "a quiet move that leaves nothing of yours to be taken",
    "reason.least_bad": "every move leaves something to be taken; this one risks the least",
    "reason.still": "; your {piece} on {point} can still be taken",
    "move.words": "{piece} {frm}–{to}",
    "move.words.capture": "{piece} {frm}–{to} takes {kingdom}'s {victim}",
    "moves.line": "{n}. {who} {piece} {frm}–{to}",
    "moves.takes": " × {kingdom} {piece}",
    "moves.inherited": "{who} ({owner}'s)",
    "setup.with": "with {lead}: {seat}",
    "title.learn": "Learn to play",
    "tut.title": "Learn to play",
    "tut.step": "Step {n} of {total}",
    "tut.next": "Next",
    "tut.previous": "Back",
    "tut.leave": "Title",
    "tut.quick": "Quick practice",
    "tut.again": "That move is legal, but not what this step asks. Try again.",
    "tut.click": "Click one of your (Qin's) pieces: dots show where it may go.",
    "tut.finished": "You know the rules. Play a Quick practice against six bots, or read Rules on the title.",
    "tut.zhou.title": "The board and Zhou",
    "tut.zhou.text": "Seven kingdoms play on the 19 × 19 lines, one move each in turn. Zhou (周) holds the centre: it never moves, and no piece may stop on it or pass it. Move your Deputy as far up the line as it can go.",
    "tut.zhou.done": "Right: the Deputy stops just below Zhou.",
    "tut.long.title": "General, Deputy, Brigadier",
    "tut.long.text": "These move any distance until a piece is in the way: the General straight or diagonal (lose it and your kingdom is out), the Deputy straight, the Brigadier diagonally. Move your Brigadier.",
    "tut.long.done": "Good: the Brigadier runs along the diagonals.",
    "tut.ranged.title": "Bow and Crossbow",
    "tut.ranged.text": "The Bow moves one to four points, the Crossbow one to five, straight or diagonal. Move your Crossbow exactly five points.",
    "tut.ranged.done": "Yes: five points is as far as the Crossbow goes.",
    "tut.blades.title": "Sabre and Sword",
    "tut.blades.text": "The Sabre steps one point diagonally, the Sword one point straight; every piece captures the way it moves. Take Chu's Sword with your Sabre.",
    "tut.blades.done": "Taken: the Sword is your prisoner now.",
    "tut.horse.title": "The Horse",
    "tut.horse.text": "The Horse steps one point straight (that point must be empty), then three points diagonally outward, passing over empty points only. Your own Sword blocks its way north. Move your Horse.",
    "tut.horse.done": "Well done: a blocked first step closes those lines.",
    "tut.envoy.title": "The Envoy",
    "tut.envoy.text": "The Envoy moves like the General, but never captures and can never be captured: a shield. Chu's Deputy aims at your General. Move your Envoy into its line.",
    "tut.envoy.done": "Safe: nothing can take the Envoy, so it blocks the line.",
    "tut.cannon.title": "The Cannon",
    "tut.cannon.text": "The Cannon moves straight onto empty points, and captures only by jumping exactly one piece (any piece, even Zhou) to take the first piece beyond. Take Chu's Horse by jumping over the Sabre.",
    "tut.cannon.done": "Boom: the Sabre served as the screen.",
    "tut.fall.title": "How a kingdom falls",
    "tut.fall.text": "A kingdom is out when its General is taken (its army passes to the captor), or when it has lost ten pieces (its army stands inert). There is no check. Take Chu's General.",
    "tut.fall.done": "Chu is out, and its army is yours.",
    "tut.inherit.title": "An army inherited",
    "tut.inherit.text": "Chu's pieces now move in your turn, ringed in your colour. Captures made with them count for you. Move one of Chu's pieces.",
    "tut.inherit.done": "Exactly: a second army to command.",
    "tut.win.title": "How to win",
    "tut.win.text": "Win by holding two captured generals, or thirty prisoners, or by being the last standing (after fifty quiet rounds, prisoners decide). You hold Han's General already: take Chu's.",
    "tut.win.done": "Two generals: you win by hegemony!",
    "setup.players.label": "Players",
    "setup.rules.label": "Rules",
    "status.join": "; ",
    "rules.general.captor": "A kingdom whose general is captured is out; its army passes to the captor.",
    "rules.general.removed": "A kingdom whose general is captured is out; its army leaves the board.",
    "rules.count.total": "to any kingdoms",
    "rules.count.single": "to a single kingdom",
    "rules.attrition.inert": "A kingdom that has lost {n} pieces {count} is out by attrition; its army stays on the board, never moves again, and anyone may take it.",
    "rules.attrition.captor": "A kingdom that has lost {n} pieces {count} is out by attrition; its army passes to the kingdom that took most of it.",
    "rules.attrition.removed": "A kingdom that has lost {n} pieces {count} is out by attrition; its army leaves the board.",
    "rules.weights.classic": "Pieces are counted by weight: Horse 2, Cannon 3, Brigadier 4, Deputy 5, every other piece 1.",
    "rules.nocheck": "There is no check: a general may stand where it can be taken, and simply is.",
    "rules.layout.mirrored": "Chu and Han start mirrored: their Deputy and Brigadier swap places.",
    "rules.win": "Hegemony: the first kingdom to hold {what} wins.",
    "rules.win.generals": "{n} captured generals",
    "rules.win.captures": "{n} prisoners",
    "rules.win.kingdoms": "{n} defeated kingdoms",
    "rules.or": " or ",
    "rules.last": "Last standing: when only one player's kingdoms remain, that player wins.",
    "rules.quiet": "After {n} rounds without a capture the game ends, and prisoners decide.",
    "rules.preset": "These are the {preset} rules (Settings chooses the rules of new games).",
    "confirm.restart": "Start this game again from the beginning?",
    "confirm.restart.yes": "Yes, start again",
    "result.review": "Review",
    "result.moments": "Key moments",
    "moment.title": "Key moments for {names}",
    "moment.working": "Going through your moves: {done} of {total}…",
    "moment.stop": "Stop",
    "moment.back": "Back",
    "moment.none": "No key moments: nothing given away, nothing missed",
    "moment.failed": "The review stopped: {why}",
    "moment.summary": "Pieces given away: {given} · chances missed: {missed} · General left open: {general}",
    "moment.blunder": "Move {n}: {move} — your {piece} was taken by {by}; {better} kept it safe",
    "moment.missed": "Move {n}: {move} — {piece} on {point} was free to take: {better}",
    "moment.general": "Move {n}: {move} left your General to be taken; {better} kept it safe",
    "result.standings": "Standings so far",
    "result.goes_on": "The game goes on without you",
    "resigned.title": "You have resigned; the bots play on",
    "resigned.watch": "Watch the bots finish",
    "resigned.standings": "See the standings now",
    "out.fallen": "{name} is out: {how}.",
    "out.goes_on": "The game goes on.",
    "out.bots_play_on": "The bots play on.",
    "out.again": "Play again with the same seats",
    "review.head": "Review: after move {n} of {total}",
    "review.keys": "← → Home End: step · Esc: back",
    "save.who": "{humans} human, {bots} bots ({levels})",
    "save.name.title": "Name this save",
    "save.name.ok": "Save",
    "save.name.cancel": "Cancel",
    "save.name.hint": "Type a name, Enter saves, Esc cancels",
    "load.delete": "Delete",
    "load.open": "Open",
    "load.confirm_delete": "Delete “{name}”?",
    "load.deleted": "Deleted {name}",
    "load.delete_failed": "Could not delete: {why}",
    "load.count": "{n} saved games",
    "load.keys": "↑ ↓ PgUp PgDn: choose · Enter: open · Del: delete · Esc: back",
    "title.review": "Review last game",
    "confirm.delete.yes": "Yes, delete",
    "review.footer": "L: pieces legend · F1: keys",
    "title.join": "Join game",
    "setup.network": "Network player",
    "setup.host": "Host game",
    "setup.one_here": "In a network game this computer plays one seat",
    "join.title": "Join a game",
    "join.address": "Host address (host:port)",
    "join.code": "Join code",
    "join.name": "Your name (the other players see it)",
    "join.connect": "Join",
    "join.back": "Back",
    "join.connecting": "Connecting to {address}…",
    "join.refused": "Could not join: {why}",
    "join.bad_address": "Write the address as host:port, e.g. 192.168.1.5:40123",
    "join.short_code": "A join code is {n} or more letters and digits",
    "join.pick": "Pick a free seat, or watch",
    "join.sit": "Sit at {name}",
    "join.watch": "Watch",
    "join.keys": "Tab: next field · Enter: join · Esc: back",
    "net.join_at": "Friends join at {addresses} with code {code}",
    "net.player": "player {name}",
    "net.waiting": "network seat, free",
    "net.away": "away",
    "net.standin": "a bot stands in",
    "net.left": "{name} left; a bot takes over in {wait} s unless they return",
    "net.standin_now": "A bot now plays for {name} until they return",
    "net.lost": "Connection lost; joining again…",
    "net.spectating": "watching",
    "net.host_failed": "Could not host the game: {why}",
    "net.unsaved": "This game cannot be saved just now ({why}); it goes on, and saving is tried after every move",
    "net.saved": "The game is saved again",
    "net.server_stopped": "The game's server stopped",
    "net.serve_again": "Serve the game again",
    "title.continue_host": "Continue hosting",
    "net.waiting_for": "waiting for {name}",
    "settings.seat_wait": "Network seat wait: {value} s",
    "settings.name": "Your name (network games): {value}",
    "settings.name.title": "Your name, as the other players see it",
    "settings.standin": "Stand-in bot: {value}",
    "notice.brink1": "One more piece lost and {kingdom} falls ({limit} lost is the end)",
    "notice.brink": "{kingdom} can lose only {n} more pieces before it falls ({limit} lost is the end)",
    "net.player_unnamed": "network player",
    "net.host": "{name} (host)",
    "net.host_unnamed": "the host",
    "net.waiting_for_player": "waiting for the network player",
}

RULES_EN = [
    ("The board", [
        "19 × 19 lines; pieces stand on the points.",
        "Zhou (周) holds the centre j10: it never moves, is never captured, and nothing stops on it or passes it, "
        "except a cannon using it as a screen.",
        "Seven kingdoms move in turn: Qin, Chu, Han, Qi, Wei, Zhao, Yan; one piece a turn.",
    ]),
    ("The pieces", []),  # drawn as cards with diagrams from the engine
    ("Defeat", []),  # written from the rule options: rules_text(rules)
    ("Victory", []),
    ("Playing", [
        "Click a piece of the kingdom to move: dots show its moves, rings its captures.",
        "Click a dot to move. Right-click or Esc deselects; Esc opens the menu.",
        "Space pauses the bots; Ctrl+Z takes back your last move, Ctrl+Y plays it again.",
        "Ctrl+S saves the game; the title's Continue resumes the last one. F11: full screen.",
    ]),
]


from .translations import JA, RULES_JA, RULES_ZH, ZH  # noqa: E402

LANGUAGES: dict[str, tuple[str, dict[str, str], list]] = {
    "en": ("English", EN, RULES_EN),
    "zh": ("中文", ZH, RULES_ZH),
    "ja": ("日本語", JA, RULES_JA),
}
"""Language code -> (its own name, the text table, the rules text)."""
_language = "en"


def set_language(code: str) -> None:
    """Show every text in this language from now on (unknown codes fall back to English)."""
    global _language
    _language = code if code in LANGUAGES else "en"


def language() -> str:
    return _language


def t(key: str, **values: object) -> str:
    """The text for a key in the current language, with values filled in."""
    return LANGUAGES[_language][1].get(key, EN[key]).format(**values)


def piece_of(piece: Piece) -> str:
    """A piece with its kingdom: "Chu's Bow"."""
    return t("piece.of", kingdom=kingdom_name(piece.kingdom), piece=piece_name(piece))


def reason_words(reason: Any) -> str:
    """Why the coach suggests a move (an :class:`qiguo.ai.coach.Reason`), in words, with what it
    still leaves to be taken."""
    words = t(f"reason.{reason.key}", other=piece_of(reason.other) if reason.other is not None else "",
              mine=piece_name(reason.piece) if reason.piece is not None else "")
    return words + (t("reason.still", piece=piece_name(reason.still), point=point_name(reason.still_at))
                    if reason.still is not None else "")


def rules_text(rules: Rules | None = None) -> list:
    """The rules screen's sections, (heading, lines), in the current language; defeat and victory
    are written from the rule options in play."""
    rules = rules or Rules.make()
    sections = LANGUAGES[_language][2]
    count = t(f"rules.count.{rules.attrition_count}")
    defeat = [t(f"rules.general.{rules.general_army}"),
              t(f"rules.attrition.{rules.attrition_army}", n=rules.attrition_limit, count=count)]
    if rules.weights == "classic":
        defeat.append(t("rules.weights.classic"))
    defeat.append(t("rules.nocheck"))
    if rules.layout == "mirrored":
        defeat.append(t("rules.layout.mirrored"))
    aims = [t(f"rules.win.{name}", n=n) for name, n in (("generals", rules.win_generals),
                                                           ("captures", rules.win_captures),
                                                           ("kingdoms", rules.win_kingdoms)) if n]
    victory = ([t("rules.win", what=t("rules.or").join(aims))] if aims else []) + [
        t("rules.last"), t("rules.quiet", n=rules.quiet_rounds),
        t("rules.preset", preset=t(f"preset.{rules.preset}"))]
    return [sections[0], sections[1], (sections[2][0], defeat), (sections[3][0], victory), sections[4]]


def kingdom_name(k: int) -> str:
    return t(f"kingdom.{KINGDOMS[k]}")


def kingdom_glyph(k: int) -> str:
    """The one character standing for a kingdom on discs: its name in Chinese or Japanese (so
    that discs, panel and move list agree), its Chinese glyph otherwise."""
    name = kingdom_name(k)
    return name if len(name) == 1 else KINGDOM_GLYPHS[k]


def piece_name(piece: Piece) -> str:
    """A piece's name in the current language (Zhou included)."""
    return t(f"piece.{piece.letter}")


def how_it_moves(letter: str, rules: Rules) -> str:
    """One line on how a kind moves under these rules (``Z`` for Zhou)."""
    if letter == "H" and rules.horse == "upto3":
        return t("piece.H.desc.upto3")
    if letter in "AX" and rules.ranged == "exact":
        return t(f"piece.{letter}.desc.exact")
    return t(f"piece.{letter}.desc")


def move_words(game: Game, move: Move) -> str:
    """A move about to be played in `game`, in words: ``Horse a7–d10 takes Chu's Bow``."""
    if move.is_pass:
        return t("moves.pass", k=kingdom_name(game.turn))
    piece, victim = game.piece_at(move.from_sq), game.piece_at(move.to_sq)
    frm, to = point_name(move.from_sq), point_name(move.to_sq)
    if victim is None:
        return t("move.words", piece=piece_name(piece), frm=frm, to=to)
    return t("move.words.capture", piece=piece_name(piece), frm=frm, to=to, kingdom=kingdom_name(victim.kingdom),
             victim=piece_name(victim))


def status_text(game: Game, k: int) -> str:
    """A kingdom's standing in words: in play, off the board, or out (how, and its army)."""
    s = game.standing(k)
    if s.state != "out":
        return t("status.off" if s.state == "off" else "status.in_play")
    if not s.how:
        return t("status.out")
    if s.how == "resigned":
        how = t("status.resigned")
    else:
        how = t(f"status.{s.how}", by=kingdom_name(s.by)) if s.by >= 0 else t(f"status.{s.how}.anon")
    army = t("status.army.inherited", by=kingdom_name(s.heir)) if s.army == "inherited" else t(f"status.army.{s.army}")
    return how + t("status.join") + army


def characters() -> set[str]:
    """Every character the window may draw, in every language (for the font and its test)."""
    chars = {chr(c) for c in range(0x20, 0x7F)}
    texts = ["".join(KIND_GLYPHS) + "".join(KINGDOM_GLYPHS) + TITLE_CJK + ZHOU_GLYPH + SYMBOLS]
    for name, table, rules in LANGUAGES.values():
        texts += [name] + list(table.values())
        texts += [title for title, _ in rules] + [line for _, lines in rules for line in lines]
    for s in texts:
        chars.update(s)
    return chars
