"""Tests of the agents layer (cardrules.agents) and the OpenSpiel and PettingZoo adapters."""
