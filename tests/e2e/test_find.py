"""Finding a setting: search in the window, deep links into a running window,
and the command line changing what the window shows."""

import json

from harness.driver import wait_for
from harness.scenario import scenario


def search_results(driver):
    return [row for row in driver.window().find_all("list item") if row.description.startswith("In ")]


def focused_main_row(driver, title):
    return any(row.focused and not row.description.startswith("In ")
               for row in driver.window().find_all("list item", title))


@scenario()
def test_search_finds_show_seconds_and_goes_there(session, driver):
    session.launch()
    driver.row("Appearance")
    driver.press("Control_L", "f")
    # Whole words: generated pages (All Settings) hold keys whose descriptions say “shown” and “second”.
    driver.type_text("show seconds")
    found = [("Show Seconds", "In Top Bar › Clock")]
    wait_for("only Show Seconds is found, in Top Bar › Clock",
             lambda: [(row.name, row.description) for row in search_results(driver)] == found)
    # The page behind the results is out of the accessibility tree, not just off screen.
    listed = [(row.name, row.description) for row in driver.window().find_all("list item", showing=False)]
    assert listed == found, listed
    driver.press("Return")
    wait_for("Show Seconds has the focus on its page", lambda: focused_main_row(driver, "Show Seconds"))
    assert not search_results(driver)


@scenario()
def test_a_mistyped_search_shows_close_matches_and_says_so(session, driver):
    session.launch()
    driver.row("Appearance")
    driver.press("Control_L", "f")
    driver.type_text("dark stile")
    wait_for("Dark Style is found, in Appearance › Style",
             lambda: ("Dark Style", "In Appearance › Style") in [(row.name, row.description)
                                                                 for row in search_results(driver)])
    # An alert, so a screen reader announces it as well as showing it.
    wait_for("the window says these are close matches",
             lambda: "No exact matches; showing close matches for “dark stile”" in driver.alert_texts())


@scenario()
def test_open_moves_the_running_window_to_the_row(session, driver):
    session.launch()
    wait_for("the first row has the focus", lambda: driver.row("Appearance").focused)
    # Every hand-over must arrive: a launcher that exits before its D-Bus message
    # has left loses it now and then, so go back and forth a few times.
    for round in range(3):
        for path, title in [("clock/show-seconds", "Show Seconds"), ("appearance/dark-style", "Dark Style")]:
            result = session.run("--open", path)
            assert result.returncode == 0, result.stderr
            wait_for(f"{title} has the focus after `knobs --open {path}` (round {round + 1})",
                     lambda: focused_main_row(driver, title), timeout=5)


@scenario(backend="dconf")
def test_command_line_changes_show_and_bad_values_change_nothing(session, driver):
    session.launch("--open", "fonts/text-size")
    assert driver.node("slider", "Text Size").value == 1.0
    result = session.run("set", "fonts/text-size", "1.25")
    assert result.returncode == 0, result.stderr
    wait_for("the window shows 1.25", lambda: abs(driver.node("slider", "Text Size").value - 1.25) < 1e-9)
    result = session.run("set", "fonts/text-size", "9")
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "Nothing was changed" in result.stderr, result.stderr
    value = session.command("gsettings", "get", "org.gnome.desktop.interface", "text-scaling-factor").stdout
    assert value.strip() == "1.25"
    assert abs(driver.node("slider", "Text Size").value - 1.25) < 1e-9

    listed = {row["path"]: row for row in json.loads(session.run("list", "--json").stdout)}
    text_size = listed["desktop/fonts/rendering/text-size"]
    assert text_size["value"] == "125% (1.25)", text_size
    assert listed["help/about/info/version"]["kind"] == "value"
    assert session.run("get", "help/about/version").stdout.strip() == session.run("--version").stdout.split()[-1]
    assert session.run("reset", "fonts/text-size").returncode == 0
    wait_for("the window shows the default again", lambda: driver.node("slider", "Text Size").value == 1.0)
    assert "text-scaling-factor" not in session.command("dconf", "dump", "/").stdout
