"""``python -m qiguo.engine``: see :mod:`qiguo.engine.cli`."""
import sys

from .cli import main

sys.exit(main())
