"""proofs.symbolic: an integer function run on z3 bit-vectors, one path per way through its branches."""

from __future__ import annotations

import pytest

from proofs.symbolic import paths
from proofs.z3facade import Status, any_of, bv_var, check_valid, evaluate_bool, evaluate_bv


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
        paths(lambda m: m & -2, (mask,), 16)
    with pytest.raises(TypeError, match="not a mask"):
        paths(lambda m: None, (mask,), 16)


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
