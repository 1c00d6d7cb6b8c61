"""`knobs export` given what a person or a script might: options out of place, a scope that
names nothing, a file it can't write. Each is refused in words with its own status, and no
half-written file is left. Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import pytest

from test_cli import home, knobs  # noqa: F401 (home is a fixture)


@pytest.mark.parametrize("arguments, message", [
    (["export", "-o"], "export takes one -o FILE"),
    (["export", "-o", "a.ini", "-o", "b.ini"], "export takes one -o FILE"),
    (["export", "--locks", "locks"], "--locks goes with -o FILE"),
    (["export", "--everything"], "Unknown argument “--everything”."),
    (["export", "no-such-page"], "There is no setting at “no-such-page”"),
    (["export", "schema/org.example.NotInstalled"], "there is no installed settings schema “org.example.NotInstalled”"),
    (["export", "schema/org.gnome.desktop.interface/no-such-key"], "has no key “no-such-key”"),
])
def test_mistakes_are_named_and_nothing_is_written(home, arguments, message):
    result = knobs(home, *arguments)
    assert result.returncode == 2, result
    assert message in result.stderr.decode(), result.stderr
    assert not (home / "a.ini").exists()


def test_a_file_it_cannot_write_fails_without_leaving_a_part(home, tmp_path):
    folder = tmp_path / "taken"
    folder.mkdir()
    result = knobs(home, "export", "--all", "schema/org.gnome.desktop.interface", "-o", str(folder))
    assert result.returncode == 1, result
    assert "could not be written" in result.stderr.decode(), result.stderr
    assert [path.name for path in folder.iterdir()] == []
    assert not [path.name for path in tmp_path.iterdir() if path.name.startswith(".taken")], \
        "no temporary file is left behind"


@pytest.mark.parametrize("before", [None, b"[org/gnome]\nold=1\n"])
def test_a_keyfile_is_not_written_without_its_locks(home, tmp_path, before):
    tmp_path = tmp_path / "out"
    tmp_path.mkdir()
    keyfile = tmp_path / "site.ini"
    if before is not None:
        keyfile.write_bytes(before)
    for locks in ("/dev/null/knobs/locks", tmp_path):
        # A path that can't be made (/dev/null is no folder; as root read-only folders are writable),
        # and one whose rename fails after the keyfile's (a folder that is not empty is there).
        (tmp_path / "in-the-way").mkdir(exist_ok=True)
        result = knobs(home, "export", "--all", "schema/org.gnome.desktop.interface", "-o", str(keyfile),
                       "--locks", str(locks))
        assert result.returncode == 1, result
        assert f"{locks} could not be written" in result.stderr.decode(), result.stderr
        if before is None:
            assert not keyfile.exists(), "no keyfile without its locks"
        else:
            assert keyfile.read_bytes() == before, "the old keyfile is kept"
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
            ["in-the-way"] + ([keyfile.name] if before else [])), "no temporary file is left behind"
    both = knobs(home, "export", "--all", "schema/org.gnome.desktop.interface", "-o", str(keyfile),
                 "--locks", str(tmp_path / "locks"))
    assert both.returncode == 0, both
    assert "clock-format='24h'" in keyfile.read_text()
    assert "/org/gnome/desktop/interface/clock-format\n" in (tmp_path / "locks").read_text()


def test_all_writes_every_key_of_a_schema_in_dconfs_format(home, tmp_path):
    result = knobs(home, "export", "--all", "schema/org.gnome.desktop.interface", "-o", str(tmp_path / "all.ini"))
    assert result.returncode == 0, result
    text = (tmp_path / "all.ini").read_text()
    assert text.startswith("[org/gnome/desktop/interface]\n"), text[:200]
    assert "clock-format='24h'\n" in text and "cursor-size=24\n" in text, text[:500]


@pytest.mark.parametrize("content, message", [
    (b"\xff\xfe[org/gnome]\x00\n", "is not UTF-8 text"),
    (b"[org/gnome/desktop/interface]\nclock-format='12h'\n" + b"#" * (17 * 1024 * 1024), "is larger than 16 MB"),
    (b"[org//gnome]\nx=1\n", "1: “[org//gnome]” is not a folder's name."),
    (b"clock-format='12h'\n", "1: “clock-format” comes before any [folder]."),
    (b"[org/gnome/desktop/interface]\nclock\x1b[2J=1\n", "is not a key's name"),
    (b"[org/gnome/desktop/interface]\nclock-format='12h\n", "clock-format"),
    (b"[org/gnome/desktop/interface]\ncursor-size=" + b"9" * 5000 + b"\n", "cursor-size"),
])
def test_a_hostile_keyfile_is_refused_by_line_and_nothing_is_written(home, tmp_path, content, message):
    keyfile = tmp_path / "hostile.ini"
    keyfile.write_bytes(content)
    result = knobs(home, "import", str(keyfile))
    assert result.returncode == 2, result
    stderr = result.stderr.decode()
    assert message in stderr, stderr[:1000]
    assert "\x1b" not in stderr, "a control character is never printed raw"


def test_a_dry_run_of_a_good_file_lists_changes_without_a_settings_database(home, tmp_path):
    keyfile = tmp_path / "good.ini"
    keyfile.write_text("[org/gnome/desktop/interface]\nclock-format='12h'\n")
    dry = knobs(home, "import", "--dry-run", str(keyfile))
    assert dry.returncode == 0, dry
    assert dry.stdout.decode() == "/org/gnome/desktop/interface/clock-format: '24h' → '12h'\n"
    # The memory backend keeps nothing: a real import says so instead of claiming success.
    real = knobs(home, "import", str(keyfile))
    assert real.returncode == 1 and "settings can't be saved here" in real.stderr.decode(), real


@pytest.mark.parametrize("arguments, message", [
    (["history", "-n"], "-n takes how many changes to list"),
    (["history", "-n", "0"], "-n takes how many changes to list"),
    (["history", "-n", "many"], "-n takes how many changes to list"),
    (["undo", "latest"], "undo takes a change's number"),
    (["undo", "99"], "there is no change 99 in the history"),
    (["undo"], "there is nothing to undo."),
])
def test_history_and_undo_mistakes_are_named(home, arguments, message):
    result = knobs(home, *arguments)
    assert result.returncode == 2, result
    assert message in result.stderr.decode(), result.stderr


def test_a_change_in_a_memory_backend_is_refused_and_not_noted(home):
    refused = knobs(home, "set", "clock/show-seconds", "on")
    assert refused.returncode == 1, refused
    assert knobs(home, "history").stdout.decode().startswith("No changes yet"), "nothing was kept, nothing noted"
