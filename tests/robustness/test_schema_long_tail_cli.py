"""The long tail of extension schemas on the real dconf: a tiling assistant's keybinding schema
(shortcuts whose default is empty, a bare arrow, Enter or a keypad key, beside a list of window
titles) and a blur effect's numbers (an opacity with no range and no unit, a distance whose
description speaks of opacity, an opacity and a color channel that only convention caps at 255 (past it
needs --force), a range written in a summary or description, per-monitor settings
kept as JSON) and options written as words (a tiler's modifier, layouts and drop layout named in prose
or backquotes, a monitor's unit in "'a' or 'b'", "Position: left or right", a small range whose
description names each value). Each key's kind and title is checked with `knobs list --json`, each
good write (a label stores its code or value) read back with `gsettings get`, and bad values (a key
name that names no key, numbers past a written range, JSON that isn't, said with its line and column,
an option the key lacks, said with the ones it has, free text or a list item holding U+202E, another
character that changes the direction of text or a control character) are refused in words with nothing
written. The schemas are written here. Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import pytest

from schema_desks import assert_refused, assert_written, listed_by_key as listed, schema_desk

TILER = "dev.knobs.fixture.tail.keybindings"
BLUR = "dev.knobs.fixture.TailBlur"
TILER_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<schemalist>
  <schema id="{TILER}" path="/dev/knobs/fixture/tail-keybindings/">
    <key name="tile-left" type="as"><default><![CDATA[['<Super>Left']]]></default><summary>Tile left</summary></key>
    <key name="tile-right" type="as"><default><![CDATA[['<Super>Right']]]></default><summary>Tile right</summary></key>
    <key name="step-left" type="as"><default>['Left']</default><summary>Step left</summary></key>
    <key name="confirm-layout" type="as"><default>['Return']</default><summary>Confirm the layout</summary></key>
    <key name="center-window" type="as"><default>['KP_5']</default><summary>Center the window</summary></key>
    <key name="toggle-float" type="as"><default>[]</default><summary>Toggle floating</summary></key>
    <key name="float-titles" type="as"><default>['Terminal']</default><summary>Floating windows</summary></key>
  </schema>
</schemalist>
"""
BLUR_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<schemalist>
  <schema id="{BLUR}" path="/dev/knobs/fixture/tail-blur/">
    <key name="panel-opacity" type="i"><default>240</default></key>
    <key name="tint-color-red" type="u"><default>128</default><summary>Red of the tint</summary></key>
    <key name="shadow-distance" type="i"><default>20</default><summary>Shadow distance</summary>
      <description>How far the shadow falls; its opacity fades with it.</description></key>
    <key name="brightness" type="i"><default>200</default><summary>Brightness (0-255)</summary></key>
    <key name="hack-level" type="i"><default>1</default><summary>Hack level</summary>
      <description>How hard to try, from 0 to 3.</description></key>
    <key name="dim-percent" type="u"><default>30</default><summary>Dimming</summary></key>
    <key name="monitor-settings" type="s"><default>'{{}}'</default><summary>Per-monitor settings (JSON)</summary></key>
  </schema>
</schemalist>
"""


WORDS = "dev.knobs.fixture.TailWords"
WORDS_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<schemalist>
  <schema id="{WORDS}" path="/dev/knobs/fixture/tail-words/">
    <key name="drag-modifier" type="s"><default>'None'</default><summary>Modifier for tiling by dragging</summary>
      <description>Without one a dropped window tiles at once. Options are Super, Ctrl, Shift, Alt, and None</description></key>
    <key name="layout-mode" type="s"><default>'tiling'</default><summary>Layout modes: stacking, tiling</summary></key>
    <key name="drop-layout" type="s"><default>'tabbed'</default><summary>Layout of a dropped window</summary>
      <description>The values are `tabbed` and `stacked`.</description></key>
    <key name="temperature-unit" type="i"><default>0</default><summary>Temperature unit</summary>
      <description>The unit ('centigrade' or 'fahrenheit') temperatures are shown in</description></key>
    <key name="panel-side" type="i"><default>1</default><summary>Position: left or right</summary></key>
    <key name="corner" type="i"><default>0</default><summary>Corner</summary>
      <description>0 = Left or 1 = Right</description></key>
    <key name="blur-quality" type="i"><default>2</default><summary>Quality</summary>
      <description>Low, medium or high.</description><range min="1" max="3"/></key>
    <key name="dim-level" type="i"><default>0</default><summary>Dimming</summary>
      <description>0: off, 1: low, 2: high</description><range min="0" max="2"/></key>
    <key name="bar-width" type="i"><default>1</default><summary>Bar width</summary>
      <description>Thin or wide bars, in pixels.</description></key>
  </schema>
</schemalist>
"""


# Free text beside other keys, each under a comment (the command line shows no sections; SchemaPagesTests checks them).
NOTES = "dev.knobs.fixture.TailNotes"
NOTES_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<schemalist>
  <schema id="{NOTES}" path="/dev/knobs/fixture/tail-notes/">
    <!-- SIGMA -->
    <key name="sigma" type="i"><default>30</default><summary>Gaussian sigma</summary></key>
    <!-- BRIGHTNESS -->
    <key name="brightness" type="d"><default>0.6</default><summary>Brightness</summary><range min="0" max="1"/></key>
    <!-- NOISE AMOUNT -->
    <key name="noise-amount" type="d"><default>0</default><summary>Noise</summary><range min="0" max="1"/></key>
    <!-- UNBLUR DYNAMICALLY -->
    <key name="unblur" type="b"><default>false</default><summary>Unblur near windows</summary></key>
    <!-- Panel -->
    <key name="panel-blur" type="b"><default>true</default><summary>Blur the panel</summary></key>
    <key name="panel-text" type="s"><default>''</default><summary>Panel label</summary></key>
    <key name="panel-names" type="as"><default>[]</default><summary>Panel names</summary></key>
    <!-- Debug -->
    <key name="debug" type="b"><default>false</default><summary>Debug mode</summary></key>
  </schema>
</schemalist>
"""


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    yield from schema_desk(tmp_path_factory, "tail", {
        f"{TILER}.gschema.xml": TILER_XML, f"{BLUR}.gschema.xml": BLUR_XML, f"{WORDS}.gschema.xml": WORDS_XML,
        f"{NOTES}.gschema.xml": NOTES_XML})


def test_the_tilers_bare_and_empty_keybindings_are_shortcuts_and_its_titles_a_list(desk):
    rows = listed(desk, TILER)
    kinds = {key: row["kind"] for key, row in rows.items()}
    assert kinds == {
        "tile-left": "shortcut", "tile-right": "shortcut", "step-left": "shortcut", "confirm-layout": "shortcut",
        "center-window": "shortcut", "toggle-float": "shortcut", "float-titles": "list",
    }
    assert rows["float-titles"]["title"] == "Floating windows"


def test_the_blurs_numbers_have_no_invented_unit(desk):
    rows = listed(desk, BLUR)
    assert {key: row["kind"] for key, row in rows.items()} == {
        "panel-opacity": "number", "tint-color-red": "number", "shadow-distance": "number", "brightness": "slider", "hack-level": "slider",
        "dim-percent": "slider", "monitor-settings": "text",
    }
    assert rows["monitor-settings"]["title"] == "Per-monitor settings"
    assert "%" not in rows["panel-opacity"]["value"] and "%" not in rows["shadow-distance"]["value"]


def test_word_options_are_choices_titled_without_their_list(desk):
    rows = listed(desk, WORDS)
    assert {key: (row["kind"], row["title"], row["value"]) for key, row in rows.items()} == {
        "drag-modifier": ("choice", "Modifier for tiling by dragging", "None"),
        "layout-mode": ("choice", "Layout modes", "Tiling"),
        "drop-layout": ("choice", "Layout of a dropped window", "Tabbed"),
        "temperature-unit": ("choice", "Temperature unit", "Centigrade"),
        "panel-side": ("choice", "Position", "Right"),
        "corner": ("choice", "Corner", "Left"),
        "blur-quality": ("choice", "Quality", "Medium"),
        "dim-level": ("choice", "Dimming", "Off"),
        "bar-width": ("number", "Bar width", "1"),
    }


@pytest.mark.parametrize("schema, key, text, stored", [
    (TILER, "step-left", "Right", "['Right']"),
    (TILER, "confirm-layout", "KP_Enter", "['KP_Enter']"),
    (TILER, "center-window", "['KP_5', '<Super>c']", "['KP_5', '<Super>c']"),
    (TILER, "toggle-float", "<Super>f", "['<Super>f']"),
    (TILER, "float-titles", "Terminal, Files", "['Terminal', 'Files']"),
    (BLUR, "panel-opacity", "255", "255"),
    (BLUR, "tint-color-red", "0", "uint32 0"),
    (BLUR, "shadow-distance", "150", "150"),
    (BLUR, "brightness", "255", "255"),
    (BLUR, "hack-level", "3", "3"),
    (BLUR, "dim-percent", "50%", "uint32 50"),
    (BLUR, "monitor-settings", '{"DP-1": {"blur": 30, "names": ["a", "\\u00e9"]}}',
     """'{"DP-1": {"blur": 30, "names": ["a", "\\\\u00e9"]}}'"""),
    (BLUR, "monitor-settings", '{"DP-1": "left\u202ethgir"}', """'{"DP-1": "left\\\\u202ethgir"}'"""),
    (WORDS, "drag-modifier", "alt", "'Alt'"),
    (WORDS, "layout-mode", "Stacking", "'stacking'"),
    (WORDS, "drop-layout", "Stacked", "'stacked'"),
    (WORDS, "temperature-unit", "Fahrenheit", "1"),
    (WORDS, "panel-side", "left", "0"),
    (WORDS, "corner", "Right", "1"),
    (WORDS, "blur-quality", "High", "3"),
    (WORDS, "dim-level", "low", "1"),
])
def test_each_write_reaches_dconf(desk, schema, key, text, stored):
    assert_written(desk, schema, key, text, stored)


@pytest.mark.parametrize("schema, key, text, said", [
    (TILER, "step-left", "<Super>nosuchkey", "“nosuchkey” is not the name of a key."),
    (TILER, "toggle-float", "nosuchkey", "“nosuchkey” is not the name of a key."),
    (TILER, "center-window", "['KP_5', 'KP_5']", "is in the list twice"),
    (TILER, "confirm-layout", "<Super>\u202eq", ""),
    (BLUR, "brightness", "256", "is outside that range"),
    (BLUR, "brightness", "-1", "is outside that range"),
    (BLUR, "hack-level", "4", "is outside that range"),
    (BLUR, "dim-percent", "150%", "is outside that range"),
    (BLUR, "monitor-settings", '{"DP-1": 1,}', "It is not valid JSON: something unexpected at line 1, column 12."),
    (BLUR, "monitor-settings", '{\n  "DP-1": tru\n}', "at line 2, column 11."),
    (BLUR, "monitor-settings", '{"DP-1": ', "it ends at line 1, column 10 before its value is complete"),
    (BLUR, "monitor-settings", "", "it ends at line 1, column 1"),
    (BLUR, "monitor-settings", "[" * 60_000, "it nests deeper than 512 levels"),
    (BLUR, "panel-opacity", "999",
     "“Panel opacity” is usually at most 255; “999” is past that. Nothing was changed; --force sets it anyway."),
    (BLUR, "tint-color-red", "256", "is usually at most 255; “256” is past that."),
    (WORDS, "drag-modifier", "Meta", "has no option “Meta”; use one of: Super, Ctrl, Shift, Alt, None."),
    (WORDS, "layout-mode", "stacked", "has no option “stacked”"),
    (WORDS, "drop-layout", "grid", "use one of: tabbed (Tabbed), stacked (Stacked)."),
    (WORDS, "drop-layout", "\u202estacked", "has no option"),
    (WORDS, "temperature-unit", "kelvin", "use one of: 0 (Centigrade), 1 (Fahrenheit)."),
    (WORDS, "temperature-unit", "2", "has no option “2”"),
    (WORDS, "panel-side", "-1", "has no option “-1”"),
    (WORDS, "blur-quality", "0", "has no option “0”"),
    (WORDS, "dim-level", "3", "has no option “3”"),
])
def test_a_bad_value_is_refused_in_words_and_nothing_is_written(desk, schema, key, text, said):
    assert_refused(desk, schema, key, text, said)


def test_force_writes_past_the_usual_maximum_but_never_past_a_bound(desk):
    result = desk.knobs("set", "--force", f"schema/{BLUR}/panel-opacity", "999")
    assert result.returncode == 0, result.stderr
    assert desk.get(BLUR, "panel-opacity") == "999"
    result = desk.knobs("set", "--replace", "--force", f"schema/{BLUR}/tint-color-red", "300")
    assert result.returncode == 0, result.stderr
    assert desk.get(BLUR, "tint-color-red") == "uint32 300"
    # A range the schema's text writes is a bound: --force is no way past it, nor past the type's.
    for key, text in (("brightness", "256"), ("panel-opacity", "4294967296")):
        before = desk.get(BLUR, key)
        result = desk.knobs("set", "--force", f"schema/{BLUR}/{key}", text)
        assert result.returncode == 2 and "is outside that range" in result.stderr, result.stderr
        assert desk.get(BLUR, key) == before


def test_json_stored_with_a_bidi_control_is_shown_with_its_escape(desk):
    stored = '{"DP-1": "left\u202ethgir", "sep": "a\u2028b"}'
    result = desk.command("gsettings", "set", BLUR, "monitor-settings", "'" + stored + "'")
    assert result.returncode == 0, result.stderr
    row = listed(desk, BLUR)["monitor-settings"]
    assert row["value"] == '{"DP-1": "left\\u202ethgir", "sep": "a\\u2028b"}'
    got = desk.knobs("get", f"schema/{BLUR}/monitor-settings")
    assert got.returncode == 0 and "\\u202e" in got.stdout, got
    assert "\u202e" not in got.stdout and "\u2028" not in got.stdout


@pytest.mark.parametrize("key, text", [
    ("panel-text", "left\u202ethgir"),
    ("panel-text", "\u2066isolated\u2069"),
    ("panel-text", "bell\u0007"),
    ("panel-text", "esc\u001b[31mred"),
    ("panel-names", "a, b\u202ec"),
])
def test_free_text_with_a_direction_or_control_character_is_refused(desk, key, text):
    assert_refused(desk, NOTES, key, text, "direction of text", "control character")


@pytest.mark.parametrize("key, text, stored", [
    ("panel-text", "שלום עולם", "'שלום עולם'"),
    ("panel-text", "a\u200fb", "'a\\u200fb'"),
    ("panel-text", "tab\there", "'tab\\there'"),
    ("panel-names", "Terminal, Files", "['Terminal', 'Files']"),
])
def test_free_text_in_any_script_is_written(desk, key, text, stored):
    assert_written(desk, NOTES, key, text, stored)
