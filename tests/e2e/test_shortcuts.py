"""Keyboard shortcuts set by pressing keys, conflicts refused then replaced, and the
mark of a setting changed from its default, against the real dconf database."""

import json

from harness.driver import wait_for
from harness.scenario import scenario

WM_KEYS = "org.gnome.desktop.wm.keybindings"
SHELL_KEYS = "org.gnome.shell.keybindings"
CHANGED = "Changed from the default"


def gsettings_get(session, schema, key):
    """Reads a key in a fresh process, as another app would."""
    return session.command("gsettings", "get", schema, key).stdout.strip()


def launch_at(session, driver, path, title):
    """Starts Knobs at a row and waits until the row has the focus, so keys go where the test means."""
    session.launch("--open", path)
    wait_for(f"{title} has the focus", lambda: driver.row(title).focused)


def open_set_shortcut(driver):
    """Enter on the focused shortcut row opens Set Shortcut."""
    driver.press("Return")
    return wait_for("Set Shortcut opens", lambda: driver.find_app_window("Set Shortcut"))


def dialog_says(driver, prefix):
    dialog = driver.find_app_window("Set Shortcut")
    return dialog is not None and any(label.name.startswith(prefix) for label in dialog.find_all("label"))


def listed(session, path):
    rows = json.loads(session.run("list", "--json").stdout)
    return next(row for row in rows if row["path"] == path)


@scenario(backend="dconf", timeout=90)
def test_a_window_shortcut_is_changed_by_pressing_keys(session, driver):
    launch_at(session, driver, "keyboard-shortcuts/minimize", "Hide Window")
    assert gsettings_get(session, WM_KEYS, "minimize") == "['<Super>h']"
    open_set_shortcut(driver)
    driver.press("super", "j", window="Set Shortcut")
    wait_for("dconf has Super+J", lambda: gsettings_get(session, WM_KEYS, "minimize") == "['<Super>j']")
    wait_for("Set Shortcut is gone", lambda: driver.find_app_window("Set Shortcut") is None)
    wait_for("the row says it changed", lambda: CHANGED in driver.row("Hide Window").description)
    # The window's own shortcuts work again, and search finds the row by its new keys.
    driver.press("Control_L", "f")
    driver.type_text("super j")
    wait_for("search finds Hide Window by Super+J",
             lambda: any(row.name == "Hide Window" and row.description.startswith("In ")
                         for row in driver.window().find_all("list item")))
    assert session.run("get", "keyboard-shortcuts/minimize").stdout.strip() == "Super+J"


@scenario(backend="dconf", timeout=90)
def test_a_conflicting_shortcut_is_refused_then_replaced(session, driver):
    refused = session.run("set", "keyboard-shortcuts/minimize", "<Super>s")
    assert refused.returncode == 2, refused
    assert "“Show the Overview” (desktop/keyboard-shortcuts/system/toggle-overview)" in refused.stderr, refused.stderr
    assert gsettings_get(session, WM_KEYS, "minimize") == "['<Super>h']", "a refused command changes nothing"

    launch_at(session, driver, "keyboard-shortcuts/minimize", "Hide Window")
    dialog = open_set_shortcut(driver)
    driver.press("super", "s", window="Set Shortcut")
    wait_for("Set Shortcut names the other binding",
             lambda: dialog_says(driver, "Super+S is already used for “Show the Overview”"))
    assert gsettings_get(session, WM_KEYS, "minimize") == "['<Super>h']", "nothing is written before Replace"
    dialog.find("push button", "Replace").do_action()
    wait_for("dconf has Super+S for Hide Window",
             lambda: gsettings_get(session, WM_KEYS, "minimize") == "['<Super>s']")
    wait_for("Show the Overview lost it", lambda: gsettings_get(session, SHELL_KEYS, "toggle-overview") == "@as []")

    replaced = session.run("set", "--replace", "keyboard-shortcuts/toggle-overview", "<Super>s")
    assert replaced.returncode == 0, replaced
    assert gsettings_get(session, SHELL_KEYS, "toggle-overview") == "['<Super>s']"
    assert gsettings_get(session, WM_KEYS, "minimize") == "@as []"


@scenario(backend="dconf")
def test_the_changed_mark_is_announced_and_gone_after_reset(session, driver):
    launch_at(session, driver, "keyboard-shortcuts/close", "Close Window")
    assert CHANGED not in driver.row("Close Window").description
    assert listed(session, "desktop/keyboard-shortcuts/windows/close")["modified"] is False
    assert session.run("set", "keyboard-shortcuts/close", "<Alt>F12").returncode == 0
    wait_for("the row is announced as changed", lambda: CHANGED in driver.row("Close Window").description)
    assert listed(session, "desktop/keyboard-shortcuts/windows/close")["modified"] is True
    assert session.run("reset", "keyboard-shortcuts/close").returncode == 0
    wait_for("the mark is gone after the reset", lambda: CHANGED not in driver.row("Close Window").description)
    assert listed(session, "desktop/keyboard-shortcuts/windows/close")["modified"] is False
    assert gsettings_get(session, WM_KEYS, "close") == "['<Alt>F4']"
