"""Headless Chromium for the tests that look at our outputs the way users do."""

from __future__ import annotations

import struct
import subprocess
import zlib
from dataclasses import dataclass
from pathlib import Path

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
)


def run_chromium(chromium: str, args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium with a fresh profile; console messages are logged to stderr."""
    return subprocess.run(
        [
            chromium,
            *CHROMIUM_FLAGS,
            f"--user-data-dir={tmp / 'profile'}",
            "--enable-logging=stderr",
            "--v=0",
            *args,
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )


def console_messages(stderr: str) -> list[str]:
    """The page's console messages in Chromium's log."""
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]


def screenshot(chromium: str, page: Path, width: int, height: int, tmp: Path) -> Image:
    """A PNG screenshot of a page at a window size, decoded."""
    png = tmp / "shot.png"
    run_chromium(
        chromium, [f"--screenshot={png}", f"--window-size={width},{height}", page.as_uri()], tmp
    )
    return read_png(png)


@dataclass
class Image:
    """Decoded 8-bit RGB(A) pixels."""

    width: int
    height: int
    channels: int
    rows: list[bytes]

    def rgb(self, x: int, y: int) -> tuple[int, int, int]:
        i = x * self.channels
        r, g, b = self.rows[y][i : i + 3]
        return r, g, b

    def where(self, colour: tuple[int, int, int], run: int = 1) -> tuple[int, int, int, int] | None:
        """Bounding box (left, top, right, bottom) of runs of at least `run` pixels of one colour.

        Runs keep anti-aliased text, which passes through every grey, out of a fill's box.
        """
        needle, c = bytes(colour), self.channels
        xs, ys = [], []
        for y, row in enumerate(self.rows):
            length = 0
            for x in range(self.width):
                if row[x * c : x * c + 3] == needle:
                    length += 1
                    if length == run:
                        xs += (x - run + 1, x)
                        ys.append(y)
                    elif length > run:
                        xs.append(x)
                else:
                    length = 0
        return (min(xs), min(ys), max(xs), max(ys)) if ys else None


def read_png(path: Path) -> Image:
    """Decode a non-interlaced 8-bit RGB or RGBA PNG with the standard library."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    assert header is not None
    width, height, depth, colour_type, _, _, interlace = header
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, header
    channels = 3 if colour_type == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        unfilter(kind, line, previous, channels)
        previous = bytes(line)
        rows.append(previous)
    return Image(width, height, channels, rows)


def unfilter(kind: int, line: bytearray, up: bytes, bpp: int) -> None:
    """Undo one PNG row filter in place."""
    if kind == 1:
        for i in range(bpp, len(line)):
            line[i] = (line[i] + line[i - bpp]) & 255
    elif kind == 2:
        line[:] = bytes((a + b) & 255 for a, b in zip(line, up, strict=True))
    elif kind == 3:
        for i in range(len(line)):
            left = line[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + ((left + up[i]) >> 1)) & 255
    elif kind == 4:
        for i in range(len(line)):
            a = line[i - bpp] if i >= bpp else 0
            b, c = up[i], up[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    else:
        assert kind == 0, f"unknown PNG filter {kind}"
