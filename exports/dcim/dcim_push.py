"""The push of a DCIM plan into the running product a target names: its client, connected and
checked, and the push that product's objects take."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from ...components.errors import InputError
from ...racks.dcim.dcim_model import DcimPlan
from .dcim_api import RestApi
from .dcim_sync import Tally

if TYPE_CHECKING:
    from ...racks.dcim.vocabulary import Target

Push = Callable[[DcimPlan, bool], Tally]
"""A plan and whether to apply it (else only plan) -> what was or would be done."""
CLIENTS = {"netbox": "pynetbox", "nautobot": "pynautobot"}
"""Each target's client package, installed by the extra of the target's name."""


def connect(target: Target, url: str, token: str) -> tuple[RestApi[Any], Push]:
    """The product at `url`, checked, and the push into it."""
    try:
        if target == "netbox":
            from .netbox_api import NetBox
            from .netbox_push import push

            netbox = NetBox(url, token)
            return netbox, partial(push, netbox)
        from .nautobot_api import Nautobot
        from .nautobot_push import push as push_nautobot

        nautobot = Nautobot(url, token)
        return nautobot, partial(push_nautobot, nautobot)
    except ModuleNotFoundError as exc:
        if exc.name != CLIENTS[target]:
            raise
        why = f"pushing needs {exc.name}: pip install 'rackbom[{target}]'"
        raise InputError("--url", None, why) from None
