"""Make the shared CoC test helpers importable (``--import-mode=importlib`` leaves sys.path alone)."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
