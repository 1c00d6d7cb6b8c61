"""`knobs profile`: a named set of settings saved, applied (with what it sets and what it resets
printed first), undone in one step, listed and deleted, on the real dconf of a sealed session.
Then attacked: names that are paths, control and bidi characters, 10,000 bytes; a profile edited
by hand into something wrong; a scope that names nothing any more. Needs KNOBS_BIN and
KNOBS_SCHEMA_DIR."""

import fcntl
import json
import os
import signal
import subprocess
import time

import pytest

from sealed import Desk

INTERFACE = "org.gnome.desktop.interface"
SCOPE = "schema/org.gnome.desktop.interface"


@pytest.fixture
def desk(tmp_path):
    session = Desk(tmp_path)
    yield session
    session.stop()


def profiles_folder(desk):
    return desk.home / ".local" / "share" / "knobs" / "profiles"


def dconf(desk, key):
    return desk.command("dconf", "read", "/org/gnome/desktop/interface/" + key).stdout.strip()


def test_a_profile_is_saved_applied_with_its_resets_and_undone_at_once(desk):
    assert desk.command("gsettings", "set", INTERFACE, "text-scaling-factor", "1.5").returncode == 0
    assert desk.command("gsettings", "set", INTERFACE, "clock-format", "12h").returncode == 0
    saved = desk.knobs("profile", "save", "presentation", SCOPE)
    assert saved.returncode == 0, saved.stderr
    assert "holds 2 settings" in saved.stdout, saved.stdout
    text = (profiles_folder(desk) / "presentation.ini").read_text()
    assert text.startswith("# Knobs profile: presentation\n# Scope: " + SCOPE + "\n"), text

    # Back at work: the clock as it was, the cursor larger.
    assert desk.command("gsettings", "reset", INTERFACE, "text-scaling-factor").returncode == 0
    assert desk.command("gsettings", "reset", INTERFACE, "clock-format").returncode == 0
    assert desk.command("gsettings", "set", INTERFACE, "cursor-size", "48").returncode == 0

    dry = desk.knobs("profile", "apply", "--dry-run", "presentation")
    assert dry.returncode == 0, dry.stderr
    assert sorted(dry.stdout.splitlines()) == [
        "/org/gnome/desktop/interface/clock-format: '24h' → '12h'",
        "/org/gnome/desktop/interface/cursor-size: 48 → (default)",
        "/org/gnome/desktop/interface/text-scaling-factor: 1.0 → 1.5",
    ], dry.stdout
    assert desk.get(INTERFACE, "cursor-size") == "48", "a dry run changes nothing"

    applied = desk.knobs("profile", "apply", "presentation")
    assert applied.returncode == 0, applied.stderr
    assert (desk.get(INTERFACE, "text-scaling-factor"), desk.get(INTERFACE, "clock-format")) == ("1.5", "'12h'")
    assert desk.get(INTERFACE, "cursor-size") == "24" and dconf(desk, "cursor-size") == "", \
        "a key set now and not in the profile is reset, not set to its default"
    history = json.loads(desk.knobs("history", "--json").stdout)
    group = [entry for entry in history if entry.get("group") == history[0].get("group")]
    assert sorted(entry["key"] for entry in group) == ["clock-format", "cursor-size", "text-scaling-factor"]

    undone = desk.knobs("undo")
    assert undone.returncode == 0, undone.stderr
    assert desk.get(INTERFACE, "cursor-size") == "48"
    assert dconf(desk, "text-scaling-factor") == "" and dconf(desk, "clock-format") == ""

    again = desk.knobs("profile", "apply", "presentation")
    assert again.returncode == 0 and desk.get(INTERFACE, "clock-format") == "'12h'", again.stderr
    same = desk.knobs("profile", "apply", "presentation")
    assert "Nothing to change" in same.stdout, same.stdout


def test_profiles_are_listed_and_deleted_and_strays_are_left_out(desk):
    assert desk.knobs("profile", "list").stdout.startswith("No profiles yet")
    for name in ["work", "Zuhause", "présentation"]:
        assert desk.knobs("profile", "save", name).returncode == 0
    folder = profiles_folder(desk)
    (folder / "notes.txt").write_text("not a profile")
    (folder / ".hidden.ini").write_text("[a]\nb=1\n")
    assert desk.knobs("profile", "list").stdout.splitlines() == ["Zuhause", "présentation", "work"]
    assert desk.knobs("profile", "delete", "work").returncode == 0
    assert not (folder / "work.ini").exists()
    gone = desk.knobs("profile", "delete", "work")
    assert gone.returncode == 2 and "There is no profile “work”" in gone.stderr, gone
    assert (folder / "notes.txt").exists() and (folder / ".hidden.ini").exists()


@pytest.mark.parametrize("name", [
    "", "a/b", "../outside", "..", ".hidden", "tab\there", "\x1b[31mred", "bidi\u202eevil", "x" * 10000,
])
def test_names_that_are_no_files_name_are_refused_and_nothing_is_written(desk, name):
    for arguments in (["save", name], ["apply", name], ["delete", name]):
        result = desk.knobs("profile", *arguments)
        assert result.returncode == 2, (arguments, result)
        assert "profile" in result.stderr and "\x1b" not in result.stderr and "\u202e" not in result.stderr, \
            result.stderr
    folder = profiles_folder(desk)
    assert not folder.exists() or list(folder.iterdir()) == []
    assert not (desk.home / ".local" / "share" / "knobs" / "outside.ini").exists()


def test_a_profile_edited_into_something_wrong_changes_nothing(desk):
    assert desk.command("gsettings", "set", INTERFACE, "cursor-size", "48").returncode == 0
    assert desk.knobs("profile", "save", "mine", SCOPE).returncode == 0
    file = profiles_folder(desk) / "mine.ini"
    original = file.read_text()
    for broken, message in [
        (original + "no-such-key=1\n", "no installed schema has the key"),
        (original.replace("cursor-size=48", "cursor-size='big'"), "cursor-size"),
        (original.replace("# Scope: " + SCOPE, "# Scope: no-such-page"), "There is no setting at “no-such-page”"),
        (original.replace("\n", "\r\n") + "[org/gnome/desktop/interface\r\n", "is not a folder's name"),
    ]:
        file.write_text(broken)
        assert desk.command("gsettings", "set", INTERFACE, "cursor-size", "32").returncode == 0
        result = desk.knobs("profile", "apply", "mine")
        assert result.returncode == 2, (broken, result)
        assert message in result.stderr, result.stderr
        assert desk.get(INTERFACE, "cursor-size") == "32", "nothing was changed"


@pytest.mark.parametrize("arguments, message", [
    (["profile"], "profile takes save, apply, list or delete"),
    (["profile", "rename", "a"], "profile takes save, apply, list or delete"),
    (["profile", "save"], "profile takes save, apply, list or delete"),
    (["profile", "apply", "--dry-run"], "profile takes save, apply, list or delete"),
    (["profile", "list", "extra"], "Unexpected argument “extra”"),
    (["profile", "save", "x", "no-such-page"], "There is no setting at “no-such-page”"),
])
def test_mistakes_are_named(desk, arguments, message):
    result = desk.knobs(*arguments)
    assert result.returncode == 2, result
    assert message in result.stderr, result.stderr
    assert not (profiles_folder(desk) / "x.ini").exists()


@pytest.mark.parametrize("name", ["a\r\nb", "cr\rhere", "\u2066isolate\u2069", "\u200fmark", "x" * 101])
def test_more_names_that_are_no_files_name_are_refused(desk, name):
    result = desk.knobs("profile", "save", name)
    assert result.returncode == 2, result
    assert "profile" in result.stderr and "\r" not in result.stderr and "\u2066" not in result.stderr, result.stderr
    folder = profiles_folder(desk)
    assert not folder.exists() or list(folder.iterdir()) == []


def saved_text(desk, name, scope):
    """The file `profile save NAME SCOPE` writes now."""
    assert desk.knobs("profile", "save", name, scope).returncode == 0
    return (profiles_folder(desk) / f"{name}.ini").read_text()


def test_two_saves_at_once_leave_one_of_them_whole(desk):
    """Two `profile save race` at once, of different scopes: the file is one of the two, whole,
    every time, never a mix or an empty file."""
    assert desk.command("gsettings", "set", INTERFACE, "cursor-size", "48").returncode == 0
    assert desk.command("gsettings", "set", "org.gnome.desktop.wm.preferences", "num-workspaces", "7").returncode == 0
    first_scope, second_scope = SCOPE, "schema/org.gnome.desktop.wm.preferences"
    whole = {saved_text(desk, "race", first_scope), saved_text(desk, "race", second_scope)}
    assert len(whole) == 2 and all("=" in text for text in whole), whole
    seen = set()
    for _ in range(12):
        first = desk.spawn("profile", "save", "race", first_scope)
        second = desk.spawn("profile", "save", "race", second_scope)
        for process in (first, second):
            _, error = process.communicate(timeout=60)
            assert process.returncode == 0, error
        text = (profiles_folder(desk) / "race.ini").read_text()
        assert text in whole, text
        seen.add(text)
    assert desk.knobs("profile", "list").stdout.splitlines() == ["race"], "no temporary file is listed"
    applied = desk.knobs("profile", "apply", "--dry-run", "race")
    assert applied.returncode == 0, applied.stderr


def test_a_save_killed_at_any_moment_leaves_the_old_profile_whole(desk):
    """`kill -9` at moments spread over a save's run: the profile is the old one or the new one,
    whole, each time, and it still applies. The new one holds a value of 4 MB, so that writing
    it takes long enough for kills to land in the middle of it."""
    assert desk.command("gsettings", "set", INTERFACE, "cursor-size", "48").returncode == 0
    assert desk.command("gsettings", "set", "org.gnome.desktop.wm.preferences", "num-workspaces", "7").returncode == 0
    big = "[org/gnome/desktop/wm/preferences]\ntitlebar-font='" + "x" * (4 << 20) + "'\n"
    loaded = subprocess.run(["dconf", "load", "/"], input=big, env=desk.env, capture_output=True, text=True,
                            timeout=60)
    assert loaded.returncode == 0, loaded.stderr
    old = saved_text(desk, "keep", SCOPE)
    new = saved_text(desk, "other", "schema/org.gnome.desktop.wm.preferences").replace(
        "# Knobs profile: other", "# Knobs profile: keep")
    assert len(new) > 4 << 20
    started = time.monotonic()
    assert desk.knobs("profile", "save", "timing", "schema/org.gnome.desktop.wm.preferences").returncode == 0
    duration = time.monotonic() - started
    file = profiles_folder(desk) / "keep.ini"
    outcomes = {"old": 0, "new": 0}
    for attempt in range(20):
        file.write_text(old)
        process = desk.spawn("profile", "save", "keep", "schema/org.gnome.desktop.wm.preferences")
        time.sleep(duration * (0.3 + attempt / 20))
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=30)
        text = file.read_text()
        assert text in (old, new), text
        outcomes["old" if text == old else "new"] += 1
    leftovers = [path.name for path in profiles_folder(desk).iterdir() if path.name.startswith(".keep.ini.")]
    print(f"a save takes {duration:.3f} s; after kill -9: {outcomes}; temporary files left: {len(leftovers)}")
    assert desk.knobs("profile", "list").stdout.splitlines() == ["keep", "other", "timing"]
    assert desk.knobs("profile", "apply", "--dry-run", "keep").returncode == 0
    # What killed saves leave is removed by a later save beside it, once no writer holds it and it
    # has not changed for a while (aged here): the kills' own leftovers, if any landed mid-write,
    # and one made here. One a writer still holds locked stays, as does another profile's.
    folder = profiles_folder(desk)
    (folder / ".keep.ini.knobs-Zz9Zz9").write_text("[org/gnome/desktop/interface]\ncursor-si")
    held = folder / ".keep.ini.knobs-Held01"
    holder = open(held, "w")
    fcntl.flock(holder, fcntl.LOCK_EX)
    stranger = folder / ".other.ini.knobs-AbC123"
    stranger.write_text("another profile's write")
    for path in folder.iterdir():
        if path.name.startswith("."):
            os.utime(path, (time.time() - 60, time.time() - 60))
    assert desk.knobs("profile", "save", "keep", SCOPE).returncode == 0
    after = sorted(path.name for path in folder.iterdir() if path.name.startswith("."))
    assert after == sorted([held.name, stranger.name]), after
    holder.close()
    assert file.read_text().startswith("# Knobs profile: keep")
    assert desk.knobs("profile", "list").stdout.splitlines() == ["keep", "other", "timing"]


@pytest.mark.parametrize("content, message", [
    (b"", "is not a whole profile"),
    (b"# Knobs pro", "is not a whole profile"),
    (b"[org/gnome/desktop/interface]\ncursor-size=48\n", "is not a whole profile"),
    (b"# Knobs profile: bad\n\n[org/gnome/desktop/interface]\ncursor-si", "a line holds [folder] or key=value"),
    (b"# Knobs profile: bad\n\n[org/gnome/desktop/interface]\ncursor-size=4\x008\n", "NUL byte"),
    (b"# Knobs profile: bad\n\n[org/gnome/desktop/interface]\ncursor-size=\xff\n", "is not UTF-8 text"),
    (b"# Knobs profile: bad\n\n[org/example/not-installed]\nkey=1\n", "no installed schema has the key"),
    (b"# Knobs profile: bad\n# Scope: schema/org.example.not-installed\n\n[org/gnome/desktop/interface]\n"
     b"cursor-size=40\n", "there is no installed settings schema “org.example.not-installed”"),
])
def test_a_damaged_profile_file_is_refused_and_nothing_is_written(desk, content, message):
    assert desk.command("gsettings", "set", INTERFACE, "cursor-size", "32").returncode == 0
    folder = profiles_folder(desk)
    folder.mkdir(parents=True)
    (folder / "bad.ini").write_bytes(content)
    before = desk.command("dconf", "dump", "/").stdout
    result = desk.knobs("profile", "apply", "bad")
    assert result.returncode == 2, result
    assert message in result.stderr, result.stderr
    assert desk.command("dconf", "dump", "/").stdout == before, "nothing was written"


def test_a_huge_profile_is_refused_quickly_without_being_read(desk):
    folder = profiles_folder(desk)
    folder.mkdir(parents=True)
    with open(folder / "huge.ini", "wb") as file:
        file.write(b"# Knobs profile: huge\n\n[org/gnome/desktop/interface]\n")
        file.truncate(100 * 1024 * 1024)
    started = time.monotonic()
    result = desk.knobs("profile", "apply", "huge")
    elapsed = time.monotonic() - started
    assert result.returncode == 2 and "larger than 16 MB" in result.stderr, result
    assert elapsed < 3, f"took {elapsed:.2f} s"
    assert desk.knobs("profile", "list").stdout.splitlines() == ["huge"]
    assert desk.knobs("profile", "delete", "huge").returncode == 0


RELOCATABLE = "org.gnome.settings-daemon.plugins.media-keys.custom-keybinding"


@pytest.mark.parametrize("scope", [
    # A folder whose lines would be the profile's own: a group and a value the user never had.
    f"schema/{RELOCATABLE}:/org/x/\n[org/gnome/desktop/interface]\ncursor-size=77\n#/",
    f"{SCOPE}\r\n[org/gnome/desktop/interface]",
    "[org/gnome/desktop/interface]",
    "appearance\x1b]0;owned\x07\x1b[2J",
    "\u202eappearance",
    "appearance\u2066",
    "",
])
def test_a_scope_that_is_not_one_line_of_a_path_is_refused_and_nothing_is_written(desk, scope):
    assert desk.command("gsettings", "set", INTERFACE, "cursor-size", "30").returncode == 0
    saved = desk.knobs("profile", "save", "work", scope)
    assert saved.returncode == 2, (saved.stdout, saved.stderr)
    assert "scope" in saved.stderr, saved.stderr
    assert not any(c in saved.stderr for c in "\x1b\x07\u202e\u2066\r"), saved.stderr
    assert len(saved.stderr.splitlines()) == 1, saved.stderr
    assert not (profiles_folder(desk) / "work.ini").exists()
    assert desk.knobs("profile", "apply", "work").returncode != 0
    assert dconf(desk, "cursor-size") == "30"
