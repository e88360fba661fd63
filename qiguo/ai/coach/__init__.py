"""The coach: what a player's pieces stand to lose (:mod:`.danger`), one judge of a position's
moves (:mod:`.judge`), a hint that gives nothing away and says why (:mod:`.hint`), and the key
moments of a game judged by the same judge (:mod:`.moments`), and one explainer of why a move is
worse than the judge's choice (:mod:`.contrast`). Imports the
engine and the bots only; nothing here changes the game it is given. The command line is
``python -m qiguo.ai.coach danger|hint|review`` (its ``__main__``)."""
from .danger import Danger, Destination, dangers, destinations, general_in_danger, takers
from .hint import Reason, explain, hint_move
from .judge import HINT_BUDGET, MARGIN, Judge, Verdict
from .contrast import Contrast, Side, consistent, contrast
from .moments import KINDS, Moment, Review, key_moments

__all__ = ["Danger", "Destination", "dangers", "destinations", "general_in_danger", "takers", "HINT_BUDGET",
           "Reason", "explain", "hint_move", "Judge", "Verdict", "MARGIN", "Moment", "Review", "key_moments",
           "KINDS", "Contrast", "Side", "consistent", "contrast"]
