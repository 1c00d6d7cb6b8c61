"""Every key of every installed schema on the command line:
`knobs get/set/reset schema/SCHEMA-ID/KEY` and `knobs list schema/SCHEMA-ID`,
against the real dconf database."""

import json

from harness.scenario import scenario

INTERFACE = "org.gnome.desktop.interface"
INPUT_SOURCES = "org.gnome.desktop.input-sources"


def path(schema, key):
    return f"schema/{schema}/{key}"


def gsettings_get(session, schema, key):
    """Reads a key in a fresh process, as another app would."""
    return session.command("gsettings", "get", schema, key).stdout.strip()


def refused(result):
    """A bad value: exit status 2, said in one line, nothing changed."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Nothing was changed" in result.stderr, result.stderr
    return result.stderr


@scenario(backend="dconf")
def test_an_enum_key_round_trips_through_dconf(session, driver):
    clock = path(INTERFACE, "clock-format")
    assert session.run("get", clock).stdout.strip() == "24h"
    result = session.run("set", clock, "12h")
    assert result.returncode == 0, result.stderr
    assert gsettings_get(session, INTERFACE, "clock-format") == "'12h'"
    assert session.run("get", clock).stdout.strip() == "12h"

    message = refused(session.run("set", clock, "13h"))
    assert "24h" in message and "12h" in message, message
    assert gsettings_get(session, INTERFACE, "clock-format") == "'12h'"

    result = session.run("reset", clock)
    assert result.returncode == 0, result.stderr
    assert gsettings_get(session, INTERFACE, "clock-format") == "'24h'"
    assert "clock-format" not in session.command("dconf", "dump", "/").stdout, "a reset, not a write of the default"


@scenario(backend="dconf")
def test_toggles_numbers_and_ranges_are_checked_like_the_window_checks_them(session, driver):
    seconds = path(INTERFACE, "clock-show-seconds")
    assert session.run("set", seconds, "on").returncode == 0
    assert gsettings_get(session, INTERFACE, "clock-show-seconds") == "true"
    refused(session.run("set", seconds, "maybe"))

    speed = path("org.gnome.desktop.peripherals.mouse", "speed")
    assert session.run("set", speed, "0.5").returncode == 0
    assert gsettings_get(session, "org.gnome.desktop.peripherals.mouse", "speed") == "0.5"
    message = refused(session.run("set", speed, "2"))
    assert "-1 to 1" in message, message
    assert gsettings_get(session, "org.gnome.desktop.peripherals.mouse", "speed") == "0.5"

    blink = path(INTERFACE, "cursor-blink-time")
    assert session.run("set", blink, "800").returncode == 0
    assert gsettings_get(session, INTERFACE, "cursor-blink-time") == "800"
    refused(session.run("set", blink, "eight hundred"))
    refused(session.run("set", blink, "99999999999"))
    assert gsettings_get(session, INTERFACE, "cursor-blink-time") == "800"


@scenario(backend="dconf")
def test_other_types_take_gvariant_text_and_bad_text_changes_nothing(session, driver):
    sources = path(INPUT_SOURCES, "sources")
    result = session.run("set", sources, "[('xkb', 'us'), ('xkb', 'de')]")
    assert result.returncode == 0, result.stderr
    assert gsettings_get(session, INPUT_SOURCES, "sources") == "[('xkb', 'us'), ('xkb', 'de')]"
    assert session.run("get", sources).stdout.strip() == "[('xkb', 'us'), ('xkb', 'de')]"

    for bad in ["[('xkb', 1)]", "[('xkb', 'us')", "'us'", ""]:
        message = refused(session.run("set", sources, bad))
        assert "sources" in message, message
    assert gsettings_get(session, INPUT_SOURCES, "sources") == "[('xkb', 'us'), ('xkb', 'de')]"

    assert session.run("reset", sources).returncode == 0
    assert gsettings_get(session, INPUT_SOURCES, "sources") == "@a(ss) []"


@scenario(backend="dconf")
def test_list_shows_every_key_of_one_schema(session, driver):
    assert session.run("set", path(INTERFACE, "clock-format"), "12h").returncode == 0
    result = session.run("list", "--json", f"schema/{INTERFACE}")
    assert result.returncode == 0, result.stderr
    rows = {row["path"]: row for row in json.loads(result.stdout)}
    keys = session.command("gsettings", "list-keys", INTERFACE).stdout.split()
    assert sorted(rows) == sorted(path(INTERFACE, key) for key in keys), "every key, no more"
    clock = rows[path(INTERFACE, "clock-format")]
    assert (clock["kind"], clock["value"], clock["raw"]) == ("choice", "12h", "'12h'"), clock
    assert rows[path(INTERFACE, "clock-show-seconds")]["kind"] == "toggle"
    assert rows[path(INTERFACE, "font-name")]["kind"] == "text"

    table = session.run("list", f"schema/{INPUT_SOURCES}")
    assert table.returncode == 0, table.stderr
    sources = next(line for line in table.stdout.splitlines() if line.startswith(path(INPUT_SOURCES, "sources") + " "))
    assert sources.split()[1] == "text", sources


@scenario(backend="dconf")
def test_unknown_schemas_keys_and_relocatable_schemas_are_explained(session, driver):
    result = session.run("get", "schema/org.gnome.desktop.interfac/clock-format")
    assert result.returncode == 2
    assert "Did you mean org.gnome.desktop.interface" in result.stderr, result.stderr

    result = session.run("set", path(INTERFACE, "clock-formt"), "12h")
    assert result.returncode == 2
    assert f"Did you mean {path(INTERFACE, 'clock-format')}" in result.stderr, result.stderr

    result = session.run("get", "schema/org.gnome.desktop.app-folders.folder/name")
    assert result.returncode == 2
    assert "relocatable" in result.stderr and ":/FOLDER/KEY" in result.stderr, result.stderr

    result = session.run("get", "schema/org.gnome.desktop.interface:/elsewhere/clock-format")
    assert result.returncode == 2 and "has a folder of its own" in result.stderr, result.stderr

    result = session.run("list", "schema/nothing.like.this")
    assert result.returncode == 2 and "no installed settings schema" in result.stderr, result.stderr
    assert session.command("dconf", "dump", "/").stdout.strip() == "", "nothing was written"


@scenario(backend="dconf")
def test_a_key_locked_by_the_administrator_is_refused(session, driver):
    # A system database of our own, with the key set and locked, as an administrator would.
    source = session.root / "admin.d"
    (source / "locks").mkdir(parents=True)
    (source / "00-clock").write_text("[org/gnome/desktop/interface]\nclock-format='12h'\n")
    (source / "locks" / "clock").write_text("/org/gnome/desktop/interface/clock-format\n")
    database = session.root / "admin.db"
    compiled = session.command("dconf", "compile", str(database), str(source))
    assert compiled.returncode == 0, compiled.stderr
    profile = session.root / "profile"
    profile.write_text(f"user-db:user\nfile-db:{database}\n")
    locked = {"DCONF_PROFILE": str(profile)}

    clock = path(INTERFACE, "clock-format")
    assert session.run("get", clock, extra_env=locked).stdout.strip() == "12h"
    result = session.run("set", clock, "24h", extra_env=locked)
    assert result.returncode == 1, (result.returncode, result.stderr)
    assert "managed by the system" in result.stderr, result.stderr
    result = session.run("reset", clock, extra_env=locked)
    assert result.returncode == 1 and "managed by the system" in result.stderr, result.stderr
    assert session.run("get", clock, extra_env=locked).stdout.strip() == "12h"


@scenario(backend="dconf")
def test_a_relocatable_schema_is_reached_at_a_folder(session, driver):
    schema = "org.gnome.desktop.app-folders.folder"
    folder = "/org/gnome/desktop/app-folders/folders/Knobs/"
    at = f"schema/{schema}:{folder}"
    result = session.run("set", at + "name", "Knobs Tools")
    assert result.returncode == 0, result.stderr
    assert session.command("gsettings", "get", f"{schema}:{folder}", "name").stdout.strip() == "'Knobs Tools'"
    assert session.run("get", at + "name").stdout.strip() == "Knobs Tools"
    assert session.run("get", "--raw", at + "name").stdout.strip() == "'Knobs Tools'"
    listed = session.run("list", at)
    assert listed.returncode == 0 and at + "translate" in listed.stdout, listed.stderr
    assert session.run("list", at.rstrip("/")).returncode == 0, "the last “/” may be left out"
    assert session.run("reset", at + "name").returncode == 0
    assert session.command("dconf", "dump", "/").stdout.strip() == ""

    result = session.run("set", f"schema/{schema}:/bad//folder/name", "x")
    assert result.returncode == 2 and "not a key's path" in result.stderr, result.stderr
