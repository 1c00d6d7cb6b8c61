"""Profiles in the window, on the real dconf: the current settings saved under a name typed in
the window's question (a name the command line refuses is refused there too, in words),
changed with gsettings, then applied through the Import Preview (what it sets and what it
resets, nothing written before Apply) and read back with gsettings; one entry of the history;
deleted after the window asks, Escape deleting nothing."""

import json

from harness.driver import wait_for
from harness.scenario import scenario

INTERFACE = "org.gnome.desktop.interface"
SAVE = "Save Current Settings as Profile…"
QUESTION = "Save Current Settings as Profile"
DELETE = "Delete the Profile “Presentation”?"


def gsettings_get(session, key):
    return session.command("gsettings", "get", INTERFACE, key).stdout.strip()


def dconf_read(session, key):
    return session.command("dconf", "read", "/org/gnome/desktop/interface/" + key).stdout.strip()


@scenario(backend="dconf", timeout=150)
def test_a_profile_is_saved_applied_through_the_preview_and_deleted_in_the_window(session, driver):
    assert session.command("gsettings", "set", INTERFACE, "cursor-size", "48").returncode == 0
    assert session.command("gsettings", "set", INTERFACE, "clock-format", "'12h'").returncode == 0
    profile = session.data_home() / "knobs" / "profiles" / "Presentation.ini"
    session.launch()
    wait_for("the window is up", lambda: driver.row("Appearance"))
    driver.press("F10")
    wait_for("F10 opens the main menu", lambda: driver.node("push button", "Profiles", timeout=1))
    driver.node("push button", "Profiles").do_action()
    wait_for("the Profiles page is open", lambda: driver.row(SAVE))
    assert driver.row("No Profiles Yet")

    driver.activate_row(SAVE)
    dialog = wait_for("the name is asked", lambda: driver.find_app_window(QUESTION))
    assert dialog.find("text", "Profile Name") is not None, "the field is named for screen readers"
    driver.type_text("a/b", window=QUESTION)
    wait_for("a name with “/” is refused in words", lambda: driver.find_app_window(QUESTION).find(
        "label", "A profile's name can't start with a dot or hold a “/”: a/b."))
    driver.press("Return", window=QUESTION)
    assert driver.find_app_window(QUESTION) is not None and not profile.exists(), "nothing is saved"
    driver.press("Control_L", "a", window=QUESTION)
    driver.type_text("Presentation", window=QUESTION)
    driver.press("Return", window=QUESTION)
    wait_for("the profile is written", lambda: profile.exists())
    wait_for("the window says so once it is stored",
             lambda: any("The profile Presentation holds 2 settings." in text for text in driver.alert_texts()))
    text = profile.read_text()
    assert "cursor-size=48\n" in text and "clock-format='12h'\n" in text, text
    assert session.run("profile", "list").stdout.splitlines() == ["Presentation"]

    # Back at work, with gsettings: the cursor reset, the text larger.
    assert session.command("gsettings", "reset", INTERFACE, "cursor-size").returncode == 0
    assert session.command("gsettings", "reset", INTERFACE, "clock-format").returncode == 0
    assert session.command("gsettings", "set", INTERFACE, "text-scaling-factor", "1.5").returncode == 0

    wait_for("the profile is listed", lambda: driver.row("Presentation"))
    driver.activate_row("Presentation")
    wait_for("its page opens", lambda: driver.row("Apply Profile…"))
    driver.activate_row("Apply Profile…")
    wait_for("the preview lists the changes", lambda: driver.row("Apply Checked Changes"), timeout=15)
    descriptions = [row.description for row in driver.window().find_all("list item")]
    assert any("(default) → 48" in text for text in descriptions), descriptions
    assert any("1.5 → (default)" in text for text in descriptions), "a setting set now is reset: " + repr(descriptions)
    assert gsettings_get(session, "cursor-size") == "24", "nothing is written before Apply"
    driver.activate_row("Apply Checked Changes")
    wait_for("the profile reaches dconf", lambda: gsettings_get(session, "cursor-size") == "48")
    assert gsettings_get(session, "clock-format") == "'12h'"
    assert gsettings_get(session, "text-scaling-factor") == "1.0" and dconf_read(session, "text-scaling-factor") == ""
    history = json.loads(session.run("history", "--json").stdout)
    applied = [entry for entry in history if entry["source"] == "import"]
    assert sorted(entry["key"] for entry in applied) == ["clock-format", "cursor-size", "text-scaling-factor"]
    assert len({entry["group"] for entry in applied}) == 1, "one entry of the history, one Undo"

    driver.press("F10")
    wait_for("F10 opens the main menu", lambda: driver.node("push button", "Profiles", timeout=1))
    driver.node("push button", "Profiles").do_action()
    wait_for("the Profiles page is open", lambda: driver.row("Presentation"))
    driver.activate_row("Presentation")
    wait_for("its page opens", lambda: driver.row("Delete Profile"))
    driver.activate_row("Delete Profile")
    wait_for("Knobs asks first", lambda: driver.find_app_window(DELETE))
    driver.press("Escape", window=DELETE)
    wait_for("Escape closes the question", lambda: driver.find_app_window(DELETE) is None)
    assert profile.exists(), "Escape deletes nothing"
    driver.activate_row("Delete Profile")
    dialog = wait_for("Knobs asks again", lambda: driver.find_app_window(DELETE))
    dialog.find("push button", "Delete").do_action()
    wait_for("the profile is gone", lambda: not profile.exists())
    wait_for("the window says so",
             lambda: any("The profile Presentation was deleted" in text for text in driver.alert_texts()))
    assert session.run("profile", "list").stdout.startswith("No profiles yet")
    assert gsettings_get(session, "cursor-size") == "48", "deleting a profile leaves the settings as they are"


@scenario(backend="dconf", timeout=150)
def test_a_profile_of_the_pages_chosen_keeps_only_their_settings(session, driver):
    """Keep Only These Pages, from the keyboard: Top Bar checked, the profile holds the time
    format and not the cursor (Appearance), names its page as `knobs profile save NAME PAGE`
    does, and `knobs profile apply` resets nothing outside it."""
    assert session.command("gsettings", "set", INTERFACE, "cursor-size", "48").returncode == 0
    assert session.command("gsettings", "set", INTERFACE, "clock-format", "'12h'").returncode == 0
    profile = session.data_home() / "knobs" / "profiles" / "Clock.ini"
    session.launch("--open", "history/profiles/save/pages")
    driver.focus_row("Keep Only These Pages")
    driver.press("Return")
    wait_for("a check box in the popover has the focus",
             lambda: any(node.focused and node.role == "check box" for node in driver.window().descendants()))
    top_bar = driver.node("check box", "Top Bar")
    assert not top_bar.checked and not driver.node("check box", "Appearance").checked
    driver.press("Down")
    wait_for("Down moves to Fonts", lambda: driver.node("check box", "Fonts").focused, timeout=3)
    driver.press("Down")
    wait_for("Down moves to Top Bar", lambda: driver.node("check box", "Top Bar").focused, timeout=3)
    driver.press("Up")
    wait_for("Up moves back to Fonts", lambda: driver.node("check box", "Fonts").focused, timeout=3)
    driver.press("Down")
    wait_for("and Down to Top Bar again", lambda: driver.node("check box", "Top Bar").focused, timeout=3)
    driver.press("space")
    wait_for("Top Bar is checked", lambda: driver.node("check box", "Top Bar").checked)
    driver.press("Escape")
    wait_for("the popover is closed", lambda: driver.window().find("check box", "Top Bar") is None)

    driver.activate_row(SAVE)
    wait_for("the name is asked", lambda: driver.find_app_window(QUESTION))
    assert driver.find_app_window(QUESTION).find(
        "label", "The settings you set yourself on Top Bar are kept under this name, to switch back to later.")
    driver.type_text("Clock", window=QUESTION)
    driver.press("Return", window=QUESTION)
    wait_for("the profile is written", lambda: profile.exists())
    text = profile.read_text()
    assert text.startswith("# Knobs profile: Clock\n# Scope: desktop/top-bar\n"), text
    assert "clock-format='12h'\n" in text and "cursor-size" not in text, text
    wait_for("the window says so", lambda: any("The profile Clock holds 1 setting." in text
                                               for text in driver.alert_texts()))

    # The command line applies it as one of its own: the time format back, the cursor untouched.
    assert session.command("gsettings", "reset", INTERFACE, "clock-format").returncode == 0
    assert session.command("gsettings", "set", INTERFACE, "cursor-size", "32").returncode == 0
    applied = session.run("profile", "apply", "Clock")
    assert applied.returncode == 0, applied.stderr
    assert gsettings_get(session, "clock-format") == "'12h'"
    assert gsettings_get(session, "cursor-size") == "32", "a page not chosen is left as it is"
    assert session.run("list").stdout.count("Keep Only These Pages") == 0, "the window's choice is not a setting"
