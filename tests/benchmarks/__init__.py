"""Benchmarks of the reference engines.

The modules here are run by hand or by ``nox -s bench`` / ``tox -e bench``,
never collected by pytest (their names do not start with ``test_``).
"""
