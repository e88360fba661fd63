"""The names of the four bot levels, weakest first (see :mod:`.bots`)."""

LEVELS = ("novice", "easy", "normal", "hard")
