"""`knobs import` on the real settings database (dconf, in a D-Bus session of its own): an
import of 20,001 keys (6,667 custom shortcuts, a relocatable schema's folder each) takes time
in proportion to its keys, as `dconf load` does, and writes every one. Before, each key's write
reached every GSettings kept alive for the folders before it: minutes. Needs KNOBS_BIN and
KNOBS_SCHEMA_DIR, dbus-run-session and dconf."""

import os
import shutil
import signal
import subprocess

import pytest

from test_cli import KNOBS, SCHEMAS

FOLDER = "org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/robust"

pytestmark = pytest.mark.skipif(not shutil.which("dbus-run-session") or not shutil.which("dconf"),
                                reason="needs dbus-run-session and dconf (Debian: dbus, dconf-cli)")


def shortcuts(path, count):
    with open(path, "w") as file:
        for index in range(count):
            file.write(f"[{FOLDER}{index}]\nbinding='<Super>F{index % 12 + 1}'\ncommand='true {index}'\n"
                       f"name='Shortcut {index}'\n\n")


def timed_imports(tmp_path, *files):
    """Each file imported by knobs, then loaded by dconf, on one fresh database: seconds each, and keys after."""
    script = tmp_path / "imports.sh"
    script.write_text("""set -u
for file in "$@"; do
  dconf reset -f /org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/
  start=$(date +%s%N); "$KNOBS" import "$file" >/dev/null || echo "knobs-failed $file"
  echo "knobs $file $(( $(date +%s%N) - start )) $(dconf dump / | grep -c =)"
  dconf reset -f /org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/
  start=$(date +%s%N); dconf load / <"$file" || echo "dconf-failed $file"
  echo "dconf $file $(( $(date +%s%N) - start ))"
done
""")
    home = tmp_path / "home"
    for folder in ("config", "state", "run"):
        (home / folder).mkdir(parents=True)
    (home / "run").chmod(0o700)
    environment = {
        "PATH": os.environ["PATH"], "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_STATE_HOME": str(home / "state"), "XDG_RUNTIME_DIR": str(home / "run"), "GSETTINGS_BACKEND": "dconf",
        "GSETTINGS_SCHEMA_DIR": SCHEMAS, "LANG": "C.UTF-8", "KNOBS": KNOBS,
    }
    # A session of its own, killed whole when it takes too long: no bus or dconf-service is left behind.
    session = subprocess.Popen(["dbus-run-session", "--", "bash", str(script), *map(str, files)], env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        stdout, stderr = session.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        os.killpg(session.pid, signal.SIGKILL)
        session.communicate()
        raise
    result = subprocess.CompletedProcess(session.args, session.returncode, stdout, stderr)
    lines = result.stdout.decode().splitlines()
    assert not [line for line in lines if "failed" in line], (lines, result.stderr[-2000:])
    return {(kind, name): [int(n) for n in rest] for kind, name, *rest in (line.split() for line in lines)}


def test_an_import_of_20001_keys_is_linear_and_writes_every_key(tmp_path):
    small, large = tmp_path / "2001.ini", tmp_path / "20001.ini"
    shortcuts(small, 667)
    shortcuts(large, 6667)
    figures = timed_imports(tmp_path, small, large)
    knobs_small, _ = figures[("knobs", str(small))]
    knobs_large, keys = figures[("knobs", str(large))]
    dconf_large = figures[("dconf", str(large))][0]
    assert keys >= 20001, f"only {keys} keys in the database after the import"
    print(f"\nimport of 20,001 keys: knobs {knobs_large / 1e9:.2f} s, dconf load {dconf_large / 1e9:.2f} s "
          f"({knobs_large / dconf_large:.1f}x); 2,001 keys: {knobs_small / 1e9:.2f} s")
    # Ten times the keys: about ten times the time (a start of its own comes with each), with room for a busy
    # machine. It was over a hundred times (minutes for 20,001 keys).
    assert knobs_large < 30 * knobs_small, (knobs_small, knobs_large)
    # A debug build on a shared machine: far from the release build's figure (bench/run), far below the minutes before.
    assert knobs_large < 30e9, f"{knobs_large / 1e9:.1f} s"
