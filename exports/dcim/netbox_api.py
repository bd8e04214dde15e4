"""A running NetBox reached through pynetbox (`dcim_api.py` holds the checks, reads and writes)."""

from __future__ import annotations

from .dcim_api import RestApi


class NetBox(RestApi[int]):
    """One NetBox's REST API."""

    product = "NetBox"
    oldest = (4, 7)
    """Channel and breakout fields and v2 tokens are 4.7's."""

    def __init__(self, url: str, token: str) -> None:
        import pynetbox  # the `netbox` extra

        super().__init__(url, pynetbox.api(url, token=token), pynetbox.RequestError)
