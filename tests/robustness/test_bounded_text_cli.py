"""What knobs prints to a terminal is bounded and inert: a value of a megabyte or input of
10,000 letters is echoed as its start (about 80 characters and "…"), JSON and --raw output
stay whole, and the bidirectional controls that reorder a line (U+202E and friends) are
escaped wherever control characters are, in names other programs wrote. Fixtures are written
here. Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import json

import pytest

from test_cli import home, knobs  # noqa: F401 (home is a fixture)

MEGABYTE = 1024 * 1024
BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
        "\u200e", "\u200f", "\u061c"]


def keyfile_backend(home, text):
    """The GSettings keyfile backend holding `text`, as another program would have left it."""
    settings = home / "glib-2.0" / "settings"
    settings.mkdir(parents=True)
    (settings / "keyfile").write_text(text)
    return {"GSETTINGS_BACKEND": "keyfile"}


def assert_bounded(output, limit=400):
    for line in output.decode().splitlines():
        assert len(line) <= limit, f"a line of {len(line)} characters: {line[:120]}…"


def test_a_megabyte_value_in_a_keyfile_is_listed_as_its_start(home, tmp_path):
    keyfile = tmp_path / "big.ini"
    keyfile.write_text("[org/gnome/desktop/interface]\ngtk-theme='" + "x" * MEGABYTE + "'\n")
    dry = knobs(home, "import", "--dry-run", str(keyfile))
    assert dry.returncode == 0, dry.stderr[:500]
    assert_bounded(dry.stdout)
    assert dry.stdout.decode().startswith("/org/gnome/desktop/interface/gtk-theme: 'Adwaita' → 'xxx"), dry.stdout[:200]
    assert "…" in dry.stdout.decode()
    # A value that is refused is echoed as its start too.
    keyfile.write_text("[org/gnome/desktop/interface]\ncursor-size='" + "9" * MEGABYTE + "'\n")
    refused = knobs(home, "import", "--dry-run", str(keyfile))
    assert refused.returncode == 2, refused.stderr[:500]
    assert_bounded(refused.stderr)


def test_a_megabyte_value_is_cut_for_people_and_whole_for_scripts(home):
    value = "x" * MEGABYTE + ":close"
    env = keyfile_backend(home, f"[org/gnome/desktop/wm/preferences]\nbutton-layout='{value}'\n")
    path = "desktop/windows/titlebar-buttons/layout"
    shown = knobs(home, "get", path, env=env)
    assert shown.returncode == 0, shown.stderr[:500]
    assert shown.stdout.decode() == "x" * 77 + "…\n", shown.stdout[:200]
    raw = knobs(home, "get", "--raw", path, env=env)
    assert raw.stdout.decode() == f"'{value}'\n", "--raw prints the value whole"
    listed = knobs(home, "list", env=env)
    assert_bounded(listed.stdout)
    rows = json.loads(knobs(home, "list", "--json", env=env).stdout)
    assert next(row for row in rows if row["path"] == path)["value"] == value, "JSON keeps the value whole"


@pytest.mark.parametrize("arguments", [
    ["set", "keyboard-shortcuts/minimize", "a" * 10_000],
    ["set", "keyboard-shortcuts/minimize", "<Super>" + "a" * 10_000],
    # One argument holds at most 128 KB (MAX_ARG_STRLEN).
    ["set", "desktop/windows/workspaces/count", "9" * 100_000],
    ["custom-shortcut", "add", "Files", "nautilus", "<Super>" + "b" * 10_000],
])
def test_long_input_is_echoed_in_an_error_as_its_start(home, arguments):
    result = knobs(home, *arguments)
    assert result.returncode == 2, result.stderr[:500]
    stderr = result.stderr.decode()
    assert len(stderr) < 400, f"{len(stderr)} characters: {stderr[:300]}"
    assert "…" in stderr, stderr


def test_bidirectional_controls_in_names_are_escaped(home, tmp_path):
    names = "".join(BIDI)
    extension = home.parent / "data" / "gnome-shell" / "extensions" / "evil@example.com"
    extension.mkdir(parents=True)
    (extension / "metadata.json").write_text(json.dumps({
        "uuid": "evil@example.com", "name": f"Evil {names}exe.txt", "description": "d", "shell-version": ["43"]}))
    custom = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/"
    env = keyfile_backend(home, (
        f"[org/gnome/settings-daemon/plugins/media-keys]\ncustom-keybindings=['{custom}']\n\n"
        f"[{custom.strip('/')}]\nname='Files {names}evil'\ncommand='nautilus'\nbinding='<Super>e'\n"))
    listed = knobs(home, "list", env=env)
    assert listed.returncode == 0, listed.stderr[:500]
    out = listed.stdout.decode()
    escaped = "".join(f"\\u{{{ord(c):x}}}" for c in BIDI)
    assert f"Evil {escaped}exe.txt" in out, "the extension's name"
    assert f"Files {escaped}evil" in out, "the custom shortcut's name"
    assert not any(c in out for c in BIDI), "no bidirectional control is printed raw"
    # A name given on the command line is escaped in what is said about it.
    removed = knobs(home, "custom-shortcut", "remove", "No\u202eSuch", env=env)
    assert removed.returncode == 2, removed
    assert "No\\u{202e}Such" in removed.stderr.decode() and "\u202e" not in removed.stderr.decode(), removed.stderr
