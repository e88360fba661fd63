"""The window's scenes: title, seat set-up, game, result, rules and settings, on a stack."""
