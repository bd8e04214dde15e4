"""The DCIM outputs: a DCIM plan (`racks/dcim/`) written as files or pushed into NetBox or
Nautobot.

`dcim_folder.py` writes the plan as devicetype-library files and a racks file (YAML text by
`yamltext.py`), `cable_import.py` writes cable legs as a cable import CSV, `netbox_push.py`
pushes the plan through NetBox's REST API (`netbox_api.py`, `netbox_types.py`,
`netbox_power.py`) and `nautobot_push.py` through Nautobot's (`nautobot_api.py`,
`nautobot_types.py`, `nautobot_places.py`), both over what they share (`dcim_api.py`,
`dcim_sync.py`, connected by `dcim_push.py`).
"""
