"""Qiguo: Seven Kingdoms Chess (七国象棋)."""

__version__ = "0.1.0"
"""The game's version: pyproject.toml reads it from here, the window's title and --version show it."""
