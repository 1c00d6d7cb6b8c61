"""`knobs import` reads what `dconf load` reads, and refuses by FILE:LINE what dconf would take
silently wrong: CR LF line ends are read as LF, a NUL byte and a key set twice (a group repeated,
or spelt with and without its slashes) are refused and nothing is written. Needs KNOBS_BIN and
KNOBS_SCHEMA_DIR."""

import pytest

from test_cli import home, knobs  # noqa: F401 (home is a fixture)

INTERFACE = "org/gnome/desktop/interface"


def test_a_keyfile_with_crlf_line_ends_is_read_as_lf(home, tmp_path):
    keyfile = tmp_path / "windows.ini"
    keyfile.write_bytes(f"# from another system\r\n[{INTERFACE}]\r\nclock-format='12h'\r\ncursor-size=48\r\n".encode())
    dry = knobs(home, "import", "--dry-run", str(keyfile))
    assert dry.returncode == 0, dry
    assert dry.stdout.decode() == (
        "/org/gnome/desktop/interface/clock-format: '24h' → '12h'\n"
        "/org/gnome/desktop/interface/cursor-size: 24 → 48\n"), dry.stdout


def test_a_lone_cr_is_part_of_its_line_as_dconf_load_takes_it(home, tmp_path):
    # dconf load refuses this file ("Key file does not start with a group"): so does knobs.
    keyfile = tmp_path / "cr.ini"
    keyfile.write_bytes(f"[{INTERFACE}]\rclock-format='12h'\n".encode())
    result = knobs(home, "import", "--dry-run", str(keyfile))
    assert result.returncode == 2, result
    assert f"{keyfile}:1: “[{INTERFACE}]\\rclock-format='12h'” is not a folder's name." in result.stderr.decode()


@pytest.mark.parametrize("content, line", [
    (f"[{INTERFACE}]\nclock-format='12h\0zz'\n", 2),
    (f"[{INTERFACE}]\ncursor-size=48\nclock-format='12h'\0\n", 3),
    (f"[{INTERFACE}]\0\nclock-format='12h'\n", 1),
    (f"[{INTERFACE}]\nclock-format='12h'\n\0\n", 3),
])
def test_a_nul_byte_anywhere_is_refused_by_file_and_line(home, tmp_path, content, line):
    keyfile = tmp_path / "nul.ini"
    keyfile.write_bytes(content.encode())
    for arguments in (["--dry-run"], []):
        result = knobs(home, "import", *arguments, str(keyfile))
        assert result.returncode == 2, result
        stderr = result.stderr.decode()
        assert f"{keyfile}:{line}: the line holds a NUL byte" in stderr, stderr
        assert "nothing was imported" in stderr and result.stdout == b"", result


@pytest.mark.parametrize("again", [f"[{INTERFACE}]", f"[/{INTERFACE}/]", f"[/{INTERFACE}]", f"[{INTERFACE}/]"])
def test_a_key_set_twice_is_refused_naming_both_lines(home, tmp_path, again):
    keyfile = tmp_path / "twice.ini"
    keyfile.write_text(f"[{INTERFACE}]\nclock-format='12h'\ncursor-size=48\n\n{again}\nclock-format='24h'\n")
    result = knobs(home, "import", "--dry-run", str(keyfile))
    assert result.returncode == 2, result
    stderr = result.stderr.decode()
    assert (f"{keyfile}:6: /org/gnome/desktop/interface/clock-format is in the file twice: it was set on line 2."
            in stderr), stderr
    assert result.stdout == b"", "nothing is listed as a change"


def test_a_group_that_comes_back_with_other_keys_is_read(home, tmp_path):
    keyfile = tmp_path / "again.ini"
    keyfile.write_text(f"[{INTERFACE}]\nclock-format='12h'\n[/{INTERFACE}/]\ncursor-size=48\n")
    result = knobs(home, "import", "--dry-run", str(keyfile))
    assert result.returncode == 0, result
    assert result.stdout.decode().count("\n") == 2, result.stdout
