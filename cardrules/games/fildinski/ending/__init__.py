"""Fildinski's last eight tricks as an ending for the exact solver (:mod:`cardrules.solve`).

Once the stock is empty every card is known to both players
(fildinski.info.endgame-known), so the rest of the deal can be solved
exactly. :class:`FildinskiEnding` holds the two hands as id bitmasks, the led
card if any, the leader and the points the counted seat has scored since the
ending was built. The follower's legal cards come from
:func:`~cardrules.games.fildinski.play.legal_follow`, the winner from
:func:`~cardrules.games.fildinski.play.follower_wins` and a trick's points
from :func:`~cardrules.games.fildinski.scoring.score_trick` (brisques, trump
7s under either ``trump_seven_points`` value, the last-trick bonus under
either ``last_trick_bonus`` value), so the model states none of those rules.

Its value is the points the counted seat scores from here. A claim of
``points=P`` says the claimer scores at least P more points in the tricks
left (the last-trick bonus included where it is still to come); points won
before the position do not count.

Under ``meld_in_endgame = true`` the winner of each of tricks 25-32 has a
meld step (fildinski.endgame.no-melding), and so has the ending, a
:class:`FildinskiMeldEnding`: it also holds both won piles, the trick's
fresh cards and the cards each kind of meld has used, and in a meld step the
winner's moves are its declarations, asked of the engine's own
:func:`~cardrules.games.fildinski.meld_step.step_choices` (``meld none``
first, then one or two melds, in the engine's order), updated by
:func:`~cardrules.games.fildinski.meld_step.marked` and scored by
:func:`~cardrules.games.fildinski.scoring.score_melds`. Meld moves are
numbered from ``MELD_MOVES`` (``meld none``); card plays are ids. The
counted seat's melds count in the value. The other seat's count for
nothing there (its melds touch neither the tricks nor the counted seat's
piles), so its declarations form one group and only ``meld none`` is
searched. The transposition key adds the counted seat's won cards that can
still be melded and the melds they have been in; the upper bound adds the
most meld points still possible, from the cards still to be won and the
pile, each kind's melds disjoint and clear of the cards the rules bar.
A position may be a meld step itself.

>>> import random, cardrules
>>> state, rng = cardrules.get_game("fildinski").new_game(seed=3), random.Random(3)
>>> while state.phase_name != "endgame":
...     state = state.apply(rng.choice(state.legal_actions()))
>>> ending = state.ending(0)
>>> ending.unit, ending.counted, ending.left
('points', (0,), 8)
"""

from cardrules.games.fildinski.ending.build import ending
from cardrules.games.fildinski.ending.melding import FildinskiMeldEnding
from cardrules.games.fildinski.ending.model import MELD_MOVES, EndingRules, FildinskiEnding

__all__ = ["MELD_MOVES", "EndingRules", "FildinskiEnding", "FildinskiMeldEnding", "ending"]
