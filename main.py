"""Launch Qiguo: ``python main.py`` (``--help`` lists the quick-start options)."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
from qiguo.app import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
