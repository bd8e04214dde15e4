"""One module per sub-command; each has `register(subparsers)`."""

from . import bom, compare, export, listing, report, show, svg, validate

COMMANDS = (listing, show, compare, svg, bom, report, validate, export)
