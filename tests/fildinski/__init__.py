"""Tests of Fildinski: rules, state machine, proofs and refinement, records, bad input."""
