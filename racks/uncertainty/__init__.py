"""Every comparison with its uncertainty: Monte Carlo over the ranged inputs.

Each input whose data carries a `Range` (`components/ranges.py`: a part's or tray's figure, a TCO
profile's figure, NVIDIA's vendor markup) is drawn from its distribution (`inputs.py`,
`draws.py`); an input both systems read takes the same draw on both sides (common random
numbers), so a system compared with itself differs by exactly 0 in every draw.

What is linearised (`effects.py`): a catalogue input moves a system's cost basis (capital by
class, input power, output) as the system re-analysed with that input at each end of its range
says, and in between linearly on each side of the value (piecewise linear through low, value and
high); the effects of several inputs add. Prices enter the basis linearly, so this is exact for
them; power is exact while no discrete count changes (power shelves, feeds), and a count that
does change between the value and an end is spread evenly over that half of the range. A
cluster's fabric (planes, plane speed, tiers) is fixed at the base case's choice. Ranges are
read from the catalogue each system was built against (built-in and `--catalogue` files, and
its design file's own `catalogue:` entries, keyed `<design>/<entry>.<field>` so that two designs'
entries of one id are drawn apart). Profile inputs are not linearised: the
TCO's terms (`racks/costs/ownership.py`) are evaluated on the arrays of draws (`arrays.py`).
The figures, their intervals, the share of draws in which one system is lower, and the inputs
that drive the difference (Spearman rank correlation of each input's draw with it) are in
`compare.py`; seed 002's claims held in each draw, and the share of draws they hold in, in
`claims.py`.
"""
