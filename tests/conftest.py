"""Shared test set-up: headless SDL, English, and a throw-away data folder (tests never touch
the player's real saves; tests that look at saves set their own folder)."""
import atexit
import os
import shutil
import sys
import tempfile

import pytest

# The suite starts dozens of Python processes (test workers, servers, bots, bot workers): where
# the environment forbids bytecode caches, each would compile the package again.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if "QIGUO_DATA_DIR" not in os.environ:  # the test workers inherit the folder of the run that started them
    os.environ["QIGUO_DATA_DIR"] = tempfile.mkdtemp(prefix="qiguo-tests-")
    atexit.register(shutil.rmtree, os.environ["QIGUO_DATA_DIR"], ignore_errors=True)
os.environ["LANGUAGE"] = "en"  # a new player's language follows the locale: the tests start in English


@pytest.fixture(autouse=True)
def english_again():
    """Every test ends with the game in English again, whatever language it set."""
    yield
    from qiguo.play.strings import set_language
    set_language("en")
