"""Where the Nautobot push puts a system: rackbom's tag, the location types and locations of its
site and hall, and the hall's power panels.

Nautobot 2 and later have no sites: a system's site is a location of type `Site` and its hall a
location of type `Hall` inside it, which holds the racks, devices and power panels. The two
location types are organizational objects, which Nautobot does not tag: ones of those names are
used where they hold what rackbom needs (the hall's parent type and its content types) and are a
conflict otherwise.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ...racks.dcim.dcim_model import PowerPanel, Site
from .dcim_api import Row
from .dcim_sync import TAG, Tally, Want, keyed, sync, with_tag
from .nautobot_api import Nautobot
from .nautobot_types import holding, never

TAGGED = [
    "dcim.cable",
    "dcim.device",
    "dcim.devicetype",
    "dcim.interface",
    "dcim.location",
    "dcim.powerfeed",
    "dcim.powerpanel",
    "dcim.rack",
]
"""The kinds of object the push tags (Nautobot's tag lists what it may be put on)."""
DESCRIPTION = "Made by rackbom"
"""The description of rackbom's tag."""
SITE, HALL = "Site", "Hall"
HALL_TYPES = ["dcim.device", "dcim.powerpanel", "dcim.rack"]
"""What a hall holds."""


def tag(api: Nautobot, tally: Tally) -> None:
    """rackbom's tag, its id kept in `tally`: one of its name and description is rackbom's, and
    is given the content types it lacks."""
    body = {
        "name": TAG,
        "color": "9e9e9e",
        "description": DESCRIPTION,
        "content_types": TAGGED,
    }
    rows = keyed(holding(api.rows("extras/tags", name=TAG), TAGGED), lambda r: r["name"])
    want = Want(TAG, TAG, body)
    tally.tag = sync(api, tally, "extras/tags", [want], rows, owned=_ours).get(TAG)


def _ours(row: Row) -> bool:
    """Whether a tag of rackbom's name carries its description, as rackbom makes it."""
    return row.get("description") == DESCRIPTION


def _location_types(api: Nautobot, tally: Tally) -> dict[Hashable, str]:
    """The site's location type and the hall's inside it, by name."""
    rows = keyed(
        holding(api.rows("dcim/location-types", name=[SITE, HALL]), HALL_TYPES), lambda r: r["name"]
    )
    site = Want(SITE, SITE, {"name": SITE})
    kinds = sync(api, tally, "dcim/location-types", [site], rows, owned=never)
    body = {"name": HALL, "parent": kinds.get(SITE), "content_types": HALL_TYPES}
    hall = Want(HALL, HALL, body)
    return kinds | sync(api, tally, "dcim/location-types", [hall], rows, owned=never)


def place(api: Nautobot, tally: Tally, site: Site, active: str) -> dict[str, str | None]:
    """The site's and the hall's locations: their ids, None where a plan has yet to make them."""
    kinds = _location_types(api, tally)
    body = {
        "name": site.name,
        "location_type": kinds.get(SITE),
        "status": active,
        "description": site.description,
    }
    sites = keyed(api.rows("dcim/locations", name=site.name), lambda r: r["name"])
    want = Want(site.name, site.name, with_tag(body, tally))
    found = sync(api, tally, "dcim/locations", [want], sites)
    site_id = found.get(site.name)
    hall = {
        "name": site.location,
        "location_type": kinds.get(HALL),
        "parent": site_id,
        "status": active,
    }
    halls = api.rows("dcim/locations", parent=site_id) if site_id else ()
    want = Want(site.location, site.location, with_tag(hall, tally))
    found = sync(api, tally, "dcim/locations", [want], keyed(halls, lambda r: r["name"]))
    return {"site": site_id, "hall": found.get(site.location)}


def power_panels(
    api: Nautobot, tally: Tally, panels: Sequence[PowerPanel], hall: str | None
) -> dict[Hashable, str]:
    """The hall's panels by name (none yet in a plan that has still to make the hall). Nautobot's
    panels have no comments."""
    rows = api.rows("dcim/power-panels", location=hall) if hall else ()
    wants = [
        Want(p.name, p.name, with_tag({"name": p.name, "location": hall}, tally)) for p in panels
    ]
    return sync(api, tally, "dcim/power-panels", wants, keyed(rows, lambda r: r["name"]))
