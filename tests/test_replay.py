"""Kept results of commands: a repeated run replays its entry, on a terminal only to a terminal of
the same size, a changed input or a corrupt entry runs the command again, a failed run or one on
another command is not kept, and the folder is bounded."""

from __future__ import annotations

import fcntl
import marshal
import os
import struct
import subprocess
import sys
import termios
from pathlib import Path

from rackbom.replay import prune

ROOT = Path(__file__).resolve().parents[1]
DESIGN = ROOT / "racks" / "data" / "helios.yaml"
RACKBOM = [sys.executable, "-m", "rackbom"]


def environment(cache: Path, **env: str) -> dict[str, str]:
    """A run's environment: its entries kept in `cache`, this checkout's package, and `env`."""
    return {
        "RACKBOM_CACHE_DIR": str(cache),
        "PYTHONPATH": str(ROOT),
        "PATH": "/usr/bin:/bin",
        **env,
    }


def rackbom(cache: Path, *args: str, cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess:
    """One whole run of the command line, its entries kept in `cache`."""
    command = [*RACKBOM, *args]
    return subprocess.run(
        command, cwd=cwd, env=environment(cache, **env), capture_output=True, text=True
    )


def on_terminal(cache: Path, *args: str, columns: int) -> bytes:
    """What one whole run prints on a terminal `columns` wide (both its streams)."""
    primary, secondary = os.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    chunks = []
    with subprocess.Popen(
        [*RACKBOM, *args],
        cwd=ROOT,
        env=environment(cache),
        stdin=subprocess.DEVNULL,
        stdout=secondary,
        stderr=secondary,
    ) as child:
        os.close(secondary)
        while True:
            try:
                chunk = os.read(primary, 1 << 16)
            except OSError:  # the terminal hung up: the child has gone
                break
            if not chunk:
                break
            chunks.append(chunk)
    os.close(primary)
    assert child.returncode == 0
    return b"".join(chunks)


def entries(cache: Path) -> list[Path]:
    return sorted((cache / "results").glob("*.entry"))


def test_a_repeated_run_replays_its_entry(tmp_path: Path) -> None:
    rackbom(tmp_path, "show", "helios", "--json")  # fills the validated-data cache
    first = rackbom(tmp_path, "show", "helios", "--json")
    (entry,) = entries(tmp_path)
    inputs, out, err, files = marshal.loads(entry.read_bytes())
    assert out == first.stdout and err == "" and files == ()
    loaded = {name for name, _ in inputs}
    assert str(ROOT / "rackbom" / "components" / "data" / "trays.yaml") in loaded
    assert str(ROOT / "rackbom" / "racks" / "analysis.py") in loaded  # the code is an input
    # the entry, not a new run, answers: what it holds is printed
    entry.write_bytes(marshal.dumps((inputs, "kept\n", err, files)))
    assert rackbom(tmp_path, "show", "helios", "--json").stdout == "kept\n"
    assert (
        rackbom(tmp_path, "show", "helios", "--json", RACKBOM_REPLAY="off").stdout == first.stdout
    )


def test_a_run_on_a_terminal_is_replayed_to_a_terminal_of_its_size(tmp_path: Path) -> None:
    rackbom(tmp_path, "show", "helios", RACKBOM_REPLAY="off")  # fills the validated-data cache
    narrow = on_terminal(tmp_path, "show", "helios", columns=50)
    (entry,) = entries(tmp_path)
    inputs, out, err, files = marshal.loads(entry.read_bytes())
    assert out.replace("\n", "\r\n").encode() == narrow and err == ""
    entry.write_bytes(marshal.dumps((inputs, "kept\n", err, files)))
    assert on_terminal(tmp_path, "show", "helios", columns=50) == b"kept\r\n"
    # a terminal of another size, or a pipe, is another run: its table has another width
    wide = on_terminal(tmp_path, "show", "helios", columns=200)
    assert wide != narrow and b"kept" not in wide
    assert rackbom(tmp_path, "show", "helios").stdout not in ("kept\n", out)
    assert len(entries(tmp_path)) == 3


def test_a_changed_input_file_runs_again(tmp_path: Path) -> None:
    design = tmp_path / "my-rack.yaml"
    text = DESIGN.read_text()
    design.write_text(text)
    for _ in range(2):
        before = rackbom(tmp_path / "cache", "show", str(design), "--json")
    assert before.returncode == 0 and len(entries(tmp_path / "cache")) == 1
    design.write_text(text.replace("name: ", "name: Renamed ", 1))
    after = rackbom(tmp_path / "cache", "show", str(design), "--json")
    assert '"name": "Renamed ' in after.stdout and '"name": "Renamed ' not in before.stdout


def test_a_corrupt_entry_is_ignored(tmp_path: Path) -> None:
    for _ in range(2):
        good = rackbom(tmp_path, "show", "helios", "--json")
    (entry,) = entries(tmp_path)
    for broken in (b"not an entry", marshal.dumps(("too", "short"))):
        entry.write_bytes(broken)
        assert rackbom(tmp_path, "show", "helios", "--json").stdout == good.stdout
    assert marshal.loads(entry.read_bytes())[1] == good.stdout  # written again, whole


def test_a_replay_writes_the_files_again(tmp_path: Path) -> None:
    out = tmp_path / "h.svg"
    for _ in range(2):
        first = rackbom(tmp_path / "cache", "svg", "helios", "-o", "h.svg", cwd=tmp_path)
    drawing = out.read_bytes()
    out.unlink()
    again = rackbom(tmp_path / "cache", "svg", "helios", "-o", "h.svg", cwd=tmp_path)
    assert again.stdout == first.stdout and out.read_bytes() == drawing
    (entry,) = entries(tmp_path / "cache")
    assert marshal.loads(entry.read_bytes())[3] == ((str(out), drawing),)
    # another folder is another run: its file is written there
    other = tmp_path / "other"
    other.mkdir()
    rackbom(tmp_path / "cache", "svg", "helios", "-o", "h.svg", cwd=other)
    assert (other / "h.svg").read_bytes() == drawing


def test_failures_and_other_commands_are_not_kept(tmp_path: Path) -> None:
    rackbom(tmp_path, "show", "helios", "--json")  # fills the validated-data cache
    failed = rackbom(tmp_path, "show", "no-such-design")
    rackbom(tmp_path, "list")
    rackbom(tmp_path, "show", "helios", "--json", RACKBOM_REPLAY="off")
    assert failed.returncode == 2
    assert entries(tmp_path) == []


def test_the_folder_keeps_the_newest_entries(tmp_path: Path) -> None:
    for n in range(5):
        path = tmp_path / f"{n}.entry"
        path.write_bytes(b"")
        os.utime(path, ns=(n * 10**9, n * 10**9))
    prune(tmp_path, 3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["2.entry", "3.entry", "4.entry"]


def test_a_replay_to_a_reader_gone_stops_quietly(tmp_path: Path) -> None:
    for _ in range(2):
        rackbom(tmp_path, "show", "helios", "--json")
    assert len(entries(tmp_path)) == 1
    command = [*RACKBOM, "show", "helios", "--json"]
    with subprocess.Popen(
        command, cwd=ROOT, env=environment(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        child.stdout.close()  # gone before the child prints
        assert child.stderr.read() == b""
    assert child.returncode == 0
