"""Launch Qiguo: ``python main.py`` (``--help`` lists the quick-start options)."""
import sys

from qiguo.app import main

if __name__ == "__main__":
    sys.exit(main())
