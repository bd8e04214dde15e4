"""The DCIM outputs: a DCIM plan (`racks/dcim/`) written as files or pushed into NetBox.

`dcim_folder.py` writes the plan as devicetype-library files and a racks file (YAML text by
`yamltext.py`), `cable_import.py` writes cable legs as a cable import CSV, and `netbox_push.py`
pushes the plan through NetBox's REST API (`netbox_api.py`, `netbox_sync.py`, `netbox_types.py`,
`netbox_power.py`).
"""
