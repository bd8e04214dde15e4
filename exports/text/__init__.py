"""Plain text for the terminal: aligned tables and one renderer per output of the command line."""
