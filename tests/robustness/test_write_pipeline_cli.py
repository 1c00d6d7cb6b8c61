"""The one write (`SettingEdit`) on the real dconf: a shortcut set with --replace on a key the
administrator locked is refused before the other keybinding loses its shortcut. Before, the other
binding's shortcut was cleared first and the locked write then failed, losing it.
Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import subprocess

from sealed import Desk

FOLDER = "/org/gnome/desktop/wm/keybindings/"
SCHEMA = "org.gnome.desktop.wm.keybindings"


def lock(desk, tmp_path, keyfile, path):
    """A site database holding `keyfile` that locks `path`, in the desk's dconf profile."""
    site = tmp_path / "site.d"
    (site / "locks").mkdir(parents=True)
    (site / "00-site").write_text(keyfile)
    (site / "locks" / "00").write_text(path + "\n")
    database = tmp_path / "site.db"
    subprocess.run(["dconf", "compile", str(database), str(site)], check=True, capture_output=True)
    profile = tmp_path / "profile"
    profile.write_text(f"user-db:user\nfile-db:{database}\n")
    desk.env["DCONF_PROFILE"] = str(profile)


def test_a_locked_shortcut_takes_no_shortcut_from_another(tmp_path):
    desk = Desk(tmp_path)
    try:
        written = desk.command("dconf", "write", FOLDER + "close", "['<Alt>F4']")
        assert written.returncode == 0, written
        lock(desk, tmp_path, "[org/gnome/desktop/wm/keybindings]\nminimize=['<Super>h']\n", FOLDER + "minimize")

        result = desk.knobs("set", "--replace", f"schema/{SCHEMA}/minimize", "<Alt>F4")
        assert result.returncode == 1, result
        assert "minimize is managed by the system and cannot be changed." in result.stderr, result
        assert desk.get(SCHEMA, "close") == "['<Alt>F4']", "the other keybinding keeps its shortcut"
        assert desk.get(SCHEMA, "minimize") == "['<Super>h']"

        taken = desk.knobs("set", f"schema/{SCHEMA}/maximize", "<Alt>F4")
        assert taken.returncode == 2 and "Alt+F4 is already used by" in taken.stderr, taken
        assert desk.get(SCHEMA, "close") == "['<Alt>F4']"
    finally:
        desk.stop()


CUSTOM = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/"
MEDIA_KEYS = "org.gnome.settings-daemon.plugins.media-keys"


def test_a_custom_shortcut_that_cannot_be_stored_takes_no_shortcut_from_another(tmp_path):
    # The new shortcut's folder is locked (its list is not): before, --replace took Alt+F4 from
    # close, then failed writing the folder's first key, and close had lost its shortcut.
    desk = Desk(tmp_path)
    try:
        written = desk.command("dconf", "write", FOLDER + "close", "['<Alt>F4']")
        assert written.returncode == 0, written
        lock(desk, tmp_path, "[org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0]\n"
             "name='Kept by the site'\n", CUSTOM + "custom0/name")

        result = desk.knobs("custom-shortcut", "add", "--replace", "Terminal", "xterm", "<Alt>F4")
        assert result.returncode == 1, result
        assert "name is managed by the system and cannot be changed." in result.stderr, result
        assert desk.get(SCHEMA, "close") == "['<Alt>F4']", "the other keybinding keeps its shortcut"
        assert desk.get(MEDIA_KEYS, "custom-keybindings") == "@as []", "no shortcut was added"
    finally:
        desk.stop()
