"""The errors the engine raises: all are ValueErrors with a message naming the problem."""


class EngineError(ValueError):
    """Base class of every error the engine raises for bad input."""


class QfenError(EngineError):
    """A position text that is not valid QFEN."""


class IllegalMove(EngineError):
    """A move string that is malformed or not legal in the position."""


class SetupError(EngineError):
    """Kingdoms or alliance blocs that docs/rules.md section 6 does not allow."""


class RuleError(EngineError):
    """An unknown preset or option, or a value an option does not take."""
