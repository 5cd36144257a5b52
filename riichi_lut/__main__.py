"""``python -m riichi_lut`` runs the ``riichi-lut`` command (:mod:`riichi_lut.console`)."""

import sys

from .console import main

sys.exit(main())
