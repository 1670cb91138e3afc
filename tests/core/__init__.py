"""Tests of the core: cards, rules, verdicts, notation, options, records, the command line and the toolkit."""
