"""Tests of Félagsvist: rules, state machine, proofs and refinement, records, bad input."""
