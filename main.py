"""Launch Qiguo: ``python main.py`` (``--help`` lists the quick-start options). Also the
standalone build's entry point (tools/build_app.py): there the bot worker process starts this
program again, and freeze_support runs the worker instead of a second window."""
import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from qiguo.app import main
    sys.exit(main())
