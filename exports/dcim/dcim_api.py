"""A running DCIM product's REST API through its client (pynetbox for NetBox, pynautobot for
Nautobot, which share one interface): the connection check, reads, and batched writes.

Every failure to reach or use the product becomes one `InputError` naming the URL, the token or
the object, so the CLI reports it on one line with exit status 2. Reads come back as plain
mappings whose related objects and choices are reduced to their id and value (`plain`), the form
the push writes them in.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Generic, TypeVar

from ...components.errors import InputError

BATCH = 250
"""Objects per bulk request."""
FILTER_IDS = 50
"""Parent ids per filtered read (kept well inside a URL's length)."""
Row = dict[str, Any]
Id = TypeVar("Id", int, str)
"""An object's id: NetBox's are numbers, Nautobot's UUIDs."""


def plain(value: Any) -> Any:
    """A REST field as the push writes it: a choice's value, a related object's id."""
    if isinstance(value, dict):
        if "value" in value and "label" in value:
            return value["value"]
        if "id" in value:
            return value["id"]
    return value


def release(version: str) -> tuple[int, ...]:
    """A version's major and minor number (`4.7.3-Docker` -> (4, 7))."""
    return tuple(int(p) for p in version.split("-")[0].split(".")[:2] if p.isdigit())


class RestApi(Generic[Id]):
    """One product's REST API, checked to answer, to accept the token and to be recent enough."""

    product: ClassVar[str]
    """The product's name, as messages give it."""
    oldest: ClassVar[tuple[int, int]]
    """The oldest version the push supports."""

    def __init__(self, url: str, api: Any, request_error: Any) -> None:
        self.url = url
        self.api = api
        self._errors: tuple[type[Exception], ...] = (OSError,)  # requests' errors are OSErrors
        self._request_error = request_error
        name = self.product
        try:
            status = api.status()
        except request_error as exc:
            code = exc.req.status_code
            if code in (401, 403):
                raise InputError("--token", None, f"{name} at {url} refused the token") from None
            raise InputError("--url", None, f"{url} is not a {name} API ({code})") from None
        except (OSError, ValueError) as exc:
            why = type(exc).__name__
            raise InputError("--url", None, f"{name} at {url} cannot be reached ({why})") from None
        version = status.get(f"{name.casefold()}-version") if isinstance(status, dict) else None
        if version is None:
            raise InputError("--url", None, f"{url} is not a {name} API (no {name} version)")
        self.version = str(version)
        if release(self.version) < self.oldest:
            oldest = ".".join(map(str, self.oldest))
            raise InputError("--url", None, f"{name} {self.version} is older than {oldest}")

    def _endpoint(self, path: str) -> Any:
        app, name = path.split("/")
        return getattr(getattr(self.api, app.replace("-", "_")), name.replace("-", "_"))

    def _call(self, what: str, call: Any) -> Any:
        try:
            return call()
        except self._request_error as exc:
            raise InputError("--url", None, f"{self.product} refused {what}: {exc.error}") from None
        except self._errors as exc:
            raise InputError("--url", None, f"{self.product} failed {what}: {exc}") from None

    def rows(self, path: str, **query: Any) -> Iterator[Row]:
        """Every object of `path` (`dcim/devices`) matching `query`, as mappings."""
        endpoint = self._endpoint(path)
        records = self._call(f"reading {path}", lambda: list(endpoint.filter(**query)))
        for record in records:
            yield dict(record)

    def rows_of(self, path: str, field: str, ids: Iterable[Id], **query: Any) -> Iterator[Row]:
        """The objects of `path` whose `field` (`rack_id`) is one of `ids`, read in groups."""
        wanted = sorted(set(ids))
        for start in range(0, len(wanted), FILTER_IDS):
            yield from self.rows(path, **{field: wanted[start : start + FILTER_IDS]}, **query)

    def create(self, path: str, bodies: list[Row]) -> list[Id]:
        """Create `bodies` in batches; their new ids, in order."""
        endpoint, out = self._endpoint(path), []
        for start in range(0, len(bodies), BATCH):
            batch: list[Row] = bodies[start : start + BATCH]
            made = self._call(f"creating {path}", lambda b=batch: endpoint.create(b))
            out += [m.id for m in made]
        return out

    def update(self, path: str, bodies: list[Row]) -> None:
        """Update objects (each body with its `id`) in batches."""
        endpoint = self._endpoint(path)
        for start in range(0, len(bodies), BATCH):
            batch: list[Row] = bodies[start : start + BATCH]
            self._call(f"updating {path}", lambda b=batch: endpoint.update(b))

    def delete(self, path: str, ids: list[Id]) -> None:
        """Delete objects by id in batches."""
        endpoint = self._endpoint(path)
        for start in range(0, len(ids), BATCH):
            batch: list[Id] = ids[start : start + BATCH]
            self._call(f"deleting {path}", lambda b=batch: endpoint.delete(b))
