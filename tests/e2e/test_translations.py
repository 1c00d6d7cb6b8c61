"""Knobs in German and in Hebrew: the command line's help, the window's own
texts and messages are translated, and in Hebrew the layout is mirrored.
Screenshots of both go to $KNOBS_TEST_ARTIFACTS (default build/test-artifacts)."""

import json
import os
import subprocess
from pathlib import Path

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

from harness.driver import wait_for  # noqa: E402
from harness.scenario import scenario  # noqa: E402
from harness.session import REPO  # noqa: E402

GERMAN = {"LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"}
HEBREW = {"LANG": "he_IL.UTF-8", "LC_ALL": "he_IL.UTF-8"}


def save_screenshot(session, name):
    folder = Path(os.environ.get("KNOBS_TEST_ARTIFACTS") or REPO / "build" / "test-artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    subprocess.run(["import", "-display", session.display, "-window", "root", str(path)],
                   env=session.env, check=True, capture_output=True, timeout=20)
    assert path.stat().st_size > 0, path
    return path


def extents(node):
    return Atspi.Component.get_extents(node.accessible, Atspi.CoordType.WINDOW)


@scenario()
def test_german_help_messages_and_window(session, driver):
    help_text = session.run("--help", extra_env=GERMAN)
    assert help_text.returncode == 0, help_text.stderr
    assert help_text.stdout.startswith("Aufruf: knobs [--panel FILE|ID] [--open PATH]"), help_text.stdout[:200]
    assert "Optionen:" in help_text.stdout and "Befehle (ohne Anzeige" in help_text.stdout, help_text.stdout
    assert "Panel-Dateien (docs/panel-format.md):" in help_text.stdout, help_text.stdout
    mistake = session.run("get", "clock/no-such-row", extra_env=GERMAN)
    assert mistake.returncode == 2 and "Unter „clock/no-such-row“ gibt es keine Einstellung." in mistake.stderr, mistake.stderr
    assert "„knobs list“ zeigt alle Pfade; schema/SCHEMA-ID nennt ein Schema." in mistake.stderr, mistake.stderr
    # Machine-readable output stays as it is.
    raw = session.run("get", "--raw", "clock/show-seconds", extra_env=GERMAN)
    assert raw.stdout.strip() in ("true", "false"), raw.stdout
    listed = json.loads(session.run("list", "--json", extra_env=GERMAN).stdout)
    # Scripts read the JSON listing: its titles and values stay English.
    cursor_size = next(row for row in listed if row["path"].endswith("appearance/themes/cursor-size"))
    assert (cursor_size["title"], cursor_size["value"]) == ("Cursor Size", "Default"), cursor_size
    dark = next(row for row in listed if row["path"].endswith("appearance/style/dark-style"))
    assert dark["title"] == "Dark Style", dark
    # The table is for people: German.
    table = session.run("list", extra_env=GERMAN).stdout
    assert "Dunkler Stil" in table and "Zeigergröße" in table, table[:500]
    seconds = session.run("get", "clock/show-seconds", extra_env=GERMAN)
    assert seconds.stdout.strip() in ("an", "aus"), seconds.stdout
    # XKB's keyboard options come in German through xkeyboard-config's own translations.
    options = session.run("get", "layout-options", extra_env=GERMAN)
    assert options.returncode == 0, options.stderr
    assert "Verhalten der Feststelltaste" in options.stdout and "Position der Compose-Taste" in options.stdout, \
        options.stdout[:800]

    session.launch("--open", "appearance/dark-style", extra_env=GERMAN)
    assert driver.node("push button", "Suchen")
    assert driver.node("push button", "Zurück")
    # The shipped panel's rows are German too: the switch the window opened at.
    assert driver.switch("Dunkler Stil")
    # A drop-down without a value (the Shell theme, whose schema is missing here) says so in German,
    # in Knobs' words: GTK's own “(None)” is not translated in every language.
    assert driver.selected_option("Shell") == "Nicht verfügbar", driver.selected_option("Shell")
    # The memory backend keeps nothing: the banner says so, in German.
    wait_for("the German notice about settings kept in memory",
             lambda: any("nur im Speicher" in text for text in driver.alert_texts()))
    driver.press("Escape")
    driver.activate_row("Webseite")
    wait_for("a German message about the link without a handler",
             lambda: any("„Webseite“ konnte nicht geöffnet werden" in text for text in driver.alert_texts()))
    assert driver.node("push button", "Link kopieren")
    save_screenshot(session, "translations-german.png")


def search_results(driver):
    return [(row.name, row.description) for row in driver.window().find_all("list item")
            if row.description.startswith("In ")]


@scenario()
def test_german_search_finds_rows_by_german_and_by_english_words(session, driver):
    session.launch(extra_env=GERMAN)
    driver.row("Erscheinungsbild")
    driver.press("Control_L", "f")
    found = ("Sekunden anzeigen", "In Obere Leiste › Uhr")
    driver.type_text("sekunden anzeigen")
    wait_for("Sekunden anzeigen is found by its German words",
             lambda: search_results(driver) == [found])
    driver.press("Control_L", "a")
    # Instructions on the web name the English title.
    driver.type_text("show seconds")
    wait_for("Sekunden anzeigen is found by the English words",
             lambda: search_results(driver) == [found])
    # Keywords are translated too: the acceleration profile is found by a German word for speed.
    driver.press("Control_L", "a")
    driver.type_text("geschwindigkeit")
    wait_for("the acceleration profile is found by its German keyword",
             lambda: "Beschleunigungsprofil" in [name for name, _ in search_results(driver)])


@scenario()
def test_german_schema_pages_are_found_by_english_words_and_listed_in_english(session, driver):
    # Debian translates gsettings-desktop-schemas: the generated pages show German summaries.
    table = session.run("list", "schema/org.gnome.desktop.interface", extra_env=GERMAN).stdout
    assert "Legt fest, ob die Uhr Sekunden anzeigt" in table, table[:800]
    # Scripts read the JSON listing: the schema's own English summaries.
    listed = json.loads(session.run("list", "--json", "schema/org.gnome.desktop.interface", extra_env=GERMAN).stdout)
    seconds = next(row for row in listed if row["key"] == "clock-show-seconds")
    assert seconds["title"] == "Whether the clock shows seconds", seconds
    repeat = next(row for row in listed if row["key"] == "gtk-timeout-repeat")
    assert repeat["title"] == "Timeout between click repeats", repeat

    session.launch(extra_env=GERMAN)
    driver.row("Erscheinungsbild")
    driver.press("Control_L", "f")
    title = "Wartezeit zwischen dem Auslösen eines weiteren Klicks"
    # Instructions on the web quote the schema's English summary.
    driver.type_text("timeout between click repeats")
    wait_for("the key is found by its English summary", lambda: title in [name for name, _ in search_results(driver)])
    driver.press("Control_L", "a")
    driver.type_text("weiteren klicks")
    wait_for("the key is found by its German summary", lambda: title in [name for name, _ in search_results(driver)])


@scenario(backend="memory")
def test_german_panel_file_shows_its_german_texts_and_search_finds_both(session, driver):
    pizza = REPO / "examples" / "pizza.yaml"
    # The panel's own German texts (title[de]) are shown, its window title too.
    driver.window_title = "Pizzabäcker"
    session.launch("--panel", str(pizza), extra_env=GERMAN)
    assert driver.switch("Speck").checked, "bacon is on by default"
    assert driver.switch("Käserand")
    # Scripts read the JSON listing: the panel file's titles stay English there too.
    listed = json.loads(session.run("--panel", str(pizza), "list", "--json", extra_env=GERMAN).stdout)
    bacon = next(row for row in listed if row["path"] == "toppings/bacon")
    assert bacon["title"] == "Bacon", bacon
    table = session.run("--panel", str(pizza), "list", extra_env=GERMAN).stdout
    assert "Speck" in table and "Teigdicke" in table, table
    driver.press("Control_L", "f")
    found = ("Frisches Basilikum", "In Zutaten")
    driver.type_text("basilikum")
    wait_for("Frisches Basilikum is found by its German word", lambda: search_results(driver) == [found])
    driver.press("Control_L", "a")
    driver.type_text("fresh basil")
    wait_for("Frisches Basilikum is found by the English words", lambda: search_results(driver) == [found])


@scenario()
def test_unknown_language_and_missing_translations_stay_english(session, driver):
    unknown = session.run("--help", extra_env={"LANG": "xx_YY.UTF-8", "LC_ALL": "xx_YY.UTF-8"})
    assert unknown.returncode == 0 and unknown.stdout.startswith("Usage: knobs"), unknown.stdout[:200]
    nowhere = session.run("--help", extra_env={**GERMAN, "KNOBS_LOCALEDIR": str(session.root / "no-locale")})
    assert nowhere.returncode == 0 and nowhere.stdout.startswith("Usage: knobs"), nowhere.stdout[:200]
    corrupt = session.root / "corrupt" / "de" / "LC_MESSAGES"
    corrupt.mkdir(parents=True)
    (corrupt / "knobs.mo").write_bytes(b"\x95\x04\x12\xde not a catalog")
    broken = session.run("--help", extra_env={**GERMAN, "KNOBS_LOCALEDIR": str(session.root / "corrupt")})
    assert broken.returncode == 0 and broken.stdout.startswith("Usage: knobs"), broken.stdout[:200]


@scenario()
def test_hebrew_window_is_right_to_left(session, driver):
    options = session.run("get", "layout-options", extra_env=HEBREW)
    assert options.returncode == 0 and "התנהגות Caps Lock" in options.stdout, options.stdout[:800]
    help_text = session.run("--help", extra_env=HEBREW)
    assert help_text.stdout.startswith("שימוש: knobs"), help_text.stdout[:200]
    session.launch("--open", "appearance/dark-style", extra_env=HEBREW)
    assert driver.node("push button", "חיפוש")
    assert driver.node("push button", "חזרה")
    # The row's title is Hebrew, as the screenshot shows.
    row = driver.row("סגנון כהה")
    # GTK has no Hebrew “(None)”: a drop-down without a value says Knobs' Hebrew words instead.
    assert driver.selected_option("מעטפת") == "לא זמין", driver.selected_option("מעטפת")
    switch = row.find("check box", "סגנון כהה")
    title = next(label for label in row.find_all("label") if label.name == "סגנון כהה")
    wait_for("the row is laid out", lambda: extents(switch).width > 0 and extents(title).width > 0)
    switch_box, title_box = extents(switch), extents(title)
    assert switch_box.x + switch_box.width <= title_box.x, (
        f"the switch (x {switch_box.x}..{switch_box.x + switch_box.width}) is not left of its title "
        f"(x {title_box.x}..{title_box.x + title_box.width})")
    back = driver.node("push button", "חזרה")
    search = driver.node("push button", "חיפוש")
    assert extents(back).x > extents(search).x, "the back button is not at the right end of the header bar"
    save_screenshot(session, "translations-hebrew.png")


SCALE_PANEL = """\
id: org.example.Scale
name: Scale
sections:
  - id: text
    title: Text
    rows:
      - kind: number
        id: scale
        title: Scale Factor
        setting: {schema: org.gnome.desktop.interface, key: text-scaling-factor}
        min: 0.5
        max: 3
        step: 0.25
        decimals: 2
"""


def gsettings_get(session, schema, key):
    return session.command("gsettings", "get", schema, key).stdout.strip()


@scenario(backend="dconf")
def test_german_numbers_read_and_type_with_a_decimal_comma(session, driver):
    interface = "org.gnome.desktop.interface"
    assert session.run("set", "fonts/text-size", "1,25", extra_env=GERMAN).returncode == 0
    assert gsettings_get(session, interface, "text-scaling-factor") == "1.25"
    # People read German numbers; scripts read C numbers.
    shown = session.run("get", "fonts/text-size", extra_env=GERMAN).stdout.strip()
    assert shown == "125\u00a0% (1,25)", repr(shown)
    listed = json.loads(session.run("list", "--json", extra_env=GERMAN).stdout)
    size = next(row for row in listed if row["path"].endswith("fonts/rendering/text-size"))
    assert (size["value"], size["raw"]) == ("125% (1.25)", "1.25"), size
    assert session.run("get", "--raw", "fonts/text-size", extra_env=GERMAN).stdout.strip() == "1.25"

    session.launch("--open", "fonts/text-size", extra_env=GERMAN)
    wait_for("the slider's value reads 125 % with a no-break space",
             lambda: "125\u00a0%" in driver.row("Textgröße").labels())



@scenario(backend="dconf")
def test_german_number_row_takes_a_decimal_comma(session, driver):
    interface = "org.gnome.desktop.interface"
    assert session.command("gsettings", "set", interface, "text-scaling-factor", "1.25").returncode == 0
    panel = Path(session.env["HOME"]) / "scale.yaml"
    panel.write_text(SCALE_PANEL)
    session.launch("--panel", str(panel), "--open", "text/scale", extra_env=GERMAN)
    driver.window_title = "Scale"
    # The row tells screen readers the value as the field shows it.
    wait_for("the number reads 1,25",
             lambda: "1,25, von 0,50 bis 3,00" in driver.window().find("text", "Scale Factor").description)
    driver.activate_row("Scale Factor")
    wait_for("the field has the focus", lambda: any(node.focused and node.role == "text"
                                                    for node in driver.window().descendants()))
    driver.press("Control_L", "a", window="Scale")
    driver.type_text("1,5", window="Scale")
    driver.press("Return", window="Scale")
    wait_for("dconf has 1.5, not 15", lambda: gsettings_get(session, interface, "text-scaling-factor") == "1.5")
    driver.press("Control_L", "a", window="Scale")
    driver.type_text("1.000", window="Scale")
    driver.press("Return", window="Scale")
    wait_for("a point that could group thousands is explained, in German",
             lambda: "könnte 1000 oder 1,000 sein" in driver.row("Scale Factor").description)
    assert gsettings_get(session, interface, "text-scaling-factor") == "1.5", "an ambiguous number is never written"
