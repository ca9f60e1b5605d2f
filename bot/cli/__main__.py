"""``python -m bot.cli``: the ``heat`` command without its console script."""

import sys

from bot.cli import main

sys.exit(main())
