"""Exports: workbooks, flat tables and the HTML report."""
