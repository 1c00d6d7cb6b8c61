"""Keyboard shortcuts set by pressing keys, conflicts refused then replaced, and the
mark of a setting changed from its default, against the real dconf database."""

import json
import re

from harness.driver import wait_for
from harness.scenario import scenario

WM_KEYS = "org.gnome.desktop.wm.keybindings"
SHELL_KEYS = "org.gnome.shell.keybindings"
BACKGROUND = "org.gnome.desktop.background"
CHANGED = "Set to a value of your own"


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


@scenario(backend="dconf", timeout=90)
def test_a_second_shortcut_is_added_and_one_removed(session, driver):
    launch_at(session, driver, "keyboard-shortcuts/minimize", "Hide Window")
    dialog = open_set_shortcut(driver)
    dialog.find("push button", "Add Shortcut…").do_action()
    wait_for("Set Shortcut waits for the shortcut to add",
             lambda: dialog_says(driver, "Press the new shortcut to add to “Hide Window”."))
    driver.press("alt", "F9", window="Set Shortcut")
    wait_for("dconf has both shortcuts",
             lambda: gsettings_get(session, WM_KEYS, "minimize") == "['<Super>h', '<Alt>F9']")
    wait_for("Set Shortcut is gone", lambda: driver.find_app_window("Set Shortcut") is None)
    wait_for("the row has both", lambda: driver.row("Hide Window").find("push button") is not None)

    driver.row("Hide Window").find("push button").do_action()
    dialog = wait_for("Set Shortcut opens again", lambda: driver.find_app_window("Set Shortcut"))
    dialog.find("push button", "Remove “Super+H”").do_action()
    wait_for("dconf has the other one only", lambda: gsettings_get(session, WM_KEYS, "minimize") == "['<Alt>F9']")
    assert dialog.find("push button", "Remove “Alt+F9”") is not None, "the dialog stays, listing the rest"
    assert session.run("get", "keyboard-shortcuts/minimize").stdout.strip() == "Alt+F9"


COLORS = """id: org.example.Colors
name: Colors
sections:
  - id: background
    rows:
      - kind: color
        id: primary
        title: Background Color
        setting: {schema: org.gnome.desktop.background, key: primary-color}
"""


@scenario(backend="dconf", timeout=90)
def test_a_color_chosen_in_the_window_is_written_as_rrggbb(session, driver):
    panel = session.root / "colors.yaml"
    panel.write_text(COLORS)
    assert session.run("--check-panel", str(panel)).returncode == 0
    before = gsettings_get(session, BACKGROUND, "primary-color")
    session.launch("--panel", str(panel))
    driver.window_title = "Colors"
    button = wait_for("the color button", lambda: driver.window().find("push button", "Background Color"))
    button.do_action()
    dialog = wait_for("the color chooser opens", lambda: driver.find_app_window("Choose a Color"))
    # GTK 4.8's chooser names its palette swatches; its custom color editor has no names to drive it by.
    # The chooser's window is on the bus before its swatches are: each is waited for, not assumed.
    blue = wait_for("the chooser shows its Blue swatch", lambda: dialog.find("radio button", "Blue"))
    blue.do_action(("select",))
    select = wait_for("the chooser shows Select", lambda: dialog.find("push button", re.compile(r".*\bSelect$")))
    select.do_action(("click",))
    wait_for("the chooser closes", lambda: driver.find_app_window("Choose a Color") is None)
    wait_for("dconf has a new #rrggbb color",
             lambda: re.fullmatch(r"'#[0-9a-f]{6}'", gsettings_get(session, BACKGROUND, "primary-color"))
             and gsettings_get(session, BACKGROUND, "primary-color") != before)
    written = gsettings_get(session, BACKGROUND, "primary-color")
    assert written == "'#3584e4'", f"GTK's palette Blue is #3584e4, got {written}"
    assert session.run("--panel", str(panel), "get", "background/primary").stdout.strip() == "#3584e4"
    wait_for("the row says it changed", lambda: CHANGED in driver.row("Background Color").description)
