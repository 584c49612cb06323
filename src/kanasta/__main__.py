"""``python -m kanasta``: the command line (see :mod:`kanasta.cli`)."""

import sys

from kanasta.cli import main

sys.exit(main())
