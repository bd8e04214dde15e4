"""Planes and the fabric chosen by cost: closed forms, one plane as before, choice, bad input."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import rackbom as rb
from rackbom.racks.clusters import builtin_cluster_ids
from rackbom.racks.clusters.sizing import max_endpoints, size_fabric

ONE_PLANE = json.loads((Path(__file__).parent / "data" / "one_plane_counts.json").read_text())
"""Each built-in cluster's fabric as one plane at the NIC's speed, before planes existed (a partial
pod's spines trimmed since)."""


@cache
def _cluster(cid: str) -> Any:
    return rb.load_cluster(cid)


# --- closed forms ---------------------------------------------------------------------------
@pytest.mark.parametrize("k", [8, 64, 128, 512])
@pytest.mark.parametrize("tiers", [1, 2, 3])
def test_a_plane_of_radix_k_reaches_2_k_half_to_the_t(k: int, tiers: int) -> None:
    assert max_endpoints(k, tiers, (1.0,) * (tiers - 1)) == 2 * (k // 2) ** tiers


def test_one_tier_is_one_switch_per_plane() -> None:
    (leaf,) = size_fabric(300, 512, 1, ())
    assert (leaf.switches, leaf.ports_used, leaf.links_in) == (1, 300, 300)


def test_bandwidth_per_gpu_is_planes_times_plane_speed() -> None:
    for cid in ("helios-16k", "vr200-16k-ib", "mi355x-server-8k"):
        s = _cluster(cid).summary
        nic_ports_per_gpu = s.endpoints / s.planes / s.gpus
        assert s.planes * s.plane_gbps == s.endpoint_gbps
        assert s.endpoints * s.plane_gbps == s.gpus * nic_ports_per_gpu * s.endpoint_gbps


# --- one plane at full speed is the fabric as it was ---------------------------------------
NO_FULL_SPEED_OPTIC = {"vr200-16k-ib"}
"""Clusters whose NIC port is faster than any one port of their profile's optics: Quantum-X800's
ports are 800G, its 1.6T optics twin-port, so a 1.6T link has no module."""


@pytest.mark.parametrize("cid", sorted(ONE_PLANE))
def test_one_plane_at_full_speed_keeps_the_counts(cid: str) -> None:
    before = ONE_PLANE[cid]
    sizer = _cluster(cid).analysis.sizer
    tiers = before["tiers"]
    radix = sizer.switch.radix_at(sizer.unit.endpoint_gbps)
    plans = size_fabric(sizer.nic_ports, radix, tiers, (1.0,) * (tiers - 1), sizer.unit.rails)
    assert [
        {
            "switches": p.switches,
            "ports_per_switch": p.radix,
            "ports_total": p.ports_total,
            "ports_used": p.ports_used,
            "links": p.links_in,
        }
        for p in plans
    ] == before["per_tier"]
    if cid in NO_FULL_SPEED_OPTIC:
        with pytest.raises(rb.InputError, match="twin-port module is two ports"):
            _cluster(cid).with_(fabric={"planes": 1, "tiers": tiers})
        return
    s = _cluster(cid).with_(fabric={"planes": 1, "tiers": tiers}).summary
    assert (s.planes, s.plane_gbps, s.fabric_tiers) == (1, s.endpoint_gbps, before["tiers"])
    for key in ("endpoints", "switches", "links", "ports_used", "ports_unused"):
        assert getattr(s, key) == before[key], key
    per_tier = [
        {k: getattr(t, k) for k in ("switches", "ports_per_switch", "ports_total", "ports_used")}
        | {"links": t.links}
        for t in s.tiers
    ]
    assert per_tier == before["per_tier"]


# --- the choice -----------------------------------------------------------------------------
@pytest.mark.parametrize("cid", builtin_cluster_ids())
def test_the_chosen_fabric_is_the_cheapest_listed(cid: str) -> None:
    s = _cluster(cid).summary
    (chosen,) = [o for o in s.fabric_options if o.chosen]
    assert chosen.capex_usd_per_gpu == pytest.approx(s.capex_usd_per_gpu.total_usd)
    assert all(o.capex_usd_per_gpu >= chosen.capex_usd_per_gpu - 0.01 for o in s.fabric_options)
    assert (chosen.planes, chosen.tiers, chosen.switches) == (s.planes, s.fabric_tiers, s.switches)
    assert chosen.power_network_w == pytest.approx(s.power_network_w)


def test_helios_16k_splits_into_200g_planes_of_two_tiers() -> None:
    s = _cluster("helios-16k").summary
    assert (s.planes, s.plane_gbps, s.fabric_tiers) == (4, 200, 2)
    assert s.switches < ONE_PLANE["helios-16k"]["switches"]


@pytest.mark.parametrize("cid", builtin_cluster_ids())
def test_optics_and_cables_follow_the_links(cid: str) -> None:
    s = _cluster(cid).summary
    fibre = {"smf"}
    for tier in s.tiers:
        cables = sum(tier.cables.values())
        fibre_cables = sum(q for p, q in tier.cables.items() if p.split("-")[0] in fibre)
        assert tier.links / 8 <= cables <= tier.links, tier.role
        # a fibre link has a module at each end; modules are shared by at most 8 links
        optics = sum(tier.transceivers.values())
        assert fibre_cables * 2 <= optics * 8
        if fibre_cables:
            assert optics >= 2 * fibre_cables / 8


def _fibres_and_optics(cid: str) -> list[tuple[int, int]]:
    return [
        (
            sum(q for p, q in tier.cables.items() if p.startswith("smf-")),
            sum(tier.transceivers.values()),
        )
        for tier in _cluster(cid).summary.tiers
    ]


def test_a_twin_port_module_takes_a_cable_per_port() -> None:
    """2xDR4 at both ends (InfiniBand XDR, 2 links a module): a fibre per link, as many as the
    modules at its two ends. A DR8 at both ends broken out four ways (Arista): one cable for a
    module's four legs, half as many as the modules."""
    for fibres, optics in _fibres_and_optics("vr200-16k-ib"):
        assert fibres == optics > 0
    for fibres, optics in _fibres_and_optics("vr200-8k-arista"):
        assert 2 * fibres == optics > 0


# --- properties -----------------------------------------------------------------------------
@settings(max_examples=12, deadline=None)
@given(st.sampled_from([1, 2, 4]), st.sampled_from([2, 3]))
def test_planes_never_change_the_bandwidth(planes: int, tiers: int) -> None:
    base = _cluster("helios-16k")
    try:
        s = base.with_(fabric={"planes": planes, "tiers": tiers}).summary
    except rb.InputError:
        return
    ports = ONE_PLANE["helios-16k"]["endpoints"]
    assert s.endpoints == planes * ports
    assert s.endpoints * s.plane_gbps == ports * s.endpoint_gbps


@settings(max_examples=6, deadline=None)
@given(st.sampled_from([8, 16, 32]))
def test_doubling_the_gpus_never_lowers_a_count(racks: int) -> None:
    small = rb.cluster("mi355x-128", racks=racks, profile="whitebox-th5").summary
    big = rb.cluster("mi355x-128", racks=2 * racks, profile="whitebox-th5").summary
    for key in ("gpus", "endpoints", "switches", "links"):
        assert getattr(big, key) >= getattr(small, key), key
    assert sum(big.transceivers.values()) >= sum(small.transceivers.values())


# --- bad input ------------------------------------------------------------------------------
def _file(**fabric: Any) -> dict[str, Any]:
    return {
        "id": "small",
        "name": "Small",
        "source": "assume-cluster-sizing",
        "design": "helios",
        "size": {"racks": 8},
        "fabric": fabric,
        "profile": "arista-th6",
    }


BAD = [
    ("planes-lanes", _file(planes=3), ["fabric.planes", "do not divide", "4 lanes", "1, 2, 4"]),
    ("plane-speed", _file(plane_gbps=300), ["fabric.plane_gbps", "800G"]),
    ("mismatch", _file(planes=2, plane_gbps=200), ["fabric.plane_gbps", "2 planes"]),
    (
        "no-breakout",
        {**_file(plane_gbps=200), "profile": "nvidia-infiniband-xdr"},
        ["fabric.plane_gbps", "cannot break out to 200G", "offers 1600G, 800G"],
    ),
    ("tiers", _file(tiers=1, planes=1), ["fabric.tiers", "at most 128"]),
    ("ratio-no-tiers", _file(oversubscription=["2:1"]), ["fabric", "needs tiers"]),
]


@pytest.mark.parametrize(("name", "data", "words"), BAD, ids=[b[0] for b in BAD])
def test_bad_fabric(name: str, data: dict[str, Any], words: list[str], cli, tmp_path) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data))
    out = tmp_path / "out.json"
    result = cli("bom", str(path), "--json", str(out))
    assert result.code == 2 and result.out == ""
    (line,) = result.err.strip().splitlines()
    assert str(path) in line
    for word in words:
        assert word in line, (word, line)
    assert not out.exists()


def test_show_fabrics_lists_the_options(cli) -> None:
    result = cli("show", "helios-16k", "--fabrics")
    assert result.code == 0, result.err
    assert "plane Gbit/s" in result.out and "yes" in result.out
    data = json.loads(cli("show", "helios-16k", "--json").out)
    assert {"planes", "plane_gbps", "fabric_options"} <= data.keys()
    option = data["fabric_options"][0]
    assert {"planes", "plane_gbps", "tiers", "switches", "transceivers", "cables"} <= option.keys()
    assert {"capex_usd_per_gpu", "power_network_kw"} <= option.keys()


@pytest.mark.parametrize("cid", builtin_cluster_ids())
def test_copper_joins_one_cage_to_one_cage_or_a_breakouts_legs(cid: str) -> None:
    """No cable with its own ends leaves one cage for two switches: where a cage's links go to
    several ends, the tier's cable is a catalogue breakout with that many legs, or fibre."""
    cluster = _cluster(cid)
    analysis = cluster.analysis  # type: ignore[attr-defined]
    catalogue = rb.catalogue()
    for tier, parts in enumerate(analysis.fabric.link_parts, start=1):
        lower, upper = analysis.sizer.link_ends(tier, analysis.fabric.choice)
        cages = sorted((lower.links_per_module, upper.links_per_module))
        for part in parts.cables:
            cable = catalogue.part(part)
            if not cable.needs_transceivers:  # type: ignore[attr-defined]
                assert cages == [1, cable.legs], (tier, part)  # type: ignore[attr-defined]


def test_a_split_nic_cage_takes_optics_where_the_profile_has_no_breakout() -> None:
    """vr200-8k-ib: a ConnectX-9 port's two 800G planes go to two leaves, so no AEC."""
    leaf = _cluster("vr200-8k-ib").summary.tiers[0]
    assert "aec-800g-7m" not in leaf.cables
    # a twin-port module per NIC port (its two planes) and per leaf cage (two links)
    assert leaf.transceivers == {"nvidia-linkx-osfp-1600g-2xdr4": leaf.links}


def test_a_million_gpus_on_spectrum_x_fit_three_tiers_of_sn5600_broken_out_to_200g() -> None:
    """SN5600: 64 x 800G, 128 x 400G or 256 x 200G (its datasheet), so three tiers of 200G
    planes reach 256^3/4 endpoints a plane (all of it in one building: NVIDIA's optics reach
    2 km at most, less than the default campus's roads)."""
    sn5600 = rb.catalogue().part("nvidia-sn5600")
    assert [sn5600.radix_at(g) for g in (800, 400, 200)] == [64, 128, 256]  # type: ignore[attr-defined]
    one = {"building_mw": 4000}
    s = _cluster("helios-1m").with_(profile="nvidia-spectrum-x", floor=one).summary
    assert (s.fabric_tiers, s.plane_gbps, s.ports_per_switch) == (3, 200, 256)


def test_a_splitter_joins_one_switch_cage_to_two_nic_cages_and_nothing_else() -> None:
    """Quantum-2: one 800G cage broken out to two 400G NICs takes NVIDIA's 2 x 400G splitter
    DAC, one per cage; the same cage to two NIC cages each split across planes takes optics."""
    from rackbom.racks.clusters.cages import CageRun
    from rackbom.racks.clusters.links import LinkChooser, LinkEnd

    catalogue = rb.catalogue()
    chooser = LinkChooser(catalogue, catalogue.network_profiles["nvidia-infiniband-ndr"], None)
    cage = LinkEnd(800, 8, 2)
    single = chooser.choose("leaf", (CageRun(2.5, 2, 2),), 400, (LinkEnd(400, 4, 1), cage))
    assert (single.cables, single.transceivers) == ({"dac-800g-2x400g-3m": 2}, {})
    split = chooser.choose(
        "leaf", (CageRun(2.5, 4, 1),), 200, (LinkEnd(400, 4, 2), LinkEnd(800, 8, 4))
    )
    assert not any(c.startswith("dac") for c in split.cables) and split.transceivers
