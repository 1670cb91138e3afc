"""Tests of Backstab Fish: rules, state machine, proofs and refinement, records, bad input."""
