"""The library's modules that need an optional extra, so that walks over every module can pass them by."""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

NEEDS: Final[Mapping[str, str]] = MappingProxyType(
    {"cardrules.openspiel": "pyspiel", "cardrules.pettingzoo": "pettingzoo"}
)
"""Each module of the library that imports a framework, and the package its extra installs."""


def importable(module: str) -> bool:
    """Whether ``module`` can be imported here: it needs no extra, or its extra's package is installed."""
    needed = NEEDS.get(module)
    return needed is None or importlib.util.find_spec(needed) is not None
