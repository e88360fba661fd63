"""Qiguo: Seven Kingdoms Chess (七国象棋)."""
