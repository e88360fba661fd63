"""Build the standalone game for this computer: ``python3 tools/build_app.py [--dist DIR]``.

Makes ``dist/qiguo/`` (one folder: fewer antivirus false alarms and a faster start than one
file) with the executable ``dist/qiguo/qiguo`` (``qiguo.exe`` on Windows; on macOS also the
bundle ``dist/Qiguo.app``), the game's assets inside it, and the icon. It needs PyInstaller,
the project's ``build`` extra: when it is missing, the script installs it
(``pip install -e '.[build]'``). What the game does not use is left out (test libraries,
numpy, tkinter, pygame's examples, tests and docs). The last line says the folder's size."""
from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ("app", "fonts", "icons", "locale", "puzzles", "ratings", "sounds")
"""The folders of assets/ the game reads (those present are shipped, whole)."""
EXCLUDED = ("numpy", "pytest", "_pytest", "hypothesis", "xdist", "execnet", "pytest_benchmark", "tkinter",
            "unittest", "pydoc", "doctest", "pygame.examples", "pygame.tests", "pygame.docs", "pygame.__pyinstaller",
            "fontTools", "PIL", "setuptools", "pkg_resources", "distutils", "lib2to3", "IPython", "ssl", "_ssl")
"""Modules a freezer could pull in and the game never imports."""


def ensure_pyinstaller() -> None:
    """Install the build extra when PyInstaller is missing."""
    if importlib.util.find_spec("PyInstaller") is None:
        print("installing the build extra (PyInstaller) ...", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "-e", f"{ROOT}[build]"], check=True)


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def compiled_helpers(distribution: str) -> list[str]:
    """The top-level helper modules a mypyc-compiled wheel ships beside its package (openskill's
    wheels are compiled; the freezer cannot see that its modules import the helper)."""
    try:
        files = importlib.metadata.files(distribution) or []
    except importlib.metadata.PackageNotFoundError:
        return []
    return sorted({f.name.split(".")[0] for f in files if "__mypyc" in f.name and "/" not in str(f)})


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    sep = os.pathsep
    args = ["--noconfirm", "--clean", "--onedir", "--name", "qiguo", "--distpath", str(dist),
            "--workpath", str(work), "--specpath", str(work), "--log-level", "WARN"]
    for name in ASSETS:
        if (ROOT / "assets" / name).is_dir():
            args += ["--add-data", f"{ROOT / 'assets' / name}{sep}assets/{name}"]
    weights = ROOT / "qiguo" / "ai" / "weights.json"  # the bots' tuned weights, beside their module
    if weights.is_file():
        args += ["--add-data", f"{weights}{sep}qiguo/ai"]
    for module in compiled_helpers("openskill"):
        args += ["--hidden-import", module]
    for module in EXCLUDED:
        args += ["--exclude-module", module]
    icon = ROOT / "assets" / "app" / ("qiguo.ico" if sys.platform == "win32" else "hicolor/512x512/apps/qiguo.png")
    args += ["--icon", str(icon)]
    if sys.platform == "win32":
        args += ["--hide-console", "hide-early"]  # no console window from a double click; one-line errors in a terminal
    if sys.platform == "darwin":
        args += ["--windowed", "--osx-bundle-identifier", "org.qiguo.game"]
    return args + [str(ROOT / "main.py")]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 tools/build_app.py", description="build the standalone game")
    p.add_argument("--dist", default=str(ROOT / "dist"), help="where the game's folder goes (default: dist/)")
    p.add_argument("--work", default=str(ROOT / "build" / "pyinstaller"), help="the freezer's scratch folder")
    args = p.parse_args(argv)
    dist, work = Path(args.dist).resolve(), Path(args.work).resolve()
    ensure_pyinstaller()
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "PyInstaller", *pyinstaller_args(dist, work)], cwd=ROOT)
    if result.returncode:
        print(f"error: PyInstaller failed (status {result.returncode})", file=sys.stderr)
        return 1
    folder = dist / "qiguo"
    exe = folder / ("qiguo.exe" if sys.platform == "win32" else "qiguo")
    if not exe.exists():
        print(f"error: no executable at {exe}", file=sys.stderr)
        return 1
    print(f"built {exe} in {time.monotonic() - start:.0f} s; the folder holds {folder_size(folder) / 2 ** 20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
