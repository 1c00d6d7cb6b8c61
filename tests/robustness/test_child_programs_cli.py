"""Programs knobs runs (`dconf dump /`, `gnome-shell --version`, `glib-compile-schemas`) are
read up to a limit: one that writes without end (`yes`, here as a fake on PATH written by the
test) is stopped at once, costs little memory, and is a failure said in words. Needs KNOBS_BIN
and KNOBS_SCHEMA_DIR."""

import os
import subprocess
import time

from test_cli import KNOBS, SCHEMAS, home  # noqa: F401 (home is a fixture)


def endless(folder, name):
    """A program called `name` on a PATH of its own that writes its lines without end, and notes it ran."""
    folder.mkdir(exist_ok=True)
    program = folder / name
    program.write_text(f"#!/bin/sh\ntouch '{folder}/{name}.ran'\nexec yes 'GNOME Shell 43.9'\n")
    program.chmod(0o755)
    return folder


def run_measured(config, fakes, *arguments):
    """knobs with `fakes` first on PATH: (status, stdout, stderr, seconds, peak resident KB)."""
    environment = {
        "PATH": f"{fakes}:{os.environ['PATH']}", "HOME": str(config.parent), "XDG_CONFIG_HOME": str(config),
        "XDG_DATA_HOME": str(config.parent / "data"), "GSETTINGS_BACKEND": "memory", "GSETTINGS_SCHEMA_DIR": SCHEMAS,
        "LANG": "C.UTF-8",
    }
    out, err = config.parent / "stdout", config.parent / "stderr"
    start = time.monotonic()
    with open(out, "wb") as stdout, open(err, "wb") as stderr:
        child = subprocess.Popen([KNOBS, *arguments], env=environment, stdout=stdout, stderr=stderr)
    # Reaped here, for this child's own peak memory (not the largest of every child so far).
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - start > 60:
            child.kill()
        time.sleep(0.02)
    child.returncode = os.waitstatus_to_exitcode(status)
    return child.returncode, out.read_bytes(), err.read_bytes(), time.monotonic() - start, usage.ru_maxrss


def test_an_endless_dconf_dump_fails_the_export_at_once_in_words(home, tmp_path):
    fakes = endless(tmp_path / "bin", "dconf")
    status, stdout, stderr, seconds, peak = run_measured(home, fakes, "export")
    assert (fakes / "dconf.ran").exists(), "the fake dconf was run"
    assert status == 1, (status, stderr[:500])
    assert "dconf dump / wrote more than 16384 KB; it was stopped" in stderr.decode(), stderr[:500]
    assert stdout == b"", "nothing is exported"
    assert seconds < 20, f"{seconds:.1f} s"
    # Before, knobs read on: gigabytes in seconds, until it was killed.
    assert peak < 300 * 1024, f"{peak} KB at the peak"


def test_an_endless_gnome_shell_version_leaves_the_listing_whole(home, tmp_path):
    fakes = endless(tmp_path / "bin", "gnome-shell")
    extension = home.parent / "data" / "gnome-shell" / "extensions" / "x@example.com"
    extension.mkdir(parents=True)
    (extension / "metadata.json").write_text('{"uuid": "x@example.com", "name": "X", "shell-version": ["43"]}')
    status, stdout, stderr, seconds, peak = run_measured(home, fakes, "list")
    assert status == 0, stderr[:500]
    assert b"desktop/extensions/installed/x" in stdout
    assert seconds < 20, f"{seconds:.1f} s"
    assert peak < 300 * 1024, f"{peak} KB at the peak"
