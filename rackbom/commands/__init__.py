"""One module per sub-command; each has `register(subparsers)`."""

from . import compare, listing, show, validate

COMMANDS = (listing, show, compare, validate)
