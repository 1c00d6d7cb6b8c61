"""The history of changes on the real dconf: a switch turned in the window, a `set` on the
command line and an import are each noted with their source and values; one `knobs undo`
takes a whole import back, read back with gsettings; a history file that can't be read is
set aside with a message, never a crash."""

import fcntl
import json
import signal
import time

from harness.driver import wait_for
from harness.scenario import scenario

INTERFACE = "org.gnome.desktop.interface"


def history(session):
    result = session.run("history", "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def gsettings_get(session, schema, key):
    return session.command("gsettings", "get", schema, key).stdout.strip()


@scenario(backend="dconf", timeout=90)
def test_changes_are_noted_by_source_and_one_undo_takes_an_import_back(session, driver):
    assert session.run("history").stdout.startswith("No changes yet"), "a new user has no history"

    session.launch("--open", "clock/show-seconds")
    wait_for("Show Seconds has the focus", lambda: driver.row("Show Seconds").focused)
    driver.press("Return")
    wait_for("the switch reaches dconf", lambda: gsettings_get(session, INTERFACE, "clock-show-seconds") == "true")
    wait_for("the window notes it in the history", lambda: any(
        entry["source"] == "window" and entry["key"] == "clock-show-seconds" for entry in history(session)))
    noted = next(entry for entry in history(session) if entry["source"] == "window")
    assert (noted["schema"], noted.get("old"), noted["new"]) == (INTERFACE, None, "true"), noted

    assert session.run("set", "clock/time-format", "12h").returncode == 0
    newest = history(session)[0]
    assert (newest["source"], newest["key"], newest["new"]) == ("command-line", "clock-format", "'12h'"), newest

    keyfile = session.root / "fonts.ini"
    keyfile.write_text("[org/gnome/desktop/interface]\ntext-scaling-factor=1.5\ncursor-size=48\n")
    assert session.run("import", str(keyfile)).returncode == 0
    group = [entry for entry in history(session) if entry["source"] == "import"]
    assert sorted(entry["key"] for entry in group) == ["cursor-size", "text-scaling-factor"], group
    assert len({entry["group"] for entry in group}) == 1, "an import is one entry of the history"

    undone = session.run("undo")
    assert undone.returncode == 0, undone.stderr
    assert gsettings_get(session, INTERFACE, "text-scaling-factor") == "1.0"
    assert gsettings_get(session, INTERFACE, "cursor-size") == "24"
    assert gsettings_get(session, INTERFACE, "clock-format") == "'12h'", "only the import is taken back"
    assert history(session)[0]["source"] == "undo"

    # The window's change, by its number.
    assert session.run("undo", str(noted["id"])).returncode == 0
    assert gsettings_get(session, INTERFACE, "clock-show-seconds") == "false"

    # The open window hears every write to dconf; the commands' own are not noted twice. Once another
    # program's later change is noted, every earlier announcement has been heard.
    session.command("gsettings", "set", "org.gnome.desktop.session", "idle-delay", "uint32 900")
    wait_for("another program's change is noted", lambda: any(
        entry["source"] == "other-program" and entry["key"] == "idle-delay" for entry in history(session)))
    twice = [entry for entry in history(session) if entry["source"] == "other-program" and entry["schema"] == INTERFACE]
    assert twice == [], twice


def note_as_a_command(session, key, new):
    """Appends what `knobs set` would note for `key` of the interface schema, under the history's lock."""
    state = session.root / "home" / ".local" / "state" / "knobs"
    with open(state / "history.jsonl.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        journal = state / "history.jsonl"
        lines = journal.read_text().splitlines() if journal.exists() else []
        last = max((json.loads(line)["id"] for line in lines), default=0)
        entry = {"id": last + 1, "time": time.time(), "schema": INTERFACE, "key": key, "new": new,
                 "source": "command-line"}
        with open(journal, "a") as out:
            out.write(json.dumps(entry) + "\n")


@scenario(backend="dconf", timeout=60)
def test_a_command_slow_to_note_its_write_is_not_taken_for_another_program(session, driver):
    # A `knobs` command writes dconf first and notes the change after; on a busy machine the window
    # can read dconf in between. A command holds history.jsonl.writers meanwhile, and the window waits.
    session.launch("--open", "clock/show-seconds")
    wait_for("Show Seconds has the focus", lambda: driver.row("Show Seconds").focused)
    state = session.root / "home" / ".local" / "state" / "knobs"
    state.mkdir(parents=True, exist_ok=True)

    # Without the hold, a note that comes late is too late: the change is taken for another program's.
    session.command("gsettings", "set", INTERFACE, "cursor-size", "48")
    time.sleep(1.5)
    note_as_a_command(session, "cursor-size", "48")
    wait_for("the unheld change is noted as another program's", lambda: any(
        entry["source"] == "other-program" and entry["key"] == "cursor-size" for entry in history(session)))

    with open(state / "history.jsonl.writers", "a") as hold:
        fcntl.flock(hold, fcntl.LOCK_SH)
        session.command("gsettings", "set", INTERFACE, "text-scaling-factor", "1.25")
        time.sleep(1.5)  # five times the window's quiet time: it has read dconf and waits
        note_as_a_command(session, "text-scaling-factor", "1.25")
    # Once another program's later change is noted, the window has compared what it read before.
    session.command("gsettings", "set", "org.gnome.desktop.session", "idle-delay", "uint32 900")
    wait_for("another program's change is noted", lambda: any(
        entry["source"] == "other-program" and entry["key"] == "idle-delay" for entry in history(session)))
    twice = [entry for entry in history(session) if entry["key"] == "text-scaling-factor"]
    assert [entry["source"] for entry in twice] == ["command-line"], twice


@scenario(backend="dconf", timeout=60)
def test_a_history_that_cannot_be_read_is_set_aside_not_a_crash(session, driver):
    state = session.root / "home" / ".local" / "state" / "knobs"
    state.mkdir(parents=True)
    (state / "history.json").write_bytes(b"\x00\xff not json")
    listed = session.run("history")
    assert listed.returncode == 0, listed
    assert "could not be read; it was moved to" in listed.stderr, listed.stderr
    assert (state / "history.json.unreadable").read_bytes() == b"\x00\xff not json", "the old file is kept"
    assert session.run("set", "clock/show-seconds", "on").returncode == 0
    assert [entry["key"] for entry in history(session)] == ["clock-show-seconds"]


@scenario(backend="dconf", timeout=90)
def test_changes_by_other_programs_are_noted_while_open_and_while_closed(session, driver):
    app = session.launch("--open", "clock/show-seconds")
    wait_for("Show Seconds has the focus", lambda: driver.row("Show Seconds").focused)
    # Another program, while the window is open: GSettings would not tell of a schema the window never opened.
    session.command("gsettings", "set", "org.gnome.desktop.session", "idle-delay", "uint32 600")
    wait_for("the change is noted as another program's", lambda: any(
        entry["source"] == "other-program" and entry["key"] == "idle-delay" and entry["new"] == "uint32 600"
        for entry in history(session)))
    # The window's own change is the window's, not another program's.
    driver.press("Return")
    wait_for("the window's change is noted", lambda: any(
        entry["source"] == "window" and entry["key"] == "clock-show-seconds" for entry in history(session)))
    driver.press("Control_L", "q")
    session.wait_for_exit(app)
    assert not any(entry["source"] == "other-program" and entry["key"] == "clock-show-seconds"
                   for entry in history(session)), history(session)

    # While Knobs is closed: found at the next start, against the copy written when it closed.
    session.command("gsettings", "set", INTERFACE, "cursor-size", "32")
    session.launch()
    wait_for("the change made while closed is noted", lambda: any(
        entry["source"] == "other-program" and entry["key"] == "cursor-size" and entry["new"] == "32"
        for entry in history(session)), timeout=15)
    closed = next(entry for entry in history(session) if entry["key"] == "cursor-size")
    assert closed["since"] <= closed["time"], closed
    listed = session.run("history", "-n", "1").stdout
    assert " between " in listed and " and " in listed, listed
    assert session.run("undo").returncode == 0
    assert gsettings_get(session, INTERFACE, "cursor-size") == "24", "another program's change is undone too"


@scenario(backend="dconf", timeout=60)
def test_the_recent_changes_page_lists_changes_and_undoes_one(session, driver):
    assert session.run("set", "clock/show-seconds", "on").returncode == 0
    assert session.run("set", "fonts/text-size", "1.25").returncode == 0
    session.launch("--open", "recent-changes/changes/change-1")
    wait_for("the first change has the focus", lambda: driver.row("Show Seconds").focused)
    assert "(default) → true" in driver.row("Show Seconds").description
    assert driver.row("Text Size")
    driver.node("push button", "Undo the change of Show Seconds").do_action()
    wait_for("the undo reaches dconf", lambda: gsettings_get(session, INTERFACE, "clock-show-seconds") == "false")
    assert gsettings_get(session, INTERFACE, "text-scaling-factor") == "1.25", "only that change is taken back"
    wait_for("the undo is listed", lambda: history(session)[0]["source"] == "undo")
    listed = session.run("list").stdout
    assert "history/recent-changes " in listed, "the page is listed"
    assert "recent-changes/changes/" not in listed, "its entries are not: knobs history lists them"
    assert "history/import" not in listed, "the import preview is the window's"


@scenario(backend="dconf", timeout=120)
def test_import_in_the_window_previews_writes_the_checked_changes_and_one_undo_takes_them_back(session, driver):
    keyfile = session.root / "desk.ini"
    keyfile.write_text("[org/gnome/desktop/interface]\ncursor-size=48\nclock-show-seconds=true\n"
                       "text-scaling-factor=1.25\n")
    session.launch()
    wait_for("the window is up", lambda: driver.row("Appearance"))
    driver.press("F10")
    wait_for("F10 opens the main menu", lambda: driver.node("push button", "Import Settings…", timeout=1))
    driver.node("push button", "Import Settings…").do_action()
    wait_for("the file chooser opens", lambda: driver.find_app_window("Import Settings"))
    # The location field takes a typed path.
    driver.press("Control_L", "l", window="Import Settings")
    driver.type_text(str(keyfile), window="Import Settings")
    driver.press("Return", window="Import Settings")
    wait_for("the preview lists the file's changes", lambda: driver.row("Show Seconds"), timeout=15)
    assert gsettings_get(session, INTERFACE, "cursor-size") == "24", "nothing is written before Apply"
    seconds = driver.node("check box", "Show Seconds")
    assert seconds.checked, "every change starts checked"
    driver.activate_row("Show Seconds")
    wait_for("Show Seconds is unchecked", lambda: not driver.node("check box", "Show Seconds").checked)
    driver.activate_row("Apply Checked Changes")
    wait_for("the import reaches dconf", lambda: gsettings_get(session, INTERFACE, "cursor-size") == "48")
    assert gsettings_get(session, INTERFACE, "text-scaling-factor") == "1.25"
    assert gsettings_get(session, INTERFACE, "clock-show-seconds") == "false", "an unchecked change is not written"
    wait_for("the import is one entry of the history", lambda: sorted(
        entry["key"] for entry in history(session) if entry["source"] == "import") == [
            "cursor-size", "text-scaling-factor"])
    assert len({entry["group"] for entry in history(session) if entry["source"] == "import"}) == 1
    assert not any(entry["source"] == "other-program" for entry in history(session)), history(session)
    driver.node("push button", "Undo").do_action()
    wait_for("one Undo takes the import back", lambda: gsettings_get(session, INTERFACE, "cursor-size") == "24")
    assert gsettings_get(session, INTERFACE, "text-scaling-factor") == "1.0"


@scenario(backend="dconf", timeout=120)
def test_export_in_the_window_writes_a_file_dconf_loads(session, driver):
    assert session.run("set", "fonts/text-size", "1.25").returncode == 0
    target = session.root / "home" / "saved.ini"
    session.launch()
    wait_for("the window is up", lambda: driver.row("Appearance"))
    driver.press("F10")
    driver.node("push button", "Export Settings…").do_action()
    wait_for("the file chooser opens", lambda: driver.find_app_window("Export Settings"))
    driver.press("Control_L", "a", window="Export Settings")
    driver.type_text(str(target), window="Export Settings")
    driver.press("Return", window="Export Settings")
    wait_for("the file is written", lambda: target.exists(), timeout=15)
    assert "[org/gnome/desktop/interface]\ntext-scaling-factor=1.25\n" in target.read_text()
    wait_for("the window says so", lambda: any("exported to saved.ini" in text for text in driver.alert_texts()))
    session.command("dconf", "reset", "-f", "/org/gnome/desktop/interface/")
    assert session.command("sh", "-c", f"dconf load / < '{target}'").returncode == 0
    assert gsettings_get(session, INTERFACE, "text-scaling-factor") == "1.25"


def snapshot(session):
    return session.root / "home" / ".local" / "state" / "knobs" / "dconf-snapshot.ini"


@scenario(backend="dconf", timeout=120)
def test_a_session_ending_knobs_with_sigterm_keeps_the_copy_and_nothing_of_knobs_own_is_noted(session, driver):
    app = session.launch()
    wait_for("the window is up", lambda: driver.row("Appearance"))
    app.send_signal(signal.SIGTERM)
    assert session.wait_for_exit(app) == 0, "SIGTERM quits as Ctrl+Q does"
    copy = snapshot(session).read_text()
    assert copy.splitlines()[-1].startswith("# knobs-snapshot bytes="), copy[-300:]

    # Closed and opened again with nothing changed: Knobs' own window state is never another program's change.
    for _ in range(2):
        app = session.launch()
        wait_for("the window is up", lambda: driver.row("Appearance"))
        driver.press("Control_L", "q")
        session.wait_for_exit(app)
    assert history(session) == [], history(session)

    # A knobs command while the window is closed is noted once, as the command line's.
    assert session.run("set", "fonts/text-size", "1.25").returncode == 0
    # A copy cut off mid-line would invent changes: it is not compared with, and is replaced.
    session.command("gsettings", "set", INTERFACE, "cursor-size", "32")
    app = session.launch()
    wait_for("the window is up", lambda: driver.row("Appearance"))
    wait_for("the change made while closed is noted", lambda: any(
        entry["key"] == "cursor-size" and entry["source"] == "other-program" for entry in history(session)))
    assert [entry["source"] for entry in history(session) if entry["key"] == "text-scaling-factor"] == [
        "command-line"], history(session)
    app.send_signal(signal.SIGINT)
    assert session.wait_for_exit(app) == 0
    whole = snapshot(session).read_bytes()
    snapshot(session).write_bytes(whole[: len(whole) // 2])
    app = session.launch()
    wait_for("the window is up", lambda: driver.row("Appearance"))
    session.command("gsettings", "set", "org.gnome.desktop.session", "idle-delay", "uint32 600")
    wait_for("a later change is heard", lambda: any(entry["key"] == "idle-delay" for entry in history(session)))
    assert len(history(session)) == 3, "the cut-off copy invented nothing"
    app.send_signal(signal.SIGHUP)
    assert session.wait_for_exit(app) == 0
    assert snapshot(session).read_bytes().splitlines()[-1].startswith(b"# knobs-snapshot"), "replaced whole"


@scenario(backend="dconf", timeout=120)
def test_another_programs_burst_is_one_entry(session, driver):
    app = session.launch()
    wait_for("the window is up", lambda: driver.row("Appearance"))
    keyfile = session.root / "burst.ini"
    keyfile.write_text("[org/gnome/desktop/interface]\ncursor-size=40\nclock-show-seconds=true\n"
                       "[org/gnome/desktop/wm/preferences]\nnum-workspaces=7\n")
    assert session.command("sh", "-c", f"dconf load / < '{keyfile}'").returncode == 0
    wait_for("the burst is noted", lambda: len(history(session)) == 3)
    assert len({entry["group"] for entry in history(session)}) == 1, history(session)
    driver.press("Control_L", "q")
    session.wait_for_exit(app)
