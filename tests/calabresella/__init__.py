"""Tests of Calabresella: rules, state machine, proofs and refinement, records, bad input."""
