"""Helpers of the game window (fonts, layout, drawing, the match controller). Imports the
engine and the bots; nothing under qiguo.engine or qiguo.ai imports this package."""
