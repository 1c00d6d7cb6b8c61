"""`knobs extension list` asks the running Shell over D-Bus and must survive what answers:
fields of the wrong types read as missing, NaN and huge state numbers as unknown, a 100,000-
character error with terminal escapes is cut and escaped, a reply of another shape or a
Shell that never answers, or ends itself mid-call, falls back to the settings' lists within the
timeout (3 s); one that leaves the bus and takes its name back several times at once is heard.
The Shell is a stand-in of ours (fake_shell.py) on a private session bus. Needs KNOBS_BIN."""

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from test_cli import home, knobs  # noqa: F401 (home is a fixture)

HERE = Path(__file__).parent


@pytest.fixture
def bus():
    started = subprocess.run(["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
                             capture_output=True, text=True, check=True).stdout.split()
    address, pid = started[0], int(started[1])
    yield address
    os.kill(pid, signal.SIGKILL)


def fake_shell(address, mode, flaps=0):
    process = subprocess.Popen(["/usr/bin/python3", str(HERE / "fake_shell.py"), mode],
                               env={**os.environ, "DBUS_SESSION_BUS_ADDRESS": address, "FAKE_SHELL_FLAP": str(flaps)},
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "ready"
    return process


def install(home, *uuids):
    for uuid in uuids:
        folder = home.parent / "data" / "gnome-shell" / "extensions" / uuid
        folder.mkdir(parents=True)
        (folder / "metadata.json").write_text(json.dumps({"uuid": uuid, "name": uuid.split("@")[0], "shell-version": ["43"]}))


def listed(home, address):
    started = time.monotonic()
    result = knobs(home, "extension", "list", "--json", env={"DBUS_SESSION_BUS_ADDRESS": address})
    assert result.returncode == 0, result
    return {item["uuid"]: item for item in json.loads(result.stdout)}, time.monotonic() - started


def test_hostile_answers_are_read_as_missing_cut_and_escaped(home, bus):
    install(home, "tidy@example.org", "nan@example.org", "big@example.org")
    shell = fake_shell(bus, "hostile")
    try:
        found, _ = listed(home, bus)
    finally:
        shell.kill()
        shell.wait()
    assert set(found) == {"tidy@example.org", "nan@example.org", "big@example.org"}, "a ghost is not listed"
    tidy = found["tidy@example.org"]
    assert tidy["state-from"] == "shell" and tidy["state"] == "unknown" and tidy["has-prefs"] is False, tidy
    assert "error" not in tidy
    assert found["nan@example.org"]["state"] == "unknown" and found["big@example.org"]["state"] == "unknown"
    error = found["nan@example.org"]["error"]
    assert len(error) <= 501, len(error)
    text = knobs(home, "extension", "list", env={"DBUS_SESSION_BUS_ADDRESS": bus})
    assert b"\x1b" not in text.stdout


def test_a_shell_that_flaps_its_name_is_heard(home, bus):
    install(home, "tidy@example.org")
    shell = fake_shell(bus, "hostile", flaps=3)
    try:
        found, _ = listed(home, bus)
    finally:
        shell.kill()
        shell.wait()
    assert found["tidy@example.org"]["state-from"] == "shell", found


@pytest.mark.parametrize("mode", ["silent", "wrong-shape", "vanish"])
def test_a_shell_that_does_not_answer_well_falls_back_to_the_lists(home, bus, mode):
    install(home, "tidy@example.org")
    shell = fake_shell(bus, mode)
    try:
        found, took = listed(home, bus)
    finally:
        shell.kill()
        shell.wait()
    tidy = found["tidy@example.org"]
    assert tidy["state"] == "disabled", tidy
    if mode in ("silent", "vanish"):
        assert tidy["state-from"] == "lists" and took < 6, took
    if mode == "vanish":
        assert shell.returncode == 0, "it ended itself at the call, unanswered"


def test_a_writing_command_holds_the_writers_lock_until_it_ends(home, bus):
    """A command that may write settings holds history.jsonl.writers (shared) from its start to
    its end, so that an open window waits for its history entry. Here `extension enable` waits for
    a Shell that never answers (3 s) while the lock is tried; a command that writes nothing holds
    nothing."""
    import fcntl

    install(home, "tidy@example.org")
    shell = fake_shell(bus, "silent")
    writers = home.parent / ".local" / "state" / "knobs" / "history.jsonl.writers"
    environment = {
        "PATH": os.environ["PATH"], "HOME": str(home.parent), "XDG_CONFIG_HOME": str(home),
        "XDG_DATA_HOME": str(home.parent / "data"), "GSETTINGS_BACKEND": "memory",
        "GSETTINGS_SCHEMA_DIR": os.environ["KNOBS_SCHEMA_DIR"], "LANG": "C.UTF-8", "DBUS_SESSION_BUS_ADDRESS": bus}

    def held():
        with open(writers, "a") as probe:
            try:
                fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            fcntl.flock(probe, fcntl.LOCK_UN)
            return False

    try:
        command = subprocess.Popen([os.environ["KNOBS_BIN"], "extension", "enable", "tidy@example.org"],
                                   env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 2
        while not writers.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert writers.exists(), "the command made its lock file"
        time.sleep(0.5)
        assert command.poll() is None, "still waiting for the Shell"
        assert held(), "held while the command runs"
        command.communicate(timeout=20)
        assert not held(), "let go when it ended"
        listing = subprocess.Popen([os.environ["KNOBS_BIN"], "list", "--json"], env=environment,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.05)
        assert not held(), "a command that writes nothing holds nothing"
        listing.wait(timeout=20)
    finally:
        shell.kill()
        shell.wait()


# Issue 47: a deep link of any length, from any program on the session bus, never holds the window.

APP = "dev.knobs.Knobs"
APP_PATH = "/dev/knobs/Knobs"
PROVIDER_PATH = "/dev/knobs/Knobs/SearchProvider"


@pytest.fixture
def screen():
    """A display of our own (Xvfb), for a real window."""
    read, write = os.pipe()
    process = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                               pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            break
        number += chunk
    os.close(read)
    yield ":" + number.decode().strip()
    process.kill()
    process.wait()


def gdbus(desk, path, method, *arguments, timeout=30):
    return desk.command("gdbus", "call", "--session", "--dest", APP, "--object-path", path, "--timeout", "25",
                        "--method", method, *arguments, timeout=timeout)


def answer_time(desk):
    """How long the window takes to answer a search of the Shell: what it still had to do, and the search."""
    started = time.monotonic()
    done = gdbus(desk, PROVIDER_PATH, "org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['font']")
    assert done.returncode == 0, done
    return time.monotonic() - started


def test_a_long_deep_link_never_holds_the_running_window(tmp_path, screen):
    """A 3,000-character path through the Shell's ActivateResult, `app.open-row` (ActivateAction),
    `Open` and `knobs --open` held the window's main loop 4.4–21 s while "did you mean" was worked
    out. A path over 1,024 bytes is refused at once; one under it is looked up in bounded time."""
    from sealed import Desk

    desk = Desk(tmp_path)
    desk.env.update({"DISPLAY": screen, "GSK_RENDERER": "cairo", "GTK_A11Y": "none", "NO_AT_BRIDGE": "1"})
    window = desk.spawn()
    try:
        deadline = time.monotonic() + 60
        while gdbus(desk, PROVIDER_PATH, "org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['font']").returncode:
            assert window.poll() is None and time.monotonic() < deadline, window.communicate(timeout=5)
            time.sleep(0.2)
        answer_time(desk)
        long = ("desktop/fonts/" * 300)[:3000]
        under = ("desktop/fonts/" * 80)[:1000]
        ways = {
            "ActivateResult": lambda path: gdbus(desk, PROVIDER_PATH, "org.gnome.Shell.SearchProvider2.ActivateResult",
                                                 f"'{path}'", "[]", "0"),
            "app.open-row": lambda path: gdbus(desk, APP_PATH, "org.freedesktop.Application.ActivateAction",
                                               "open-row", f"[<'{path}'>]", "{}"),
            "Open": lambda path: gdbus(desk, APP_PATH, "org.freedesktop.Application.Open",
                                       f"['file:///{path}']", "{}"),
        }
        took = {}
        for name, send in ways.items():
            for path in (long, under):
                started = time.monotonic()
                sent = send(path)
                assert sent.returncode == 0, (name, sent.stderr)
                took[name, len(path)] = time.monotonic() - started + answer_time(desk)
        started = time.monotonic()
        handed = desk.knobs("--open", long, timeout=60)
        assert handed.returncode == 2 and "bytes long" in handed.stderr, handed
        took["--open", len(long)] = time.monotonic() - started + answer_time(desk)
        print({f"{name} {length}": f"{seconds * 1000:.0f} ms" for (name, length), seconds in took.items()})
        # The goal is 100 ms; debug builds on a loaded machine get room, the old code took seconds.
        slow = {key: seconds for key, seconds in took.items() if seconds > 1.0}
        assert not slow, slow
        assert window.poll() is None, "the window still runs"
    finally:
        window.terminate()
        try:
            window.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            window.kill()
        desk.stop()
