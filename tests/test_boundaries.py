"""The architecture's import directions: engine <- ai <- ui/scenes, never the other way."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "qiguo"


def imports_of(package: str) -> set[str]:
    names = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(("." * node.level) + node.module)
    return names


def test_engine_imports_only_itself_and_the_standard_library():
    names = imports_of("engine")
    assert not {n for n in names if n.startswith(("pygame", "qiguo.ai", "qiguo.ui", "qiguo.scenes"))}
    assert not {n for n in names if n.startswith("..")}


def test_ai_imports_the_engine_only():
    names = imports_of("ai")
    assert not {n for n in names if n.startswith(("pygame", "qiguo.ui", "qiguo.scenes", "qiguo.app"))}
    assert {n for n in names if n.startswith("qiguo.")} <= {n for n in names if n.startswith("qiguo.engine")}


def test_ui_and_scenes_are_imported_by_nothing_below_them():
    for package in ("engine", "ai", "ui"):
        names = imports_of(package)
        assert not {n for n in names if n.startswith(("qiguo.scenes", "qiguo.app"))}, package


def test_importing_engine_and_ai_loads_no_pygame():
    code = "import sys, qiguo.engine, qiguo.ai, qiguo.ai.worker, qiguo.ai.arena; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr
