"""The same Knobs under Wayland, as GNOME on Debian runs it by default: weston's headless
compositor, and no X display at all (the session has no DISPLAY, so GTK can only take
Wayland). A subset of the other scenarios, acting over AT-SPI and D-Bus only: nothing
types keys into a Wayland window from outside it."""

import subprocess
import time

from harness.driver import wait_for
from harness.scenario import scenario

import test_desktop as desktop

SCHEMA = "org.gnome.desktop.interface"


def gsettings_get(session, key):
    return session.command("gsettings", "get", SCHEMA, key).stdout.strip()


def focused_main_row(driver, title):
    return any(row.focused and not row.description.startswith("In ")
               for row in driver.window().find_all("list item", title))


def on_wayland_only(session):
    assert session.display_kind == "wayland" and "DISPLAY" not in session.env, session.env
    assert session.env["GDK_BACKEND"] == "wayland"


@scenario(backend="dconf", display="wayland")
def test_wayland_start_write_and_open_in_the_running_window(session, driver):
    on_wayland_only(session)
    app = session.launch("--open", "appearance/dark-style")
    wait_for("Dark Style has the focus", lambda: focused_main_row(driver, "Dark Style"), timeout=15)
    driver.switch("Dark Style").do_action()
    wait_for("dconf has prefer-dark", lambda: gsettings_get(session, "color-scheme") == "'prefer-dark'")

    # `knobs --open` hands over to the running window, with the activation token its launcher
    # gave it: without one a Wayland compositor may keep the window where it is. GLib 2.74's
    # launchers (GNOME 43's) give it in DESKTOP_STARTUP_ID, which GTK 4.8 passes on as
    # `desktop-startup-id` and uses when the running window presents itself.
    monitor_log = session.root / "bus-monitor.txt"
    with open(monitor_log, "w") as log:
        monitor = subprocess.Popen(["dbus-monitor", "--session", "type='method_call',interface='org.gtk.Actions'"],
                                   env=session.env, stdout=log, stderr=subprocess.DEVNULL, start_new_session=True)
    session.processes.append(("dbus-monitor", monitor))
    wait_for("the bus monitor listens", lambda: "NameLost" in monitor_log.read_text())
    handovers = [("fonts/text-size", "Text Size", "knobs-e2e-token-1"),
                 ("clock/show-seconds", "Show Seconds", "knobs-e2e-token-2"),
                 # Far too long for a token: passed on as it is, the compositor judges it.
                 ("fonts/text-size", "Text Size", "t" * 4000)]
    for path, title, token in handovers:
        calls_before = monitor_log.read_text().count("member=Activate\n")
        result = session.run("--open", path, extra_env={"DESKTOP_STARTUP_ID": token})
        assert result.returncode == 0, result.stderr
        wait_for(f"{title} has the focus after `knobs --open {path}`", lambda: focused_main_row(driver, title))
        wait_for("the bus monitor saw the hand-over",
                 lambda: monitor_log.read_text().count("member=Activate\n") > calls_before)
        handover = monitor_log.read_text().rsplit("member=Activate\n", 1)[1]
        assert 'string "desktop-startup-id"\n' in handover and f'string "{token}"' in handover, handover[:500]
    assert session.run("--open", "fonts/text-size").returncode == 0
    driver.node("slider", "Text Size").set_value(1.25)
    wait_for("dconf has 1.25", lambda: gsettings_get(session, "text-scaling-factor") == "1.25")

    # A dialog of its own: the font chooser, opened and cancelled.
    assert session.run("--open", "fonts/interface").returncode == 0
    driver.node("push button", "Interface Text").do_action()
    dialog = wait_for("the font chooser opens", lambda: next(
        (window for window in driver.app().children() if window.showing and window.name != "Knobs"), None))
    # GTK 4.8's own dialog names its button with the mnemonic too: “_Cancel Cancel”.
    next(button for button in dialog.find_all("push button") if button.name.endswith("Cancel")).do_action()
    wait_for("the font chooser is gone", lambda: driver.find_app_window(dialog.name) is None)
    assert gsettings_get(session, "font-name") == "'Cantarell 11'", "cancelled, nothing written"

    # Quit as the Shell's window menu would, over D-Bus; what was written stays.
    desktop.call(desktop.APP_PATH, "org.freedesktop.Application", "ActivateAction", "(sava{sv})", "quit", [], {})
    assert session.wait_for_exit(app) == 0
    assert gsettings_get(session, "color-scheme") == "'prefer-dark'"
    assert gsettings_get(session, "text-scaling-factor") == "1.25"


@scenario(display="wayland")
def test_wayland_dbus_activation_search_and_results(session, driver):
    on_wayland_only(session)
    stderr = desktop.install_service(session)
    assert not desktop.has_owner()
    # The Shell's search starts Knobs over D-Bus; LaunchSearch opens the window searching.
    assert "desktop/appearance/style/dark-style" in desktop.search("dark")
    desktop.call(desktop.PROVIDER_PATH, desktop.PROVIDER, "LaunchSearch", "(asu)", ["dark", "style"], 0)
    wait_for("the window searches for dark style",
             lambda: ("Dark Style", "In Appearance › Style") in [
                 (row.name, row.description) for row in driver.window().find_all("list item")], timeout=15)
    desktop.call(desktop.PROVIDER_PATH, desktop.PROVIDER, "ActivateResult", "(sasu)",
                 "desktop/top-bar/clock/show-seconds", ["seconds"], 0)
    wait_for("Show Seconds has the focus", lambda: focused_main_row(driver, "Show Seconds"))
    # A desktop action over D-Bus moves the running window.
    desktop.call(desktop.APP_PATH, "org.freedesktop.Application", "ActivateAction", "(sava{sv})", "fonts", [], {})
    wait_for("the Fonts page opened", lambda: focused_main_row(driver, "Interface Text"))
    assert len([window for window in driver.app().children() if window.showing]) == 1, "one window"
    desktop.check_service_stderr(stderr)
