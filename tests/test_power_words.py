"""One meaning per power word (ARCHITECTURE.md's glossary): IT power is the parts plus tray
overheads, rack input is after the shelves' conversion, input power is what the TCO pays for and
the plant feeds, facility power is a level x PUE. The retired senses must not come back."""

from __future__ import annotations

import re
from pathlib import Path

from rackbom.components.plant_library import plant_rules
from rackbom.components.tco_library import profile
from rackbom.exports.figures import KEY_FIGURES
from rackbom.exports.figures.cluster_figures import CLUSTER_FIGURES
from rackbom.exports.figures.plant_figures import PLANT_FIGURES
from rackbom.exports.figures.tco_figures import TCO_FIGURES
from rackbom.exports.html.plant_section import plant_part
from rackbom.exports.html.tco_section import tco_part
from rackbom.exports.text.plant_text import render_plant
from rackbom.exports.text.tco_text import render_tco
from rackbom.exports.workbook import build_sheets
from rackbom.exports.workbook.plant_sheet import RACK_COLUMNS, ROW_COLUMNS
from rackbom.exports.workbook.tco_sheet import TOTALS
from rackbom.racks.costs.terms import PROFILE_TERMS, SYSTEM_TERMS
from rackbom.resolve import resolve

README = Path(__file__).parent.parent / "README.md"
IT_WORDS = re.compile(r"\bIT (power|load|kW)\b")
"""IT power in words: right only for the parts plus tray overheads."""
RETIRED = re.compile(r"Power, nominal|Total power|^(Nominal|Peak) \(kW\)$")
"""Labels that named input power without saying so."""
COST_WORDS = re.compile(r"PUE|TCO|per MW|per kW|colocation|218\.1")
"""Words of the cost of ownership and Helios's rack input: what IT power must not sit beside."""
INPUT_FIELDS = {
    "input_kw_per_gpu",
    "facility_kw_per_gpu",
    "power_input_w",
    "power_nominal_w",
    "power_peak_w",
    "facility_peak_w",
    "power_total_w",
}
"""Figures of input power (or input power x PUE)."""


def labelled() -> dict[str, list[str]]:
    """Every figure and term label by the field it shows."""
    out: dict[str, list[str]] = {}
    figures = (*KEY_FIGURES, *CLUSTER_FIGURES, *PLANT_FIGURES, *TCO_FIGURES)
    pairs = [(f.field, f.label) for f in figures]
    pairs += [(t.key, t.label) for t in (*PROFILE_TERMS, *SYSTEM_TERMS)]
    pairs += [(key, label) for key, label, _ in TOTALS]
    for field, label in pairs:
        out.setdefault(str(field), []).append(label)
    return out


def test_input_power_is_labelled_input_never_it() -> None:
    labels = labelled()
    assert set(labels) >= INPUT_FIELDS
    for field in INPUT_FIELDS:
        for label in labels[field]:
            assert "input" in label.lower() and not IT_WORDS.search(label), (field, label)
    assert all(IT_WORDS.search(label) for label in labels["power_it_w"])
    for label in [*(x for found in labels.values() for x in found), *RACK_COLUMNS, *ROW_COLUMNS]:
        assert not RETIRED.search(label), label


def test_cost_and_plant_outputs_never_say_it_power() -> None:
    helios, cluster = resolve("helios"), resolve("hgx-h200-8k")
    chosen, rules = profile(), plant_rules()
    plants = [(s.id, s.plant(rules), "<svg/>") for s in (helios, cluster)]
    texts = [
        render_tco(helios.tco(chosen)),
        render_plant(helios.plant(rules)),
        tco_part(([helios.tco(chosen)], [cluster.tco(chosen)]), chosen),
        plant_part(plants),
    ]
    sheets = build_sheets([helios.report(chosen, rules), cluster.report(chosen, rules)])
    for sheet in sheets:
        if sheet.name in ("TCO", "Summary") or sheet.name.startswith(("Cluster", "Plant")):
            texts += [str(c.value) for row in sheet.rows for c in row if isinstance(c.value, str)]
    for text in texts:
        assert not IT_WORDS.search(text) or not COST_WORDS.search(text), text[:200]
        assert not RETIRED.search(text), text[:200]


def readme_sentences() -> list[str]:
    """README's prose sentence by sentence; its tables and code blocks line by line."""
    out: list[str] = []
    for paragraph in re.split(r"\n\s*\n", README.read_text()):
        if paragraph.lstrip().startswith(("```", "|")) or "\n```" in paragraph:
            out += paragraph.splitlines()
        else:
            out += re.split(r"(?<=[.;])\s+", " ".join(paragraph.split()))
    return out


def test_readme_keeps_one_meaning_per_power_word() -> None:
    for sentence in readme_sentences():
        if IT_WORDS.search(sentence):
            assert not COST_WORDS.search(sentence), sentence
        assert not RETIRED.search(sentence.strip()), sentence
    s = resolve("helios").summary
    levels = (s.power_it_w, s.power_rack_input_w, s.power_all_in_w, s.power_facility_w)
    kw = [f"{w / 1000:,.1f}" for w in levels]
    line = f"Helios: IT {kw[0]} kW, rack input {kw[1]} kW, all-in {kw[2]} kW, facility {kw[3]} kW."
    assert line in README.read_text()
