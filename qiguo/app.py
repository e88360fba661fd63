"""The game window: ``python main.py [--seats h444444] [--rules PRESET] ...``."""
from __future__ import annotations

import argparse
import collections
import logging
import os
import statistics
import sys
import time
import traceback
import warnings
from pathlib import Path
from typing import Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from qiguo import __version__
from qiguo.ai.seats import describe
from qiguo.assets import asset
from qiguo.clock import parse_clock
from qiguo.cmdline import Parser, checked, parse, parsed, seconds, whole
from qiguo.engine import EngineError, Rules
from qiguo.net.protocol import parse_address
from qiguo.ui import keymap, pointer, theme
from qiguo.ui.gamepad import Gamepads
from qiguo.ui.sound import Sounds
from qiguo.play.files import check_data_dir, clean_temporaries, data_dir
from qiguo.play.match import Match
from qiguo.ui.fonts import FLOOR, FONT_PATH, render, wrap
from qiguo.play.seats import LOCAL, parse_seats
from qiguo.play.settings import BOT_DELAY_MAX, Settings
from qiguo.play.strings import set_language, t
from qiguo.scenes import SCENES, SceneStack
from qiguo.scenes.base import Scene

log = logging.getLogger("qiguo")

MIN_SIZE = (800, 600)
MAX_SIZE = (8192, 8192)
FPS = 60
FRAME_TIMES_KEPT = 60 * 60 * 10
"""Frame times kept for --bench: the last ten minutes (older ones are dropped)."""


class App:
    """The window, the scene stack and the frame loop."""

    def __init__(self, size: tuple[int, int] = (1280, 900), seed: int = 0):
        pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        pygame.mixer.pre_init(22050, -16, 1, 512)
        try:
            pygame.display.set_icon(pygame.image.load(str(asset("app", "hicolor", "64x64", "apps", "qiguo.png"))))
        except (pygame.error, OSError, FileNotFoundError):
            pass  # the window keeps the desktop's default icon
        self.size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.window = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        self.screen = self.window
        """What the scenes draw on: the window, or, when the window is smaller than MIN_SIZE, a
        picture of MIN_SIZE shown scaled down to fit it (never a layout that overlaps)."""
        pointer.set_view((0.0, 0.0), 1.0)
        try:
            with warnings.catch_warnings():  # the only way to set a minimum size in pygame-ce 2.5
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass  # older SDL: the layout copes with any size
        problems = []
        no_folder = check_data_dir()
        if no_folder:
            problems.append(("app.no_data_dir", {"why": no_folder}))
        else:
            clean_temporaries([data_dir(), data_dir() / "saves"])
        self.settings, bad = Settings.load()
        set_language(self.settings.language)
        pygame.display.set_caption(f"{t('app.title')} {__version__}")  # in the player's language
        if bad and not no_folder:
            problems.append(("settings.reset", {"names": ", ".join(bad), "kept": t("save.kept", name="settings.json.bad")}))
        self.sounds = Sounds()
        self.pads = Gamepads()
        self.seed = seed
        self.stack = SceneStack()
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame_ms: collections.deque[tuple[float, bool]] = collections.deque(maxlen=FRAME_TIMES_KEPT)
        """(milliseconds, whether it was drawn) of the recent frames."""
        self.toast_text = ""
        self.toast_until = 0.0
        self._queued: list[tuple[str, float]] = []
        for key, values in problems:
            self.toast(t(key, **values), 8.0, queue=True)
        self._errors = 0
        self.errors_total = 0
        """Every error the safety net caught in this run (tests check it stays 0)."""
        self._last_key: object = None
        self.drawn = False
        self.cpu_per_600 = 0.0
        self.scene_at_start = ""

    # ---- services for scenes ------------------------------------------------------------

    def toast(self, text: str, seconds: float = 3.5, queue: bool = False) -> None:
        """A short message at the bottom of the window; with `queue`, after the one on show."""
        if queue and self.toast_text and time.monotonic() < self.toast_until:
            self._queued.append((text, seconds))
            return
        self.toast_text, self.toast_until = text, time.monotonic() + seconds

    def clear_toast(self, text: str) -> None:
        """Take a message away early, whether it is on show or waiting its turn."""
        self._queued = [queued for queued in self._queued if queued[0] != text]
        if self.toast_text == text:
            self.toast_until = 0.0

    def _next_toast(self) -> None:
        if self._queued and time.monotonic() >= self.toast_until:
            self.toast(*self._queued.pop(0))

    def play_sound(self, name: str) -> None:
        self.sounds.play(name, self.settings.volume, self.settings.muted)

    def quit(self) -> None:
        self.running = False

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as e:
            self.toast(f"{t('app.no_fullscreen')} ({e})")
        self._canvas()

    def scene(self, name: str, *args: object, **kwargs: object) -> Scene:
        """A new scene of the kind registered as `name` (see qiguo.scenes.base.register)."""
        return SCENES[name](self, *args, **kwargs)

    def start_title(self) -> None:
        """Back to the title: the scenes left first (a game stops its bots, a hosted game its
        server), then the title, which reads what they left behind."""
        while self.stack.scenes:
            self.stack.pop()
        self.stack.push(self.scene("title"))

    # ---- the loop -----------------------------------------------------------------------

    def _global(self, event: pygame.event.Event) -> bool:
        """Events every scene shares; True if used."""
        if event.type == pygame.QUIT:
            self.quit()
            return True
        top = self.stack.top
        if top is not None and top.typing and event.type == pygame.KEYDOWN and self._types(event):
            return False  # a text field owns every key that types
        name = keymap.action(event, keymap.GLOBAL)
        if name == "fullscreen":
            self.toggle_fullscreen()
            return True
        if name == "help":
            if self.stack.top is None or self.stack.top.name != "keys":
                self.stack.push(self.scene("keys"))
            return True
        if name == "mute":
            self.settings.muted = not self.settings.muted
            self.toast(t("sound.muted" if self.settings.muted else "sound.on"), 1.5)
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._canvas()
        return False

    @staticmethod
    def _types(event: pygame.event.Event) -> bool:
        """Whether a key press types a character (a letter, a digit, "?", a space...), as
        opposed to F11, F1 or Esc."""
        text = getattr(event, "unicode", "")
        return bool(text) and text.isprintable() and not getattr(event, "mod", 0) & pygame.KMOD_CTRL

    def step(self, dt: float, events: Sequence[pygame.event.Event]) -> None:
        """One frame: events, update, draw. A scene's error becomes a message, not a crash."""
        try:
            events = [e for event in events for e in self.pads.translate(event)] + self.pads.update(dt)
            for event in map(pointer.event_on_canvas, events):
                if not self._global(event) and self.stack.top is not None:
                    self.stack.top.process_event(event)
            if self.stack.top is not None:
                self.stack.top.update(dt)
            if self.stack.top is not None and self.stack.top.overlay and self.toast_text:
                self.toast_until += dt  # a message waits under an overlay (keys, legend, menu) for it to close
            self._next_toast()
            key = (id(self.stack.top), self.stack.top.frame_key() if self.stack.top else None,
                   self.window.get_size(), self.toast_text if time.monotonic() < self.toast_until else "")
            self.drawn = bool(events) or key != self._last_key
            if self.drawn:
                self.draw()
            self._last_key = key
            self._errors = 0
        except Exception as e:  # the safety net: log it, tell the player, carry on
            log.error("error in a scene:\n%s", traceback.format_exc())
            self._errors += 1
            self.errors_total += 1
            self.toast(t("app.error", what=f"{type(e).__name__}: {e}"))
            if self._errors > 3:
                self.start_title()

    def _canvas(self) -> None:
        """The window's surface again (after a resize or full screen), and what scenes draw on."""
        self.window = pygame.display.get_surface() or self.window
        w, h = self.window.get_size()
        if w >= MIN_SIZE[0] and h >= MIN_SIZE[1]:
            self.screen = self.window
            pointer.set_view((0.0, 0.0), 1.0)
            return
        size = (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))
        if self.screen is self.window or self.screen.get_size() != size:
            self.screen = pygame.Surface(size)
        scale = min(w / size[0], h / size[1])
        pointer.set_view(((w - size[0] * scale) / 2, (h - size[1] * scale) / 2), scale)

    def draw(self) -> None:
        surface = self.screen
        surface.fill(theme.BACKGROUND)
        self.stack.draw(surface)
        top = self.stack.top
        if self.toast_text and time.monotonic() < self.toast_until and not (top is not None and top.overlay):
            self.draw_toast(surface)
        if surface is not self.window:  # a window below the minimum: the picture, scaled to fit
            w, h = self.window.get_size()
            scale = min(w / surface.get_width(), h / surface.get_height())
            fitted = pygame.transform.smoothscale(surface, (max(1, int(surface.get_width() * scale)),
                                                            max(1, int(surface.get_height() * scale))))
            self.window.fill((0, 0, 0))
            self.window.blit(fitted, fitted.get_rect(center=(w // 2, h // 2)))

    def toast_height(self, width: int) -> int:
        """The height of the message on show, wrapped to `width` (0 when there is none), so
        that a scene can leave room for it."""
        if not self.toast_text or time.monotonic() >= self.toast_until:
            return 0
        return self.toast_lines(width, toast_size(self.screen.get_height()))[1] + 4

    def toast_lines(self, width: int, size: int) -> tuple[list[pygame.Surface], int]:
        """The message wrapped to a box `width` wide in type of `size`: its lines, and the box's
        height with its margins."""
        imgs = [render(line, size, theme.TEXT) for line in wrap(self.toast_text, size, width - 24) or [""]]
        return imgs, sum(i.get_height() for i in imgs) + 12

    def toast_box(self, size: tuple[int, int]) -> tuple[pygame.Rect, list[pygame.Surface]]:
        """Where the message goes in a window of `size` and its wrapped lines: at the top of the
        scene's place for it (or the bottom of the window), in a smaller type when it would run
        past the window's edge, and always inside the window."""
        w, h = size
        window = pygame.Rect(0, 0, w, h).inflate(-8, -8)
        area = window.inflate(-16, -16)
        top = self.stack.top
        found = top.toast_area() if top is not None and not top.overlay else None
        if found is not None:
            area = found
        from_top = top is not None and not top.overlay and top.toast_top
        room = min(area.bottom, window.bottom) - area.top if from_top else area.bottom - window.top
        size_px = toast_size(h)
        imgs, height = self.toast_lines(area.width, size_px)
        while height > room and size_px > FLOOR:
            size_px -= 1
            imgs, height = self.toast_lines(area.width, size_px)
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 24, height)
        if from_top:
            box.midtop = (area.centerx, area.top)
        else:
            box.midbottom = (area.centerx, area.bottom)
        return box.clamp(window), imgs

    def draw_toast(self, surface: pygame.Surface) -> None:
        """The message in its box (see :meth:`toast_box`)."""
        box, imgs = self.toast_box(surface.get_size())
        pygame.draw.rect(surface, (20, 18, 24), box, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=8)
        y = box.y + 6
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def run(self, frames: int | None = None, screenshot: str | None = None) -> str:
        """The frame loop at 60 frames a second; stops on quit or after `frames` frames. Returns
        why the screenshot could not be saved, or an empty string."""
        count, shot_error = 0, ""
        cpu_start = time.process_time()
        self.scene_at_start = type(self.stack.top).__name__ if self.stack.top else ""
        while self.running and (frames is None or count < frames):
            dt = self.clock.tick(FPS) / 1000.0
            start = time.perf_counter()
            self.step(min(dt, 0.1), pygame.event.get())
            if screenshot and frames is not None and count == frames - 1:
                shot_error = self.screenshot(screenshot)
            if self.drawn:
                pygame.display.flip()
            self.frame_ms.append(((time.perf_counter() - start) * 1000, self.drawn))
            count += 1
        self.cpu_per_600 = (time.process_time() - cpu_start) * 600 / max(1, count)
        if screenshot and (frames is None or count < frames):
            shot_error = self.screenshot(screenshot)
        pygame.display.quit()  # the window goes at once; the bot workers are stopped after
        while self.stack.scenes:
            self.stack.pop()
        pygame.quit()
        return shot_error

    def screenshot(self, path: str) -> str:
        """Save the window as PNG; returns why not, or an empty string."""
        try:
            pygame.image.save(self.screen, path)
        except (pygame.error, OSError) as e:
            return str(e)
        return ""


def toast_size(height: int) -> int:
    """The message's type size in a window `height` pixels tall (before it shrinks to fit)."""
    return max(14, min(20, height // 40))


def bench_report(frames: list[tuple[float, bool]]) -> str:
    """Frame-time median, p99 and max over all frames and over the drawn ones."""
    def stats(ms: list[float]) -> str:
        if not ms:
            return "none"
        ms = sorted(ms)
        return (f"median {statistics.median(ms):.2f} ms, p99 {ms[min(len(ms) - 1, int(len(ms) * 0.99))]:.2f} ms, "
                f"max {ms[-1]:.2f} ms")
    drawn = [ms for ms, d in frames if d]
    return (f"frames {len(frames)}: {stats([ms for ms, _ in frames])}\n"
            f"drawn {len(drawn)}: {stats(drawn)}")


def _size(text: str) -> tuple[int, int]:
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(0 < len(v) <= 5 and v.isascii() and v.isdigit() for v in parts):
        raise argparse.ArgumentTypeError(f"WIDTHxHEIGHT, e.g. 1280x900, not {text[:30]!r}")
    w, h = int(parts[0]), int(parts[1])
    if not (1 <= w <= MAX_SIZE[0] and 1 <= h <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(f"each side from 1 to {MAX_SIZE[0]} pixels")
    return w, h


def _screenshot(text: str) -> str:
    path = Path(text)
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"a PNG file, whose name ends in .png, not {text[:60]!r}")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is a folder")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"cannot write in {str(folder)[:60]!r}")
    return text


def version_line() -> str:
    """What --version prints: the version, and which game answers: the built one (a PyInstaller
    folder) or the one run from the source with Python."""
    if getattr(sys, "frozen", False):
        return f"qiguo {__version__} (built game, {Path(sys.executable).parent})"
    return f"qiguo {__version__} (from source, Python {sys.version.split()[0]}, {Path(__file__).resolve().parents[1]})"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace | int:
    """The options, or an exit status after a one-line error (or the help)."""
    p = Parser(prog="python main.py", description="Qiguo: Seven Kingdoms Chess")
    p.add_argument("--version", action="version", version=version_line())
    p.add_argument("--seats", type=parsed(parse_seats), help=f"start a game at once: 7 seats, Qin first: "
                   f"{describe(LOCAL)} (e.g. h444444; a network seat needs --host)")
    p.add_argument("--rules", default=None, help="preset: standard, chinese, sima-guang")
    p.add_argument("--blocs", default=None, help="alliance blocs, e.g. wg,ro (docs/rules.md section 6; with --seats)")
    p.add_argument("--qfen", default=None, help="start from this position (with --seats)")
    p.add_argument("--seed", type=whole(0, 2 ** 31 - 1), default=0, help="seed for the bots")
    p.add_argument("--size", type=_size, default=(1280, 900),
                   help="window size WIDTHxHEIGHT (at most the desktop's size)")
    p.add_argument("--frames", type=whole(1, 10 ** 9), default=None, help="quit after this many frames")
    p.add_argument("--screenshot", type=_screenshot, default=None, help="save the last frame as PNG")
    p.add_argument("--bot-delay", type=seconds(0.0, BOT_DELAY_MAX), default=None,
                   help="seconds each bot move is shown")
    p.add_argument("--bench", action="store_true", help="print frame-time median and p99 at exit")
    p.add_argument("--host", nargs="?", const=-1, type=whole(0, 65535), default=None, metavar="PORT",
                   help="host a network game: the set-up screen, serving on PORT (default: the last one)")
    p.add_argument("--join", type=checked(parse_address, "HOST:PORT"), default=None, metavar="HOST:PORT", help="join a network game")
    p.add_argument("--code", default=None, help="the join code (with --join)")
    p.add_argument("--clock", type=parsed(parse_clock), default=None, metavar="SPEC",
                   help="each human player's clock: MIN+SEC adds SEC after each move (3+2), MINdSEC gives back "
                        "up to SEC of each move (5d5); a hosted game's server keeps it")
    args = parse(p, argv)
    if isinstance(args, argparse.Namespace) and (args.join is None) != (args.code is None):
        print("error: --join and --code go together", file=sys.stderr)
        return 2
    if isinstance(args, argparse.Namespace) and args.seats is not None and (args.join or args.host is not None):
        print("error: --seats starts a local game; leave it out with --host or --join", file=sys.stderr)
        return 2
    if isinstance(args, argparse.Namespace) and args.seats is None:
        alone = [name for name in ("qfen", "blocs") if getattr(args, name) is not None]
        if alone:
            print(f"error: --{alone[0]} needs --seats (who plays each kingdom)", file=sys.stderr)
            return 2
    return args


def desktop_size() -> tuple[int, int]:
    """The largest window worth opening: the desktop (a virtual one without a screen)."""
    if pygame.display.get_driver() == "dummy":
        return 3840, 2160
    try:
        return max(pygame.display.get_desktop_sizes())
    except (pygame.error, ValueError):
        return MAX_SIZE


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    args = parse_args(argv)
    if isinstance(args, int):
        return args
    match_error = None
    match = None
    if args.seats is not None:
        try:
            seats = args.seats
            rules = Rules.make(args.rules or "standard")
            blocs = [b for b in (args.blocs or "").split(",") if b]
            match = Match(seats, rules, blocs, seed=args.seed, qfen=args.qfen,
                          bot_delay=0.5 if args.bot_delay is None else args.bot_delay, clock=args.clock)
        except (ValueError, EngineError) as e:
            match_error = str(e)
    elif args.rules:
        try:
            Rules.make(args.rules)
        except EngineError as e:
            match_error = str(e)
    if match_error:
        print(f"error: {match_error}", file=sys.stderr)
        return 2
    if not FONT_PATH.exists():
        print(f"error: the game's font is missing ({FONT_PATH}); reinstall the game", file=sys.stderr)
        return 1
    pygame.display.init()
    most = desktop_size()
    if args.size[0] < MIN_SIZE[0] or args.size[1] < MIN_SIZE[1]:  # said, not done silently
        print(f"note: the window is {MIN_SIZE[0]}x{MIN_SIZE[1]} at least; --size {args.size[0]}x{args.size[1]} "
              f"opens at {max(args.size[0], MIN_SIZE[0])}x{max(args.size[1], MIN_SIZE[1])}", file=sys.stderr)
    app = App((min(args.size[0], most[0]), min(args.size[1], most[1])), seed=args.seed)
    if args.rules:
        app.settings.preset = args.rules
    if args.bot_delay is not None:
        app.settings.bot_delay = args.bot_delay
    if args.clock is not None:  # this run's default clock (New game starts with it)
        app.settings.clock = args.clock.text()
    app.start_title()
    if match is not None:
        app.stack.push(app.scene("game", match))
    elif args.host is not None:
        if args.host >= 0:
            app.settings.host_port = args.host
        app.stack.push(app.scene("setup"))
    elif args.join is not None:
        app.stack.push(app.scene("join", f"{args.join[0]}:{args.join[1]}", args.code, auto=True))
    shot_error = app.run(args.frames, args.screenshot)
    if args.bench and app.frame_ms:
        frames = list(app.frame_ms)
        print(bench_report(frames[10:] or frames))
        print(f"cpu {app.cpu_per_600:.2f} s per 600 frames ({app.scene_at_start})")
    if shot_error:
        print(f"error: the screenshot could not be saved ({shot_error})", file=sys.stderr)
        return 1
    return 0
