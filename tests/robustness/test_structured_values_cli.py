"""Structured values (`a(sss)`, `a{ss}`, `(ii)`, `a{sv}`) set with `knobs set schema/ID/KEY` on
the real dconf, read back with `gsettings get`; bad text (cut short, CR LF, bidi controls, 100 KB,
numbers past int32, a tuple of the wrong size, a string inside holding U+202E or a control character,
typed or escaped) refused in Knobs' words with its line and column,
never GLib's, and never written. The schema is a tray-icon host's shape, written here. Needs
KNOBS_BIN and KNOBS_SCHEMA_DIR."""


import pytest

from sealed import Desk, schemas_with

SCHEMA = "dev.knobs.fixture.StructuredTray"
XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<schemalist>
  <schema id="{SCHEMA}" path="/dev/knobs/fixture/StructuredTray/">
    <key name="icons" type="a(sss)"><default>[]</default><summary>Icons and their overrides</summary>
      <description>Each icon's id, name and custom icon.</description></key>
    <key name="icon-aliases" type="a{{ss}}"><default>{{}}</default><summary>Icon aliases</summary></key>
    <key name="tray-offset" type="(ii)"><default>(0, 0)</default><summary>Tray offset</summary>
      <description>Shift of the tray in pixels as x, y.</description></key>
    <key name="app-options" type="a{{sv}}"><default>{{}}</default><summary>Options per application</summary></key>
    <key name="menu-layout" type="(sa{{sv}})"><default>('default', @a{{sv}} {{}})</default>
      <summary>Menu layout</summary></key>
  </schema>
</schemalist>
"""


@pytest.fixture
def desk(tmp_path):
    schemas = schemas_with(tmp_path / "schemas", {f"{SCHEMA}.gschema.xml": XML})
    session = Desk(tmp_path / "desk", schemas=schemas)
    yield session
    session.stop()


def path(key):
    return f"schema/{SCHEMA}/{key}"


@pytest.mark.parametrize("key, text, stored", [
    ("icons", "[('mail', 'Mail', '/usr/share/icons/mail.png'), ('it\\'s', '\\u00e9', '')]",
     "[('mail', 'Mail', '/usr/share/icons/mail.png'), (\"it's\", 'é', '')]"),
    ("icons", "[('chat', \"Chat's\", '')]", "[('chat', \"Chat's\", '')]"),
    ("icon-aliases", "{'org.example.Chat': 'chat-symbolic', 'org.example.Mail': 'mail-symbolic'}",
     "{'org.example.Chat': 'chat-symbolic', 'org.example.Mail': 'mail-symbolic'}"),
    ("tray-offset", " (640, -480) ", "(640, -480)"),
    ("tray-offset", "(-2147483648, 2147483647)", "(-2147483648, 2147483647)"),
    ("app-options", "{'scale': <1.5>, 'badge': <true>, 'name': <'x'>}",
     "{'scale': <1.5>, 'badge': <true>, 'name': <'x'>}"),
    ("menu-layout", "('compact',\r\n {'gap': <uint32 4>})", "('compact', {'gap': <uint32 4>})"),
])
def test_a_structured_value_is_written_in_its_type(desk, key, text, stored):
    result = desk.knobs("set", path(key), text)
    assert result.returncode == 0, result.stderr
    assert desk.get(SCHEMA, key) == stored
    shown = desk.knobs("get", "--raw", path(key))
    assert shown.stdout.strip() == stored, shown


@pytest.mark.parametrize("key, text, said", [
    ("tray-offset", "(1, 2", "Line 1, column 6: the text ends where “,” or “)” should follow."),
    ("tray-offset", "(1, x)", "Line 1, column 5: “x” is no value here; strings need quotes."),
    ("tray-offset", "(2147483648, 0)",
     "Line 1, column 2: 2147483648 is outside what a value of type i holds (-2147483648 – 2147483647)."),
    ("tray-offset", "(0, -2147483649)", "Line 1, column 5: -2147483649 is outside"),
    ("tray-offset", "(1,\u202e 2)", "Line 1, column 4: expected a whole number, found U+202E."),
    ("icon-aliases", "{\r\n'a': 'b',\r\n'c' 'd'\r\n}", "Line 3, column 5: expected “:”, found “'”."),
    ("icons", "[('a', 'b')]", "Line 1, column 2: expected 3 items in parentheses, found 2."),
    ("icons", "[('a', 'b', 'c'", "Line 1, column 16: the text ends where “,” or “)” should follow."),
    ("app-options", "{'nested': <[]>}", "Line 1, column 13: the type of this value can't be told"),
    ("icon-aliases", "{'a': 'b', 'a': 'c'}", "The key “a” is already in the table; each key can be there only once."),
])
def test_bad_text_is_refused_with_its_line_and_column_and_never_written(desk, key, text, said):
    before = desk.get(SCHEMA, key)
    result = desk.knobs("set", path(key), text)
    assert result.returncode == 2, result
    assert said in result.stderr, result.stderr
    for glib in ["unknown keyword", "expected ", "0-", "1-"]:
        assert not result.stderr.startswith(glib)
    assert "unknown keyword" not in result.stderr
    assert "\u202e" not in result.stderr, "a bidi control is never echoed as it is"
    assert desk.get(SCHEMA, key) == before, "nothing is written"


def test_a_100_kilobyte_value_is_refused_quickly_with_a_bounded_message(desk):
    text = "[('" + "x" * 100_000 + "', 'b', 'c')]"
    result = desk.knobs("set", path("icons"), text, timeout=20)
    assert result.returncode == 2, result.stderr[:500]
    assert "65536" in result.stderr, result.stderr[:500]
    assert all(len(line) <= 400 for line in result.stderr.splitlines()), result.stderr[:500]
    assert desk.get(SCHEMA, "icons") == "@a(sss) []"


def test_a_long_string_in_a_table_round_trips(desk):
    name = "y" * 30_000
    result = desk.knobs("set", path("icons"), f"[('long', '{name}', '')]")
    assert result.returncode == 0, result.stderr[:500]
    assert desk.get(SCHEMA, "icons") == f"[('long', '{name}', '')]"


@pytest.mark.parametrize("key, text", [
    ("icons", "[('a', 'left\u202ethgir', '')]"),
    ("icons", "[('a', 'b', 'c\\u202e')]"),
    ("icon-aliases", "{'k\\u2066': 'v'}"),
    ("app-options", "{'name': <'esc\\u001b[31m'>}"),
    ("menu-layout", "('bell\\u0007', @a{sv} {})"),
    ("menu-layout", "('x', {'inner': <<'\u202e'>>})"),
])
def test_a_string_inside_a_value_holding_a_direction_or_control_character_is_refused(desk, key, text):
    before = desk.get(SCHEMA, key)
    result = desk.knobs("set", path(key), text)
    assert result.returncode == 2, result
    assert "Nothing was changed" in result.stderr, result.stderr
    assert "direction of text (U+" in result.stderr or "control character (U+" in result.stderr, result.stderr
    assert "\u202e" not in result.stderr and "\u2066" not in result.stderr and "\u001b" not in result.stderr, \
        "the character is never echoed"
    assert desk.get(SCHEMA, key) == before, "nothing is written"


@pytest.mark.parametrize("key, text, stored", [
    ("icons", "[('he', 'שלום עולם', 'a\\tb')]", "[('he', 'שלום עולם', 'a\\tb')]"),
    ("icon-aliases", "{'שלום': 'עולם'}", "{'שלום': 'עולם'}"),
    ("menu-layout", "('שלום', {'name': <'עולם'>})", "('שלום', {'name': <'עולם'>})"),
])
def test_text_in_any_script_inside_a_value_is_written(desk, key, text, stored):
    result = desk.knobs("set", path(key), text)
    assert result.returncode == 0, result.stderr
    assert desk.get(SCHEMA, key) == stored
