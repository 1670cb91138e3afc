"""Tools for testing another engine against the reference: strategies, assertions, probes, the kit.

The pieces:

- :mod:`cardrules.testing.strategies`: Hypothesis strategies for every
  game's options, reachable positions (in every phase, or in one asked for)
  (:class:`~cardrules.testing.strategies.Played`), legal and illegal actions
  in a state, and complete records. They need Hypothesis, which the
  ``testing`` extra brings (``pip install 'cardrules[testing]'``);
- :mod:`cardrules.testing.assertions`:
  :func:`~cardrules.testing.assertions.assert_legal`,
  :func:`~cardrules.testing.assertions.assert_illegal`, and
  :func:`~cardrules.testing.assertions.compare_legal_actions` /
  :func:`~cardrules.testing.assertions.assert_same_legal_actions` to compare
  another engine's legal set with the reference's, in the reference's
  notation;
- :mod:`cardrules.testing.equivalence`:
  :func:`~cardrules.testing.equivalence.assert_same_future`, whether two
  states (a state and its position read back) have the same future;
- :mod:`cardrules.testing.probing`: plausible illegal actions for any state;
- :mod:`cardrules.testing.conformance`: the conformance kit, golden cases as
  plain JSON for engines written in other languages.

Only the strategies need Hypothesis: the assertions, the probes and the kit
work without it, and asking this package for a strategy without Hypothesis
installed raises an ``ImportError`` that names the extra.

>>> import cardrules
>>> from cardrules.testing import assert_illegal
>>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
>>> assert_illegal(state, "p2 play AS", rule="common.turn.player-to-act").rule_ids
('common.turn.player-to-act', 'common.cards.held')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from cardrules.testing.assertions import (
    LegalSetDiff,
    assert_illegal,
    assert_legal,
    assert_same_legal_actions,
    compare_legal_actions,
)
from cardrules.testing.equivalence import assert_same_future, future_difference

if TYPE_CHECKING:
    from cardrules.testing.strategies import (
        Played,
        game_options,
        illegal_actions,
        legal_actions,
        option_values,
        plays,
        positions,
        records,
        states,
    )

__all__ = [
    "LegalSetDiff",
    "Played",
    "assert_illegal",
    "assert_legal",
    "assert_same_future",
    "assert_same_legal_actions",
    "compare_legal_actions",
    "future_difference",
    "game_options",
    "illegal_actions",
    "legal_actions",
    "option_values",
    "plays",
    "positions",
    "records",
    "states",
]


def __getattr__(name: str) -> object:
    """The strategies, imported when first asked for (they need Hypothesis)."""
    # Called only for names not defined here: in __all__, that is the strategies.
    if name in __all__:
        return getattr(importlib.import_module("cardrules.testing.strategies"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
