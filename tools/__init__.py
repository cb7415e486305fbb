"""Build, serve and benchmark the static site (called through ../build.py)."""
