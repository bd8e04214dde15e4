"""The building a system needs: power feeds, liquid cooling, floor load and failure domains."""
