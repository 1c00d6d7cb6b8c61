"""Startup Applications against the real files: an app added from the window
with the keyboard is copied into $XDG_CONFIG_HOME/autostart, its switch writes
X-GNOME-Autostart-enabled, the command line and the window see each other's
changes, and removing deletes the file. A file Knobs can't read is shown with
the reason and left byte for byte as it was."""

from harness.driver import TYPE_NAME, wait_for
from harness.scenario import scenario

APP = """[Desktop Entry]
# installed by the test; this comment must survive
Type=Application
Name=Fake App
Comment=Starts nothing at all
Exec=/bin/true
Icon=utilities-terminal
X-Vendor-Key=kept as it is
"""
BROKEN = "this is not a desktop file\n"
CHOOSER = "Add Startup App"


@scenario(backend="dconf", timeout=90)
def test_add_disable_and_remove_a_startup_app_with_the_files_checked_on_disk(session, driver):
    applications = session.data_home() / "applications"
    applications.mkdir(parents=True, exist_ok=True)
    (applications / "org.example.FakeApp.desktop").write_text(APP)
    autostart = session.root / "config" / "autostart"
    autostart.mkdir(parents=True, exist_ok=True)
    (autostart / "broken.desktop").write_text(BROKEN)
    copy = autostart / "org.example.FakeApp.desktop"

    session.launch()
    driver.activate_row("Startup Applications")
    wait_for("the broken file is explained",
             lambda: "not a valid desktop file" in driver.row("broken.desktop").description)

    # Add, with the keyboard only: Enter on the row, type to search, Down, Enter.
    driver.activate_row("Add Startup App…")
    chooser = wait_for("the chooser opens", lambda: driver.find_app_window(CHOOSER))
    assert chooser.find("text", "Search apps") or chooser.find("entry", "Search apps"), driver.tree_text()
    unnamed = [repr(node) for node in chooser.descendants() if node.showing and TYPE_NAME.match(node.name)]
    assert not unnamed, f"the chooser has nodes named by a GTK type name: {unnamed}"
    driver.type_text("fake", window=CHOOSER)
    wait_for("the search leaves Fake App alone in the list",
             lambda: [item.name for item in chooser.find_all("list item")] == ["Fake App"])
    driver.press("Down", window=CHOOSER)
    driver.press("Return", window=CHOOSER)
    wait_for("the app is copied into the autostart folder", lambda: copy.exists())
    assert copy.read_text() == APP, copy.read_text()
    wait_for("the chooser closes", lambda: driver.find_app_window(CHOOSER) is None)
    wait_for("its switch is on", lambda: driver.switch("Fake App").checked)
    unnamed = [repr(node) for node in driver.window().descendants() if node.showing and TYPE_NAME.match(node.name)]
    assert not unnamed, f"the page has nodes named by a GTK type name: {unnamed}"
    wait_for("the window says so", lambda: any("will start when you log in" in text for text in driver.alert_texts()))

    # Disable: the switch writes one line into the copy.
    driver.switch("Fake App").do_action()
    wait_for("the copy says it is off", lambda: "X-GNOME-Autostart-enabled=false\n" in copy.read_text())
    assert copy.read_text() == APP + "X-GNOME-Autostart-enabled=false\n", copy.read_text()
    wait_for("the switch is off", lambda: not driver.switch("Fake App").checked)
    listed = session.run("get", "startup/org-example-fakeapp").stdout.strip()
    assert listed == "off", listed

    # The command line turns it back on; the window follows the file.
    assert session.run("set", "startup/org-example-fakeapp", "on").returncode == 0
    assert "X-GNOME-Autostart-enabled=true\n" in copy.read_text()
    wait_for("the window follows the file", lambda: driver.switch("Fake App").checked)

    # Remove, with Delete on the row.
    driver.focus_row("Fake App")
    driver.press("Delete")
    wait_for("the copy is deleted", lambda: not copy.exists())
    wait_for("the row goes", lambda: not driver.window().find("list item", "Fake App"))
    wait_for("the focus moves to the row that took its place", lambda: driver.row("Add Startup App…").focused)
    wait_for("Undo is offered", lambda: any("won't start when you log in" in text for text in driver.alert_texts()))
    assert (applications / "org.example.FakeApp.desktop").read_text() == APP, "the installed file is never touched"
    assert (autostart / "broken.desktop").read_text() == BROKEN, "a file Knobs can't read is never rewritten"
    driver.press("Control_L", "q")


SYSTEM = """[Desktop Entry]
Type=Application
Name=Sync Daemon
Comment=Keeps folders in step
Exec=/bin/true
# the administrator's comment
X-Vendor-Key=1
"""


@scenario(backend="dconf")
def test_a_system_entry_is_copied_before_a_change_and_never_edited(session, driver):
    system = session.root / "xdg" / "autostart"
    system.mkdir(parents=True)
    (system / "sync.desktop").write_text(SYSTEM)
    copy = session.root / "config" / "autostart" / "sync.desktop"
    xdg = {"XDG_CONFIG_DIRS": str(session.root / "xdg")}

    session.launch(extra_env=xdg)
    driver.activate_row("Startup Applications")
    wait_for("the system entry is listed and on", lambda: driver.switch("Sync Daemon").checked)
    driver.switch("Sync Daemon").do_action()
    wait_for("a user copy turns it off", lambda: copy.exists() and "X-GNOME-Autostart-enabled=false" in copy.read_text())
    assert copy.read_text() == SYSTEM + "X-GNOME-Autostart-enabled=false\n", copy.read_text()

    driver.node("push button", "Remove Sync Daemon").do_action()
    wait_for("the user copy hides it", lambda: copy.read_text().endswith("X-GNOME-Autostart-enabled=false\nHidden=true\n"))
    wait_for("the row goes", lambda: not driver.window().find("list item", "Sync Daemon"))
    driver.node("push button", "Undo").do_action()
    wait_for("Undo brings it back, off", lambda: driver.window().find("list item", "Sync Daemon"))
    assert copy.read_text() == SYSTEM + "X-GNOME-Autostart-enabled=false\n", copy.read_text()
    assert not driver.switch("Sync Daemon").checked
    assert (system / "sync.desktop").read_text() == SYSTEM, "the system's file is never edited"
    listed = session.run("list", extra_env=xdg).stdout
    assert "desktop/startup/autostart/sync" in listed and "off" in listed.split("desktop/startup/autostart/sync")[1].split("\n")[0], listed
