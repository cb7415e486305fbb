"""The systems the engine offers, each contributing its declared operations."""

from py_rules.armageddon import operations as armageddon
from py_rules.coc import operations as coc
from py_rules.semiautomagic import operations as semiautomagic

__all__ = ("SYSTEMS", "OPERATIONS")

_PACKAGES = (armageddon, semiautomagic, coc)

SYSTEMS = tuple(package.SYSTEM for package in _PACKAGES)
OPERATIONS = tuple(op for package in _PACKAGES for op in package.OPERATIONS)
