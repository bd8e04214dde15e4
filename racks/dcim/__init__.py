"""The DCIM plan of a design or cluster: what NetBox or Nautobot holds of it, computed here and
formatted by `exports/dcim/`.

`dcim_model.py` types every object (device types as the devicetype-library's files, also what
`type_reader.py` reads a user's file with), `dcim_plan.py` builds a system's plan for one
product's vocabulary (`vocabulary.py`): device types (`device_types.py`, under the library's names
where it holds the box, `type_library.py`, else models and slugs made by its rule,
`type_names.py`), racks with their devices and in-rack cables
(`placed_racks.py`), breakout lanes (`lanes.py`; channels of their cage where one cable holds
it, `breakouts.py`), power feeds and panels (`power_feeds.py`), rack PDUs (`pdus.py`) and a
scope's links (`scoped_links.py`); `cable_legs.py` names the run list's cables as the plan names
devices and interfaces.
"""
