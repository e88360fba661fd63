"""Bots that misbehave, run inside the worker process by the worker tests."""
import time

from qiguo.ai import choose_move


def raising_bot(game, level, seed, budget, cancelled):
    raise RuntimeError("boom")


def hanging_bot(game, level, seed, budget, cancelled):
    time.sleep(3600)


def illegal_bot(game, level, seed, budget, cancelled):
    return 12345


def crash_once_bot(game, level, seed, budget, cancelled):
    if level == "hard":
        import os
        os._exit(3)  # the process dies mid-request
    return choose_move(game, level, seed, budget, cancelled)


def state_digest(game) -> str:
    """A digest of every field the rules use (Game.state)."""
    import hashlib
    return hashlib.sha1(repr(game.state()).encode()).hexdigest()


def state_bot(game, level, seed, budget, cancelled):
    """Reports (as its failure) the digest of the game it was given to search."""
    raise RuntimeError(f"state {state_digest(game)}")
