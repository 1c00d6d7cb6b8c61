"""A sealed desktop session for command-line tests on the real dconf: a private session bus
(dconf-service starts on it when first asked), with the home, config, state and runtime
folders of a temporary folder."""

import os
import signal
import subprocess

import pytest

KNOBS = os.environ.get("KNOBS_BIN", "")
SCHEMAS = os.environ.get("KNOBS_SCHEMA_DIR", "")


class Desk:
    def __init__(self, root, schemas=SCHEMAS):
        self.root = root
        self.home = root / "home"
        self.state = self.home / ".local" / "state" / "knobs"
        runtime = root / "runtime"
        for folder in (self.home, runtime):
            folder.mkdir(parents=True, exist_ok=True)
        runtime.chmod(0o700)
        self.env = {
            "PATH": os.environ["PATH"], "HOME": str(self.home), "XDG_CONFIG_HOME": str(self.home / ".config"),
            "XDG_DATA_HOME": str(self.home / ".local" / "share"), "XDG_STATE_HOME": str(self.home / ".local" / "state"),
            "XDG_CACHE_HOME": str(self.home / ".cache"), "XDG_RUNTIME_DIR": str(runtime),
            "GSETTINGS_BACKEND": "dconf", "GSETTINGS_SCHEMA_DIR": schemas, "LANG": "C.UTF-8",
        }
        started = subprocess.run(
            ["dbus-daemon", "--session", "--fork", "--nopidfile", "--print-address=1", "--print-pid=1"],
            env=self.env, capture_output=True, text=True, check=True, timeout=20)
        address, pid = started.stdout.split("\n")[:2]
        self.bus_pid = int(pid)
        self.env["DBUS_SESSION_BUS_ADDRESS"] = address

    def knobs(self, *arguments, timeout=60):
        return subprocess.run([KNOBS, *arguments], env=self.env, capture_output=True, text=True, timeout=timeout)

    def spawn(self, *arguments):
        return subprocess.Popen([KNOBS, *arguments], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)

    def command(self, *arguments, timeout=60):
        return subprocess.run(list(arguments), env=self.env, capture_output=True, text=True, timeout=timeout)

    def get(self, schema, key):
        return self.command("gsettings", "get", schema, key).stdout.strip()

    def stop(self):
        try:
            os.kill(self.bus_pid, signal.SIGTERM)
        except ProcessLookupError:
            pass


def schemas_with(folder, files):
    """A schema folder holding `files` (name to XML text) beside Knobs' own schemas, compiled."""
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    for name in os.listdir(SCHEMAS):
        if name.endswith(".gschema.xml"):
            os.symlink(os.path.join(SCHEMAS, name), folder / name)
    subprocess.run(["glib-compile-schemas", "--strict", str(folder)], check=True)
    return str(folder)


@pytest.fixture
def desk(tmp_path):
    session = Desk(tmp_path)
    yield session
    session.stop()
