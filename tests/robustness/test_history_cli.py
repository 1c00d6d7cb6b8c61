"""The history and undo on the real dconf, attacked: processes writing at once, journals no
Knobs wrote (numbers past every bound, lines cut short, a folder in the file's place), undo
over a value another program set since, and an import larger than the history's bound.
Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import json
import os
import subprocess
import threading

import pytest

from sealed import desk  # noqa: F401 (a fixture)

INTERFACE = "org.gnome.desktop.interface"


def history(desk):
    result = desk.knobs("history", "--json")
    assert result.returncode == 0, result
    return json.loads(result.stdout)


def journal(desk):
    return desk.state / "history.jsonl"


# Sixteen keys of one schema, four for each of four processes.
KEYS = [
    ("cursor-size", "40"), ("text-scaling-factor", "1.25"), ("clock-show-seconds", "true"),
    ("clock-show-weekday", "true"), ("clock-show-date", "false"), ("show-battery-percentage", "true"),
    ("enable-animations", "false"), ("enable-hot-corners", "false"), ("cursor-blink", "false"),
    ("cursor-blink-time", "1420"), ("font-antialiasing", "rgba"), ("font-hinting", "full"),
    ("clock-format", "12h"), ("toolkit-accessibility", "true"), ("locate-pointer", "true"),
    ("overlay-scrolling", "false"),
]


def test_four_processes_setting_at_once_keep_every_entry(desk):
    assert desk.knobs("set", f"schema/{INTERFACE}/cursor-theme", "DMZ-White").returncode == 0, "dconf is reachable"
    failures = []

    def worker(keys):
        for key, value in keys:
            result = desk.knobs("set", f"schema/{INTERFACE}/{key}", value)
            if result.returncode != 0:
                failures.append(result)

    threads = [threading.Thread(target=worker, args=(KEYS[index::4],)) for index in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    entries = history(desk)
    assert sorted(entry["key"] for entry in entries[:16]) == sorted(key for key, _ in KEYS), entries
    ids = [entry["id"] for entry in entries]
    assert len(set(ids)) == len(ids) == 17, "every entry kept, each with its own number"


@pytest.mark.parametrize("line", [
    '{"id":2,"key":"k","new":"1","schema":"s","source":"window","time":1e300}',
    '{"id":9223372036854775807,"key":"k","new":"1","schema":"s","source":"window","time":10}',
    '{"id":-5,"key":"k","new":"1","schema":"s","source":"window","time":10}',
    '{"id":2,"key":"k","new":"1","schema":"s","source":"window","time":10,"group":99999999999999999999}',
    '{"id":2,"key":"\u202eevil","new":"\u202e1","schema":"s","source":"window","time":10}\n{"id":2,',
    '\x00\x00\x00',
])
def test_a_journal_no_knobs_wrote_is_set_aside_and_named_never_a_crash(desk, line):
    desk.state.mkdir(parents=True)
    good = '{"id":1,"key":"cursor-size","new":"40","schema":"org.gnome.desktop.interface","source":"window","time":10}'
    journal(desk).write_text(good + "\n" + line + "\n")
    listed = desk.knobs("history")
    assert listed.returncode == 0, listed
    assert "was damaged; it was moved to" in listed.stderr, listed.stderr
    aside = [path for path in desk.state.iterdir() if path.name.startswith("history.jsonl.damaged-")]
    assert len(aside) == 1 and aside[0].read_text() == good + "\n" + line + "\n", "set aside as it was"
    assert "cursor-size" in listed.stdout, "the readable entry is kept"
    changed = desk.knobs("set", "clock/show-seconds", "on")
    assert changed.returncode == 0, changed
    ids = [entry["id"] for entry in history(desk)]
    assert ids == sorted(ids, reverse=True) and ids[-1] == 1, ids
    assert history(desk)[0]["key"] == "clock-show-seconds", "numbered after the readable entries"


def test_a_bidi_override_in_the_journal_reaches_the_terminal_escaped(desk):
    desk.state.mkdir(parents=True)
    journal(desk).write_text(
        '{"id":1,"key":"cursor-size","new":"\'\u202eevil\'","schema":"org.gnome.desktop.interface",'
        '"source":"window","time":10}\n')
    listed = desk.knobs("history")
    assert listed.returncode == 0, listed
    assert "\u202e" not in listed.stdout, listed.stdout


@pytest.mark.parametrize("make", ["folder", "symlink", "fifo"])
def test_something_else_where_the_journal_belongs_is_moved_aside_and_named(desk, make):
    desk.state.mkdir(parents=True)
    if make == "folder":
        journal(desk).mkdir()
    elif make == "symlink":
        os.symlink("/etc/passwd", journal(desk))
    else:
        os.mkfifo(journal(desk))
    changed = desk.knobs("set", "clock/show-seconds", "on", timeout=20)
    assert changed.returncode == 0, changed
    assert "it was moved to" in changed.stderr, changed.stderr
    assert [entry["key"] for entry in history(desk)] == ["clock-show-seconds"]


def test_undo_leaves_a_value_another_program_set_since_unless_forced(desk):
    assert desk.knobs("set", f"schema/{INTERFACE}/cursor-size", "40").returncode == 0
    desk.command("gsettings", "set", INTERFACE, "cursor-size", "56")
    refused = desk.knobs("undo")
    assert refused.returncode == 2, refused
    assert "now holds 56, not 40" in refused.stderr and "--force" in refused.stderr, refused.stderr
    assert desk.get(INTERFACE, "cursor-size") == "56", "nothing was written"
    forced = desk.knobs("undo", "--force")
    assert forced.returncode == 0, forced
    assert desk.get(INTERFACE, "cursor-size") == "24"


def test_undoing_one_change_twice_never_overwrites_a_newer_one(desk):
    assert desk.knobs("set", f"schema/{INTERFACE}/cursor-blink-time", "900").returncode == 0
    first = history(desk)[0]["id"]
    assert desk.knobs("undo", str(first)).returncode == 0
    assert desk.get(INTERFACE, "cursor-blink-time") == "1200"
    assert desk.knobs("set", f"schema/{INTERFACE}/cursor-blink-time", "1420").returncode == 0
    again = desk.knobs("undo", str(first))
    assert again.returncode == 2, again
    assert "now holds 1420" in again.stderr and "on the command line" in again.stderr, again.stderr
    assert desk.get(INTERFACE, "cursor-blink-time") == "1420"


def test_an_undo_of_a_group_checks_every_key_before_writing_any(desk, tmp_path):
    keyfile = tmp_path / "desk.ini"
    keyfile.write_text("[org/gnome/desktop/interface]\ncursor-size=48\ntext-scaling-factor=1.5\n")
    assert desk.knobs("import", str(keyfile)).returncode == 0
    desk.command("gsettings", "set", INTERFACE, "text-scaling-factor", "2.0")
    refused = desk.knobs("undo")
    assert refused.returncode == 2, refused
    assert desk.get(INTERFACE, "cursor-size") == "48", "not even the unchanged key is written"
    assert desk.get(INTERFACE, "text-scaling-factor") == "2.0"


def test_an_import_larger_than_the_history_is_kept_whole_and_undone_whole(tmp_path):
    # A schema of our own with 1,400 keys: more than the history keeps of single changes.
    schemas = tmp_path / "schemas"
    schemas.mkdir()
    keys = "".join(f'<key name="k{index:04}" type="i"><default>0</default></key>' for index in range(1400))
    (schemas / "org.knobs.test.many.gschema.xml").write_text(
        f'<schemalist><schema id="org.knobs.test.many" path="/org/knobs/test/many/">{keys}</schema></schemalist>')
    for path in os.listdir(os.environ["KNOBS_SCHEMA_DIR"]):
        if path.endswith(".gschema.xml"):
            os.symlink(os.path.join(os.environ["KNOBS_SCHEMA_DIR"], path), schemas / path)
    subprocess.run(["glib-compile-schemas", str(schemas)], check=True)
    from sealed import Desk
    session = Desk(tmp_path / "desk", schemas=str(schemas))
    try:
        keyfile = tmp_path / "many.ini"
        keyfile.write_text("[org/knobs/test/many]\n" + "".join(f"k{index:04}={index + 1}\n" for index in range(1400)))
        imported = session.knobs("import", str(keyfile), timeout=300)
        assert imported.returncode == 0, imported.stderr[-2000:]
        entries = history(session)
        assert len(entries) == 1400 and len({entry["group"] for entry in entries}) == 1, "one group, whole"
        undone = session.knobs("undo", timeout=300)
        assert undone.returncode == 0, undone.stderr[-2000:]
        dump = session.command("dconf", "dump", "/org/knobs/test/many/").stdout
        assert dump.strip() == "", dump[:500]
    finally:
        session.stop()
