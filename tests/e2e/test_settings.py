"""Values live in GSettings: kept in dconf across restarts, following changes
made outside, reset to their defaults; missing schemas and the memory backend
are explained in the window."""

from harness.driver import wait_for
from harness.scenario import scenario

SCHEMA = "org.gnome.desktop.interface"


def gsettings_get(session, key):
    """Reads a key in a fresh process, as another app would."""
    return session.command("gsettings", "get", SCHEMA, key).stdout.strip()


@scenario(backend="dconf")
def test_values_are_kept_in_dconf_and_outside_changes_show(session, driver):
    app = session.launch("--open", "appearance/dark-style")
    driver.switch("Dark Style").do_action()
    wait_for("dconf has prefer-dark", lambda: gsettings_get(session, "color-scheme") == "'prefer-dark'")
    assert session.run("--open", "fonts/text-size").returncode == 0
    driver.node("slider", "Text Size").set_value(1.25)
    wait_for("dconf has 1.25", lambda: gsettings_get(session, "text-scaling-factor") == "1.25")
    driver.press("Control_L", "q")
    assert session.wait_for_exit(app) == 0
    assert gsettings_get(session, "color-scheme") == "'prefer-dark'"
    assert gsettings_get(session, "text-scaling-factor") == "1.25"

    session.launch("--open", "appearance/dark-style")
    wait_for("Dark Style is on after a restart", lambda: driver.switch("Dark Style").checked)
    assert session.run("--open", "fonts/text-size").returncode == 0
    wait_for("Text Size is 1.25", lambda: abs(driver.node("slider", "Text Size").value - 1.25) < 1e-9)
    assert session.run("--open", "clock/show-seconds").returncode == 0
    session.command("gsettings", "set", SCHEMA, "clock-show-seconds", "true")
    wait_for("the window follows a change made outside", lambda: driver.switch("Show Seconds").checked, timeout=2)


@scenario(backend="dconf")
def test_reset_to_default_resets_the_key(session, driver):
    session.launch("--open", "appearance/dark-style")
    driver.switch("Dark Style").do_action()
    wait_for("dconf has prefer-dark", lambda: gsettings_get(session, "color-scheme") == "'prefer-dark'")
    assert "color-scheme" in session.command("dconf", "dump", "/").stdout
    driver.focus_row("Dark Style")
    driver.press("Menu")
    driver.node("push button", "Reset to Default").do_action()
    wait_for("the key is back to its default", lambda: gsettings_get(session, "color-scheme") == "'default'")
    assert "color-scheme" not in session.command("dconf", "dump", "/").stdout
    wait_for("the switch follows", lambda: not driver.switch("Dark Style").checked)


@scenario(schemas="none")
def test_missing_schemas_are_explained_and_the_window_closes_cleanly(session, driver):
    app = session.launch("--open", "appearance/dark-style")
    explanation = "Unavailable: the settings schema org.gnome.desktop.interface is not installed."
    wait_for("the rows explain the missing schema", lambda: explanation in driver.row("Dark Style").description)
    assert not driver.switch("Dark Style").sensitive
    driver.press("Control_L", "w")
    assert session.wait_for_exit(app) == 0


@scenario(backend="memory")
def test_memory_backend_says_changes_wont_be_kept(session, driver):
    session.launch()
    wait_for("the window warns that changes won't be kept",
             lambda: any("won't be kept" in text for text in driver.alert_texts()))
    driver.activate_row("About Knobs")
    wait_for("About names the memory backend", lambda: driver.value_of("Settings Storage") == "memory (not kept)")


@scenario(backend="keyfile")
def test_time_format_drop_down_writes_the_keyfile_and_the_footer_follows(session, driver):
    app = session.launch("--open", "clock/time-format")
    assert driver.selected_option("Time Format") == "24-hour"
    assert not driver.label_starting("The clock will read").text.endswith("M”.")
    driver.choose("Time Format", "AM/PM")
    wait_for("the footer reads AM or PM", lambda: driver.label_starting("The clock will read").text[-4:] in ("AM”.", "PM”."))
    keyfile = session.root / "config" / "glib-2.0" / "settings" / "keyfile"
    wait_for("the keyfile has clock-format='12h'", lambda: keyfile.exists() and "clock-format='12h'" in keyfile.read_text())
    assert session.run("--open", "appearance/cursor-size").returncode == 0
    driver.choose("Cursor Size", "Large")
    wait_for("the keyfile has cursor-size=48", lambda: "cursor-size=48" in keyfile.read_text())
    driver.press("Control_L", "q")
    assert session.wait_for_exit(app) == 0

    session.launch("--open", "clock/time-format")
    wait_for("AM/PM is still chosen after a restart", lambda: driver.selected_option("Time Format") == "AM/PM")
    assert session.run("--open", "appearance/cursor-size").returncode == 0
    wait_for("Large is still chosen", lambda: driver.selected_option("Cursor Size") == "Large")


@scenario(backend="dconf", schemas="system-only")
def test_desktop_settings_are_real_without_knobs_own_schema(session, driver):
    app = session.launch("--open", "appearance/dark-style")
    driver.switch("Dark Style").do_action()
    wait_for("dconf has prefer-dark", lambda: gsettings_get(session, "color-scheme") == "'prefer-dark'")
    assert not any("won't be kept" in text for text in driver.alert_texts()), driver.alert_texts()
    assert session.run("set", "clock/show-seconds", "on").returncode == 0
    assert gsettings_get(session, "clock-show-seconds") == "true"
    assert session.run("get", "--raw", "appearance/dark-style").stdout.strip() == "'prefer-dark'"
    driver.press("Control_L", "q")
    assert session.wait_for_exit(app) == 0
