"""GTK off GNOME, from the command line on the real dconf: hostile theme, icon, cursor and font
names are refused and their folders not offered; on sway and X11 window managers a change goes
to the files GTK reads there as well (settings.ini, ~/.gtkrc-2.0, ~/.icons/default/index.theme)
through `set`, `reset` and `import`, a read-only file refuses the whole change, and under GNOME
conditions (a stand-in org.gnome.Shell on the private bus) no file but dconf is written.
Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest

from sealed import desk  # noqa: F401 (a fixture)

HERE = Path(__file__).parent
INTERFACE = "org.gnome.desktop.interface"
SWAY = {"XDG_CURRENT_DESKTOP": "sway", "XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-knobs"}
HOSTILE = ["Evil\nName", "Evil\r\n[Settings]", "Evil\u202eemaN", "Evil=1", "[Settings]", "Evil\x1b[31m"]


def on(desk, desktop):
    desk.env.update(desktop)
    return desk


def gtk3(desk):
    return desk.home / ".config" / "gtk-3.0" / "settings.ini"


def gtk4(desk):
    return desk.home / ".config" / "gtk-4.0" / "settings.ini"


def theme(desk, name):
    folder = desk.home / ".local" / "share" / "themes" / name / "gtk-3.0"
    folder.mkdir(parents=True)
    (folder / "gtk.css").write_text("window {}\n")


def user_files(desk):
    """Every file under the home but dconf's database and Knobs' own state."""
    found = []
    for root, _, names in os.walk(desk.home):
        for name in names:
            path = Path(root, name).relative_to(desk.home)
            if not str(path).startswith((".config/dconf", ".local/state/knobs", ".cache")):
                found.append(str(path))
    return sorted(found)


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_theme_folder_is_not_offered_and_not_written(desk, name):
    theme(desk, name)
    theme(desk, "Good")
    before = desk.get(INTERFACE, "gtk-theme")
    result = desk.knobs("set", "appearance/legacy-applications", name)
    assert result.returncode == 2, result
    assert desk.get(INTERFACE, "gtk-theme") == before
    # The refusal lists the themes offered: the good one, never the hostile one.
    offered = desk.knobs("set", "appearance/legacy-applications", "no-such-theme")
    assert "Good" in offered.stderr and "Evil" not in offered.stderr and name not in offered.stderr, offered.stderr
    assert desk.knobs("set", "appearance/legacy-applications", "Good").returncode == 0
    assert desk.get(INTERFACE, "gtk-theme") == "'Good'"


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_name_is_refused_in_words_through_the_schema_path_and_fonts(desk, name):
    before = desk.get(INTERFACE, "gtk-theme")
    result = desk.knobs("set", f"schema/{INTERFACE}/gtk-theme", name)
    assert result.returncode == 2, result
    # Refused in words: by the schema page's text rule (direction and control characters, checked
    # first) or by the GTK files' rule for names (line breaks, "=", brackets).
    assert any(words in result.stderr for words in (
        "A name can't hold", "changes the direction of text", "holds a control character")), result.stderr
    assert "Nothing was changed" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert desk.get(INTERFACE, "gtk-theme") == before
    font = desk.knobs("set", "fonts/interface", name + " 11")
    assert font.returncode == 2, font
    assert desk.get(INTERFACE, "font-name") == "'Cantarell 11'"


def test_a_hostile_name_in_an_import_changes_nothing(desk, tmp_path):
    keyfile = tmp_path / "evil.ini"
    keyfile.write_text("[org/gnome/desktop/interface]\nclock-format='12h'\ngtk-theme='Evil\\u202eemaN'\n")
    on(desk, SWAY)
    result = desk.knobs("import", str(keyfile))
    assert result.returncode != 0, result
    assert desk.get(INTERFACE, "clock-format") == "'24h'"
    assert user_files(desk) == []


def test_on_sway_dark_style_and_fonts_go_to_both_settings_ini_and_reset_removes_them(desk):
    on(desk, SWAY)
    gtk3(desk).parent.mkdir(parents=True)
    gtk3(desk).write_bytes(b"# mine\r\n[Settings]\r\ngtk-theme-name = Adwaita\r\n")
    assert desk.knobs("set", "appearance/dark-style", "on").returncode == 0
    assert desk.knobs("set", "fonts/interface", "Sans 13").returncode == 0
    assert desk.get(INTERFACE, "color-scheme") == "'prefer-dark'"
    assert gtk3(desk).read_bytes() == (
        b"# mine\r\n[Settings]\r\ngtk-theme-name = Adwaita\r\ngtk-application-prefer-dark-theme = true\r\n"
        b"gtk-font-name = Sans 13\r\n")
    assert gtk4(desk).read_text() == "[Settings]\ngtk-application-prefer-dark-theme=true\ngtk-font-name=Sans 13\n"
    assert (desk.home / ".gtkrc-2.0").read_text() == 'gtk-font-name="Sans 13"\n'
    assert desk.knobs("reset", "appearance/dark-style").returncode == 0
    assert desk.knobs("reset", "fonts/interface").returncode == 0
    assert gtk3(desk).read_bytes() == b"# mine\r\n[Settings]\r\ngtk-theme-name = Adwaita\r\n"
    assert gtk4(desk).read_text() == "[Settings]\n"


def test_an_import_and_its_undo_go_to_the_files_too(desk, tmp_path):
    on(desk, {"DISPLAY": ":99"})
    keyfile = tmp_path / "look.ini"
    keyfile.write_text("[org/gnome/desktop/interface]\ncursor-theme='DMZ-White'\ncursor-size=48\n")
    result = desk.knobs("import", str(keyfile))
    assert result.returncode == 0, result
    assert (desk.home / ".icons" / "default" / "index.theme").read_text() == "[Icon Theme]\nInherits=DMZ-White\n"
    assert gtk3(desk).read_text() == "[Settings]\ngtk-cursor-theme-name=DMZ-White\ngtk-cursor-theme-size=48\n"
    undone = desk.knobs("undo")
    assert undone.returncode == 0, undone
    assert gtk3(desk).read_text() == "[Settings]\n"
    assert (desk.home / ".icons" / "default" / "index.theme").read_text() == "[Icon Theme]\n"


def test_a_read_only_settings_file_refuses_the_change_and_nothing_is_half_written(desk):
    on(desk, SWAY)
    gtk4(desk).parent.mkdir(parents=True)
    gtk4(desk).write_text("[Settings]\ngtk-font-name=Sans 10\n")
    gtk4(desk).chmod(0o444)
    result = desk.knobs("set", "fonts/interface", "Sans 13")
    assert result.returncode == 1, result
    assert "gtk-4.0/settings.ini can't be written: it is read-only. No file was changed." in result.stderr
    assert desk.get(INTERFACE, "font-name") == "'Cantarell 11'", "dconf is not written either"
    assert not gtk3(desk).exists()
    assert not (desk.home / ".gtkrc-2.0").exists()
    assert gtk4(desk).read_text() == "[Settings]\ngtk-font-name=Sans 10\n"


def test_a_stow_link_is_edited_in_its_target(desk):
    on(desk, SWAY)
    target = desk.home / "dotfiles" / "gtk" / ".gtkrc-2.0"
    target.parent.mkdir(parents=True)
    target.write_text('# kept in git\ngtk-font-name="Sans 10"\n')
    (desk.home / ".gtkrc-2.0").symlink_to("dotfiles/gtk/.gtkrc-2.0")
    assert desk.knobs("set", "fonts/interface", "Sans 13").returncode == 0
    assert (desk.home / ".gtkrc-2.0").is_symlink()
    assert target.read_text() == '# kept in git\ngtk-font-name="Sans 13"\n'


@pytest.fixture
def stand_in_shell(desk):
    process = subprocess.Popen(["/usr/bin/python3", str(HERE / "fake_shell.py"), "silent"], env=desk.env,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "ready"
    yield process
    os.kill(process.pid, signal.SIGKILL)
    process.wait()


def test_under_gnome_conditions_no_file_but_dconf_is_written(desk, stand_in_shell):
    assert desk.knobs("set", "fonts/interface", "Sans 13").returncode == 0
    assert desk.knobs("set", "appearance/dark-style", "on").returncode == 0
    assert desk.knobs("reset", "fonts/interface").returncode == 0
    assert desk.get(INTERFACE, "color-scheme") == "'prefer-dark'"
    assert user_files(desk) == []
    assert "not GNOME" not in desk.knobs("explain", "fonts/interface").stdout
    explained = json.loads(desk.knobs("explain", "--json", "fonts/interface").stdout)
    assert "gtkFiles" not in explained, explained


def test_gnome_by_its_session_variables_writes_no_file_either(desk):
    on(desk, {"XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "WAYLAND_DISPLAY": "wayland-0"})
    assert desk.knobs("set", "fonts/interface", "Sans 13").returncode == 0
    assert user_files(desk) == []


def test_extension_list_without_a_shell_says_the_states_are_the_settings(desk):
    folder = desk.home / ".local" / "share" / "gnome-shell" / "extensions" / "tidy@example.org"
    folder.mkdir(parents=True)
    (folder / "metadata.json").write_text(
        '{"uuid": "tidy@example.org", "name": "Tidy", "shell-version": ["43"]}')
    result = desk.knobs("extension", "list")
    assert result.returncode == 0, result
    assert result.stdout.startswith("tidy@example.org  disabled"), result.stdout
    assert "GNOME Shell is not running here: these states are read from the settings" in result.stderr


def test_a_profile_applied_writes_the_files_as_a_set_does(desk):
    on(desk, SWAY)
    assert desk.knobs("set", "fonts/interface", "Sans 13").returncode == 0
    saved = desk.knobs("profile", "save", "work", "fonts")
    assert saved.returncode == 0, saved
    assert desk.knobs("reset", "fonts/interface").returncode == 0
    assert "gtk-font-name" not in gtk3(desk).read_text()
    applied = desk.knobs("profile", "apply", "work")
    assert applied.returncode == 0, applied
    assert desk.get(INTERFACE, "font-name") == "'Sans 13'"
    assert gtk3(desk).read_text() == "[Settings]\ngtk-font-name=Sans 13\n"
    assert (desk.home / ".gtkrc-2.0").read_text() == 'gtk-font-name="Sans 13"\n'


def test_explain_says_what_settings_ini_says_and_when_it_disagrees(desk):
    on(desk, SWAY)
    gtk3(desk).parent.mkdir(parents=True)
    gtk3(desk).write_text("[Settings]\ngtk-font-name=Sans 10\n")
    result = desk.knobs("explain", "fonts/interface")
    assert result.returncode == 0, result
    assert "This desktop is not GNOME: GTK also reads this setting from files." in result.stdout
    assert ("~/.config/gtk-3.0/settings.ini: gtk-font-name Sans 10 (differs from GSettings, which says Cantarell 11)"
            in result.stdout), result.stdout
    assert desk.knobs("set", "fonts/interface", "Sans 10").returncode == 0
    agreed = desk.knobs("explain", "fonts/interface").stdout
    assert "~/.config/gtk-3.0/settings.ini: gtk-font-name Sans 10\n" in agreed, agreed
    assert "differs" not in agreed


def explained_json(desk, path):
    result = desk.knobs("explain", "--json", path)
    assert result.returncode == 0, result
    return json.loads(result.stdout)


def test_explain_json_carries_the_files_readings_as_the_text_does(desk):
    on(desk, SWAY)
    gtk3(desk).parent.mkdir(parents=True)
    gtk3(desk).write_text("[Settings]\ngtk-font-name=Sans 10\n")
    files = explained_json(desk, "fonts/interface")["gtkFiles"]
    assert files["desktop"] == "wayland" and files["xsettingsdWins"] is False and files["agree"] is False, files
    readings = {reading["file"]: reading for reading in files["readings"]}
    assert readings[str(gtk3(desk))] == {"file": str(gtk3(desk)), "key": "gtk-font-name", "value": "Sans 10",
                                         "gsettings": "Cantarell 11", "agrees": False}, readings
    # A file without the line: value null, and it does not agree.
    assert readings[str(gtk4(desk))]["value"] is None and readings[str(gtk4(desk))]["agrees"] is False, readings
    assert readings[str(desk.home / ".gtkrc-2.0")]["key"] == "gtk-font-name", readings
    assert desk.knobs("set", "fonts/interface", "Sans 10").returncode == 0
    agreed = explained_json(desk, "fonts/interface")
    assert agreed["value"] == "'Sans 10'", agreed
    assert agreed["gtkFiles"]["agree"] is True, agreed
    # Each value as its file writes it: gtkrc quotes it.
    assert [(reading["value"], reading["agrees"]) for reading in agreed["gtkFiles"]["readings"]] == [
        ("Sans 10", True), ("Sans 10", True), ('"Sans 10"', True)], agreed
    # A key no file holds has no readings.
    assert "gtkFiles" not in explained_json(desk, "appearance/animations")


def test_explain_json_names_xsettingsd_and_says_its_values_win(desk):
    on(desk, {"DISPLAY": ":99"})
    (desk.home / ".xsettingsd").write_text('Gtk/FontName "Sans 12"\n')
    files = explained_json(desk, "fonts/interface")["gtkFiles"]
    # x11WithXSettings when some xsettingsd of this user happens to run on the machine.
    assert files["desktop"] in ("x11", "x11WithXSettings") and files["xsettingsdWins"] is True, files
    # As xsettingsd's file writes it, quoted.
    assert {"file": str(desk.home / ".xsettingsd"), "key": "Gtk/FontName", "value": '"Sans 12"',
            "gsettings": '"Cantarell 11"', "agrees": False} in files["readings"], files
    text = desk.knobs("explain", "fonts/interface").stdout
    assert '~/.xsettingsd: Gtk/FontName "Sans 12" (differs from GSettings, which says "Cantarell 11")' in text, text
    assert "xsettingsd's values win over settings.ini" in text, text
