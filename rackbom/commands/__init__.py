"""One module per sub-command; each has `register(subparsers)`."""

from . import bom, compare, listing, report, show, svg, tco, validate

COMMANDS = (listing, show, compare, svg, bom, report, validate, tco)
