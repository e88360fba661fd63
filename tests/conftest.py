"""Shared test set-up: headless SDL, English, and a throw-away data folder (tests never touch
the player's real saves; tests that look at saves set their own folder)."""
import os
import sys
import tempfile

# The suite starts dozens of Python processes (test workers, servers, bots, bot workers): where
# the environment forbids bytecode caches, each would compile the package again.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("QIGUO_DATA_DIR", tempfile.mkdtemp(prefix="qiguo-tests-"))
os.environ["LANGUAGE"] = "en"  # a new player's language follows the locale: the tests start in English
