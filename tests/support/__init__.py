"""What the tests share: golden-record replay, state-machine invariants and proof-test helpers."""
