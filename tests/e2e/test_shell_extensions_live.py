"""GNOME Shell extensions as the real GNOME Shell (Debian's 43.9, headless, in the session)
sees them: four extensions of our own in the user's folder (one that works and writes a file
in enable(), one that throws in enable(), one for another Shell version, one with
preferences). `knobs extension list` and the Extensions page show the Shell's states and its
error text; `knobs extension enable` makes enable() run; the page's switch reaches the Shell
(timed); the preferences button starts the preferences process; an extension installed from a
zip is listed and uninstalled. The PLATFORM.md recipe: a private session bus (the harness's),
a second private bus as the system bus, the session's XDG folders, and the runtime folder's
gnome-shell-disable-extensions removed before the start."""

import io
import json
import os
import signal
import subprocess
import time
import zipfile

from harness.driver import wait_for
from harness.scenario import scenario

SHELL = "org.gnome.shell"
WORKS, THROWS, OLD, PREFS = (f"{name}@knobs.test" for name in ("works", "throws", "old", "prefs"))
NAMES = {WORKS: "Working Kettle", THROWS: "Broken Teapot", OLD: "Ancient Mug", PREFS: "Tuned Cup"}

WRITES_FILE = """const GLib = imports.gi.GLib;
class Extension {
    enable() { GLib.file_set_contents(GLib.getenv('XDG_RUNTIME_DIR') + '/%(uuid)s-enabled', 'yes'); }
    disable() { GLib.file_set_contents(GLib.getenv('XDG_RUNTIME_DIR') + '/%(uuid)s-disabled', 'yes'); }
}
function init() { return new Extension(); }
"""
THROWS_JS = """class Extension {
    enable() { throw new Error('the tea kettle is empty'); }
    disable() {}
}
function init() { return new Extension(); }
"""
PREFS_JS = """const GLib = imports.gi.GLib;
const Gtk = imports.gi.Gtk;
function init() {}
function buildPrefsWidget() {
    GLib.file_set_contents(GLib.getenv('XDG_RUNTIME_DIR') + '/prefs-opened', 'yes');
    return new Gtk.Label({ label: 'Tuned Cup preferences' });
}
"""


def install(session):
    folder = session.data_home() / "gnome-shell" / "extensions"
    for uuid, name in NAMES.items():
        (folder / uuid).mkdir(parents=True)
        versions = ["3.36"] if uuid == OLD else ["43"]
        (folder / uuid / "metadata.json").write_text(
            json.dumps({"uuid": uuid, "name": name, "description": f"{name} for tests.", "shell-version": versions}))
        (folder / uuid / "extension.js").write_text(THROWS_JS if uuid == THROWS else WRITES_FILE % {"uuid": uuid})
    (folder / PREFS / "prefs.js").write_text(PREFS_JS)
    return folder


def start_shell(session):
    """The real Shell, headless, with a private system bus; returns its process and start time."""
    system_bus = subprocess.run(
        ["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1"],
        env=session.env, capture_output=True, text=True, check=True).stdout.split()
    runtime = session.env["XDG_RUNTIME_DIR"]
    try:
        os.unlink(os.path.join(runtime, "gnome-shell-disable-extensions"))
    except FileNotFoundError:
        pass
    environment = {name: value for name, value in session.env.items()
                   if name not in ("DISPLAY", "GDK_BACKEND", "G_DEBUG", "GTK_A11Y")}
    environment["DBUS_SYSTEM_BUS_ADDRESS"] = system_bus[0]
    log = open(session.root / "gnome-shell.log", "w")
    started = time.monotonic()
    shell = subprocess.Popen(
        ["gnome-shell", "--headless", "--wayland", "--no-x11", "--virtual-monitor", "1280x800"],
        env=environment, stdout=log, stderr=log, start_new_session=True)
    session.processes.append(("gnome-shell", shell))

    def answers():
        return session.command("gdbus", "call", "--session", "-d", "org.gnome.Shell", "-o", "/org/gnome/Shell",
                               "-m", "org.gnome.Shell.Extensions.ListExtensions").returncode == 0
    wait_for("GNOME Shell answers on the session bus", answers, timeout=30)
    print(f"GNOME Shell answered after {time.monotonic() - started:.2f} s")
    return shell


def listed(session):
    result = session.run("extension", "list", "--json")
    assert result.returncode == 0, result.stderr
    return {item["uuid"]: item for item in json.loads(result.stdout)}


def states(session):
    return {uuid: item["state"] for uuid, item in listed(session).items()}


def shell_state(session, uuid):
    result = session.command("gdbus", "call", "--session", "-d", "org.gnome.Shell", "-o", "/org/gnome/Shell",
                             "-m", "org.gnome.Shell.Extensions.GetExtensionInfo", uuid)
    return result.stdout


def stop_shell(shell):
    # The Shell may crash on SIGTERM (PLATFORM.md): it is stopped by its pid, for good.
    try:
        os.killpg(shell.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    shell.wait(10)


@scenario(backend="dconf", timeout=240)
def test_extensions_as_the_real_shell_sees_them(session, driver):
    folder = install(session)
    runtime = session.env["XDG_RUNTIME_DIR"]
    # Turned on before the Shell starts: it loads them as it starts.
    assert session.command("gsettings", "set", SHELL, "enabled-extensions", f"['{THROWS}', '{OLD}']").returncode == 0
    shell = start_shell(session)
    try:
        wait_for("the Shell tried the broken extension", lambda: states(session)[THROWS] == "error", timeout=20)
        found = listed(session)
        assert found[THROWS]["state-from"] == "shell"
        assert "the tea kettle is empty" in found[THROWS]["error"], found[THROWS]
        assert found[OLD]["state"] == "out of date", found[OLD]
        assert found[WORKS]["state"] == "initialized", found[WORKS]
        assert found[PREFS]["has-prefs"] is True and found[WORKS]["has-prefs"] is False
        text = session.run("extension", "list").stdout
        assert f"{THROWS}  error  yours  Broken Teapot  (" in text and "the tea kettle is empty" in text, text

        # The command line turns one on through the Shell: its enable() runs.
        started = time.monotonic()
        assert session.run("extension", "enable", WORKS).returncode == 0
        wait_for("enable() ran", lambda: os.path.exists(f"{runtime}/{WORKS}-enabled"), timeout=10)
        print(f"knobs extension enable to enable() having run: {time.monotonic() - started:.3f} s")
        assert states(session)[WORKS] == "enabled"
        wait_for("the Shell keeps it in its list",
                 lambda: WORKS in session.command("gsettings", "get", SHELL, "enabled-extensions").stdout)

        # The page: sorted by name, the Shell's error in plain words, the preferences button.
        session.launch("--open", "extensions/installed/works")
        wait_for("the page shows the Shell's error",
                 lambda: "GNOME Shell could not start it: " in driver.row("Broken Teapot").description
                 and "the tea kettle is empty" in driver.row("Broken Teapot").description, timeout=20)
        assert "not made for this version of GNOME Shell" in driver.row("Ancient Mug").description
        assert not driver.switch("Ancient Mug").sensitive, "the Shell says its switch changes nothing"
        # The Shell says canChange false of a failed extension too; Knobs lets it be turned off.
        assert driver.switch("Broken Teapot").sensitive
        titles = [row.name for row in driver.window().find_all("list item")
                  if row.name in NAMES.values()]
        assert titles == sorted(titles), titles

        # The page's switch reaches the Shell: the time from the switch to the Shell's new state.
        started = time.monotonic()
        driver.switch("Working Kettle").toggle()
        wait_for("disable() ran", lambda: os.path.exists(f"{runtime}/{WORKS}-disabled"), timeout=10)
        took = time.monotonic() - started
        wait_for("the Shell says it is off", lambda: "'state': <2.0>" in shell_state(session, WORKS), timeout=10)
        print(f"page switch to the Shell's disable(): {took:.3f} s")
        # The Shell wrote its lists itself: noted as the window's change, not another program's.
        wait_for("the window notes the Shell's write as its own", lambda: any(
            entry["key"] == "enabled-extensions" and entry["source"] == "window" for entry in history(session)),
            timeout=10)
        time.sleep(1.5)  # past dconf's quiet time: another program's note would be there by now
        assert all(entry["source"] != "other-program" for entry in history(session)
                   if entry["key"] in ("enabled-extensions", "disabled-extensions")), history(session)

        # Every extension off (as the Shell's crash guard leaves them): the switches still pick
        # which start when extensions are on again.
        os.unlink(f"{runtime}/{WORKS}-enabled")
        assert session.command("gsettings", "set", SHELL, "disable-user-extensions", "true").returncode == 0
        wait_for("the switch says it takes effect later", lambda: driver.row("Working Kettle").description.startswith(
            "Extensions are off: this switch takes effect when they are on again."), timeout=10)
        wait_for("the page says who may have turned them off", lambda: "GNOME Shell may have: it does so when it "
                 "crashes as it starts" in driver.row("Use Extensions").description, timeout=10)
        assert driver.switch("Working Kettle").sensitive, "the Shell says canChange false; Knobs keeps it usable"
        driver.switch("Working Kettle").toggle()
        wait_for("it is in the Shell's list, for later",
                 lambda: WORKS in session.command("gsettings", "get", SHELL, "enabled-extensions").stdout, timeout=10)
        assert not os.path.exists(f"{runtime}/{WORKS}-enabled"), "nothing starts while extensions are off"
        driver.switch("Use Extensions").toggle()
        wait_for("extensions on again: the Shell starts the one picked",
                 lambda: os.path.exists(f"{runtime}/{WORKS}-enabled"), timeout=15)

        driver.node("push button", "Preferences of Tuned Cup").do_action()
        wait_for("the preferences process starts (its org.gnome.Shell.Extensions service)",
                 lambda: session.command("gdbus", "call", "--session", "-d", "org.freedesktop.DBus", "-o",
                                         "/org/freedesktop/DBus", "-m", "org.freedesktop.DBus.NameHasOwner",
                                         "org.gnome.Shell.Extensions").stdout.strip() == "(true,)", timeout=20)
        wait_for("the extension's prefs.js ran", lambda: os.path.exists(f"{runtime}/prefs-opened"), timeout=20)
        # The same from the command line; one without preferences, or unknown, says why.
        opened = session.run("extension", "prefs", PREFS)
        assert opened.returncode == 0, opened.stderr
        none = session.run("extension", "prefs", WORKS)
        assert none.returncode == 2 and f"“{WORKS}” has no preferences of its own." in none.stderr, none
        unknown = session.run("extension", "prefs", "nobody@knobs.test")
        assert unknown.returncode == 2 and "GNOME Shell knows no extension “nobody@knobs.test”" in unknown.stderr

        # Installed from a zip while the Shell runs: listed from the lists (the Shell loads it at the
        # next login), and uninstalled.
        archive = session.root / "zipped@knobs.test.shell-extension.zip"
        with zipfile.ZipFile(archive, "w") as packed:
            packed.writestr("metadata.json", json.dumps(
                {"uuid": "zipped@knobs.test", "name": "Zipped Saucer", "shell-version": ["43"]}))
            packed.writestr("extension.js", WRITES_FILE % {"uuid": "zipped@knobs.test"})
        installed = session.run("extension", "install", str(archive))
        assert installed.returncode == 0, installed.stderr
        assert "log in again" in installed.stdout
        assert listed(session)["zipped@knobs.test"]["state-from"] == "lists"
        removed = session.run("extension", "uninstall", "zipped@knobs.test")
        assert removed.returncode == 0, removed.stderr
        assert not (folder / "zipped@knobs.test").exists()
        # One the Shell knows is removed by the Shell.
        removed = session.run("extension", "uninstall", OLD)
        assert removed.returncode == 0, removed.stderr
        assert not (folder / OLD).exists()

        # The Shell stops: the page reads the lists again and says so; a new Shell is asked again.
        stop_shell(shell)
        wait_for("the dead Shell's error is no longer shown",
                 lambda: "could not start it" not in driver.row("Broken Teapot").description, timeout=10)
        assert driver.label_starting("GNOME Shell stopped answering")
        shell = start_shell(session)
        wait_for("the new Shell's word is shown", lambda: "the tea kettle is empty"
                 in driver.row("Broken Teapot").description, timeout=30)
    finally:
        stop_shell(shell)


@scenario(backend="dconf", timeout=120)
def test_a_slow_shell_never_holds_the_window(session, driver):
    """A Shell that takes 6 s to answer ListExtensions (a stand-in of ours): the page is shown
    from the lists before the answer comes, and takes the Shell's word when it does."""
    install(session)
    marker = session.root / "answered"
    fake = os.path.join(os.path.dirname(__file__), "..", "robustness", "fake_shell.py")
    shell = subprocess.Popen(["/usr/bin/python3", fake, "slow", THROWS],
                             env={**session.env, "FAKE_SHELL_MARKER": str(marker)},
                             stdout=subprocess.PIPE, text=True, start_new_session=True)
    session.processes.append(("fake-shell", shell))
    assert shell.stdout.readline().strip() == "ready"
    session.launch("--open", "extensions/installed/works")
    wait_for("the page is shown", lambda: driver.row("Working Kettle").focused, timeout=20)
    assert not marker.exists(), "the window waited for the Shell"
    assert "slow kettle" not in driver.row("Broken Teapot").description
    wait_for("the Shell's late word reaches the row",
             lambda: "GNOME Shell could not start it: Error: slow kettle" in driver.row("Broken Teapot").description,
             timeout=20)


def stand_in(session, *arguments, flaps=0):
    """A Shell of ours that keeps the lists as GNOME Shell does (fake_shell.py), started and ready."""
    fake = os.path.join(os.path.dirname(__file__), "..", "robustness", "fake_shell.py")
    shell = subprocess.Popen(["/usr/bin/python3", fake, *arguments],
                             env={**session.env, "FAKE_SHELL_FLAP": str(flaps)},
                             stdout=subprocess.PIPE, text=True, start_new_session=True)
    session.processes.append(("fake-shell", shell))
    assert shell.stdout.readline().strip() == "ready"
    return shell


def history(session):
    result = session.run("history", "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@scenario(backend="dconf", timeout=120)
def test_a_shell_that_stops_and_comes_back(session, driver):
    """A stand-in Shell that keeps the lists as GNOME Shell does. While it answers, the page takes
    its word (the extension made for 3.36 is not said to be refused by 43: the Shell says it is
    merely off); a switch goes through it, and what it writes into its lists is the user's change
    in the history, undone with `knobs undo`. When it stops, the page reads the lists again and
    says so; when one comes back (leaving and retaking its name twice at once), it is asked again."""
    install(session)
    shell = stand_in(session, "lists", WORKS, THROWS, OLD, PREFS)
    session.launch("--open", "extensions/installed/works")
    stopped = "GNOME Shell stopped answering"
    wait_for("the page takes the Shell's word",
             lambda: "Made for GNOME Shell" not in driver.row("Ancient Mug").description, timeout=20)

    # Turned on through the Shell, which writes the lists itself: noted as the window's change.
    driver.switch("Working Kettle").toggle()
    wait_for("the Shell wrote its list",
             lambda: WORKS in session.command("gsettings", "get", SHELL, "enabled-extensions").stdout, timeout=10)
    wait_for("the window notes the Shell's write as its own", lambda: any(
        entry["key"] == "enabled-extensions" and entry["source"] == "window" and WORKS in (entry["new"] or "")
        for entry in history(session)), timeout=10)
    time.sleep(1.5)  # past dconf's quiet time: another program's note would be there by now
    noted = [entry for entry in history(session) if entry["schema"] == SHELL]
    assert all(entry["source"] == "window" for entry in noted), noted
    assert session.run("undo").returncode == 0
    wait_for("undone: the list is as before",
             lambda: WORKS not in session.command("gsettings", "get", SHELL, "enabled-extensions").stdout)
    # The command line through the Shell: the command's change, not another program's.
    assert session.run("extension", "enable", WORKS).returncode == 0
    time.sleep(1.5)
    noted = [entry for entry in history(session) if entry["schema"] == SHELL]
    assert noted[0]["source"] == "command-line" and WORKS in noted[0]["new"], noted
    assert all(entry["source"] != "other-program" for entry in noted), noted

    # The Shell stops: the rows read the lists again, and the page says why.
    shell.kill()
    shell.wait()
    wait_for("the page falls back to the lists",
             lambda: "Made for GNOME Shell 3.36" in driver.row("Ancient Mug").description, timeout=10)
    assert driver.label_starting(stopped), driver.tree_text()

    # A Shell comes back, flapping its name twice first: asked again, its word taken.
    stand_in(session, "lists", WORKS, THROWS, OLD, PREFS, flaps=2)
    wait_for("the page takes the new Shell's word",
             lambda: "Made for GNOME Shell" not in driver.row("Ancient Mug").description, timeout=10)
    wait_for("and no longer says the Shell stopped",
             lambda: all(not label.startswith(stopped) for label in driver.window().labels()), timeout=10)


@scenario(backend="dconf", timeout=120)
def test_a_shell_that_vanishes_mid_call(session, driver):
    """A stand-in Shell that ends itself at the first call (ListExtensions): the page shows the
    lists and the window lives on."""
    install(session)
    stand_in(session, "vanish")
    session.launch("--open", "extensions/installed/works")
    wait_for("the page is shown from the lists",
             lambda: "Made for GNOME Shell 3.36" in driver.row("Ancient Mug").description, timeout=20)
    driver.switch("Working Kettle").toggle()
    wait_for("the switch wrote the lists",
             lambda: WORKS in session.command("gsettings", "get", SHELL, "enabled-extensions").stdout, timeout=10)
