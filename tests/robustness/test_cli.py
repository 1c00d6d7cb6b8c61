"""The built knobs on people's real files and keys, from the command line: a write changes only
what it means to, says it succeeded only when the value is stored, never traps on a number,
and never loses another program's change. Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import os
import random
import shutil
import stat
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "ini-corpus"
PANELS = HERE / "panels"
KNOBS = os.environ.get("KNOBS_BIN", "")
SCHEMAS = os.environ.get("KNOBS_SCHEMA_DIR", "")


@pytest.fixture
def home(tmp_path):
    """A config folder holding a notification daemon's and a terminal's files from the corpus."""
    config = tmp_path / "config"
    (config / "notifyd").mkdir(parents=True)
    (config / "term").mkdir(parents=True)
    shutil.copy(CORPUS / "notification-spaced-quoted.ini", config / "notifyd" / "notifyd.ini")
    shutil.copy(CORPUS / "terminal-toplevel-keys.ini", config / "term" / "term.ini")
    return config


def knobs(config, *arguments, env=None, timeout=30):
    environment = {
        "PATH": os.environ["PATH"], "HOME": str(config.parent), "XDG_CONFIG_HOME": str(config),
        "XDG_DATA_HOME": str(config.parent / "data"), "GSETTINGS_BACKEND": "memory",
        "GSETTINGS_SCHEMA_DIR": SCHEMAS, "LANG": "C.UTF-8",
    }
    environment.update(env or {})
    environment = {name: value for name, value in environment.items() if value is not None}
    return subprocess.run([KNOBS, *arguments], env=environment, capture_output=True, timeout=timeout)


def notifyd(config, *arguments, **options):
    return knobs(config, "--panel", str(PANELS / "notifications.yaml"), *arguments, **options)


def changed_lines(before, after):
    old, new = before.split(b"\n"), after.split(b"\n")
    assert len(old) == len(new), (before, after)
    return [(a, b) for a, b in zip(old, new) if a != b]


def test_binary_is_there():
    assert KNOBS and os.access(KNOBS, os.X_OK), "KNOBS_BIN must name the built knobs"


def test_a_set_on_a_spaced_quoted_file_changes_one_line_and_keeps_its_mode(home):
    path = home / "notifyd" / "notifyd.ini"
    path.chmod(0o640)
    before = path.read_bytes()
    result = notifyd(home, "set", "display/width", "420")
    assert result.returncode == 0, result
    assert changed_lines(before, path.read_bytes()) == [(b"    width = 300", b"    width = 420")]
    result = notifyd(home, "set", "display/frame-color", "#00ff00")
    assert result.returncode == 0, result
    assert b'    frame_color = "#00ff00"\n' in path.read_bytes(), "written back in quotes"
    assert notifyd(home, "get", "display/frame-color").stdout == b"#00ff00\n", "read without quotes"
    result = notifyd(home, "set", "display/sort", "off")
    assert b"    sort = no\n" in path.read_bytes(), "yes/no as the file writes them"
    result = notifyd(home, "set", "normal/timeout", "15")
    assert b"    timeout = 15 ; seconds\n" in path.read_bytes(), "the comment after the value kept"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_read_only_file_is_refused_and_left_alone(home):
    path = home / "notifyd" / "notifyd.ini"
    path.chmod(0o444)
    before = path.read_bytes()
    result = notifyd(home, "set", "display/width", "420")
    assert result.returncode == 1, result
    assert b"read-only" in result.stderr, result.stderr
    assert path.read_bytes() == before
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


@pytest.mark.parametrize("kind", ["fifo", "too-large", "folder"])
def test_a_file_that_cant_be_read_fails_the_write(home, kind):
    path = home / "notifyd" / "notifyd.ini"
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "too-large":
        path.write_bytes(b"#" * (1024 * 1024 + 1))
    else:
        path.mkdir()
    result = notifyd(home, "set", "display/width", "420", timeout=10)
    assert result.returncode == 1, result
    assert b"can't be read" in result.stderr, result.stderr
    listed = notifyd(home, "list", timeout=10)
    assert listed.returncode == 0 and b"can't be read" in listed.stderr, listed
    if kind == "too-large":
        assert path.stat().st_size == 1024 * 1024 + 1


def test_keys_before_the_first_group_are_read_and_written(home):
    path = home / "term" / "term.ini"
    before = path.read_bytes()
    terminal = ["--panel", str(PANELS / "terminal.yaml")]
    assert knobs(home, *terminal, "get", "main/shell").stdout == b"/bin/bash\n"
    result = knobs(home, *terminal, "set", "main/shell", "/bin/zsh")
    assert result.returncode == 0, result
    assert changed_lines(before, path.read_bytes()) == [(b"shell=/bin/bash", b"shell=/bin/zsh")]


@pytest.mark.parametrize(
    "text, status, stored",
    [
        ("9223372036854775807", 0, b"9223372036854775807"),
        ("9223372036854775808", 2, None),
        ("18446744073709551616", 2, None),
        ("-1", 2, None),
        ("1e3", 0, b"1000"),
        ("2.5", 2, None),
        ("1e400", 2, None),
    ],
)
def test_integers_at_the_edges(home, text, status, stored):
    path = home / "notifyd" / "notifyd.ini"
    before = path.read_bytes()
    result = notifyd(home, "set", "display/limit", text)
    assert result.returncode == status, result
    assert b"Fatal error" not in result.stderr
    if stored is None:
        assert path.read_bytes() == before
    else:
        assert b"    notification_limit = " + stored + b"\n" in path.read_bytes()


def test_integers_written_by_another_program_never_trap(home):
    path = home / "notifyd" / "notifyd.ini"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("notification_limit = 20", "notification_limit = 9223372036854775807")
                    .replace("width = 300", "width = -9223372036854775808"), encoding="utf-8")
    listed = notifyd(home, "list")
    assert listed.returncode == 0, listed
    assert b"9223372036854775807" in listed.stdout and b"-9223372036854775808" in listed.stdout, listed.stdout
    assert notifyd(home, "get", "display/limit").stdout == b"9223372036854775807\n"


def test_control_characters_from_a_file_are_escaped_in_the_listing(home):
    path = home / "notifyd" / "notifyd.ini"
    path.write_bytes(path.read_bytes().replace(b"font = Sans 10", b"font = Sans\x1b[31m\x07 10"))
    listed = notifyd(home, "list")
    assert listed.returncode == 0, listed
    assert b"\x1b" not in listed.stdout and b"\x07" not in listed.stdout, listed.stdout
    assert b"Sans\\u{1b}[31m\\u{7} 10" in listed.stdout, listed.stdout


def test_a_gvariant_text_row_of_an_ini_file_is_typed(home, tmp_path):
    panel = tmp_path / "geometry.yaml"
    panel.write_text(
        "id: org.example.Geometry\nname: Geometry\nini-file: geo/geo.ini\nsections:\n  - id: window\n    rows:\n"
        "      - kind: text\n        id: position\n        title: Position\n"
        "        setting: {ini: window/position, default: \"(0, 0)\"}\n        gvariant-type: (ii)\n")
    assert knobs(home, "--panel", str(panel), "set", "window/position", "(3, 4)").returncode == 0
    assert (home / "geo" / "geo.ini").read_text() == "[window]\nposition=(3, 4)\n"
    refused = knobs(home, "--panel", str(panel), "set", "window/position", "(3)")
    assert refused.returncode == 2, refused
    assert (home / "geo" / "geo.ini").read_text() == "[window]\nposition=(3, 4)\n"
    for broken, message in [("gvariant-type: (ii)", b"gvariant-type: (i"), ('"(0, 0)"', b'"(0, x)"')]:
        panel.write_bytes(panel.read_bytes().replace(broken.encode(), message))
        checked = knobs(home, "--check-panel", str(panel))
        assert checked.returncode == 2, checked
        assert checked.stdout.count(b"\n") + checked.stderr.count(b"\n") >= 1, checked
        panel.write_bytes(panel.read_bytes().replace(message, broken.encode()))


def test_dconf_without_a_session_bus_fails_the_write(home):
    unset = {"DBUS_SESSION_BUS_ADDRESS": None, "DISPLAY": None, "XDG_RUNTIME_DIR": str(home)}
    result = knobs(home, "set", "clock/show-seconds", "on", env={"GSETTINGS_BACKEND": "dconf", **unset})
    assert result.returncode == 1, result
    assert b"dconf can't be reached" in result.stderr, result.stderr
    assert b"dconf-WARNING" not in result.stderr
    reset = knobs(home, "reset", "clock/show-seconds", env={"GSETTINGS_BACKEND": "dconf", **unset})
    assert reset.returncode == 1, reset


def test_dconf_with_a_session_bus_stores_the_value(home):
    script = (
        f"{KNOBS} set clock/show-seconds on && gsettings get org.gnome.desktop.interface clock-show-seconds"
        f" && {KNOBS} reset clock/show-seconds && gsettings get org.gnome.desktop.interface clock-show-seconds")
    environment = {
        "PATH": os.environ["PATH"], "HOME": str(home.parent), "XDG_CONFIG_HOME": str(home),
        "GSETTINGS_BACKEND": "dconf", "GSETTINGS_SCHEMA_DIR": SCHEMAS, "LANG": "C.UTF-8"}
    result = subprocess.run(["dbus-run-session", "--", "bash", "-c", script], env=environment,
                            capture_output=True, timeout=60)
    assert result.returncode == 0, result
    assert result.stdout == b"true\nfalse\n", result


class OtherProgram(threading.Thread):
    """Keeps a counter of its own in the file, rewriting the whole file in place or replacing it."""

    def __init__(self, path, atomic):
        super().__init__(daemon=True)
        self.path, self.atomic = path, atomic
        self.running, self.writes, self.lost, self.cut = True, 0, 0, 0

    def run(self):
        while self.running:
            text = self.path.read_text(encoding="utf-8", errors="surrogateescape")
            marker = text.find("\n    knobs_counter = ")
            if not text.startswith("# Notification daemon configuration.") or marker < 0:
                self.cut += 1
                time.sleep(0.002)
                continue
            start = marker + len("\n    knobs_counter = ")
            end = text.index("\n", start)
            if int(text[start:end]) != self.writes:
                self.lost += 1
            self.writes += 1
            updated = text[:start] + str(self.writes) + text[end:]
            if self.atomic:
                temporary = self.path.with_name(".other-program")
                temporary.write_text(updated, encoding="utf-8", errors="surrogateescape")
                os.rename(temporary, self.path)
            else:
                with open(self.path, "r+", encoding="utf-8", errors="surrogateescape") as file:
                    file.truncate(0)
                    time.sleep(0.0005)
                    file.write(updated)
            time.sleep(random.uniform(0.02, 0.06))


@pytest.mark.parametrize("atomic", [False, True])
def test_another_program_writing_at_the_same_time_loses_nothing(home, atomic):
    path = home / "notifyd" / "notifyd.ini"
    path.write_bytes(path.read_bytes().replace(b"[global]\n", b"[global]\n    knobs_counter = 0\n"))
    other = OtherProgram(path, atomic)
    other.start()
    failures = []
    for width in range(100, 160):
        result = notifyd(home, "set", "display/width", str(width))
        if result.returncode != 0:
            failures.append(result)
    other.running = False
    other.join()
    assert failures == [], failures
    assert other.lost == 0, f"{other.lost} of the other program's {other.writes} changes were undone"
    assert other.cut == 0, "the other program found the file cut short"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Notification daemon configuration.\n")
    assert f"    knobs_counter = {other.writes}\n" in text
    assert "[urgency_critical]" in text and "frame_color = \"#ff0000\"" in text


@pytest.mark.parametrize(
    "path, text, status, stored",
    [
        ("schema/org.gnome.desktop.peripherals.keyboard/delay", "-1000", 2, None),
        ("schema/org.gnome.desktop.peripherals.keyboard/delay", "-1", 2, None),
        ("schema/org.gnome.desktop.peripherals.keyboard/delay", "4294967295", 0, "uint32 4294967295"),
        ("schema/org.gnome.desktop.peripherals.keyboard/delay", "4294967296", 2, None),
        ("schema/org.gnome.desktop.interface/cursor-size", "2147484000", 2, None),
        ("schema/org.gnome.desktop.interface/cursor-size", "2147483647", 0, "2147483647"),
        ("schema/org.gnome.desktop.interface/cursor-size", "-2147483649", 2, None),
        ("schema/org.gnome.desktop.interface/text-scaling-factor", "1e15", 2, None),
        ("schema/org.gnome.desktop.interface/text-scaling-factor", "2.5e0", 0, "2.5"),
    ],
)
def test_schema_keys_at_their_bounds(home, path, text, status, stored):
    """The keyfile backend keeps values without a session bus; `gsettings` reads them back."""
    env = {"GSETTINGS_BACKEND": "keyfile"}
    result = knobs(home, "set", path, text, env=env)
    assert result.returncode == status, result
    schema, key = path.split("/")[1:]
    environment = {"PATH": os.environ["PATH"], "XDG_CONFIG_HOME": str(home), "GSETTINGS_BACKEND": "keyfile",
                   "GSETTINGS_SCHEMA_DIR": SCHEMAS}
    read = subprocess.run(["gsettings", "get", schema, key], env=environment, capture_output=True, text=True)
    keyfile = home / "glib-2.0" / "settings" / "keyfile"
    if stored is None:
        assert not keyfile.exists() or key not in keyfile.read_text(), keyfile.read_text()
    else:
        assert read.stdout.strip() == stored, read
