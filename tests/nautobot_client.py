"""A small client for a test Nautobot or NetBox: the REST API (token) and the device-type import
form; `NetBoxClient` differs in how it gets its token only."""

from __future__ import annotations

import base64
import http.cookiejar
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

TIMEOUT_S = 600
"""Seconds one request may take: creating devices instantiates all their components."""


class NautobotClient:
    """REST calls (JSON, token) and form posts (session, CSRF) against one Nautobot."""

    def __init__(self, url: str, username: str, password: str) -> None:
        self.url = url
        self.cookies = http.cookiejar.CookieJar()
        self.web = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.auth = self._token(username, password)
        self._login(username, password)

    def _token(self, username: str, password: str) -> str:
        """The Authorization header of a new API token."""
        basic = base64.b64encode(f"{username}:{password}".encode()).decode()
        created = self._json("POST", "/api/users/tokens/", {}, {"Authorization": f"Basic {basic}"})
        return f"Token {created['key']}"

    def _json(self, method: str, path: str, body: Any, headers: dict[str, str]) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json", "Accept": "application/json", **headers},
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"{method} {path}: {exc.code} {exc.read()[:2000]!r}") from None

    def api(self, method: str, path: str, body: Any = None) -> Any:
        """One REST call with the token."""
        return self._json(method, path, body, {"Authorization": self.auth})

    def all(self, path: str, **query: str) -> list[dict[str, Any]]:
        """Every object of a list endpoint, all pages, with depth 1."""
        params = urllib.parse.urlencode({"limit": 1000, "depth": 1, **query})
        out: list[dict[str, Any]] = []
        page: str | None = f"{path}?{params}"
        while page:
            answer = self.api("GET", page)
            out += answer["results"]
            page = answer["next"] and answer["next"].removeprefix(self.url)
        return out

    def one(self, path: str, **query: str) -> dict[str, Any]:
        """The one object a filter finds."""
        (found,) = self.all(path, **query)
        return found

    def ensure(self, path: str, body: dict[str, Any], **lookup: str) -> int:
        """The id of the object `lookup` finds, created from `body` if there is none."""
        found = self.all(path, **lookup)
        return found[0]["id"] if found else self.api("POST", path, body)["id"]

    def get_text(self, path: str) -> str:
        """A GET with the token, as text (the elevation SVG)."""
        request = urllib.request.Request(self.url + path, headers={"Authorization": self.auth})
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.read().decode("utf-8")

    def _csrf(self, path: str) -> str:
        with self.web.open(self.url + path, timeout=60) as response:
            page = response.read().decode("utf-8")
        match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert match, f"no CSRF token on {path}"
        return match.group(1)

    def _post_form(self, path: str, fields: dict[str, str]) -> tuple[str, str]:
        fields = {"csrfmiddlewaretoken": self._csrf(path), **fields}
        request = urllib.request.Request(
            self.url + path,
            data=urllib.parse.urlencode(fields).encode(),
            headers={"Referer": self.url + path},
        )
        with self.web.open(request, timeout=120) as response:
            return response.geturl(), response.read().decode("utf-8")

    def _login(self, username: str, password: str) -> None:
        landed, _ = self._post_form("/login/", {"username": username, "password": password})
        assert "/login/" not in landed, "could not log in to the web UI"

    def import_device_type(self, text: str) -> None:
        """The device-type import form the UI offers for devicetype-library YAML."""
        fields = {"data": text, "format": "yaml", "import_method": "direct"}
        landed, page = self._post_form("/dcim/device-types/import/", fields)
        if landed.rstrip("/").endswith("/import"):
            errors = re.findall(r'class="[^"]*(?:errorlist|alert-danger)[^"]*"[^>]*>(.*?)</', page)
            raise AssertionError(f"device-type import refused: {errors or page[-3000:]}")


def import_exports(
    client: NautobotClient, folders: list[Path], maker: Callable[[dict[str, str]], dict[str, str]]
) -> dict[str, dict[str, Any]]:
    """Every export folder's manufacturers (by REST; `maker` turns an entry of
    `manufacturers.yaml` into the product's body, found again by it) and device types (through
    the import form, each file once); the imported files' content by path in their folder."""
    types: dict[str, dict[str, Any]] = {}
    for folder in folders:
        for entry in yaml.safe_load((folder / "manufacturers.yaml").read_text(encoding="utf-8")):
            body = maker(entry)
            client.ensure("/api/dcim/manufacturers/", body, **body)
        for path in sorted((folder / "device-types").rglob("*.yaml")):
            name = str(path.relative_to(folder))
            if name not in types:
                text = path.read_text(encoding="utf-8")
                client.import_device_type(text)
                types[name] = yaml.safe_load(text)
    return types


class NetBoxClient(NautobotClient):
    """The same calls against NetBox, whose API tokens are provisioned by username and password."""

    def _token(self, username: str, password: str) -> str:
        body = {"username": username, "password": password}
        created = self._json("POST", "/api/users/tokens/provision/", body, {})
        if created.get("version") == 2:  # `Bearer nbt_<key>.<token>` where peppers are set
            return f"Bearer nbt_{created['key']}.{created['token']}"
        return f"Token {created['token']}"
