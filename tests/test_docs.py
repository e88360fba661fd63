"""The examples the documentation gives run as written: every python block of docs/engine.md,
in order, in one namespace; and every command line of the README names a module, a script
and options that exist (the engine's own examples are run)."""
import importlib.util
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from qiguo.engine import START_QFEN

ROOT = Path(__file__).resolve().parents[1]


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def test_the_engine_guides_examples_run_as_written(capsys):
    blocks = python_blocks(ROOT / "docs" / "engine.md")
    assert blocks
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/engine.md", "exec"), namespace)
    assert namespace["game"].history == ["resign:r"] and namespace["copy"] is not namespace["game"]


def readme_commands() -> list[list[str]]:
    """The README's indented command lines (comments cut off, the '&&' chains split, the
    brackets of optional parts dropped)."""
    out = []
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("    python3 "):
            text = re.sub(r"\s+#.*$", "", line).strip()
            for part in text.split("&&"):
                out.append(shlex.split(part.replace("[", "").replace("]", "")))
    return out


def test_the_readme_has_its_two_set_up_commands():
    commands = [" ".join(c) for c in readme_commands()]
    assert commands[:4] == ["python3 -m pip install -e .", "python3 main.py",
                            "python3 -m pip install -e .test", "python3 -m pytest"]


@pytest.mark.parametrize("command", [c for c in readme_commands() if c[1] == "-m" and c[2].startswith("qiguo")],
                         ids=lambda c: " ".join(c[2:4]))
def test_each_module_the_readme_names_exists(command):
    assert importlib.util.find_spec(command[2]) is not None, command


def test_each_script_and_window_option_the_readme_names_exists():
    help_text = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, text=True,
                               timeout=60).stdout
    known = set(re.findall(r"--[a-z-]+", help_text))
    assert "--seats" in known
    for command in readme_commands():
        if command[1] == "main.py":
            for word in command[2:]:
                if word.startswith("--"):
                    assert word in known, word
        elif command[1].startswith("tools/"):
            assert (ROOT / command[1]).is_file(), command


@pytest.mark.parametrize("verb", ["moves", "play"])
def test_the_readmes_engine_examples_run(verb):
    line = next(c for c in readme_commands() if c[1:4] == ["-m", "qiguo.engine", verb])
    args = [START_QFEN if word == "QFEN" else word for word in line[3:] if word != "..."]
    proc = subprocess.run([sys.executable, "-m", "qiguo.engine", *args], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip(), proc.stderr
