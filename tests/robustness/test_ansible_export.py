"""`knobs export --format ansible`: the role it writes is run by a real ansible-playbook (ansible-core
from PyPI, connection local) on a temporary root, and the site database it builds is read back by
dconf through DCONF_PROFILE. Then the role is attacked: values holding Jinja, a root with spaces and
quotes, names that are paths, a folder already there. Needs KNOBS_BIN and KNOBS_SCHEMA_DIR, and PyPI
(or an ansible-core already in build/tools/ansible) the first time."""

import pathlib
import subprocess
import sys

import pytest

from sealed import KNOBS, Desk

REPO = pathlib.Path(__file__).resolve().parents[2]
TOOLS = REPO / "build" / "tools" / "ansible"
INTERFACE = "/org/gnome/desktop/interface/"
SCOPE_KEY = "schema/org.gnome.desktop.interface/clock-format"


@pytest.fixture(scope="module")
def ansible_playbook():
    """ansible-playbook from a virtual environment of its own, made once and kept in build/."""
    program = TOOLS / "bin" / "ansible-playbook"
    if not program.exists():
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(TOOLS)], check=True, timeout=300)
        installed = subprocess.run([str(TOOLS / "bin" / "pip"), "install", "-q", "--disable-pip-version-check",
                                    "ansible-core>=2.14,<2.18"], capture_output=True, text=True, timeout=600)
        assert installed.returncode == 0, "ansible-core could not be installed from PyPI:\n" + installed.stderr
    assert program.exists(), "ansible-core did not install ansible-playbook"
    return program


@pytest.fixture
def desk(tmp_path):
    session = Desk(tmp_path)
    yield session
    session.stop()


def play(desk, playbook, role, root, extra=""):
    """Runs the role on `root` with ansible-playbook; the completed process. The root is given `!unsafe`, as a
    play gives a path that may hold Jinja's braces."""
    book = desk.root / "play.yml"
    book.write_text(
        "- hosts: localhost\n  connection: local\n  gather_facts: false\n  roles:\n"
        f"    - role: {role}\n      vars:\n        knobs_root: !unsafe {quoted(str(root))}\n{extra}")
    env = dict(desk.env, ANSIBLE_NOCOLOR="1", ANSIBLE_LOCAL_TEMP=str(desk.root / "ansible-tmp"),
               ANSIBLE_REMOTE_TEMP=str(desk.root / "ansible-tmp"), ANSIBLE_RETRY_FILES_ENABLED="0",
               ANSIBLE_PYTHON_INTERPRETER=str(playbook.parent / "python"))
    return subprocess.run([str(playbook), "-i", "localhost,", str(book)], env=env, capture_output=True, text=True,
                          timeout=300)


def quoted(text):
    """`text` as a YAML single-quoted scalar, whatever it holds."""
    return "'" + text.replace("'", "''") + "'"


def dconf_read(desk, profile, key, default=False):
    env = dict(desk.env, DCONF_PROFILE=str(profile))
    arguments = ["dconf", "read"] + (["-d"] if default else []) + [key]
    return subprocess.run(arguments, env=env, capture_output=True, text=True, timeout=30).stdout.strip()


def recap_changed(output):
    """The `changed=N` of the play's recap."""
    line = [line for line in output.splitlines() if line.startswith("localhost")][-1]
    return int(line.split("changed=")[1].split()[0])


def test_the_role_installs_a_site_database_that_dconf_reads(desk, ansible_playbook):
    # A value holding Jinja must reach the database as it is, never be run.
    canary = desk.root / "ran"
    jinja = "{{ lookup('pipe', 'touch " + str(canary) + "') }}"
    written = {}
    for key, value in [("clock-format", "'12h'"), ("cursor-size", "40"), ("gtk-theme", repr(jinja)),
                       ("font-name", "'Cantarell 11 \u202eevil\u202c \\'quoted\\''")]:
        done = desk.command("dconf", "write", INTERFACE + key, value)
        assert done.returncode == 0, done.stderr
        written[key] = desk.command("dconf", "read", INTERFACE + key).stdout.strip()
    role = desk.root / "site-role"
    exported = desk.knobs("export", "--format", "ansible", str(role), "--locks", "schema/org.gnome.desktop.interface")
    assert exported.returncode == 0, exported.stderr
    assert "installs 4 settings" in exported.stdout, exported.stdout
    assert sorted(str(p.relative_to(role)) for p in role.rglob("*") if p.is_file()) == [
        "README.md", "defaults/main.yml", "files/locks", "files/settings", "handlers/main.yml", "tasks/main.yml"]

    root = desk.root / "machine"
    ran = play(desk, ansible_playbook, role, root)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    site = root / "etc" / "dconf" / "db"
    assert (site / "site.d" / "50-knobs").read_bytes() == (role / "files" / "settings").read_bytes()
    assert (site / "site.d" / "locks" / "50-knobs").read_bytes() == (role / "files" / "locks").read_bytes()
    assert (root / "etc" / "dconf" / "profile" / "user").read_text() == "user-db:user\nsystem-db:site\n"
    assert (site / "site").is_file(), "the handler compiled the database with dconf update"

    # Another user, with nothing of their own, reads the site's values through a profile naming the database.
    profile = desk.root / "profile"
    profile.write_text(f"user-db:other\nfile-db:{site / 'site'}\n")
    assert dconf_read(desk, profile, INTERFACE + "clock-format", default=True) == "'12h'"
    for key, value in written.items():
        assert dconf_read(desk, profile, INTERFACE + key) == value, key
    assert "202eevil" in written["font-name"] and "lookup('pipe'" in written["gtk-theme"], written
    assert not canary.exists(), "a value's Jinja was run"
    # Knobs names the database the role built as where the value comes from, and its lock.
    env = dict(desk.env, DCONF_PROFILE=str(profile))
    explained = subprocess.run([KNOBS, "explain", SCOPE_KEY], env=env, capture_output=True, text=True, timeout=60)
    assert explained.returncode == 0, explained.stderr
    winner = [line for line in explained.stdout.splitlines() if line.startswith("=>")]
    assert len(winner) == 1 and f"file-db:{site / 'site'}" in winner[0] and "'12h'" in winner[0], explained.stdout
    assert "[locked]" in winner[0], explained.stdout
    # The keys are locked: a write is refused before it reaches the user's database.
    refused = subprocess.run(["dconf", "write", INTERFACE + "clock-format", "'24h'"], env=env, capture_output=True,
                             text=True, timeout=30)
    assert refused.returncode != 0 and "non-writable" in refused.stderr, refused

    again = play(desk, ansible_playbook, role, root)
    assert again.returncode == 0, again.stdout + again.stderr
    assert recap_changed(again.stdout) == 0, "a second run changes nothing: " + again.stdout


def test_the_profile_keeps_its_other_databases_and_a_root_may_hold_any_character(desk, ansible_playbook):
    done = desk.command("dconf", "write", INTERFACE + "clock-format", "'12h'")
    assert done.returncode == 0, done.stderr
    role = desk.root / "role"
    assert desk.knobs("export", "--format=ansible", str(role), "schema/org.gnome.desktop.interface").returncode == 0
    assert not (role / "files" / "locks").exists(), "no locks without --locks"
    root = desk.root / "a machine's \"root\" {{ x }}"
    profile = root / "etc" / "dconf" / "profile" / "user"
    profile.parent.mkdir(parents=True)
    profile.write_text("user-db:user\nsystem-db:local\nservice-db:ibus\n")
    ran = play(desk, ansible_playbook, role, root)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert profile.read_text() == "user-db:user\nsystem-db:site\nsystem-db:local\nservice-db:ibus\n"
    assert (root / "etc" / "dconf" / "db" / "site").is_file()
    assert not (root / "etc" / "dconf" / "db" / "site.d" / "locks").exists()


@pytest.mark.parametrize("variable, value", [
    ("knobs_dconf_database", "../../escaped"),
    ("knobs_dconf_keyfile", "../../escaped"),
    ("knobs_dconf_profile", "/tmp/escaped"),
    ("knobs_dconf_keyfile", ".hidden"),
])
def test_names_that_are_paths_are_refused_before_anything_is_written(desk, ansible_playbook, variable, value):
    role = desk.root / "role"
    assert desk.knobs("export", "--format", "ansible", str(role), "schema/org.gnome.desktop.interface").returncode == 0
    root = desk.root / "machine"
    ran = play(desk, ansible_playbook, role, root, extra=f"        {variable}: {quoted(value)}\n")
    assert ran.returncode != 0, ran.stdout
    assert "must be names, not paths" in ran.stdout, ran.stdout
    assert not root.exists() and not (desk.root / "escaped").exists()


def test_a_folder_already_there_is_left_as_it_was(desk):
    taken = desk.root / "taken"
    taken.mkdir()
    (taken / "mine.txt").write_text("keep me")
    result = desk.knobs("export", "--format", "ansible", str(taken))
    assert result.returncode == 1, result
    assert "is already there" in result.stderr and "Nothing was exported." in result.stderr, result.stderr
    assert [p.name for p in taken.iterdir()] == ["mine.txt"] and (taken / "mine.txt").read_text() == "keep me"
    a_file = desk.root / "a-file"
    a_file.write_text("x")
    result = desk.knobs("export", "--format", "ansible", str(a_file))
    assert result.returncode == 1 and "is already there" in result.stderr, result
    assert a_file.read_text() == "x"
    empty = desk.root / "empty"
    empty.mkdir()
    assert desk.knobs("export", "--format", "ansible", str(empty)).returncode == 0
    assert (empty / "tasks" / "main.yml").is_file()
    assert oct(empty.stat().st_mode & 0o777) == "0o755", "the role's folders are readable by others"
    assert not [p.name for p in desk.root.iterdir() if ".knobs-" in p.name], "no temporary folder is left"


@pytest.mark.parametrize("arguments, message", [
    (["export", "--format"], "export --format takes ansible"),
    (["export", "--format", "yaml", "x"], "export --format takes ansible"),
    (["export", "--format", "ansible"], "export --format ansible needs the role's folder"),
    (["export", "--format", "ansible", "--locks"], "export --format ansible needs the role's folder"),
    (["export", "--format", "ansible", "-o", "x"], "writes a folder, named without -o"),
    (["export", "--format", "ansible", "role", "no-such-page"], "There is no setting at “no-such-page”"),
])
def test_mistakes_are_named_and_no_folder_is_made(desk, arguments, message):
    result = subprocess.run([KNOBS, *arguments], cwd=desk.root, env=desk.env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2, result
    assert message in result.stderr, result.stderr
    assert not (desk.root / "role").exists() and not (desk.root / "x").exists()
