"""Whether a Félagsvist position read from its text can arise, and the state built from it.

:mod:`~cardrules.games.felagsvist.position` reads each section's tokens into
plain values (:class:`Sections`); :func:`checked_state` checks what cannot
arise (the deal, the scores, the pack's conservation, the hand sizes, the
leaders and the turn, the game's end, the later decks), each problem naming
its rule, then builds the state and re-judges this deal's plays with the
engine's own check. The grammar is in :mod:`~cardrules.games.felagsvist.position`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from cardrules.cards import card_at
from cardrules.game import TERMINAL
from cardrules.games.felagsvist.actions import PLAYS, SEAT_NAMES
from cardrules.games.felagsvist.deal import DEAL_TRICKS, MAX_DEALS, DealPlan, round_kind
from cardrules.games.felagsvist.options import FelagsvistOptions, FirstDealer, RoundKind, Scoring, Tiebreak
from cardrules.games.felagsvist.play import game_ends, trick_winner
from cardrules.games.felagsvist.scoring import deal_scores
from cardrules.games.felagsvist.state import FelagsvistState
from cardrules.notation import format_seat
from cardrules.position import PositionReader

__all__ = ["NOT_READ", "OVER", "DealSection", "Sections", "Trick", "checked_state", "listed"]

OVER: Final = "over"
"""The ``turn`` of a finished game."""


# -- the values read from the sections ----------------------------------------------


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick group of the ``plays`` section: its leader and its cards (indices), clockwise."""

    leader: int
    cards: tuple[int, ...]

    def seat(self, position: int) -> int:
        """The seat that played the card at ``position`` (0 = the lead)."""
        return (self.leader + position) % 4


@dataclass(frozen=True, slots=True)
class DealSection:
    """What the ``deal`` section gives; a part is ``None`` when absent or unreadable."""

    number: int | None
    dealer: int | None
    kind: RoundKind | None


NOT_READ: Final = -1
"""The ``turn`` of a position whose ``turn`` section is absent or unreadable."""


@dataclass(frozen=True, slots=True)
class Sections:
    """What the sections of a position give, each read on its own; ``None`` where unreadable."""

    options: FelagsvistOptions | None
    deal: DealSection | None
    turn: int
    hands: tuple[tuple[int, ...], ...] | None
    tricks: tuple[Trick, ...] | None
    scores: tuple[tuple[int, int], ...] | None
    seed: int | None
    later: tuple[tuple[int, ...], ...] | None


def listed(names: Sequence[str], most: int = 8) -> str:
    """Card names for a message: the first ``most`` of them, then how many more; ``none`` for none."""
    if not names:
        return "none"
    shown = " ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


# -- what cannot arise ------------------------------------------------------------


def _check_deal(reader: PositionReader, options: FelagsvistOptions | None, deal: DealSection) -> int | None:
    """The deal number when it is one a game can reach; a problem for each part that is not."""
    number = deal.number
    if number is not None and not 1 <= number <= MAX_DEALS:
        reader.problem(
            "deal",
            f"a game has deals 1 to 12, and a deal 13 only when play-on breaks a tie; not deal {number}",
            "felagsvist.game.twelve-deals",
        )
        number = None
    if options is None or number is None:
        return number
    if number == MAX_DEALS and options.tiebreak is Tiebreak.NONE:
        reader.problem(
            "deal",
            "deal 13 is played only under tiebreak=play-on; under tiebreak=none deal 12 is the last",
            "felagsvist.game.twelve-deals",
        )
    kind = round_kind(number, options.first_round)
    if deal.kind is not None and deal.kind is not kind:
        reader.problem(
            "deal",
            f"deal {number} is a {kind.label} deal when the cycle starts with {options.first_round.label}, "
            f"not {deal.kind.label}",
            "felagsvist.round.cycle",
        )
    fixed = options.first_dealer
    if deal.dealer is not None and fixed is not FirstDealer.RANDOM:
        expected = (SEAT_NAMES.index(fixed.value) + number - 1) % 4
        if deal.dealer != expected:
            rule = "felagsvist.deal.first-dealer" if number == 1 else "felagsvist.deal.rotation"
            reader.problem(
                "deal",
                f"under first_dealer={fixed.value}, and the deal passing left, {format_seat(expected)} deals "
                f"deal {number}, not {format_seat(deal.dealer)}",
                rule,
            )
    return number


def _possible_scores(kind: RoundKind, scoring: Scoring) -> frozenset[tuple[int, int]]:
    return frozenset(deal_scores(kind, tricks, scoring) for tricks in range(DEAL_TRICKS + 1))


def _check_scores(
    reader: PositionReader,
    options: FelagsvistOptions | None,
    number: int | None,
    scores: tuple[tuple[int, int], ...],
) -> bool:
    """Whether the scores of the earlier deals are possible, in number and each pair; a problem for each one
    that is not, and for a deal 13 after untied totals (``_check_tie``)."""
    ok = True
    if number is not None and len(scores) != number - 1:
        reader.problem(
            "scores",
            f"deal {number} follows {number - 1} scored deal{'' if number == 2 else 's'}, "
            f"so the scores give {number - 1} pairs, not {len(scores)}",
            "felagsvist.score.totals",
        )
        ok = False
    if options is None:
        return False
    for deal_number, pair in enumerate(scores, start=1):
        kind = round_kind(deal_number, options.first_round)
        if pair not in _possible_scores(kind, options.scoring):
            if options.scoring is Scoring.PER_TRICK:
                why = "under per-trick scoring a deal's two scores add up to 13"
            else:
                why = "under odd-tricks scoring exactly one side scores, 1 to 7"
            reader.problem(
                "scores",
                f"deal {deal_number} cannot score {pair[0]} to {pair[1]}: {why}",
                "felagsvist.invariant.deal-score-sum",
            )
            ok = False
    if ok and number == MAX_DEALS:
        _check_tie(reader, scores)
    return ok


def _check_tie(reader: PositionReader, scores: tuple[tuple[int, int], ...]) -> None:
    """felagsvist.game.tie: a problem when deal 13 is played but the twelve deals' totals are not level.

    It leaves the scores usable: each is possible, and a refused position builds no state from them.
    """
    ns = sum(pair[0] for pair in scores)
    ew = sum(pair[1] for pair in scores)
    if ns != ew:
        reader.problem(
            "scores",
            f"deal 13 is played only after a tie, but the totals after deal 12 are {ns} to {ew}",
            "felagsvist.game.tie",
        )


def _check_cards(
    reader: PositionReader, hands: tuple[tuple[int, ...], ...], tricks: tuple[Trick, ...]
) -> bool:
    """Whether the hands and the plays hold every card of the pack exactly once (a problem if not)."""
    counts = [0] * 52
    for hand in hands:
        for card in hand:
            counts[card] += 1
    for trick in tricks:
        for card in trick.cards:
            counts[card] += 1
    if all(count == 1 for count in counts):
        return True
    twice = [str(card_at(c)) for c in range(52) if counts[c] > 1]
    missing = [str(card_at(c)) for c in range(52) if counts[c] == 0]
    reader.problem(
        "hands",
        "every card of the pack is in exactly one place, a hand or the plays; "
        f"here {listed(twice)} {'are' if len(twice) != 1 else 'is'} in more than one and "
        f"{listed(missing)} in none",
        "felagsvist.invariant.card-conservation",
    )
    return False


def _check_trick_shapes(reader: PositionReader, tricks: tuple[Trick, ...]) -> bool:
    """Whether each trick has four cards (the last one 1 to 4) and a deal at most 13 tricks."""
    ok = True
    if len(tricks) > DEAL_TRICKS:
        reader.problem("plays", f"a deal is 13 tricks, not {len(tricks)}", "felagsvist.play.trick-order")
        ok = False
    for number, trick in enumerate(tricks, start=1):
        size = len(trick.cards)
        if size > 4 or (size < 4 and number < len(tricks)):
            reader.problem(
                "plays",
                f"trick {number} has {size} card{'' if size == 1 else 's'}: a trick is one card from each "
                "seat, and only the last trick may be short",
                "felagsvist.play.trick-order",
            )
            ok = False
    return ok


def _played_by(tricks: tuple[Trick, ...]) -> tuple[tuple[int, ...], ...]:
    """The cards each seat has played, by the leaders the plays name."""
    played: list[list[int]] = [[], [], [], []]
    for trick in tricks:
        for position, card in enumerate(trick.cards):
            played[trick.seat(position)].append(card)
    return tuple(tuple(cards) for cards in played)


def _check_hand_sizes(
    reader: PositionReader, hands: tuple[tuple[int, ...], ...], played: tuple[tuple[int, ...], ...]
) -> bool:
    """Whether every seat holds 13 cards less those it has played (a problem for each that does not)."""
    ok = True
    for seat in range(4):
        held, gone = len(hands[seat]), len(played[seat])
        if held + gone != DEAL_TRICKS:
            reader.problem(
                "hands",
                f"{format_seat(seat)} holds {held} card{'' if held == 1 else 's'} and has played {gone} "
                f"this deal, {held + gone} in all: every seat is dealt 13, so it should hold "
                f"{max(DEAL_TRICKS - gone, 0)}",
                "felagsvist.invariant.hand-sizes",
            )
            ok = False
    return ok


def _check_leaders(
    reader: PositionReader, options: FelagsvistOptions, number: int, dealer: int, tricks: tuple[Trick, ...]
) -> tuple[bool, int, int]:
    """Whether each trick is led by the seat the rules say; the seat to act after the plays; NS's tricks.

    The winner of each trick is found with the engine's own
    :func:`~cardrules.games.felagsvist.play.trick_winner`, from the cards as
    written. The seat to act is :data:`~cardrules.game.TERMINAL` after a
    thirteenth complete trick.
    """
    trump, strength = DealPlan(options, 0).trick_tables[number]
    expected = (dealer + 1) % 4
    ok = True
    ns_tricks = 0
    for index, trick in enumerate(tricks):
        if trick.leader != expected:
            if index == 0:
                why = f"the seat left of the dealer {format_seat(dealer)} leads to the first trick"
                rule = "felagsvist.play.first-lead"
            else:
                why = f"{format_seat(expected)} won trick {index} and leads the next"
                rule = "felagsvist.trick.winner-leads"
            reader.problem(
                "plays", f"trick {index + 1} is led by {format_seat(trick.leader)}, but {why}", rule
            )
            ok = False
        if len(trick.cards) < 4:
            return ok, trick.seat(len(trick.cards)), ns_tricks
        expected = trick.seat(trick_winner(trick.cards, trump, strength))
        ns_tricks += expected % 2 == 0
    return ok, TERMINAL if len(tricks) >= DEAL_TRICKS else expected, ns_tricks


def _check_turn(reader: PositionReader, turn: int, expected: int, tricks: tuple[Trick, ...]) -> None:
    """A problem when the ``turn`` section names another seat than the plays give."""
    if turn in (NOT_READ, expected):
        return
    written = OVER if turn == TERMINAL else format_seat(turn)
    if expected == TERMINAL:
        rule, why = (
            "felagsvist.game.twelve-deals",
            "the last deal's thirteen tricks are played, so the game is over",
        )
    elif turn == TERMINAL:
        rule, why = (
            "felagsvist.game.twelve-deals",
            f"the deal is not over, and {format_seat(expected)} is to act",
        )
    elif not tricks:
        rule, why = "felagsvist.play.first-lead", f"{format_seat(expected)}, left of the dealer, leads first"
    elif len(tricks[-1].cards) < 4:
        rule, why = (
            "felagsvist.play.trick-order",
            f"play goes clockwise, so {format_seat(expected)} plays next",
        )
    else:
        rule, why = "felagsvist.trick.winner-leads", f"{format_seat(expected)} won the last trick and leads"
    reader.problem("turn", f"the turn is not {written}: {why}", rule)


def _check_game_ends(
    reader: PositionReader,
    options: FelagsvistOptions,
    number: int,
    scores: tuple[tuple[int, int], ...],
    ns_tricks: int,
) -> None:
    """A problem when deal ``number`` is over (NS won ``ns_tricks``) but the game is not."""
    ns, ew = deal_scores(round_kind(number, options.first_round), ns_tricks, options.scoring)
    totals = (sum(p[0] for p in scores) + ns, sum(p[1] for p in scores) + ew)
    if game_ends(number, totals, options.tiebreak):
        return
    following = "deal 13 breaks the tie" if number == 12 else f"deal {number + 1} follows"
    reader.problem(
        "plays",
        f"all 13 tricks of deal {number} are played, but the game goes on ({following}), "
        "so the next deal would have been dealt",
        "felagsvist.game.tie" if number == 12 else "felagsvist.game.twelve-deals",
    )


def _start_deck(
    hands: tuple[tuple[int, ...], ...], played: tuple[tuple[int, ...], ...], dealer: int
) -> tuple[int, ...]:
    """The canonical deck order that deals the hands the deal started with.

    felagsvist.deal.distribution gives card ``k`` to seat ``dealer + 1 + k``;
    each seat's cards go in index order, so the ``j``-th lowest card of a seat
    ``o`` places left of the dealer's left sits at ``4 * j + o``.
    """
    deck = [0] * 52
    for seat in range(4):
        offset = (seat - dealer - 1) % 4
        for j, card in enumerate(sorted((*hands[seat], *played[seat]))):
            deck[4 * j + offset] = card
    return tuple(deck)


def _replay(
    reader: PositionReader, start: FelagsvistState, tricks: tuple[Trick, ...]
) -> FelagsvistState | None:
    """Every play judged and applied from the deal's start; ``None`` (and a problem) at an illegal one."""
    state = start
    for number, trick in enumerate(tricks, start=1):
        for position, card in enumerate(trick.cards):
            seat = trick.seat(position)
            verdict, after = state.attempt(PLAYS[seat][card])
            if after is None:
                for rule in verdict.rule_ids:
                    reader.problem(
                        "plays",
                        f"trick {number}: {format_seat(seat)} plays {card_at(card)}, which is illegal: "
                        f"{verdict.reason}",
                        rule,
                    )
                return None
            state = after
    return state


def checked_state(reader: PositionReader, read: Sections) -> FelagsvistState | None:
    """The state the sections describe, each problem of a position that cannot arise reported.

    ``None`` when the sections do not make a state (the problems say why).
    """
    options, deal, turn, hands = read.options, read.deal, read.turn, read.hands
    tricks, scores, seed, later = read.tricks, read.scores, read.seed, read.later
    number = None if deal is None else _check_deal(reader, options, deal)
    dealer = None if deal is None else deal.dealer
    scores_ok = scores is not None and _check_scores(reader, options, number, scores)
    cards_ok = hands is not None and tricks is not None and _check_cards(reader, hands, tricks)
    shapes_ok = tricks is not None and _check_trick_shapes(reader, tricks)
    played = None if tricks is None else _played_by(tricks)
    sizes_ok = hands is not None and played is not None and _check_hand_sizes(reader, hands, played)
    leaders_ok = False
    if options is not None and number is not None and dealer is not None and tricks is not None and shapes_ok:
        leaders_ok, expected, ns_tricks = _check_leaders(reader, options, number, dealer, tricks)
        if leaders_ok:
            _check_turn(reader, turn, expected, tricks)
        if leaders_ok and expected == TERMINAL and scores is not None and scores_ok:
            _check_game_ends(reader, options, number, scores, ns_tricks)
    if number is not None and later is not None and len(later) > MAX_DEALS - number:
        reader.problem(
            "decks",
            f"deal {number} is followed by at most {MAX_DEALS - number} deals, not {len(later)} deck orders",
            "common.deal.permutation",
        )
    if (
        options is None
        or number is None
        or dealer is None
        or hands is None
        or tricks is None
        or played is None
        or not (cards_ok and shapes_ok and sizes_ok and leaders_ok)
    ):
        return None
    deck = _start_deck(hands, played, dealer)
    plan = DealPlan(options, seed or 0, (deck, *(later or ())), number)
    earlier = scores if scores is not None and scores_ok else ()
    totals = (sum(p[0] for p in earlier), sum(p[1] for p in earlier))
    return _replay(reader, FelagsvistState.start(plan, dealer, number, earlier, totals), tricks)
