"""Kept results of commands: run again on unchanged inputs, a command prints and writes what it
printed and wrote before, without loading the model.

Only the commands in `REPLAYABLE` are kept: their whole result is what they print and the files
they write, worked out from the files they read. An entry is found by a hash of the arguments,
the working folder, the whole environment, the interpreter (its version, flags and module search
path) and where the output goes (a terminal, and its size, or not), so a run on a terminal is
replayed only to a terminal of the same size. It holds the run's inputs, each with its stat (size,
modification and change times, inode, or absent): every module file loaded, every file opened
for reading and every folder of the package listed; it is replayed only while every one is
unchanged. A run that fails, or does anything but read files, write files in place and print
(make a folder, remove a file it did not write, start a process, open a socket, ...), is not
kept. Folders listed outside the package are the import system's, not a command's input.

Entries live in `results/` of the data cache's folder (`components/cache.py`), at most
`ENTRIES_MAX` of them (the oldest removed first) and none over `OUTPUT_MAX` bytes of output, each
written whole to a temporary file and renamed into place, so concurrent runs read either an old
entry or a new one. `RACKBOM_REPLAY=off` (or `RACKBOM_CACHE_DIR=off`) turns keeping off; a
missing, unreadable or corrupt entry is ignored and the command runs.
"""

from __future__ import annotations

import hashlib
import io
import marshal
import os
import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import BinaryIO, TextIO, cast

from rackbom.components.atomic import write_files
from rackbom.components.cache import cache_dir
from rackbom.components.errors import InputError

REPLAYABLE = frozenset({"show", "svg"})
"""Commands whose result is what they print and the files they write, from the files they read."""
ENTRIES_MAX = 256
OUTPUT_MAX = 16 * 2**20
FORMAT = 1

Stat = tuple[int, int, int, int] | None
"""A file's size, modification and change times (ns) and inode; None where it is absent."""
Entry = tuple[tuple[tuple[str, Stat], ...], str, str, tuple[tuple[str, bytes], ...]]
"""Inputs with their stats, the text printed on stdout and on stderr, and each file written."""

_SIDE_EFFECTS = frozenset(
    {
        "os.mkdir",
        "os.rmdir",
        "os.symlink",
        "os.link",
        "os.chdir",
        "os.truncate",
        "os.chown",
        "os.utime",
        "os.putenv",
        "os.unsetenv",
        "os.system",
        "os.exec",
        "os.posix_spawn",
        "os.spawn",
        "os.fork",
        "os.forkpty",
        "os.kill",
        "os.killpg",
        "subprocess.Popen",
        "socket.connect",
        "socket.bind",
        "socket.sendto",
        "socket.sendmsg",
        "shutil.copyfile",
        "shutil.copytree",
        "shutil.move",
        "shutil.rmtree",
        "glob.glob",
        "webbrowser.open",
    }
)
"""Audit events of anything but reading files, writing files in place and printing."""
_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def run_kept(argv: Sequence[str], main: Callable[[Sequence[str]], int]) -> int:
    """`main(argv)`'s exit status: replayed from a kept entry, or run and, on success, kept."""
    folder = _folder(argv)
    if folder is None:
        return main(argv)
    path = folder / f"{_key(argv)}.entry"
    entry = _read(path)
    if entry is not None and _replay(entry):
        return 0
    recording = Recording(folder.parent)
    try:
        status = recording.run(main, argv)
    finally:
        recording.stop()
    if status == 0:
        recording.keep(path)
    return status


def _folder(argv: Sequence[str]) -> Path | None:
    """Where entries live, or None when this command is not kept."""
    base = cache_dir()
    if base is None or os.environ.get("RACKBOM_REPLAY") == "off":
        return None
    if not argv or argv[0] not in REPLAYABLE:
        return None
    return base / "results"


def _key(argv: Sequence[str]) -> str:
    """A hash of everything but files a run's result can depend on."""
    given = (
        FORMAT,
        sys.executable,
        sys.version,
        tuple(sys.flags),
        tuple(sys.path),
        os.getcwd(),
        tuple(argv),
        tuple(sorted(os.environ.items())),
        tuple(_terminal(stream) for stream in (sys.stdout, sys.stderr)),
    )
    return hashlib.sha256(repr(given).encode("utf-8", "surrogateescape")).hexdigest()[:32]


def _terminal(stream: TextIO) -> tuple[int, int] | None:
    """The size of the terminal a stream writes to, or None where it writes elsewhere."""
    try:
        if not stream.isatty():
            return None
        size = os.get_terminal_size(stream.fileno())
    except (OSError, ValueError):  # a stream without a descriptor, or closed
        return None
    return size.columns, size.lines


def stat(path: str) -> Stat:
    """A file's stat as an entry keeps it."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino)


def _read(path: Path) -> Entry | None:
    """The entry kept at `path`, if it reads whole and every input is unchanged."""
    try:
        inputs, out, err, files = marshal.loads(path.read_bytes())
        fresh = all(stat(name) == (tuple(kept) if kept else None) for name, kept in inputs)
        written = tuple((str(name), bytes(data)) for name, data in files)
    except Exception:  # missing, unreadable or not an entry: run the command
        return None
    return (tuple(inputs), str(out), str(err), written) if fresh else None


def _replay(entry: Entry) -> bool:
    """Write the entry's files and print its text; False where the files cannot be written."""
    _, out, err, files = entry
    try:
        write_files([(name, _bytes_writer(data)) for name, data in files])
    except (OSError, InputError):  # the command, run, says what is wrong
        return False
    sys.stdout.write(out)
    sys.stderr.write(err)
    return True


def _bytes_writer(data: bytes) -> Callable[[Path], object]:
    return lambda tmp: tmp.write_bytes(data)


class Recording:
    """What one run reads, writes and prints, and whether it did anything else."""

    def __init__(self, cache: Path) -> None:
        self.cache = os.path.abspath(cache) + os.sep
        self.package = _package_folders()
        self.inputs: dict[str, Stat] = {}
        self.written: dict[str, None] = {}
        self.kept = True
        self.active = False
        self.streams = (sys.stdout, sys.stderr)
        self.out = Tee(sys.stdout, self)
        self.err = Tee(sys.stderr, self)

    def run(self, main: Callable[[Sequence[str]], int], argv: Sequence[str]) -> int:
        """`main(argv)`, its reads, writes and prints recorded."""
        sys.addaudithook(self.audit)
        sys.stdout, sys.stderr = cast(TextIO, self.out), cast(TextIO, self.err)
        self.active = True
        return main(argv)

    def stop(self) -> None:
        """Stop recording and give the streams back."""
        self.active = False
        sys.stdout, sys.stderr = self.streams

    def audit(self, event: str, args: tuple[object, ...]) -> None:
        """The audit hook: sort each event into reads, writes, or anything else."""
        if not self.active:
            return
        try:
            if event == "open":
                self._opened(args[0], args[1], args[2])
            elif event == "os.rename":
                self._moved(args[0], args[1])
            elif event in ("os.remove", "os.chmod"):
                self.kept &= _name(args[0]) in self.written
            elif event in ("os.listdir", "os.scandir"):
                self._listed(args[0])
            elif event in _SIDE_EFFECTS:
                self.kept = False
        except Exception:  # an event not understood: the run is not kept
            self.kept = False

    def _opened(self, file: object, mode: object, flags: object) -> None:
        if isinstance(file, int):  # a descriptor already opened, and recorded then
            return
        name = _name(file)
        if isinstance(mode, str):
            writes = any(c in mode for c in "wax+")
        else:  # os.open's flags
            writes = not isinstance(flags, int) or bool(flags & _WRITING)
        if writes:
            self.written[name] = None
        elif name not in self.written and name not in self.inputs:
            source = _source_of(name)
            self.inputs[source] = stat(source)

    def _moved(self, source: object, target: object) -> None:
        name = _name(source)
        self.kept &= name in self.written
        self.written.pop(name, None)
        self.written[_name(target)] = None

    def _listed(self, folder: object) -> None:
        name = _name("." if folder is None else folder)
        if os.path.realpath(name).startswith(self.package):
            self.inputs.setdefault(name, stat(name))

    def keep(self, path: Path) -> None:
        """Store the run as an entry at `path`, if it may be replayed."""
        if not (self.kept and self.out.whole and self.err.whole):
            return
        for module in list(sys.modules.values()):
            file = getattr(module, "__file__", None)
            if isinstance(file, str):
                self.inputs.setdefault(_name(file), stat(_name(file)))
        outputs = [name for name in self.written if not name.startswith(self.cache)]
        files = tuple((name, Path(name).read_bytes()) for name in outputs)
        out, err = self.out.text(), self.err.text()
        if len(out) + len(err) + sum(len(data) for _, data in files) > OUTPUT_MAX:
            return
        entry = (tuple(self.inputs.items()), out, err, files)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_files([(path, _bytes_writer(marshal.dumps(entry)))])
            prune(path.parent, ENTRIES_MAX)
        except (OSError, InputError):  # a folder that cannot be written: nothing kept
            pass


class Tee(io.TextIOBase):
    """A text stream that passes everything on and keeps a copy."""

    def __init__(self, stream: TextIO, recording: Recording) -> None:
        self.stream = stream
        self.recording = recording
        self.parts: list[str] = []
        self.whole = True

    def write(self, text: str) -> int:
        try:
            written = self.stream.write(text)
        except BaseException:
            self.whole = False
            raise
        self.parts.append(text)
        return written

    def text(self) -> str:
        """Everything written."""
        return "".join(self.parts)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def buffer(self) -> BinaryIO:
        """The binary stream under: what is written there is not kept, nor is the run."""
        self.recording.kept = False
        return self.stream.buffer


def prune(folder: Path, most: int) -> None:
    """Remove the oldest entries past the `most` newest."""
    entries = []
    for item in os.scandir(folder):
        if item.name.endswith(".entry"):
            with suppress(OSError):  # removed meanwhile
                entries.append((item.stat().st_mtime_ns, item.path))
    for _, name in sorted(entries, reverse=True)[most:]:
        Path(name).unlink(missing_ok=True)


def _name(file: object) -> str:
    """A path as an absolute name."""
    if not isinstance(file, str | bytes | os.PathLike):
        raise TypeError(f"not a path: {file!r}")
    return os.path.abspath(os.fsdecode(file))


def _source_of(name: str) -> str:
    """A module's source for its bytecode file (`__pycache__/m.cpython-311.pyc` -> `m.py`):
    the bytecode follows the source, so the source is the input."""
    folder, file = os.path.split(name)
    if not file.endswith(".pyc") or os.path.basename(folder) != "__pycache__":
        return name
    return os.path.join(os.path.dirname(folder), file.split(".", 1)[0] + ".py")


def _package_folders() -> tuple[str, ...]:
    """The package's folder and its layers' (linked from it in a checkout), each with a trailing
    separator."""
    package = os.path.dirname(os.path.abspath(__file__))
    folders = {os.path.realpath(package)}
    for item in os.scandir(package):
        if item.is_symlink() and item.is_dir():
            folders.add(os.path.realpath(item.path))
    return tuple(folder + os.sep for folder in sorted(folders))
