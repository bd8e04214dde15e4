"""The DCIM export and import: NetBox and Nautobot, one vocabulary each (`vocabulary.py`).

`export.py` turns a design or cluster into devicetype-library files and racks; `reader.py` reads
device-type files back as trays; `library.py` is where the export meets the devicetype-library.
"""
