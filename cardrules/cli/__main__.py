"""``python -m cardrules.cli``: the ``cardrules`` command, as ``python -m cardrules`` runs it."""

import sys

from cardrules.cli import main

if __name__ == "__main__":
    sys.exit(main())
