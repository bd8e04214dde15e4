"""Results worked out once per model object, kept for as long as the object lives.

An analysis is never changed once made, so what is derived from it alone (its plant under a
profile, the blast radii of its failures) can be kept beside it rather than worked out again by
every output that shows it. Kept by the object's identity, so equal-looking objects never share.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import TypeVar

Owner = TypeVar("Owner")
Result = TypeVar("Result")


def kept(build: Callable[[Owner], Result]) -> Callable[[Owner], Result]:
    """`build(owner)`, worked out on the first call for each live `owner` and kept till it dies."""
    store: dict[int, tuple[weakref.ref[Owner], Result]] = {}

    @functools.wraps(build)
    def get(owner: Owner) -> Result:
        key = id(owner)
        held = store.get(key)
        if held is not None and held[0]() is owner:
            return held[1]
        result = build(owner)
        store[key] = (weakref.ref(owner, lambda _: store.pop(key, None)), result)
        return result

    return get
