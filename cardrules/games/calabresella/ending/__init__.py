"""Calabresella's play as an ending for the exact solver: the bidder against the two others.

:class:`CalabresellaEnding` models the rest of the play with every hand
known: three bitmask hands, the trick so far, the leader, the bidder's tricks
and thirds in the whole hand so far, and the value for the counted side (the
bidder alone, or the two opponents together). The legal cards come from
:func:`~cardrules.games.calabresella.play.playable` (under either
``follow_suit`` value), the winner of a trick from
:func:`~cardrules.games.calabresella.play.trick_winner`, and the value of the
cards taken from :func:`~cardrules.games.calabresella.cards.mask_thirds`;
the twelfth trick adds the last-trick bonus and the monte through
:func:`~cardrules.games.calabresella.scoring.bidder_thirds`
(calabresella.scoring.last-trick, calabresella.scoring.monte).

An ending counts in one of two units (:attr:`CalabresellaEnding.units`):

``"points"`` (the default)
    The thirds the counted side takes from here (an ace is 3, a 3, 2, K, Q
    or J is 1, the last trick 3 with the monte); a claim of ``points=P``
    counts thirds too, from the position on.
``"score"``
    The hand's settlement: what the seat the ending was built for (the
    bidder, or either opponent, who both pay or receive the same) receives,
    negative when it pays, as :func:`~cardrules.games.calabresella.scoring.settle`
    pays it from the bidder's tricks and thirds of the whole hand, tricks
    before the position included: the stake after any raise, times 2 for
    cappotto and 3 for stramazzo under the ``reverse_cappotto`` and
    ``stramazzo_basis`` options (calabresella.scoring.payment,
    calabresella.scoring.cappotto, calabresella.scoring.stramazzo). Only the
    end of the hand has a score, so the value stays at 0 until then and the
    final value is the payment plus a fixed offset (:attr:`SettlementTable.offset`)
    that keeps it non-negative; :meth:`CalabresellaEnding.in_units` and
    :meth:`CalabresellaEnding.needed` take the offset off and put it back.
    The best play for the score is not always the best for the thirds:
    stramazzo pays three times the stake and cappotto twice, so a bidder who
    can keep 33 thirds with a trick lost may give one up rather than take
    them all, and a defence that has taken every trick may hand the bidder
    one worth at most 2 thirds.

>>> import cardrules
>>> state = cardrules.get_game("calabresella").new_game(seed=4)
>>> while state.phase_name != "play":
...     state = state.apply(state.legal_actions()[-1])
>>> ending = state.ending(state.setup.bidder)
>>> ending.unit, ending.bounds()[1]
('points', 35)
>>> state.setup.contract.label, state.setup.raised.value
('Solissimo', 'scegliete')
>>> scored = ending.counted_in("score")
>>> scored.unit, scored.in_units(scored.bounds()[0]), scored.in_units(scored.bounds()[1])
('score', -72, 72)

A Solissimo raised to scegliete stakes 12 units, so from the first trick the
bidder may still win or lose anything up to three times 12 from each opponent.
"""

from cardrules.games.calabresella.ending.build import ending
from cardrules.games.calabresella.ending.model import UNITS, CalabresellaEnding, EndingRules
from cardrules.games.calabresella.ending.settlement import SettlementTable, settlement_table

__all__ = ["UNITS", "CalabresellaEnding", "EndingRules", "SettlementTable", "ending", "settlement_table"]
