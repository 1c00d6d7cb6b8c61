"""The README's twenty lines, built outside the repository (tests/library/run): the
window of `pizza` on a virtual display with real dconf, its toggle flipped over AT-SPI
and read back with gsettings, and its command line on the same declaration. Then the DocC
catalog's PanelView sample: the same panel embedded in a window the app makes itself. Then each
program of examples/swift: its window shows its rows, a switch flipped lands in its schema, and
its command line lists it."""

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from harness.driver import wait_for  # noqa: E402
from harness.scenario import scenario  # noqa: E402
# The e2e suite's last check, run last here too: nothing the sessions started outlives them.
from test_zz_nothing_left_running import test_no_process_started_by_the_suite_is_still_running  # noqa: E402,F401

CHANGED = "Set to a value of your own"


def example_driver(driver, program, title):
    """The driver, pointed at another program of the outside package (the catalog's sample, an example)."""
    os.environ["KNOBS_BIN"] = str(Path(os.environ["KNOBS_BIN"]).parent / program)
    driver.window_title = title
    driver.app = lambda timeout=15: driver.find_app(program, timeout)
    driver.apps_named_knobs = lambda: driver.apps_named(program)
    return driver


def pizza_driver(driver):
    """The driver, pointed at pizza's window instead of Knobs'."""
    driver.window_title = "Pizza"
    driver.app = lambda timeout=15: driver.find_app("pizza", timeout)
    driver.apps_named_knobs = lambda: driver.apps_named("pizza")
    return driver


def gsettings_bacon(session):
    result = session.command("gsettings", "get", "org.example.pizza", "bacon")
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def bacon_row(driver):
    return driver.row("Bacon")


def search_finds_bacon(driver, window):
    """Types “bacon” into the open search of `window`; the row is found in its section."""
    driver.type_text("bacon", window=window)
    wait_for("search finds Bacon in Toppings",
             lambda: [(row.name, row.description) for row in driver.window().find_all("list item")
                      if row.description.startswith("In ")] == [("Bacon", "In Toppings")])


@scenario(backend="dconf", schemas="knobs-only")
def test_the_twenty_lines_show_a_window_whose_toggle_lands_in_dconf(session, driver):
    driver = pizza_driver(driver)
    session.launch()
    bacon = driver.switch("Bacon")
    assert not bacon.checked, "bacon is off by default"
    assert CHANGED not in bacon_row(driver).description
    bacon.toggle()
    wait_for("gsettings reads bacon on", lambda: gsettings_bacon(session) == "true")
    wait_for("the switch shows bacon on", lambda: driver.switch("Bacon").checked)
    wait_for("the row is marked as changed from its default", lambda: CHANGED in bacon_row(driver).description)

    # The command line on the same declaration, while the window is open.
    listed = session.run("list")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout == "PATH            KIND    TITLE  VALUE\ntoppings/bacon  toggle  Bacon  on\n", listed.stdout
    rows = json.loads(session.run("list", "--json").stdout)
    assert [(row["path"], row["schema"], row["key"], row["raw"], row["modified"]) for row in rows] == [
        ("toppings/bacon", "org.example.pizza", "bacon", "true", True)], rows
    changed = session.run("set", "toppings/bacon", "false")
    assert (changed.returncode, changed.stdout, changed.stderr) == (0, "", ""), changed
    assert gsettings_bacon(session) == "false"
    wait_for("the window follows the command line: bacon off", lambda: not driver.switch("Bacon").checked)
    assert session.run("get", "toppings/bacon").stdout == "off\n"

    # A second start is the same instance: --open hands the path to the running window and exits.
    opened = session.run("--open", "toppings/bacon")
    assert opened.returncode == 0, opened.stderr
    assert len(driver.apps_named("pizza")) == 1, "one pizza on the accessibility bus"
    wait_for("the Bacon row has the focus", lambda: bacon_row(driver).focused)

    # Search (Ctrl+F) finds the row in its section.
    driver.press("Control_L", "f", window="Pizza")
    search_finds_bacon(driver, "Pizza")


@scenario(backend="dconf", schemas="knobs-only")
def test_the_twenty_lines_have_a_command_line(session, driver):
    mistakes = session.run("set", "toppings/bacon", "maybe")
    assert mistakes.returncode == 2 and mistakes.stderr.startswith("pizza: "), mistakes
    assert gsettings_bacon(session) == "false"
    assert session.run("set", "toppings/bacon", "true").returncode == 0
    assert gsettings_bacon(session) == "true"
    assert session.run("reset", "toppings/bacon").returncode == 0
    assert gsettings_bacon(session) == "false"
    unknown = session.run("get", "toppings/bacn")
    assert unknown.returncode == 2
    assert unknown.stderr == ("pizza: There is no setting at “toppings/bacn”. Did you mean toppings/bacon, toppings? "
                              "“pizza list” shows every path.\n"), unknown.stderr
    checked = session.run("--check-panel")
    assert (checked.returncode, checked.stdout) == (0, "The settings panel is valid: 1 row.\n"), checked
    usage = session.run("--help")
    assert usage.returncode == 0 and usage.stdout.startswith("Usage: pizza [--open PATH]\n"), usage
    wrong = session.run("get")
    assert (wrong.returncode, wrong.stderr) == (
        2, "pizza: get needs a path, e.g. pizza get toppings/bacon.\nTry “pizza --help”.\n"), wrong


@scenario(backend="dconf", schemas="none")
def test_without_its_schema_the_app_says_so_and_shows_nothing(session, driver):
    started = session.run()
    assert started.returncode == 2, started
    assert started.stderr == ("pizza: the settings panel has 1 problem:\n"
                              "  toppings/bacon: The settings schema org.example.pizza is not installed.\n"), started
    assert not driver.apps_named("pizza")


@scenario(backend="memory", schemas="knobs-only")
def test_settings_kept_in_memory_are_said_in_the_apps_name(session, driver):
    kept = session.run("set", "toppings/bacon", "true")
    assert (kept.returncode, kept.stderr) == (
        1, "pizza: settings can't be saved here: Settings are kept in memory only, so changes won't be kept "
           "after Pizza closes.\n"), kept
    driver = pizza_driver(driver)
    session.launch()
    wait_for("the window's notice names the app, not Knobs",
             lambda: any("after Pizza closes" in text for text in driver.alert_texts()))


# The DocC catalog's sample of a panel in an app's own window (KnobsUI.docc/EmbeddingAPanel.md).
EMBEDDED = "docs-embeddingapanel-1"


@scenario(backend="dconf", schemas="knobs-only")
def test_a_panel_view_in_the_apps_own_window_lands_in_dconf(session, driver):
    driver = example_driver(driver, EMBEDDED, "Pizza Preferences")
    session.launch()
    assert driver.node("label", "Pizza Preferences"), "the app's own heading, above the view"
    bacon = driver.switch("Bacon")
    assert not bacon.checked, "bacon is off by default"
    bacon.toggle()
    wait_for("gsettings reads bacon on", lambda: gsettings_bacon(session) == "true")
    wait_for("the row is marked as changed from its default", lambda: CHANGED in bacon_row(driver).description)
    # Another program's change shows in the view.
    assert session.command("gsettings", "set", "org.example.pizza", "bacon", "false").returncode == 0
    wait_for("the view follows dconf: bacon off", lambda: not driver.switch("Bacon").checked)

    # The view's own search: its Search button, then typing.
    driver.node("push button", "Search").do_action()
    search_finds_bacon(driver, "Pizza Preferences")


@scenario(backend="dconf", schemas="none")
def test_a_panel_view_whose_schema_is_missing_shows_nothing(session, driver):
    driver = example_driver(driver, EMBEDDED, "Pizza Preferences")
    started = session.run()
    assert started.returncode == 2, started
    assert started.stderr == ("pizza-preferences: the settings panel has 1 problem:\n"
                              "  toppings/bacon: The settings schema org.example.pizza is not installed.\n"), started
    assert not driver.apps_named(EMBEDDED)


def drive_example(session, driver, program, title, rows, switch, schema, key, path):
    """Launches the example, finds its rows, flips `switch` and reads it back from dconf, and lists it."""
    driver = example_driver(driver, program, title)
    session.launch()
    for row in rows:
        assert driver.row(row), f"{program} shows {row}"
    before = session.command("gsettings", "get", schema, key).stdout.strip()
    driver.switch(switch).toggle()
    after = "false" if before == "true" else "true"
    wait_for(f"gsettings reads {key} {after}",
             lambda: session.command("gsettings", "get", schema, key).stdout.strip() == after)
    listed = session.run("list")
    assert listed.returncode == 0, listed.stderr
    line = next((line for line in listed.stdout.splitlines() if line.startswith(path + " ")), None)
    assert line and line.split()[1] == "toggle" and line.split()[-1] == ("on" if after == "true" else "off"), \
        listed.stdout
    checked = session.run("--check-panel")
    assert checked.returncode == 0, checked


@scenario(backend="dconf", schemas="knobs-only")
def test_the_composed_example(session, driver):
    drive_example(session, driver, "composed", "Composed", ["Text Size", "Theme", "Write to Us", "Website", "Help"],
                  "Check Spelling", "org.example.composed", "spell-check", "settings/spell-check")


@scenario(backend="dconf", schemas="knobs-only")
def test_the_meal_plan_example(session, driver):
    drive_example(session, driver, "meal-plan", "Meal Plan", ["Servings", "Personal Feedback", "Rate Meal Plan"],
                  "Weekly Reminder", "org.example.mealplan", "weekly-reminder", "plan/weekly-reminder")


@scenario(backend="dconf", schemas="knobs-only")
def test_the_bb_links_example_made_from_enums(session, driver):
    drive_example(session, driver, "bb-links", "BB Links",
                  ["Active Account", "Signed In As", "Default Country", "Version", "Donate", "Share BB Links"],
                  "Open Links in the App", "org.example.bblinks", "open-in-app", "links/open-in-app")
