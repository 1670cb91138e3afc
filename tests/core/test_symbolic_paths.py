"""proofs.symbolic and proofs.symbolic_int: a function run on z3 terms, one path per way through its branches.

Also proofs.exhaustive: a table of answers shown to cover its whole domain.
"""

from __future__ import annotations

import pytest

from proofs.exhaustive import Table, table_formula
from proofs.symbolic import paths
from proofs.symbolic_int import SymbolicTable, agrees, int_paths, with_tables
from proofs.z3facade import (
    BitVec,
    Bool,
    Int,
    Status,
    any_of,
    bv_var,
    check_valid,
    evaluate_bool,
    evaluate_bv,
    evaluate_int,
    int_val,
    int_var,
    ite,
    product,
)


def _branchy(mask: int, suit: int) -> int:
    """A function shaped like the engine's legal sets: a table by a concrete value, then a branch."""
    same = mask & (0xF << 4 * suit)
    if same:
        high = same & 0xAAAA
        return high if high else same
    return mask | 1


def test_every_path_agrees_with_the_function_and_the_paths_cover_every_input() -> None:
    mask = bv_var("symbolic paths mask", 16)
    for suit in range(4):
        found = paths(_branchy, (mask, suit), 16)
        assert len(found) == 3
        assert check_valid(any_of(path.condition for path in found)).status is Status.VALID
        for value in (0, 1, 0x5555, 0xAAAA, 0xFFFF, 0x0F0F, 0x1234):
            binding = [(mask, value)]
            (taken,) = [path for path in found if evaluate_bool(path.condition, binding)]
            assert evaluate_bv(taken.result, binding) == _branchy(value, suit)


def test_what_cannot_be_followed_fails_loudly() -> None:
    mask = bv_var("symbolic paths mask", 16)
    with pytest.raises(TypeError, match="cannot index a table"):
        paths(lambda m: (1, 2, 3)[m], (mask,), 16)
    with pytest.raises(TypeError, match="only non-negative ints"):
        paths(lambda m: m | -2, (mask,), 16)
    with pytest.raises(TypeError, match="not a mask"):
        paths(lambda m: None, (mask,), 16)
    with pytest.raises(TypeError, match="complement"):
        paths(lambda m: 1 if ~m else 0, (mask,), 16)


def test_a_mask_with_bits_cleared_is_followed() -> None:
    mask = bv_var("symbolic paths mask", 16)
    (cleared,) = paths(lambda m: 0x0FF0 & ~m, (mask,), 16)
    (dropped,) = paths(lambda m: m & ~(1 << 3), (mask,), 16)
    for value in (0, 0xFFFF, 0x1234, 0x0008):
        assert evaluate_bv(cleared.result, [(mask, value)]) == 0x0FF0 & ~value
        assert evaluate_bv(dropped.result, [(mask, value)]) == value & ~(1 << 3)


def test_comparisons_are_branches_followed_both_ways() -> None:
    low, high = bv_var("symbolic paths low", 8), bv_var("symbolic paths high", 8)

    def beats(a: int, b: int) -> bool:
        if a >> 4 == b >> 4:
            return a & 15 > b & 15
        return a >> 4 == 3

    found = paths(beats, (low, high), 1)
    assert len(found) == 4
    for a, b in ((0x12, 0x11), (0x11, 0x12), (0x31, 0x22), (0x21, 0x32), (0x45, 0x45)):
        binding = [(low, a), (high, b)]
        (taken,) = [path for path in found if evaluate_bool(path.condition, binding)]
        assert evaluate_bv(taken.result, binding) == int(beats(a, b))


# -- proofs.symbolic_int and proofs.exhaustive -------------------------------------------


def _capped(total: int, bonus: int) -> tuple[int, int]:
    """Shaped like a scoring function: arithmetic, a comparison, a tuple back."""
    score = total + 2 * bonus - 1
    return (score, 0) if score > 10 else (max(0, score), score // 3)


def test_integer_paths_agree_with_the_function_and_cover_every_input() -> None:
    total, bonus = int_var("symbolic int total"), int_var("symbolic int bonus")
    found = int_paths(_capped, (total, bonus))
    assert check_valid(any_of(path.condition for path in found)).status is Status.VALID
    for t, b in ((0, 0), (5, 3), (20, -4), (-7, 1), (3, 4)):
        binding = [(total, t), (bonus, b)]
        (taken,) = [path for path in found if evaluate_bool(path.condition, binding)]
        assert isinstance(taken.result, tuple)
        values = tuple(evaluate_int(v, binding) if isinstance(v, Int) else v for v in taken.result)
        assert values == _capped(t, b)


def test_agrees_is_refuted_by_a_wrong_statement() -> None:
    total, bonus = int_var("symbolic int total"), int_var("symbolic int bonus")
    right = agrees(lambda t: t + 1 if t >= 0 else 0, (total,), ite(total >= 0, total + 1, int_val(0)))
    wrong = agrees(lambda t: t + 1 if t > 0 else 0, (total,), ite(total >= 0, total + 1, int_val(0)))
    assert check_valid(right).status is Status.VALID
    assert check_valid(wrong).status is Status.INVALID
    with pytest.raises(TypeError, match="cannot index"):
        int_paths(lambda t: (1, 2)[t], (bonus,))


def test_a_truth_test_of_an_integer_is_a_branch_on_zero() -> None:
    bonus = int_var("symbolic int bonus")
    found = int_paths(lambda t: 5 if t else 7, (bonus,))
    assert len(found) == 2
    for value in (-3, 0, 1, 40):
        (taken,) = [path for path in found if evaluate_bool(path.condition, [(bonus, value)])]
        assert taken.result == (5 if value else 7)


_SCORES = bytes((0, 3, 0, 10, 4, 0, 0, 1))


def _scored(card: int, extra: int) -> int:
    """Shaped like score_trick: a table read by a mask, a truth test of the sum, arithmetic."""
    got = _SCORES[card & 7] + _SCORES[card >> 3]
    return extra + 2 * got if got else extra - 1


def test_a_table_read_by_a_symbolic_mask_gives_its_entries() -> None:
    card, extra = bv_var("symbolic table card", 6), int_var("symbolic table extra")
    run = with_tables(_scored, "_SCORES")
    found = int_paths(run, (card, extra))
    assert len(found) == 2
    for c in range(64):
        for e in (-5, 0, 12):
            binding: list[tuple[BitVec, int] | tuple[Int, int] | tuple[Bool, bool]] = [(card, c), (extra, e)]
            (taken,) = [path for path in found if evaluate_bool(path.condition, binding)]
            assert isinstance(taken.result, Int)
            assert evaluate_int(taken.result, binding) == _scored(c, e)
    stated = ite(card.eq(3) | card.eq(24), extra + 20, extra)  # a wrong statement: 3 and 24 only
    assert check_valid(agrees(run, (card, extra), stated)).status is Status.INVALID
    assert SymbolicTable(_SCORES)[3] == 10 and len(SymbolicTable(_SCORES)) == 8
    with pytest.raises(TypeError, match="ints only"):
        SymbolicTable((1, True))
    with pytest.raises(TypeError, match="not a Python function"):
        with_tables(len, "_SCORES")


def test_a_table_missing_a_point_of_its_domain_is_refuted() -> None:
    x = int_var("exhaustive x")
    whole = Table.of((x,), ((v,) for v in range(5)), lambda p: (p[0] * p[0],))
    short = Table.of((x,), ((v,) for v in range(4)), lambda p: (p[0] * p[0],))
    square = product(x, x)
    assert check_valid(table_formula(whole, x.between(0, 4), (square,))).status is Status.VALID
    assert check_valid(table_formula(short, x.between(0, 4), (square,))).status is Status.INVALID
    assert check_valid(table_formula(whole, x.between(0, 4), (x + x,))).status is Status.INVALID
    assert whole.answer((3,)) == (9,) and whole.answer((7,)) is None
