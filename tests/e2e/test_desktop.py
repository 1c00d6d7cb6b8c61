"""Knobs at home on the desktop, over the session's real D-Bus: started by D-Bus
activation (the desktop entry says DBusActivatable=true), its desktop actions,
and the Shell's search provider, which answers without opening a window."""

import os
import shutil
import subprocess
import time
from pathlib import Path

from gi.repository import Gio, GLib

from harness.driver import wait_for
from harness.scenario import scenario
from harness.session import PROBLEM_LINE, REPO, knobs_binary

APP_ID = "dev.knobs.Knobs"
APP_PATH = "/dev/knobs/Knobs"
PROVIDER_PATH = "/dev/knobs/Knobs/SearchProvider"
PROVIDER = "org.gnome.Shell.SearchProvider2"


def install_service(session, language=None):
    """The service file meson installs, pointing at the binary under test (through a script
    that keeps its stderr, and sets `language` as LANG and LC_ALL when given), in the session's
    XDG_DATA_HOME, which the bus reads; the desktop entry beside it. Returns the file the
    service's stderr goes to."""
    data = session.data_home()
    stderr = session.root / "service-stderr.txt"
    stderr.touch()
    script = session.root / "knobs-service"
    locale = f"LANG={language} LC_ALL={language} " if language else ""
    script.write_text(f'#!/bin/sh\nexec env {locale}"{knobs_binary()}" "$@" 2>>"{stderr}"\n')
    script.chmod(0o755)
    services = data / "dbus-1" / "services"
    services.mkdir(parents=True, exist_ok=True)
    (services / f"{APP_ID}.service").write_text(
        f"[D-BUS Service]\nName={APP_ID}\nExec={script} --gapplication-service\n")
    applications = data / "applications"
    applications.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "data" / f"{APP_ID}.desktop", applications)
    bus().call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ReloadConfig",
                    None, None, Gio.DBusCallFlags.NONE, 5000, None)
    return stderr


_bus = None


def bus():
    global _bus
    if _bus is None:
        _bus = Gio.DBusConnection.new_for_address_sync(
            os.environ["DBUS_SESSION_BUS_ADDRESS"],
            Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION)
    return _bus


def call(path, interface, method, signature=None, *arguments, reply=None, timeout=10000):
    parameters = GLib.Variant(signature, arguments) if signature else None
    result = bus().call_sync(APP_ID, path, interface, method, parameters,
                             GLib.VariantType(reply) if reply else None, Gio.DBusCallFlags.NONE, timeout, None)
    return result.unpack() if result else None


def search(*terms):
    return call(PROVIDER_PATH, PROVIDER, "GetInitialResultSet", "(as)", list(terms), reply="(as)")[0]


def metas(*ids):
    return {meta["id"]: meta for meta in call(PROVIDER_PATH, PROVIDER, "GetResultMetas", "(as)", list(ids),
                                               reply="(aa{sv})")[0]}


def service_pid():
    return call_bus("GetConnectionUnixProcessID", APP_ID)


def call_bus(method, *arguments):
    signature = "(" + "s" * len(arguments) + ")"
    return bus().call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method,
                           GLib.Variant(signature, arguments), None, Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]


def has_owner():
    return call_bus("NameHasOwner", APP_ID)


def knobs_windows(session):
    found = session.command("xdotool", "search", "--onlyvisible", "--name", "^Knobs$")
    return found.stdout.split()


def resident_kb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def check_service_stderr(stderr):
    problems = [line for line in stderr.read_text().splitlines() if PROBLEM_LINE.search(line)]
    assert not problems, "the D-Bus-started Knobs warned:\n" + "\n".join(problems)


def launcher(session, *command):
    """Runs a launcher in the session with `knobs` on its PATH: GIO skips an entry whose Exec it can't find."""
    folder = session.root / "bin"
    folder.mkdir(exist_ok=True)
    if not (folder / "knobs").exists():
        (folder / "knobs").symlink_to(knobs_binary())
    return subprocess.run(list(command), env={**session.env, "PATH": f"{folder}:{session.env['PATH']}"},
                          capture_output=True, text=True, timeout=30)


def focused_main_row(driver, title):
    return any(row.focused and not row.description.startswith("In ")
               for row in driver.window().find_all("list item", title))


@scenario()
def test_dbus_activation_and_the_desktop_actions_open_their_pages(session, driver):
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = session.env["DBUS_SESSION_BUS_ADDRESS"]
    stderr = install_service(session)
    assert not has_owner()
    # ActivateAction over D-Bus starts Knobs (as the Shell does for the entry's actions).
    call(APP_PATH, "org.freedesktop.Application", "ActivateAction", "(sava{sv})", "fonts", [], {})
    wait_for("the Fonts page opened, its first row focused", lambda: focused_main_row(driver, "Interface Text"),
             timeout=15)
    pid = service_pid()
    # A desktop action as GIO launches it (the Shell's right-click menu): into the running window.
    entry = session.data_home() / "applications" / f"{APP_ID}.desktop"
    launched = launcher(session, "/usr/bin/python3", "-c", f"""
import time
from gi.repository import Gio
Gio.DesktopAppInfo.new_from_filename({str(entry)!r}).launch_action("top-bar", None)
time.sleep(1)
""")
    assert launched.returncode == 0, launched.stderr
    wait_for("the Top Bar page opened", lambda: focused_main_row(driver, "Activities Overview Hot Corner"))
    call(APP_PATH, "org.freedesktop.Application", "ActivateAction", "(sava{sv})", "recent-changes", [], {})
    wait_for("Recent Changes opened", lambda: driver.label_starting("Every change made with Knobs"))
    # Activate and Open bring the window back; gio launch of the entry goes over D-Bus too.
    call(APP_PATH, "org.freedesktop.Application", "Activate", "(a{sv})", {})
    call(APP_PATH, "org.freedesktop.Application", "Open", "(asa{sv})", ["file:///nonexistent"], {})
    launched = launcher(session, "gio", "launch", str(entry))
    assert launched.returncode == 0, launched.stderr
    # gtk4-launch finds the entry by its id in the user's applications folder, and launches it over D-Bus.
    launched = launcher(session, "gtk4-launch", APP_ID)
    assert launched.returncode == 0, launched.stderr
    time.sleep(0.5)
    assert service_pid() == pid, "one Knobs answered everything"
    assert len(knobs_windows(session)) == 1, knobs_windows(session)
    driver.press("Control_L", "q")
    wait_for("Knobs quit", lambda: not has_owner(), timeout=10)
    check_service_stderr(stderr)


@scenario(timeout=120)
def test_the_search_provider_answers_without_a_window_and_exits_when_idle(session, driver):
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = session.env["DBUS_SESSION_BUS_ADDRESS"]
    stderr = install_service(session)
    started = time.monotonic()
    found = search("dark")  # starts Knobs
    first_answer = time.monotonic() - started
    print(f"D-Bus activation to the first answer: {first_answer * 1000:.0f} ms ({Path(knobs_binary()).parent.name} build)")
    assert "desktop/appearance/style/dark-style" in found, found
    assert len(found) <= 20
    assert "desktop/top-bar/clock/show-seconds" in search("show", "seconds")
    assert "desktop/top-bar/clock/show-seconds" in search("seconsd"), "close matches, as in the window"
    assert "desktop/fonts/rendering/text-size" in search("text", "size")
    # A schema's page (All Settings).
    magnifier = search("magnifier", "invert", "lightness")
    assert any(path.endswith("org-gnome-desktop-a11y-magnifier/keys-cross-hairs/invert-lightness")
               for path in magnifier), magnifier
    subsearch = call(PROVIDER_PATH, PROVIDER, "GetSubsearchResultSet", "(asas)", found, ["dark", "style"],
                     reply="(as)")[0]
    assert subsearch[0] == "desktop/appearance/style/dark-style", subsearch

    found_metas = metas("desktop/appearance/style/dark-style", "desktop/top-bar/clock/show-seconds", "no/such/row")
    assert set(found_metas) == {"desktop/appearance/style/dark-style", "desktop/top-bar/clock/show-seconds"}
    dark = found_metas["desktop/appearance/style/dark-style"]
    assert dark["name"] == "Dark Style" and dark["description"] == "Appearance › Style — off", dark
    assert dark["gicon"] == APP_ID, dark
    assert found_metas["desktop/top-bar/clock/show-seconds"]["description"] == "Top Bar › Clock — off"

    # Hostile terms: bounded answers, at once.
    for terms in [["x" * 100_000], ["\u202edark\u202c", "\u200f"], ["\x01\x1b[31m"], ["a"] * 5000,
                  ["ש" * 50_000, "dark"], [""], []]:
        started = time.monotonic()
        answer = search(*terms)
        assert len(answer) <= 20 and time.monotonic() - started < 2, (terms[:1], answer)
    # Bytes that are not UTF-8 never reach Knobs: GLib reads an untrusted string that is not
    # UTF-8 as "", and GDBus refuses a message with one on receipt.
    bytes_ = GLib.Variant("(as)", (["daXrk"],)).get_data_as_bytes().get_data().replace(b"X", b"\xff")
    untrusted = GLib.Variant.new_from_bytes(GLib.VariantType("(as)"), GLib.Bytes.new(bytes_), False)
    answer = bus().call_sync(APP_ID, PROVIDER_PATH, PROVIDER, "GetInitialResultSet", untrusted,
                             GLib.VariantType("(as)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    assert answer == [], answer
    message = Gio.DBusMessage.new_method_call(APP_ID, PROVIDER_PATH, PROVIDER, "GetInitialResultSet")
    message.set_body(GLib.Variant("(as)", (["daXrk"],)))
    blob = message.to_blob(Gio.DBusCapabilityFlags.NONE).replace(b"daXrk", b"da\xffrk")
    try:
        Gio.DBusMessage.new_from_blob(blob, Gio.DBusCapabilityFlags.NONE)
        raise AssertionError("GDBus read a message with a string that is not UTF-8")
    except GLib.Error as error:
        assert "UTF-8" in error.message, error.message
    # A flood does not grow memory.
    pid = service_pid()
    flood = [("dark", "style"), ("show", "seconds"), ("text", "size"), ("magnifier",)]
    for index in range(50):
        search(*flood[index % len(flood)])
    before = resident_kb(pid)
    # Mostly exact words (about 40 ms each in a debug build), every tenth a new mistyped
    # one that needs close matches (about 90 ms).
    for index in range(300):
        search(*(flood[index % len(flood)] if index % 10 else (f"dark{index}", "x" * index)))
        metas("desktop/appearance/style/dark-style", f"no/row-{index}")
    grown = resident_kb(pid) - before
    print(f"300 searches and metas grew the resident memory by {grown} kB")
    assert grown < 4096, f"{grown} kB"
    assert not knobs_windows(session), "searching opens no window"

    # Idle, the service ends by itself: GApplication's inactivity timeout (10 s).
    wait_for("the service exited when idle", lambda: not has_owner(), timeout=25)
    assert not knobs_windows(session)
    check_service_stderr(stderr)


@scenario()
def test_activating_a_result_focuses_its_row_and_launch_search_shows_results(session, driver):
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = session.env["DBUS_SESSION_BUS_ADDRESS"]
    stderr = install_service(session)
    call(PROVIDER_PATH, PROVIDER, "ActivateResult", "(sasu)", "desktop/top-bar/clock/show-seconds", ["seconds"], 0)
    wait_for("Show Seconds has the focus", lambda: focused_main_row(driver, "Show Seconds"), timeout=15)
    call(PROVIDER_PATH, PROVIDER, "ActivateResult", "(sasu)", "desktop/no/such-row", ["x"], 0)
    wait_for("the window says the row is gone",
             lambda: any("There is no setting at “desktop/no/such-row”" in text for text in driver.alert_texts()))
    call(PROVIDER_PATH, PROVIDER, "LaunchSearch", "(asu)", ["dark", "style"], 0)
    wait_for("the window searches for dark style",
             lambda: ("Dark Style", "In Appearance › Style") in [
                 (row.name, row.description) for row in driver.window().find_all("list item")])
    check_service_stderr(stderr)


@scenario(timeout=90)
def test_the_search_provider_answers_in_the_users_language_and_in_english(session, driver):
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = session.env["DBUS_SESSION_BUS_ADDRESS"]
    stderr = install_service(session, language="de_DE.UTF-8")
    dark = "desktop/appearance/style/dark-style"
    seconds = "desktop/top-bar/clock/show-seconds"
    assert dark in search("dunkler", "stil"), "German words"
    assert seconds in search("sekunden"), "a German word of a row on another page"
    assert seconds in search("sekudnen"), "a German word mistyped, as the window tolerates"
    assert dark in search("dark", "style"), "the English words too"
    assert dark in search("erscheinungsbild", "dunkl"), "a page's German title and part of a word"
    magnifier = search("magnifier", "invert", "lightness")
    assert any(path.endswith("org-gnome-desktop-a11y-magnifier/keys-cross-hairs/invert-lightness")
               for path in magnifier), magnifier
    found = metas(dark, seconds)
    assert found[dark]["name"] == "Dunkler Stil", found[dark]
    assert found[dark]["description"].startswith("Erscheinungsbild › Stil — "), found[dark]
    assert found[seconds]["name"] == "Sekunden anzeigen", found[seconds]
    assert found[seconds]["description"].startswith("Obere Leiste › Uhr — "), found[seconds]
    check_service_stderr(stderr)
