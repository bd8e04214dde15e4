"""A running Nautobot reached through pynautobot (`dcim_api.py` holds the checks, reads and
writes), and the statuses its objects need."""

from __future__ import annotations

from ...components.errors import InputError
from .dcim_api import RestApi


class Nautobot(RestApi[str]):
    """One Nautobot's REST API."""

    product = "Nautobot"
    oldest = (2, 3)
    """Location types, roles and statuses by content type are 2.0's; module-bay templates 2.3's."""

    def __init__(self, url: str, token: str) -> None:
        import pynautobot  # the `nautobot` extra

        super().__init__(url, pynautobot.api(url, token=token), pynautobot.RequestError)

    def statuses(self, *names: str) -> dict[str, str]:
        """The ids of the statuses of these names (Nautobot's own: `Active`, `Connected`)."""
        found = {r["name"]: r["id"] for r in self.rows("extras/statuses", name=list(names))}
        for name in names:
            if name not in found:
                raise InputError("--url", None, f"Nautobot at {self.url} has no status {name!r}")
        return found
