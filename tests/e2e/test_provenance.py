"""Where a value comes from, in the window, on the real dconf: a row locked by a site database
(compiled by `dconf compile`, named by DCONF_PROFILE) names that database and says the user's own
value is kept; a row the site sets and the user changed shows its layers from its context menu's
"Where This Value Comes From", and its reset says it gives the site's default."""

import subprocess

from harness.driver import wait_for
from harness.scenario import scenario

INTERFACE = "org.gnome.desktop.interface"


@scenario(backend="dconf", timeout=120)
def test_a_locked_row_names_its_database_and_a_site_value_shows_its_layers_and_reset(session, driver):
    # The user's own values, before the site's profile is in force.
    assert session.command("gsettings", "set", INTERFACE, "clock-format", "24h").returncode == 0
    site = session.root / "site.d"
    (site / "locks").mkdir(parents=True)
    (site / "00-site").write_text("[org/gnome/desktop/interface]\nclock-format='12h'\nclock-show-weekday=true\n")
    (site / "locks" / "clock").write_text("/org/gnome/desktop/interface/clock-format\n")
    database = session.root / "site.db"
    compiled = subprocess.run(["dconf", "compile", str(database), str(site)], capture_output=True, text=True,
                              timeout=30)
    assert compiled.returncode == 0, compiled.stderr
    profile = session.root / "profile"
    profile.write_text(f"user-db:user\nfile-db:{database}\n")
    site_env = {"DCONF_PROFILE": str(profile)}
    label = f"file-db:{database}"

    session.launch("--open", "clock/time-format", extra_env=site_env)
    row = wait_for("the locked row names its database", lambda: next(
        (node for node in driver.window().find_all("list item", "Time Format")
         if f"Locked by the administrator ({label})" in node.description), None))
    assert "Your own value is kept" in row.description, row.description

    # The locked row is dimmed, its menu is not: its layers show the lock and the kept value.
    driver.focus_row("Time Format")
    driver.press("Menu")
    driver.node("push button", "Where This Value Comes From").do_action()
    locked = wait_for("the locked row's layers are shown", lambda: next(
        (node for node in driver.window().find_all("label")
         if node.name.startswith("Where this value comes from")), None)).name
    assert "➜ System database — " + label + ": '12h' (locks this setting)" in locked, locked
    assert "Your own value — user-db:user: '24h' (kept, but not used while the key is locked)" in locked, locked
    driver.press("Escape")
    wait_for("the layers are closed", lambda: not [
        node for node in driver.window().find_all("label") if node.name.startswith("Where this value comes from")])

    # A row the site sets and the user changed.
    assert session.run("set", "clock/show-weekday", "false", extra_env=site_env).returncode == 0
    # Set by the user: the modified mark (read out as "Set to a value of your own") is on.
    wait_for("the user's own value is marked", lambda: "Set to a value of your own" in driver.row("Show Weekday").description)
    driver.focus_row("Show Weekday")
    driver.press("Menu")
    driver.node("push button", "Where This Value Comes From").do_action()
    layers = wait_for("the layers are shown", lambda: next(
        (node for node in driver.window().find_all("label")
         if node.name.startswith("Where this value comes from")), None))
    text = layers.name
    assert "    System database — " + label + ": true" in text, text
    assert "➜ Your own value — user-db:user: false" in text, text
    assert "Reset gives: true" in text, text
    driver.press("Escape")
    wait_for("the layers are closed", lambda: not [
        node for node in driver.window().find_all("label") if node.name.startswith("Where this value comes from")])

    # Its reset says what it gives: the site's default, not the schema's (false).
    driver.focus_row("Show Weekday")
    driver.press("Menu")
    driver.node("push button", "Reset to the Site's Default (true)").do_action()
    wait_for("the reset gives the site's value", lambda: subprocess.run(
        ["gsettings", "get", INTERFACE, "clock-show-weekday"], env={**session.env, **site_env},
        capture_output=True, text=True).stdout.strip() == "true")
    # Now the site's value is in force, and the row says whose it is; the user set nothing.
    weekday = wait_for("the row names the site's database", lambda: next(
        (node for node in driver.window().find_all("list item", "Show Weekday")
         if f"Set for this computer by its administrator ({label})." in node.description), None))
    assert "Set to a value of your own" not in weekday.description, weekday.description
