"""`python -m rackbom` runs the command line."""

from rackbom.cli import run

run()
