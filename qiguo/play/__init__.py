"""The window's logic, without pygame: the match and its network twin, saves, settings, the
trail and notices, the coach's view, the record, the tutorial's steps and every text in every
language. ``qiguo.ui`` draws it and ``qiguo.scenes`` handles input; nothing here imports them
(tests/test_boundaries.py keeps it so, and keeps pygame out)."""
