"""The push's power objects: the hall's power panels, and a group of racks' power feeds."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ...racks.dcim.dcim_model import Placed, PowerPanel
from .dcim_sync import Tally, Want, keyed, sync, with_tag
from .netbox_api import NetBox


def power_panels(
    netbox: NetBox, tally: Tally, panels: Sequence[PowerPanel], place: dict[str, int | None]
) -> dict[Hashable, int]:
    """The site's panels by name (none yet in a plan that has still to make the site)."""
    site = place["site"]
    rows = netbox.rows("dcim/power-panels", site_id=site) if site else ()
    wants = [Want(p.name, p.name, with_tag({**p.data(), **place}, tally)) for p in panels]
    return sync(netbox, tally, "dcim/power-panels", wants, keyed(rows, lambda r: r["name"]))


def power_feeds(
    netbox: NetBox,
    tally: Tally,
    group: list[Placed],
    panels: dict[Hashable, int],
    racks: dict[str, int],
) -> None:
    """A group's power feeds by panel and name, on their panels and racks."""
    rows = netbox.rows_of("dcim/power-feeds", "rack_id", racks.values()) if racks else iter(())
    wants = [
        Want(
            (f.panel, f.name),
            f.name,
            with_tag(
                {**f.data(), "power_panel": panels.get(f.panel), "rack": racks.get(f.rack)}, tally
            ),
        )
        for p in group
        for f in p.feeds
    ]
    existing = keyed(rows, lambda r: (r["power_panel"]["name"], r["name"]))
    sync(netbox, tally, "dcim/power-feeds", wants, existing)
