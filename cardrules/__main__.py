"""``python -m cardrules``: the command line, as the ``cardrules`` command runs it."""

import sys

from cardrules.cli import main

if __name__ == "__main__":
    sys.exit(main())
