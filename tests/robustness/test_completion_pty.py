"""The completions typed for real: an interactive bash (with and without bash-completion's
loader), zsh and fish on a pseudo-terminal, a custom shortcut's name begun after
`knobs custom-shortcut remove `, then Tab and Enter. Names another person can hand a user (an
imported keyfile, a shared profile) hold backquotes, `$( )`, `$VAR`, `~`, globs, `;`, `|`, `&`,
redirections, quotes, backslashes, history `!`, spaces at either end and non-ASCII letters: knobs
must receive each name byte for byte, whether the word was begun bare, in single or in double
quotes, and the command in a name must never run. On real dconf (a sealed session).
Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import os
import pty
import select
import signal
import time
from pathlib import Path

import pytest

from sealed import desk  # noqa: F401 (a fixture)

REPO = Path(__file__).resolve().parents[2]
COMPLETIONS = REPO / "data" / "completions"
KNOBS = os.environ.get("KNOBS_BIN", "")
BASH_COMPLETION = Path("/usr/share/bash-completion/bash_completion")

# Each starts with three characters no other name starts with: those are typed, then Tab.
NAMES = [
    "Files `knobs-marker` and `touch MARK`",
    "Run $(knobs-marker) now",
    "Home $HOME ~ * ? [a]",
    "Semi; knobs-marker | cat & wait < /dev/null > MARK",
    "It's \"quoted\" \\ back",
    " lead and trail ",
    "Ünïcödé 名前 שלום",
    "bang!! !$ !-1 ^x^y",
    "~tilde {a,b} #hash",
    "Tab-free \u00a0 no-break =equals: colon",
]

# How the first characters are typed: bare with each special character escaped, after an open
# single quote, after an open double quote (where $ ` " \ ! would need more than a quote).
def typed_forms(name):
    prefix = name[:3]
    forms = {"bare": "".join(c if c.isalnum() else "\\" + c for c in prefix),
             "single": "'" + prefix.replace("'", "'\\''")}
    if not any(c in prefix for c in '$`"\\!'):
        forms["double"] = '"' + prefix
    return forms


class Terminal:
    """A shell on a pseudo-terminal: keys in, whatever it prints read and kept."""

    def __init__(self, argv, env, cwd):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the shell
            os.chdir(cwd)
            os.execvpe(argv[0], argv, env)
        self.output = b""

    def read(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    self.output += os.read(self.fd, 65536)
                except OSError:
                    return

    def type(self, keys):
        os.write(self.fd, keys.encode())

    def close(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


@pytest.fixture
def session(desk, tmp_path):
    """Real dconf holding the names as custom shortcuts, and `knobs` on PATH: the built knobs for
    the completion's own call, a recorder of its arguments for the command the user runs (each
    call's arguments, NUL after each, then \x01: no name offered holds a control character)."""
    for name in NAMES:
        added = desk.knobs("custom-shortcut", "add", name, "true", "")
        assert added.returncode == 0, added.stderr
    folder = tmp_path / "bin"
    folder.mkdir()
    record = tmp_path / "record"
    (folder / "knobs").write_text(
        "#!/bin/sh\n"
        f'if [ "$1" = __complete ]; then "{KNOBS}" "$@"; status=$?; echo >> "{record}.completions"; exit $status; fi\n'
        f"{{ printf '%s\\0' \"$@\"; printf '\\001'; }} >> '{record}'\n")
    (folder / "knobs").chmod(0o755)
    # What a name's command runs, wherever it is run from: it leaves a mark in the work folder.
    (folder / "knobs-marker").write_text(f"#!/bin/sh\ntouch '{tmp_path / 'work' / 'MARK-ran'}'\n")
    (folder / "knobs-marker").chmod(0o755)
    work = tmp_path / "work"
    work.mkdir()
    # As bash-completion loads it on first use, from the user's completions folder.
    user_folder = Path(desk.env["XDG_DATA_HOME"]) / "bash-completion" / "completions"
    user_folder.mkdir(parents=True)
    (user_folder / "knobs").symlink_to(COMPLETIONS / "knobs.bash")
    env = {**desk.env, "PATH": f"{folder}:{desk.env['PATH']}", "TERM": "xterm", "PS1": "$ ", "PROMPT": "$ "}
    return env, work, record


SHELLS = {
    "bash": (["bash", "--norc", "--noprofile", "-i"], f"source '{COMPLETIONS / 'knobs.bash'}'\r"),
    "bash-completion": (["bash", "--norc", "--noprofile", "-i"], f"source '{BASH_COMPLETION}'\r"),
    "zsh": (["zsh", "-f", "-i"],
            f"fpath=('{COMPLETIONS}' $fpath); autoload -Uz compinit; compinit -u -D\r"),
    "fish": (["fish", "--no-config", "-i"], f"source '{COMPLETIONS / 'knobs.fish'}'\r"),
}


def completions(record):
    """How many times the shells asked knobs for candidates."""
    answered = record.with_name(record.name + ".completions")
    return len(answered.read_bytes()) if answered.exists() else 0


def calls(record):
    """Each call's arguments the recorder kept, in order."""
    if not record.exists():
        return []
    return [entry.split(b"\0")[:-1] for entry in record.read_bytes().split(b"\x01")[:-1]]


@pytest.mark.parametrize("shell", list(SHELLS))
def test_a_name_completed_then_entered_reaches_knobs_byte_for_byte_and_runs_nothing(session, shell):
    env, work, record = session
    if shell == "bash-completion":
        assert BASH_COMPLETION.exists(), "meson-helpers/setup-deps installs bash-completion"
    argv, setup = SHELLS[shell]
    cases = [(name, form, typed) for name in NAMES for form, typed in typed_forms(name).items()]
    wrong = []
    terminal = Terminal(argv, env, work)
    try:
        terminal.read(0.3)
        terminal.type(setup)
        terminal.read(0.3)
        for name, form, typed in cases:
            done = len(calls(record))
            asked = completions(record)
            # Enter once the shell has had knobs' answer (zsh drops a completion that has typeahead).
            terminal.type(f"knobs custom-shortcut remove {typed}\t")
            end = time.monotonic() + 5
            while completions(record) == asked and time.monotonic() < end:
                terminal.read(0.02)
            terminal.read(0.15)
            terminal.type("\r")
            end = time.monotonic() + 5
            while len(calls(record)) == done and time.monotonic() < end:
                terminal.read(0.05)
            got = calls(record)[done:]
            if got != [[b"custom-shortcut", b"remove", name.encode()]]:
                wrong.append((name, form, typed, got, terminal.output[-300:]))
                terminal.type("\x03")  # a line left open (an unclosed quote) is given up
                terminal.read(0.3)
                assert len(wrong) < 3, wrong
            assert not list(work.glob("MARK*")), f"{shell} ran a command in {name!r} typed {form}"
    finally:
        terminal.close()
    assert len(calls(record)) + len(wrong) >= len(cases)
    assert not wrong, wrong
