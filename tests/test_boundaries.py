"""The architecture's import directions: engine <- ai <- net <- play <- ui <- scenes <- app,
never the other way (play is the window's logic without pygame; ui draws, scenes handle input,
app runs the window, and qiguo.waits, the window's waits benchmark, with it); everything
outside the engine uses its public face (``qiguo.engine``) and no raw encodings."""
import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parents[1]
ROOT = TOP / "qiguo"
LAYERS = {"engine": 0, "ai": 1, "net": 2, "play": 3, "ui": 4, "scenes": 5, "app": 6, "waits": 6}
"""A module may import its own layer and those below it; layers 0 to 3 (the engine, the bots,
the network and the window's logic) never import pygame. Imports only for type checking count
too: a scene knows the window through the small interface of qiguo.scenes.base.Host."""
LEAVES = {"qiguo.cmdline", "qiguo.jsonfile", "qiguo.names", "qiguo.confusables", "qiguo.datadir", "qiguo.assets",
          "qiguo.clock"}
"""Standard-library-only helpers every layer may use (they import only each other)."""


def sources(*where: str) -> list[Path]:
    out = []
    for name in where:
        path = TOP / name
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.exists() else []
    return out


def imports_in(path: Path) -> set[str]:
    """Every module a file imports, relative imports made absolute (``from .x import y`` in
    qiguo/ui/a.py is qiguo.ui.x; ``from . import y`` is qiguo.ui.y)."""
    names = set()
    package = list(path.relative_to(TOP).with_suffix("").parts[:-1])
    if path.name == "__init__.py":
        package = list(path.relative_to(TOP).parts[:-1])
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names.add(node.module or "")
                continue
            base = package[:len(package) - node.level + 1]
            if node.module:
                names.add(".".join(base + [node.module]))
            else:
                names.update(".".join(base + [a.name]) for a in node.names)
    return names


def layer_of(path: Path) -> int:
    part = path.relative_to(ROOT).parts[0]
    return LAYERS[part.removesuffix(".py")] if part.removesuffix(".py") in LAYERS else -1


@pytest.mark.parametrize("path", sources("qiguo"), ids=lambda p: str(p.relative_to(TOP)))
def test_each_module_imports_only_its_layer_and_those_below(path):
    own = layer_of(path)
    for name in imports_in(path):
        if name.startswith("qiguo.") and name not in LEAVES:
            target = LAYERS[name.split(".")[1]]
            assert target <= own, f"{path.name} imports {name}"
        if own in (0, 1, 2, 3) or name in LEAVES:
            assert not name.startswith("pygame"), f"{path.name} imports pygame"
    if f"qiguo.{path.stem}" in LEAVES:
        assert not {n for n in imports_in(path) if n.startswith(("qiguo", ".", "pygame")) and n not in LEAVES}


@pytest.mark.parametrize("path", sources("qiguo", "tools", "tests", "main.py"), ids=lambda p: str(p.relative_to(TOP)))
def test_outside_the_engine_only_its_public_face_is_used(path):
    if path.is_relative_to(ROOT / "engine"):
        return
    for name in imports_in(path):
        assert not name.startswith("qiguo.engine."), f"{path.name} imports {name}: use qiguo.engine"


RAW = re.compile(r">> 9|& 511|& 15\b|>> 4\b")


@pytest.mark.parametrize("path", [p for p in sources("qiguo/ui", "qiguo/scenes", "qiguo/net", "qiguo/app.py", "tools", "tests")
                                  if p.name != "test_boundaries.py"],
                         ids=lambda p: str(p.relative_to(TOP)))
def test_no_raw_piece_or_move_encodings_outside_engine_and_search(path):
    found = [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if RAW.search(line)]
    assert found == [], f"{path.name}: use Piece and Move instead of {found[:2]}"


def test_importing_engine_ai_net_and_play_loads_no_pygame():
    code = ("import sys, importlib, pkgutil, qiguo.engine, qiguo.ai\n"
            "for pkg in ('qiguo.ai', 'qiguo.net', 'qiguo.play'):\n"
            "    try:\n        p = importlib.import_module(pkg)\n    except ModuleNotFoundError:\n        continue\n"
            "    for m in pkgutil.iter_modules(p.__path__):\n        importlib.import_module(pkg + '.' + m.name)\n"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


def test_the_board_themes_the_settings_know_are_the_ones_drawn():
    from qiguo.play.settings import BOARD_THEMES
    from qiguo.ui.theme import BOARDS
    assert tuple(BOARDS) == BOARD_THEMES


def function_imports(path: Path) -> list[str]:
    """The modules imported inside functions of a file."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom):
                    out.append("." * inner.level + (inner.module or ""))
                elif isinstance(inner, ast.Import):
                    out += [a.name for a in inner.names]
    return out


SHARED = {"qiguo.scenes.base", "qiguo.scenes.picking"}


def test_the_scenes_shared_helpers_register_no_scene():
    for name in SHARED:
        text = (TOP / (name.replace(".", "/") + ".py")).read_text(encoding="utf-8")
        assert "@register(" not in text


@pytest.mark.parametrize("path", sources("qiguo/scenes"), ids=lambda p: str(p.relative_to(TOP)))
def test_scenes_reach_each_other_by_name(path):
    """A scene opens another through the registry (app.scene(name, ...)), so no scene module
    imports another one and no import hides inside a function (the scenes' shared helpers, base
    and picking, register no scene)."""
    if path.name != "__init__.py":
        others = {n for n in imports_in(path) if n.startswith("qiguo.scenes.") and n not in SHARED}
        assert others == set(), f"{path.name} imports {others}"
    assert function_imports(path) == [], f"{path.name} imports inside a function"


def test_the_app_imports_nothing_inside_a_function():
    assert function_imports(ROOT / "app.py") == []
