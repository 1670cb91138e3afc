"""The Félagsvist play as an ending for the exact solver (:mod:`cardrules.solve`).

:class:`FelagsvistEnding` models the rest of a deal with every hand known:
four bitmask hands, the trick so far, the leader and the tricks taken since
the ending was built. Its moves are card indices. The legal cards come from
:func:`~cardrules.games.felagsvist.play.playable` (the search reads the same
rule restated in :func:`~cardrules.games.felagsvist.ending.groups.follow`,
and a test holds the two together) and the winner of a trick from a table
read off :func:`~cardrules.games.felagsvist.play.trick_winner`, with the deal's
own trump and strengths (so Nóló under either ``nolo_ace`` value is the
engine's), so the model adds no rule of its own.

Its value counts for the claimer's side and is what that side scores per
trick from here (felagsvist.score.trick-rounds, felagsvist.score.nolo): the
tricks it takes in a trump or Grand deal, the tricks its opponents take in a
Nóló deal. A claim of ``tricks=N`` reads as a player says it: in a trump or
Grand deal "we take at least N of the tricks left"; in Nóló, where tricks are
what a side avoids, "we take at most N of the tricks left" (``tricks=0`` is
"the rest are yours"). Under ``scoring=odd-tricks`` the deal score is a
non-decreasing function of the tricks, so the best play for tricks is the
best play for the score too.

>>> import cardrules
>>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
>>> ending = state.ending("NS")
>>> ending.counted, ending.unit, ending.bounds(), len(ending.legal())
((0, 2), 'tricks', (1, 9), 13)
"""

from cardrules.games.felagsvist.ending.build import ending
from cardrules.games.felagsvist.ending.model import EndingRules, FelagsvistEnding

__all__ = ["EndingRules", "FelagsvistEnding", "ending"]
