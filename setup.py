"""The package list, found at build time; everything else is in pyproject.toml.

setuptools' ``[tool.setuptools.packages.find]`` only finds folders under its search roots,
and ``riichi_lut.tables`` is the top-level ``tables/`` mapped in by ``package-dir``, so no
finder sees it: it is the one name added to what ``find_packages`` returns.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["riichi_lut", "riichi_lut.*"]), "riichi_lut.tables"])
