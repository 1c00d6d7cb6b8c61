"""The shells' completions (data/completions/) for real: bash, zsh and fish each load the script
Knobs installs and complete `knobs …` through the built knobs (`knobs __complete`): commands,
options, row paths a folder at a time, schema/ID/KEY, extension uuids and file names. Whatever
is typed (spaces, quotes, unicode, control characters, an empty or a huge word, invalid UTF-8,
thousands of words) gets a bounded answer quickly and never a crash. And knobs(1), made from
`knobs --help`, renders without warnings and has every command and option of the help.
Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import json
import os
import re
import shlex
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from sealed import desk  # noqa: F401 (a fixture)

REPO = Path(__file__).resolve().parents[2]
COMPLETIONS = REPO / "data" / "completions"
KNOBS = os.environ.get("KNOBS_BIN", "")
SCHEMAS = os.environ.get("KNOBS_SCHEMA_DIR", "")
LIMIT = 500  # Completion.candidateLimit
EXTENSIONS = ["night-owl@knobs.example", "tray-icons@knobs.example"]


@pytest.fixture
def home(tmp_path):
    """A home with two extensions and a panel file, knobs on PATH as `knobs`, settings in memory."""
    for uuid in EXTENSIONS:
        folder = tmp_path / "data" / "gnome-shell" / "extensions" / uuid
        folder.mkdir(parents=True)
        (folder / "metadata.json").write_text(json.dumps({"uuid": uuid, "name": uuid, "shell-version": ["43"]}))
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    (bin_folder / "knobs").symlink_to(KNOBS)
    work = tmp_path / "work"
    work.mkdir()
    (work / "settings.ini").write_text("[org/gnome/desktop/interface]\nclock-show-seconds=true\n")
    (work / "señales con espacio.ini").write_text("")
    return tmp_path


def environment(home):
    return {
        "PATH": f"{home / 'bin'}:{os.environ['PATH']}", "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"), "XDG_CACHE_HOME": str(home / "cache"), "GSETTINGS_BACKEND": "memory",
        "GSETTINGS_SCHEMA_DIR": SCHEMAS, "LANG": "C.UTF-8",
    }


def complete_bash(home, *words, env=None, line=None):
    """COMPREPLY for the words after `knobs`, the last one being completed; `line` is the command
    line as typed (quotes and all) when the words alone don't say it."""
    script = (f'source {COMPLETIONS / "knobs.bash"}\n'
              'COMP_WORDS=(knobs "$@"); COMP_CWORD=$#; COMP_LINE=$KNOBS_LINE; COMP_POINT=${#COMP_LINE}\n'
              '_knobs\nprintf "%s\\n" "${COMPREPLY[@]}"\n')
    if line is None:  # as typed: each word quoted, the one being completed left empty when it is
        line = " ".join(["knobs", *(shlex.quote(word) if word else "" for word in words)])
    env = {**(env or environment(home)), "KNOBS_LINE": line}
    result = subprocess.run(["bash", "--norc", "--noprofile", "-c", script, "bash", *words], cwd=home / "work",
                            env=env, capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr
    return [line for line in result.stdout.split("\n") if line]


def shlex_bash(text):
    """`printf %q`'s quoting, as bash's completion inserts a bare word."""
    return subprocess.run(["bash", "-c", 'printf %q "$1"', "bash", text], capture_output=True, text=True,
                          env={"LANG": "C.UTF-8"}, check=True).stdout


def complete_fish(home, line, env=None):
    result = subprocess.run(
        ["fish", "--no-config", "-c", f"source {COMPLETIONS / 'knobs.fish'}; complete -C {quote_fish(line)}"],
        cwd=home / "work", env=env or environment(home), capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr
    return [entry.split("\t")[0] for entry in result.stdout.split("\n") if entry]


def quote_fish(text):
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def complete_zsh(home, *words, env=None):
    """What _knobs adds, with zsh's compadd and _files stood in for by functions that print
    (a function comes before a builtin in zsh): `folder/` for -S '' (no space after), `:files`."""
    script = r'''
compadd() {
  local suffix=" "
  while [[ $1 == -* ]]; do
    case $1 in
      --) shift; break ;;
      -S) suffix=$2; shift 2 ;;
      *) shift ;;
    esac
  done
  local word
  for word in "$@"; do print -r -- "$word${suffix:+ }"; done
}
_files() { print -r -- ":files" }
fpath=(''' + str(COMPLETIONS) + r''' $fpath)
autoload -Uz _knobs
words=(knobs "$@"); CURRENT=$#words
_knobs
'''
    result = subprocess.run(["zsh", "-f", "-c", script, "zsh", *words], cwd=home / "work",
                            env=env or environment(home), capture_output=True, text=True, timeout=30)
    assert result.stderr == "", result.stderr
    return [line for line in result.stdout.split("\n") if line]


def test_bash_completes_commands_paths_schemas_extensions_and_files(home):
    assert complete_bash(home, "ex") == ["explain", "export", "extension"]
    assert complete_bash(home, "get", "--") == ["--raw"]
    assert complete_bash(home, "get", "appearance/") == [
        "appearance/background/", "appearance/reset/", "appearance/style/", "appearance/themes/"]
    assert complete_bash(home, "get", "appearance/style/dark") == ["appearance/style/dark-style"]
    assert "clock/show-seconds" in complete_bash(home, "set", "clock/show-")
    # Every path `knobs list` prints is reached a folder at a time from its first one (a page's
    # path, which has rows under it, as that folder).
    listed = subprocess.run(["knobs", "list", "--json"], env=environment(home), capture_output=True, text=True,
                            timeout=30)
    paths = [row["path"] for row in json.loads(listed.stdout)]
    assert len(paths) > 100, listed.stderr
    for path in paths[:: max(1, len(paths) // 12)]:
        typed = ""
        while typed.rstrip("/") != path:
            offered = complete_bash(home, "get", typed)
            step = next((word for word in offered if word in (path, path + "/")
                         or (word.endswith("/") and path.startswith(word))), None)
            assert step and len(step) > len(typed), f"{path}: after {typed!r} only {offered[:10]}"
            typed = step
    assert complete_bash(home, "get", "schema/org.gnome.desktop.interface/clock-show-") == [
        "schema/org.gnome.desktop.interface/clock-show-date", "schema/org.gnome.desktop.interface/clock-show-seconds",
        "schema/org.gnome.desktop.interface/clock-show-weekday"]
    assert complete_bash(home, "list", "schema/org.gnome.desktop.interf") == ["schema/org.gnome.desktop.interface"]
    assert complete_bash(home, "extension", "disable", "") == EXTENSIONS
    assert complete_bash(home, "import", "set") == ["settings.ini"]
    assert complete_bash(home, "export", "-o", "señ") == ["señales con espacio.ini"]
    # explain takes a path as get does, with --json before it, and goes with --panel too.
    assert complete_bash(home, "explain", "appearance/style/dark") == ["appearance/style/dark-style"]
    assert complete_bash(home, "explain", "--json", "schema/org.gnome.desktop.interface/clock-f") == [
        "schema/org.gnome.desktop.interface/clock-format"]
    assert complete_bash(home, "explain", "-") == ["--json"]
    assert complete_bash(home, "--panel", "settings.ini", "ex") == ["explain"]


def test_zsh_completes_through_the_same_answers(home):
    assert complete_zsh(home, "ex") == ["explain ", "export ", "extension "]
    # A folder goes on without a space, a row with one.
    rows = complete_zsh(home, "get", "appearance/style/")
    assert "appearance/style/dark-style " in rows and all(row.endswith(" ") for row in rows), rows
    assert complete_zsh(home, "get", "appearance/st") == ["appearance/style/"]
    assert complete_zsh(home, "extension", "enable", "n") == ["night-owl@knobs.example "]
    assert complete_zsh(home, "import", "") == [":files"]
    # Words are passed as knobs sees them, quotes taken off.
    assert complete_zsh(home, "get", "'appearance/st'") == ["appearance/style/"]
    assert complete_zsh(home, "get", "with space") == []


def test_fish_completes_through_the_same_answers(home):
    assert complete_fish(home, "knobs ex") == ["explain", "export", "extension"]
    assert complete_fish(home, "knobs get appearance/st") == ["appearance/style/"]
    assert complete_fish(home, "knobs get schema/org.gnome.desktop.interface/clock-f") == [
        "schema/org.gnome.desktop.interface/clock-format"]
    assert complete_fish(home, "knobs extension uninstall t") == ["tray-icons@knobs.example"]
    assert complete_fish(home, "knobs import sett") == ["settings.ini"]
    assert sorted(complete_fish(home, "knobs ")) == sorted(complete_bash(home, ""))


def test_uninstall_panel_offers_the_users_installed_panels_in_each_shell(home):
    """The ids of the panels in $XDG_DATA_HOME/knobs/panels, and no hostile file name there."""
    panels = home / "data" / "knobs" / "panels"
    panels.mkdir(parents=True)
    for name in ["org.example.Pizza.yaml", "org.example.pasta-night.yaml", "with space.yaml", "nodots.yaml", "new\nline.yaml", "$(touch pwned).yaml",
                 "\u202eevil.yaml", "notes.txt", "x" * 250 + ".yaml"]:
        (panels / name).write_text("")
    assert complete_bash(home, "uninstall-panel", "") == ["org.example.Pizza", "org.example.pasta-night"]
    assert complete_bash(home, "uninstall-panel", "org.example.P") == ["org.example.Pizza"]
    assert complete_bash(home, "uninstall-panel", "org.example.Pizza", "") == []
    assert complete_zsh(home, "uninstall-panel", "org.example.pa") == ["org.example.pasta-night "]
    offered = complete_fish(home, "knobs uninstall-panel org.")
    assert sorted(offered) == ["org.example.Pizza", "org.example.pasta-night"]
    assert not (home / "work" / "pwned").exists(), "a file name was run as a command"


@pytest.mark.parametrize("word", [
    "", " ", "with space", "'single'", '"double', "appearance/'", "ünïcödé/ščř", "שלום/", "\u202edark",
    "dark\tstyle", "$(touch pwned)", "`touch pwned`", "\\", "x" * 100_000, "/" * 5000, "appearance/" * 500,
    "appearance/" + "x" * 10_240, "schema/org.gnome.desktop.app-folders.folder:/" + "a/" * 5120,
])
def test_any_word_gets_a_bounded_answer_in_each_shell(home, word):
    started = time.monotonic()
    for command in (["get"], ["extension", "enable"], ["--panel", "x.yaml", "get"], []):
        offered = complete_bash(home, *command, word)
        assert len(offered) <= LIMIT
        assert all(entry.startswith(word) for entry in offered if word), offered[:5]
    assert len(complete_zsh(home, "get", word)) <= LIMIT
    if len(word) < 10_000:  # fish keeps a command line's tokens small itself
        assert len(complete_fish(home, f"knobs get {word}")) <= LIMIT
    assert not (home / "work" / "pwned").exists(), "a word was run as a command"
    assert time.monotonic() - started < 30


def test_knobs_complete_takes_anything_and_answers_within_bounds(home):
    env = environment(home)
    cases = [
        [b"get", b"\xff\xfe/\xc3("],  # not UTF-8
        [b"get", b"a\nb"], [b"get", b"\x1b[31m"], [b"extension", b"enable", b"\xe2\x80"],
        [b"get"] * 20_000 + [b""], [b"x" * 100_000] * 20, [b"--panel"], [b"--panel", b"", b""],
    ]
    for words in cases:
        started = time.monotonic()
        result = subprocess.run([KNOBS.encode(), b"__complete", *words], env=env, capture_output=True, timeout=30)
        elapsed = time.monotonic() - started
        assert result.returncode == 0, (words[:3], result.stderr[:300])
        assert result.stderr == b"", result.stderr[:300]
        assert len(result.stdout.splitlines()) <= LIMIT
        assert elapsed < 5, f"{words[:3]}: {elapsed:.1f} s"
    # Thousands of paths: at most LIMIT lines, the first in order.
    many = subprocess.run([KNOBS, "__complete", "list", "schema/"], env=env, capture_output=True, text=True,
                          timeout=30)
    lines = many.stdout.splitlines()
    assert 50 < len(lines) <= LIMIT and lines == sorted(lines), lines[:5]


def test_the_man_page_renders_without_warnings_and_has_every_command_and_option(home, tmp_path):
    env = {**environment(home), "LC_ALL": "C.UTF-8", "MANWIDTH": "80"}
    page = tmp_path / "knobs.1"
    page.write_bytes(subprocess.run([KNOBS, "__man-page"], env=env, capture_output=True, timeout=30,
                                    check=True).stdout)
    checked = subprocess.run(["groff", "-man", "-ww", "-z", str(page)], env=env, capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stderr == "", checked.stderr
    rendered = subprocess.run(["man", "--warnings", "-l", str(page)], env=env, capture_output=True, text=True)
    assert rendered.returncode == 0 and rendered.stderr == "", rendered.stderr
    text = rendered.stdout
    help_text = subprocess.run([KNOBS, "--help"], env=env, capture_output=True, text=True, check=True).stdout
    words = set(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*|[a-z]+(?:-[a-z]+)+)", help_text.split("\n\n")[0]))
    words |= set(re.findall(r"^  (--?[a-z][a-z-]*|[a-z][a-z-]*)", help_text, re.M))
    assert {"--open", "--dry-run", "custom-shortcut", "uninstall-panel", "list", "export"} <= words, words
    for word in words:
        assert re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text), f"knobs(1) does not say {word}"
    for heading in ("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "PATHS", "EXIT STATUS", "SEE ALSO"):
        assert re.search(rf"^{heading}$", text, re.M), heading
    # Every description of the help is in it, word for word (lines joined, hyphenation off).
    flat = " ".join(text.split())
    for line in help_text.split("\n"):
        described = re.match(r"^  \S.*?\s{2,}(\S.*)$", line)
        if described:
            assert described.group(1).strip() in flat, described.group(1)


def test_completion_scripts_pass_each_shells_syntax_check():
    assert subprocess.run(["bash", "-n", str(COMPLETIONS / "knobs.bash")], capture_output=True).returncode == 0
    assert subprocess.run(["zsh", "-n", str(COMPLETIONS / "_knobs")], capture_output=True).returncode == 0
    assert subprocess.run(["fish", "--no-execute", str(COMPLETIONS / "knobs.fish")], capture_output=True).returncode == 0
    assert (COMPLETIONS / "_knobs").read_text().startswith("#compdef knobs\n")
    assert shutil.which("zsh") and shutil.which("fish"), "meson-helpers/setup-deps installs zsh and fish"


RELOCATABLE = "org.gnome.settings-daemon.plugins.media-keys.custom-keybinding"
FOLDERS = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/"


def gvariant_text(text):
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"


def test_custom_shortcut_names_and_relocatable_folders_in_each_shell(desk, home):
    """On real dconf: `custom-shortcut remove` offers the custom shortcuts' names, quoted as each
    shell's word calls for; names another program saved with a line break or a bidirectional
    control are left out, one of 10,000 characters is offered whole. `schema/ID:` offers the
    folders where a relocatable schema is saved, then its keys there."""
    env = {**desk.env, "PATH": f"{home / 'bin'}:{desk.env['PATH']}"}
    names = ["Open Terminal", 'Say "hi"', "It's mine", "back\\slash", "שלום עולם"]
    for name in names:
        added = desk.knobs("custom-shortcut", "add", name, "true", "")
        assert added.returncode == 0, added.stderr
    listed = desk.get("org.gnome.settings-daemon.plugins.media-keys", "custom-keybindings")
    folders = [FOLDERS + f"custom{index}/" for index in range(len(names))]
    assert listed == str(folders), listed
    hostile = ["two\nlines", "\u202eevil", "y" * 10_000]
    for index, name in enumerate(hostile):
        folder = FOLDERS + f"hostile{index}/"
        for key, value in (("name", name), ("command", "true"), ("binding", "")):
            written = desk.command("gsettings", "set", f"{RELOCATABLE}:{folder}", key, gvariant_text(value))
            assert written.returncode == 0, written.stderr
        folders.append(folder)
    assert desk.command("gsettings", "set", "org.gnome.settings-daemon.plugins.media-keys", "custom-keybindings",
                        str(folders)).returncode == 0

    # Bash inserts each reply as it is: quoted by the completion itself for the word's quote
    # (bare as printf %q quotes, or to go on inside an open quote and close it).
    offered = complete_bash(home, "custom-shortcut", "remove", "", env=env)
    assert offered == sorted(shlex_bash(name) for name in names + ["y" * 10_000]), offered
    assert complete_bash(home, "custom-shortcut", "remove", "Say", env=env) == ['Say\\ \\"hi\\"']
    assert complete_bash(home, line='knobs custom-shortcut remove "שלום ע', env=env) == ['שלום עולם"']
    # The word as typed, quotes and backslashes in it: knobs is asked for what the shell will pass.
    assert complete_bash(home, line='knobs custom-shortcut remove "It', env=env) == ['It\'s mine"']
    assert complete_bash(home, line="knobs custom-shortcut remove It\\'s\\ m", env=env) == ["It\\'s\\ mine"]
    assert complete_bash(home, line="knobs custom-shortcut remove 'Say \"", env=env) == ['Say "hi"\'']
    assert complete_bash(home, line="knobs custom-shortcut remove back\\\\", env=env) == ["back\\\\slash"]
    assert complete_bash(home, line="knobs custom-shortcut remove 'It", env=env) == ["It'\\''s mine'"]
    assert complete_bash(home, "custom-shortcut", "remove", "Open Terminal", "", env=env) == []
    assert complete_zsh(home, "custom-shortcut", "remove", "It\\'s\\ m", env=env) == ["It's mine "]
    assert complete_zsh(home, "custom-shortcut", "remove", "'Say \"h'", env=env) == ['Say "hi" ']
    assert complete_zsh(home, "custom-shortcut", "remove", "Open\\ T", env=env) == ["Open Terminal "]
    assert complete_fish(home, "knobs custom-shortcut remove 'Say", env=env) == ['Say "hi"']
    assert complete_fish(home, "knobs custom-shortcut remove שלום", env=env) == ["שלום עולם"]

    # Relocatable: the schema, then its folders (bash replaces only what follows the ":"), then keys.
    schema = f"schema/{RELOCATABLE}"
    assert complete_bash(home, "get", schema[:-3], env=env) == [schema + ":"]
    at = complete_bash(home, line=f"knobs get {schema}:", env=env)
    assert at == folders, at
    assert complete_bash(home, line=f"knobs get {schema}:{folders[1]}na", env=env) == [folders[1] + "name"]
    assert complete_zsh(home, "get", f"{schema}:{FOLDERS}custom1", env=env) == [f"{schema}:{folders[1]}"]
    assert complete_fish(home, f"knobs get {schema}:{folders[1]}c", env=env) == [f"{schema}:{folders[1]}command"]
    assert complete_bash(home, "list", f"{schema}:{FOLDERS}hostile", env=env) == folders[len(names):]


@pytest.mark.parametrize("word", [":" * 4000, "\\ " * 2000, "'x'" * 1300, "a/" * 5000])
def test_bash_reads_a_long_line_of_quotes_and_colons_quickly(home, word):
    """The bash completion reads the typed line itself (quotes, backslashes, colons): up to 4 KB,
    whatever it holds, in well under a second; a longer one is not read (knobs would offer nothing)."""
    started = time.monotonic()
    assert complete_bash(home, line=f"knobs get {word}") == []
    assert time.monotonic() - started < 2.5
