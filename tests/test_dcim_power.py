"""Power in the DCIM export: draws from the model, outlets fed by their own input, the plant's
feeds cabled to the inputs they feed, with NetBox's utilisation arithmetic giving the plant's."""

from __future__ import annotations

import math
from functools import cache

import pytest

import rackbom as rb
from rackbom.exports.dcim.dcim_folder import write_racks
from rackbom.racks.dcim.dcim_model import DcimPlan, Placed, PowerFeed
from rackbom.racks.dcim.dcim_plan import cluster_plan, design_plan
from rackbom.racks.dcim.vocabulary import vocabulary
from rackbom.racks.plant.plan import system_plant


@cache
def _export(system: str) -> DcimPlan:
    vocab = vocabulary("netbox")
    if system in ("helios", "gb200-nvl72", "mi500-ual256", "hgx-b200"):
        return design_plan(rb.load(system).analysis, vocab)
    return cluster_plan(rb.load_cluster(system).analysis, vocab)


def _available_w(feed: PowerFeed) -> int:
    """NetBox's `PowerFeed.available_power`, as its `save` computes it."""
    va = abs(feed.voltage) * feed.amperage * (feed.max_utilization / 100)
    return round(va * 1.732) if feed.phases == 3 else round(va)


def _fed(placed: Placed) -> dict[str, int]:
    """Each feed's allocated draw: that of the power port it is cabled to."""
    draws = {(d.device, d.name): d.allocated_draw for d in placed.draws}
    return {
        c.a_name: draws[(c.b_device, c.b_name)]
        for c in placed.cables
        if c.a_type == "dcim.powerfeed"
    }


@pytest.mark.parametrize("design", ["helios", "gb200-nvl72", "mi500-ual256", "hgx-b200"])
def test_netbox_utilisation_is_the_plants(design: str) -> None:
    """Per feed and per rack, allocated over available power (NetBox's arithmetic) is the
    plant's nominal loading, to NetBox's rounding."""
    plant = system_plant(rb.load(design).analysis)
    for placed, rack in zip(_export(design).placed(), plant.racks, strict=True):
        fed = _fed(placed)
        assert len(placed.feeds) == len(rack.feeds) == len(fed) > 0
        for feed, planned in zip(placed.feeds, rack.feeds, strict=True):
            used = 100 * fed[feed.name] / _available_w(feed)
            assert used == pytest.approx(planned.nominal_pct, abs=0.05), feed.name
        whole = 100 * sum(fed.values()) / sum(_available_w(f) for f in placed.feeds)
        assert round(whole, 1) == pytest.approx(rack.feed_use_pct, abs=0.1)
        assert {f.side for f in placed.feeds} == {"A", "B"}


@pytest.mark.parametrize("cluster", ["hgx-b200-8k", "hgx-h200-8k", "mi355x-server-8k"])
def test_a_floor_rack_of_packed_servers_is_the_plants(cluster: str) -> None:
    """A floor rack of packed servers has the plant's feeds (more than one a side where one
    PDU cannot carry them), each loaded as the plant says, and every server's inlet on them."""
    (rack,) = system_plant(rb.load_cluster(cluster).analysis).racks
    placed = next(p for p in _export(cluster).placed() if p.rack.role == "compute")
    fed = _fed(placed)
    assert len(placed.feeds) == len(rack.feeds) == len(fed) > 2
    for feed, planned in zip(placed.feeds, rack.feeds, strict=True):
        used = 100 * fed[feed.name] / _available_w(feed)
        assert used == pytest.approx(planned.nominal_pct, abs=0.05), feed.name
    assert sum(fed.values()) == pytest.approx(rack.power_nominal_w, abs=len(fed))
    assert not [u for u in placed.uncabled if not u.endswith(":bmc")]


@pytest.mark.parametrize("design", ["helios", "gb200-nvl72", "mi500-ual256", "hgx-b200"])
def test_every_power_port_is_cabled_to_an_input_that_holds_it(design: str) -> None:
    """Every power port of every device is cabled (a tray's to a shelf's outlet, a shelf's to its
    feed); a shelf's outlets hang on its own AC input, and no tray peaks above that input's
    rating: no tray on an input smaller than itself."""
    types = {t.slug: t for t in _export(design).types}
    for placed in _export(design).placed():
        devices = {d.name: types[d.device_type.slug] for d in placed.devices}
        ends = {(c.b_device, c.b_name) for c in placed.cables} | {
            (c.a_device, c.a_name) for c in placed.cables
        }
        ports = {(name, p.name) for name, t in devices.items() for p in t.power_ports}
        assert ports and ports <= ends
        for cable in placed.cables:
            if cable.b_type != "dcim.poweroutlet":
                continue
            shelf = devices[cable.b_device]
            outlet = next(o for o in shelf.power_outlets if o.name == cable.b_name)
            feeding = next(p for p in shelf.power_ports if p.name == outlet.power_port)
            port = next(p for p in devices[cable.a_device].power_ports if p.name == cable.a_name)
            assert port.allocated_draw and port.maximum_draw and feeding.maximum_draw
            assert port.allocated_draw <= port.maximum_draw <= feeding.maximum_draw


def test_a_clusters_feeds_hang_on_their_rows_panels() -> None:
    """Each copy's feeds are on the panels of the row the floor puts it in; no placeholder is
    left in the racks file's text."""
    export = _export("helios-16k")
    cluster = rb.load_cluster("helios-16k").analysis
    assert [p.name for p in export.panels][:4] == [
        "row 1 side A",
        "row 1 side B",
        "row 2 side A",
        "row 2 side B",
    ]
    assert len(export.panels) == 2 * len(cluster.floor.rows) + 2
    assert [p.name for p in export.panels][-2:] == ["network side A", "network side B"]
    per_row = cluster.floor.rows[0]
    feeds = [f for p in export.placed() for f in p.feeds if f.panel.startswith("row")]
    assert feeds[0].panel == "row 1 side A" and feeds[1].panel == "row 1 side B"
    eight = len(feeds) // cluster.copies
    assert feeds[per_row * eight].panel == "row 2 side A"
    text: list[str] = []

    class Sink:
        def write(self, part: str) -> None:
            text.append(part)

    write_racks(export, Sink())  # type: ignore[arg-type]  # a stream needs write only here
    written = "".join(text)
    assert "rackbomrow" not in written
    every = sum(len(p.feeds) for p in export.placed())
    assert written.count("type: dcim.powerfeed") == every > len(feeds)


@pytest.mark.parametrize("cluster", ["vr200-8k-ib", "gb200-16k"])
def test_network_racks_hang_on_pdus_that_carry_them(cluster: str) -> None:
    """A network rack's PDUs (A and B alike) take every inlet of its boxes in an outlet of its
    plug, and its feeds' allocated draws add up to what the boxes draw; one side carries the
    whole rack within the PDUs' continuous rating."""
    racks = [p for p in _export(cluster).placed() if p.rack.role == "network"][:3]
    assert racks
    limit = 400 * 32 * math.sqrt(3) * 0.95 * 0.8  # AP8886 at the profile's power factor, derated
    for placed in racks:
        pdus = [d for d in placed.devices if d.role == "power"]
        sides = [d.name.rsplit("-", 1)[1][0] for d in pdus]
        assert sides.count("A") == sides.count("B") >= 1 and not placed.uncabled
        boxes = [d for d in placed.devices if d.role != "power"]
        ends = {(c.a_device, c.a_name) for c in placed.cables if c.b_type == "dcim.poweroutlet"}
        inlets = {(d.name, p.name) for d in boxes for p in d.device_type.power_ports}
        assert inlets and inlets == ends
        load = sum(p.allocated_draw or 0 for d in boxes for p in d.device_type.power_ports)
        fed = _fed(placed)
        assert len(fed) == len(pdus) and sum(fed.values()) == pytest.approx(load, abs=len(pdus))
        assert load <= limit * len(pdus) / 2


def test_rack_types_are_whole_frames() -> None:
    """Every frame's rack type has the frame's own outside size, empty weight and rating; the
    outside height is more than the unit space."""
    frames = {f.slug: f for s in ("helios", "gb200-nvl72", "hgx-b200") for f in _export(s).frames}
    assert len(frames) == 3
    for frame in frames.values():
        assert frame.outer_depth and frame.weight and frame.max_weight, frame.model
        space = frame.u_height * (48 if frame.width == 21 else 44.45)
        assert frame.outer_height > math.ceil(space), frame.model
        assert "not in the catalogue" not in frame.comments


def test_a_rack_past_its_pdus_is_left_unfed() -> None:
    """Kyber's canisters (fed from a sidecar the model leaves out) draw more than the plant's two
    rack PDUs carry: no PDU is drawn for them, and their inlets are listed as uncabled."""
    (placed,) = design_plan(rb.load("vr300-nvl576").analysis, vocabulary("netbox")).placed()
    assert not placed.feeds and not any(d.role == "power" for d in placed.devices)
    inlets = {f"{d.name}:{p.name}" for d in placed.devices for p in d.device_type.power_ports}
    assert inlets and inlets <= set(placed.uncabled)


def test_nautobot_draws_fit_its_ports() -> None:
    """Nautobot stores a draw in a small integer: every draw of its export fits one."""
    vocab = vocabulary("nautobot")
    export = design_plan(rb.load("mi500-ual256").analysis, vocab)
    draws = [w for p in export.placed() for w in p.draws]
    assert draws and max(w.allocated_draw for w in draws) <= 32_767
    assert all(
        p.maximum_draw is None or p.maximum_draw <= 32_767
        for t in export.types
        for p in t.power_ports
    )
