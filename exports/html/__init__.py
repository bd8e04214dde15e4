"""The HTML report page and its sections."""
