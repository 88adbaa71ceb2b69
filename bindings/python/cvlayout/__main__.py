"""``python -m cvlayout``: the demo's command line (cvlayout.demo.cli)."""

import sys

from .demo.cli import main

if __name__ == "__main__":
    sys.exit(main())
