"""``python -m riichi_lut`` runs the ``riichi-lut`` command."""

import sys

from .cli.main import main

sys.exit(main())
