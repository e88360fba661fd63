"""Move generation against 3,067 positions of real games (../shared/conformance), when present."""
import importlib.util
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[1] / "tools" / "conformance.py"
spec = importlib.util.spec_from_file_location("conformance", TOOL)
conformance = importlib.util.module_from_spec(spec)
spec.loader.exec_module(conformance)


@pytest.mark.skipif(not conformance.DEFAULT.exists(), reason="shared conformance data not present")
def test_every_position_gives_the_same_legal_moves():
    n, bad = conformance.check(conformance.DEFAULT)
    assert n == 3067
    assert bad == []
