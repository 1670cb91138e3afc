"""Tools for testing another engine against the reference: strategies, assertions, legal-set diffs.

Install with the ``testing`` extra (``pip install 'cardrules[testing]'``), which
brings Hypothesis. The pieces:

- :mod:`cardrules.testing.strategies`: Hypothesis strategies for every
  game's options, reachable positions
  (:class:`~cardrules.testing.strategies.Played`), legal and illegal actions
  in a state, and complete records;
- :mod:`cardrules.testing.assertions`:
  :func:`~cardrules.testing.assertions.assert_legal`,
  :func:`~cardrules.testing.assertions.assert_illegal`, and
  :func:`~cardrules.testing.assertions.compare_legal_actions` /
  :func:`~cardrules.testing.assertions.assert_same_legal_actions` to compare
  another engine's legal set with the reference's, in the reference's
  notation.

The conformance kit, for engines written in other languages, needs no
Hypothesis and lives in :mod:`cardrules.conformance`.

>>> import cardrules
>>> from cardrules.testing import assert_illegal
>>> state = cardrules.get_game("felagsvist", first_dealer="N").new_game(seed=1)
>>> assert_illegal(state, "p2 play AS", rule="common.turn.player-to-act").rule_ids
('common.turn.player-to-act', 'common.cards.held')
"""

try:
    import hypothesis  # noqa: F401
except ImportError:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        "cardrules.testing needs Hypothesis: install it with pip install 'cardrules[testing]'"
    ) from None

from cardrules.testing.assertions import (
    LegalSetDiff,
    assert_illegal,
    assert_legal,
    assert_same_legal_actions,
    compare_legal_actions,
)
from cardrules.testing.strategies import (
    Played,
    game_options,
    illegal_actions,
    legal_actions,
    option_values,
    plays,
    records,
    states,
)

__all__ = [
    "LegalSetDiff",
    "Played",
    "assert_illegal",
    "assert_legal",
    "assert_same_legal_actions",
    "compare_legal_actions",
    "game_options",
    "illegal_actions",
    "legal_actions",
    "option_values",
    "plays",
    "records",
    "states",
]
