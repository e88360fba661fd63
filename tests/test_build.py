"""The standalone game (issue 32), built with tools/build_app.py and run as a player without
Python would: an empty environment (no PATH, no virtual environment), a headless game of seven
bots, bad options and broken data. Marked "build": `.ci/run` runs it after the unit suite
(``python3 -m pytest -m build -n 0``)."""
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from qiguo import __version__

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.build


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The built game's folder (built once for the module)."""
    where = tmp_path_factory.mktemp("build")
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"), "--dist", str(where / "dist"),
                           "--work", str(where / "work")], capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]
    print(proc.stdout.splitlines()[-1])
    return where / "dist" / "qiguo"


def exe(folder):
    return folder / ("qiguo.exe" if sys.platform == "win32" else "qiguo")


def bare(tmp_path, *args, timeout=300):
    """Run the built game with nothing of this machine's Python around it."""
    data = tmp_path / "data"
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "QIGUO_DATA_DIR": str(data),
           "HOME": str(tmp_path)}
    if sys.platform == "win32":
        env["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", "")
    return subprocess.run([str(exe(built_folder[0])), *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=timeout)


built_folder: list[Path] = []


@pytest.fixture(autouse=True)
def _remember(built):
    built_folder[:] = [built]


def test_the_folder_holds_the_game_and_not_what_it_does_not_use(built):
    internal = built / "_internal"
    for part in ("fonts/qiguo-subset.otf", "fonts/OFL.txt", "sounds/move.wav", "icons/horse-head.svg",
                 "icons/ATTRIBUTION.txt", "locale/ja.po", "app/hicolor/64x64/apps/qiguo.png",
                 "puzzles/puzzles.jsonl", "ratings/bots.json"):
        assert (internal / "assets" / part).is_file(), part
    assert (internal / "qiguo" / "ai" / "weights.json").is_file()  # the bots' tuned weights
    names = {p.name.split(".")[0] for p in internal.rglob("*")}
    for unused in ("numpy", "pytest", "_pytest", "hypothesis", "tkinter", "examples"):
        assert unused not in names, unused
    size = sum(p.stat().st_size for p in built.rglob("*") if p.is_file() and not p.is_symlink())
    assert size < 120 * 2 ** 20


def test_seven_bots_play_in_the_built_game_through_its_worker_process(tmp_path):
    shot = tmp_path / "shot.png"
    proc = bare(tmp_path, "--seats", "1111111", "--bot-delay", "0", "--frames", "400", "--screenshot", str(shot))
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr
    assert "fallback" not in proc.stderr, proc.stderr[-2000:]  # every bot move came from the worker process
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    saved = json.loads((tmp_path / "data" / "autosave.json").read_text(encoding="utf-8"))
    assert len(saved["moves"]) >= 5  # the bots moved: the worker process ran inside the frozen game


def test_the_built_game_says_its_version_and_refuses_a_bad_option_in_one_line(tmp_path):
    version = bare(tmp_path, "--version")
    assert version.returncode == 0 and version.stdout.startswith(f"qiguo {__version__} (built game, ")
    bad = bare(tmp_path, "--seats", "h4")
    assert bad.returncode == 2 and bad.stderr.startswith("error: argument --seats") and bad.stderr.count("\n") == 1


def test_broken_data_is_set_aside_by_the_built_game(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text("{not json")
    proc = bare(tmp_path, "--frames", "30")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert (data / "settings.json.bad").read_text() == "{not json"


def test_pip_install_puts_the_desktop_entry_and_icons_where_desktops_look(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                           "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    wheel = next(tmp_path.glob("qiguo-*.whl"))
    assert wheel.name.startswith(f"qiguo-{__version__}-")
    names = zipfile.ZipFile(wheel).namelist()
    data = [n.split(".data/data/", 1)[1] for n in names if ".data/data/" in n]
    assert "share/applications/qiguo.desktop" in data
    for size in (16, 32, 48, 64, 128, 256, 512):
        assert f"share/icons/hicolor/{size}x{size}/apps/qiguo.png" in data
    assert "share/qiguo/assets/app/hicolor/64x64/apps/qiguo.png" in data
    assert {"share/qiguo/assets/puzzles/puzzles.jsonl", "share/qiguo/assets/ratings/bots.json"} <= set(data)
    assert "qiguo/ai/weights.json" in names  # the bots' tuned weights, beside their module
    entry = (ROOT / "assets" / "app" / "qiguo.desktop").read_text(encoding="utf-8")
    assert "Exec=qiguo\n" in entry and "Icon=qiguo\n" in entry and "Type=Application\n" in entry
