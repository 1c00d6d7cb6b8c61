"""A sealed desktop session: its own X display, D-Bus session bus, AT-SPI bus,
home and XDG folders, GSettings backend and schemas. Nothing leaks in from the
developer's desktop and nothing is left running afterwards."""

import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
# Every process a session starts carries MARKER_VARIABLE=<suite id> in its
# environment; the test runner itself carries only SUITE_VARIABLE, so the final
# leak check finds exactly what sessions started.
MARKER_VARIABLE = "KNOBS_E2E_MARKER"
SUITE_VARIABLE = "KNOBS_E2E_SUITE_ID"
# GLib's log lines: "(knobs:42): Gtk-WARNING **: …", "(knobs:42): GLib-GIO-CRITICAL **: …", and
# "** (knobs:42): WARNING **: …" for messages without a log domain.
PROBLEM_LINE = re.compile(r"\b(CRITICAL|WARNING) \*\*|-(CRITICAL|WARNING)\b")
# A bus of its own whose socket lives in the session's runtime folder; services
# (the AT-SPI bus, dconf) are activated from the XDG_DATA_DIRS given to it.
BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:dir={runtime}</listen>
  <auth>EXTERNAL</auth>
  <standard_session_servicedirs/>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def knobs_binary():
    return os.environ.get("KNOBS_BIN") or str(REPO / ".build" / "debug" / "knobs")


def knobs_programs():
    """The real paths of knobs and of the window program it runs for its window (knobs-window, beside it)."""
    knobs = os.path.realpath(knobs_binary())
    return {knobs, os.path.join(os.path.dirname(knobs), "knobs-window")}


def bench_app_binary():
    """knobs-bench-app, built beside knobs: the same app with the benchmark hook (KNOBS_BENCH_ variables)."""
    return str(Path(knobs_binary()).parent / "knobs-bench-app")


def knobs_schema_files():
    """Knobs' own schema: the one compiled next to the binary under test
    (KNOBS_SCHEMA_DIR), else the one in the source tree."""
    folder = os.environ.get("KNOBS_SCHEMA_DIR")
    files = sorted(Path(folder).glob("*.gschema.xml")) if folder else []
    return files or [REPO / "data" / "dev.knobs.Knobs.gschema.xml"]


class Session:
    """Starts with `start()`, stops with `stop()`; `env` is what apps see."""

    def __init__(self, backend="memory", schemas="all", name="scenario", display="x11"):
        self.backend = backend
        self.schemas = schemas
        # "x11": an Xvfb display; "wayland": weston's headless compositor, and no X display at all;
        # "sway": Debian's sway, headless, with its Xwayland (start_sway).
        if display not in ("x11", "wayland", "sway"):
            raise ValueError(f"display is x11, wayland or sway, not {display!r}")
        self.display_kind = display
        self.name = name
        # Short: the bus socket lives in here, and a socket path has at most 107 bytes.
        self.root = Path(tempfile.mkdtemp(prefix=f"knobs-e2e-{name.removeprefix('test_')[:16]}-"))
        self.processes = []
        self.apps = []
        self.commands = []  # stderr of `knobs` commands run to completion
        self.unmeasured_launches = []  # when each launch began, until its window is on the bus
        self.display = None
        self.xwayland_display = None  # sway's Xwayland, as ":N"
        self.env = {}

    # Setting up

    def start(self):
        folders = {}
        for name in ["home", "config", "data", "cache", "runtime", "schemas"]:
            folder = self.root / name
            folder.mkdir()
            folder.chmod(0o700)
            folders[name] = str(folder)
        self._compile_schemas(Path(folders["schemas"]))
        marker = os.environ.get(SUITE_VARIABLE, "knobs-e2e")
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "HOME": folders["home"],
            "XDG_CONFIG_HOME": folders["config"],
            "XDG_DATA_HOME": folders["data"],
            "XDG_CACHE_HOME": folders["cache"],
            "XDG_RUNTIME_DIR": folders["runtime"],
            "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
            "GSETTINGS_BACKEND": self.backend,
            "GSETTINGS_SCHEMA_DIR": folders["schemas"],
            "GSK_RENDERER": "cairo",
            "GDK_BACKEND": self.display_kind,
            "GTK_A11Y": "atspi",
            "G_DEBUG": "fatal-criticals",
            # A critical stops the app; its whole stack goes to the failure's stderr file.
            "SWIFT_BACKTRACE": "enable=yes,interactive=no,preset=full,limit=128,top=64",
            MARKER_VARIABLE: marker,
        }
        if self.schemas in ("none", "knobs-only"):
            # No system schemas: an empty data folder hides /usr/share's from the app.
            empty = self.root / "empty-data"
            empty.mkdir()
            self.app_overrides = {"XDG_DATA_DIRS": str(empty)}
        else:
            self.app_overrides = {}
        if self.display_kind == "wayland":
            self._start_compositor()
        elif self.display_kind == "sway":
            self._start_sway()
        else:
            self._start_display()
        self._start_bus()
        self._spawn(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], "at-spi-bus-launcher")
        return self

    def data_home(self):
        """The session's XDG_DATA_HOME, where a test can install themes or apps for the user."""
        return Path(self.env["XDG_DATA_HOME"])

    def _compile_schemas(self, folder):
        if self.schemas in ("all", "system-only"):
            for xml in Path("/usr/share/glib-2.0/schemas").glob("*.xml"):
                shutil.copy(xml, folder)
        if self.schemas in ("all", "knobs-only"):
            for xml in knobs_schema_files():
                shutil.copy(xml, folder)
        subprocess.run(["glib-compile-schemas", str(folder)], check=True, capture_output=True)

    def _start_display(self):
        read, write = os.pipe()
        self.xvfb_log = open(self.root / "xvfb.log", "w")
        # -noreset: by default the server resets when its last client leaves (the
        # readiness probe below, say), dropping anyone who connects meanwhile.
        xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=[write], env=self.env, stdout=subprocess.DEVNULL, stderr=self.xvfb_log,
            start_new_session=True)
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                raise RuntimeError("Xvfb did not start")
            number += chunk
        os.close(read)
        self.processes.append(("Xvfb", xvfb))
        self.display = ":" + number.decode().strip()
        self.env["DISPLAY"] = self.display
        # The number is written once the server listens; still, wait until it answers.
        deadline = time.monotonic() + 10
        while subprocess.run(["xdpyinfo"], env=self.env, capture_output=True).returncode != 0:
            if time.monotonic() > deadline:
                raise RuntimeError(f"Xvfb on {self.display} does not answer")
            time.sleep(0.05)

    def _start_compositor(self):
        """weston with its headless backend and software rendering: a Wayland desktop with a
        real shell (xdg_wm_base) and no screen. Ready once a client sees its globals."""
        socket = "wayland-knobs"
        self.weston_log = open(self.root / "weston.log", "w")
        weston = subprocess.Popen(
            # --debug: lets weston-screenshooter take the failure's screenshot.
            ["weston", "--debug", "--backend=headless-backend.so", "--use-pixman", f"--socket={socket}", "--idle-time=0",
             "--width=1280", "--height=1024"],
            env=self.env, stdout=subprocess.DEVNULL, stderr=self.weston_log, start_new_session=True)
        self.processes.append(("weston", weston))
        self.display = socket
        self.env["WAYLAND_DISPLAY"] = socket
        deadline = time.monotonic() + 10
        while subprocess.run(["weston-info"], env=self.env, capture_output=True).returncode != 0:
            if weston.poll() is not None or time.monotonic() > deadline:
                self.weston_log.flush()
                raise RuntimeError("weston did not start: " + (self.root / "weston.log").read_text()[-2000:])
            time.sleep(0.05)

    def _start_sway(self):
        """Debian's sway, headless, with its Xwayland started at once: a wlroots desktop without
        GNOME's settings daemon. sway refuses to run as root ("Unable to drop root"), so as root it
        runs as SWAY_USER (made here when missing), in a runtime folder of that user's inside the
        session; root's clients reach its Wayland socket by its full path, and its Xwayland, which
        admits only the user who runs sway, once `xhost +si:localuser:root` has run inside sway.
        Ready when that has run and sway has said which X display its Xwayland is."""
        if shutil.which("sway") is None or shutil.which("Xwayland") is None or shutil.which("xhost") is None:
            raise RuntimeError("sway, Xwayland or xhost is missing: meson-helpers/setup-deps installs sway, "
                               "xwayland and x11-xserver-utils")
        as_root = os.geteuid() == 0
        if as_root:
            user = sway_user()
            self.root.chmod(0o711)  # the user reaches its own folders inside the session's
        sway_root = self.root / "sway"
        folders = {name: sway_root / name for name in ["home", "runtime"]}
        sway_root.mkdir()
        for folder in folders.values():
            folder.mkdir(mode=0o700)
            if as_root:
                os.chown(folder, user.pw_uid, user.pw_gid)
        ready = folders["home"] / "xwayland-display"
        config = sway_root / "config"
        config.write_text(
            "xwayland force\n"
            "output HEADLESS-1 resolution 1280x1024\n"
            f"exec sh -c 'xhost +si:localuser:root >{folders['home']}/xhost.log 2>&1; "
            f"echo \"$DISPLAY\" >{ready}.new && mv {ready}.new {ready}'\n")
        sway_env = {
            "PATH": self.env["PATH"], "LANG": "C.UTF-8", "HOME": str(folders["home"]),
            "XDG_RUNTIME_DIR": str(folders["runtime"]), "XDG_CONFIG_HOME": str(folders["home"]),
            "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
            # The suite's marker, and this session's folder (in XDG_RUNTIME_DIR): the leak check finds it.
            MARKER_VARIABLE: self.env[MARKER_VARIABLE],
        }
        command = ["sway", "-c", str(config)]
        if as_root:
            command = ["runuser", "-u", user.pw_name, "--", "env", "-i", *[f"{k}={v}" for k, v in sway_env.items()],
                       *command]
        self.sway_log = open(self.root / "sway.log", "w")
        sway = subprocess.Popen(command, env=sway_env, cwd=sway_root, stdout=subprocess.DEVNULL,
                                stderr=self.sway_log, start_new_session=True)
        self.processes.append(("sway", sway))
        deadline = time.monotonic() + 15
        while not ready.exists():
            if sway.poll() is not None or time.monotonic() > deadline:
                self.sway_log.flush()
                raise RuntimeError("sway did not start its Xwayland: " + (self.root / "sway.log").read_text()[-2000:])
            time.sleep(0.05)
        self.xwayland_display = ready.read_text().strip()
        xhost = (folders["home"] / "xhost.log").read_text()
        if "localuser:root being added" not in xhost and as_root:
            raise RuntimeError(f"xhost inside sway did not let root in: {xhost}")
        self.display = str(folders["runtime"] / "wayland-1")
        # sway's IPC socket, for swaymsg (SWAYSOCK): what windows sway itself shows.
        self.sway_socket = str(next(folders["runtime"].glob("sway-ipc.*.sock")))
        # A full path: root's clients have another XDG_RUNTIME_DIR (libwayland takes a path since 1.15).
        self.env.update({"WAYLAND_DISPLAY": self.display, "XDG_CURRENT_DESKTOP": "sway",
                         "XDG_SESSION_DESKTOP": "sway", "XDG_SESSION_TYPE": "wayland"})
        self.env["GDK_BACKEND"] = "wayland"

    def xwayland_env(self):
        """The session's environment as a client of sway's Xwayland sees it: X alone, no Wayland."""
        env = {name: value for name, value in self.env.items() if name != "WAYLAND_DISPLAY"}
        env.update({"DISPLAY": self.xwayland_display, "GDK_BACKEND": "x11", "XDG_SESSION_TYPE": "x11"})
        return env

    def _start_bus(self):
        config = self.root / "session-bus.conf"
        config.write_text(BUS_CONFIG.format(runtime=self.env["XDG_RUNTIME_DIR"]))
        bus = subprocess.run(
            ["dbus-daemon", f"--config-file={config}", "--fork", "--print-address=1", "--print-pid=1"],
            env=self.env, capture_output=True, text=True)
        if bus.returncode != 0:
            raise RuntimeError(f"dbus-daemon did not start: {bus.stderr.strip()}")
        output = bus.stdout.split()
        self.env["DBUS_SESSION_BUS_ADDRESS"] = output[0]
        self.bus_pid = int(output[1])

    def _spawn(self, command, name, extra_env=None, stderr=subprocess.DEVNULL):
        process = subprocess.Popen(
            command, env={**self.env, **(extra_env or {})}, stdout=subprocess.DEVNULL, stderr=stderr,
            start_new_session=True)
        self.processes.append((name, process))
        return process

    # Running Knobs

    def launch(self, *arguments, extra_env=None, binary=None):
        """Starts Knobs (or `binary`, as bench_app_binary()); its stderr is kept for the warning check
        and failure captures."""
        log = open(self.root / f"knobs-stderr-{len(self.apps)}.txt", "w+")
        # A start, unless a Knobs of this session runs: then the launch hands its arguments to that one.
        if all(process.poll() is not None for process, _ in self.apps):
            self.unmeasured_launches = [time.monotonic()]
        process = self._spawn(
            [binary or knobs_binary(), *arguments], "knobs", {**self.app_overrides, **(extra_env or {})}, stderr=log)
        self.apps.append((process, log))
        return process

    def run(self, *arguments, extra_env=None):
        """Runs a knobs command to completion (list, get, set, --open…); its stderr
        counts for the warning check too."""
        result = subprocess.run(
            [knobs_binary(), *arguments], env={**self.env, **self.app_overrides, **(extra_env or {})},
            capture_output=True, text=True, timeout=30)
        self.commands.append((arguments, result.stderr))
        return result

    def command(self, *command):
        """Runs a tool (gsettings, dconf) inside the session."""
        return subprocess.run(list(command), env=self.env, capture_output=True, text=True, timeout=30)

    def note_start(self):
        """Notes, in build/e2e-starts.tsv, how long the oldest launch not measured yet took to show
        its window on the accessibility bus: `tests/e2e/run` says the slowest."""
        if not self.unmeasured_launches:
            return
        seconds = time.monotonic() - self.unmeasured_launches.pop(0)
        starts = REPO / "build" / "e2e-starts.tsv"
        starts.parent.mkdir(parents=True, exist_ok=True)
        with open(starts, "a") as out:
            out.write(f"{self.name}\t{seconds:.2f}\n")

    def app_stderr(self):
        texts = []
        for _, log in self.apps:
            log.flush()
            log.seek(0)
            texts.append(log.read())
        for arguments, stderr in self.commands:
            if stderr:
                texts.append(f"--- knobs {' '.join(arguments)}\n{stderr}")
        return "\n".join(texts)

    def app_states(self):
        """How each knobs the session launched is doing: running, or how it ended."""
        states = []
        for process, _ in self.apps:
            code = process.poll()
            if code is None:
                state = "running"
            elif code < 0:
                state = f"killed by {signal.Signals(-code).name}"
            else:
                state = f"exited with {code}"
            command = " ".join(["knobs", *process.args[1:]])
            states.append(f"{command} (pid {process.pid}): {state}")
        return states

    def problems_in_stderr(self):
        return [line for line in self.app_stderr().splitlines() if PROBLEM_LINE.search(line)]

    def knobs_processes(self):
        """PIDs of the knobs processes running in this session."""
        pids = []
        for pid in processes_with_marker(self.env.get(MARKER_VARIABLE), self.root):
            try:
                # knobs, or the window program it became (knobs-window, beside it).
                if os.path.realpath(f"/proc/{pid}/exe") in knobs_programs():
                    pids.append(pid)
            except OSError:
                pass
        return sorted(pids)

    def wait_for_exit(self, process, timeout=10):
        try:
            return process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    # Evidence and teardown

    def capture(self, folder, tree_text, message=""):
        """Saves the failure, a screenshot, the accessibility tree and the app's
        stderr into `folder`, which is emptied first."""
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        (folder / "failure.txt").write_text(message)
        (folder / "accessibility-tree.txt").write_text(tree_text)
        (folder / "knobs-stderr.txt").write_text("\n".join(self.app_states()) + "\n\n" + self.app_stderr())
        if self.display_kind == "sway":
            self.sway_log.flush()
            (folder / "sway.txt").write_text((self.root / "sway.log").read_text())
            return folder
        if self.display_kind == "wayland":
            shots = self.root / "screenshots"
            shots.mkdir(exist_ok=True)
            screenshot = subprocess.run(["weston-screenshooter"], cwd=shots, env=self.env, capture_output=True,
                                        text=True, timeout=20)
            for index, shot in enumerate(sorted(shots.glob("*.png"))):
                shutil.move(shot, folder / ("screenshot.png" if index == 0 else f"screenshot-{index}.png"))
            self.weston_log.flush()
            (folder / "weston.txt").write_text(
                (f"screenshot failed: {screenshot.stderr}\n" if screenshot.returncode else "")
                + (self.root / "weston.log").read_text())
            return folder
        xvfb = next((process for name, process in self.processes if name == "Xvfb"), None)
        if xvfb is None:
            return folder
        screenshot = subprocess.run(
            ["import", "-display", self.display, "-window", "root", str(folder / "screenshot.png")],
            env=self.env, capture_output=True, text=True, timeout=20)
        self.xvfb_log.flush()
        (folder / "xvfb.txt").write_text(
            f"display {self.display}, Xvfb {'running' if xvfb.poll() is None else f'exited with {xvfb.returncode}'}\n"
            + (f"screenshot failed: {screenshot.stderr}\n" if screenshot.returncode else "")
            + (self.root / "xvfb.log").read_text())
        return folder

    def stop(self):
        for name, process in reversed(self.processes):
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        deadline = time.monotonic() + 5
        for name, process in self.processes:
            try:
                process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        # Services the bus started (dconf, the AT-SPI registry) and the bus itself.
        for pid in processes_with_marker(self.env.get(MARKER_VARIABLE), self.root):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            os.kill(self.bus_pid, signal.SIGKILL)
        except (ProcessLookupError, AttributeError):
            pass
        for _, log in self.apps:
            log.close()
        shutil.rmtree(self.root, ignore_errors=True)


SWAY_USER = "knobs-sway"


def sway_user():
    """The unprivileged user sway runs as when the tests run as root (CI): made when missing."""
    try:
        return pwd.getpwnam(SWAY_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SWAY_USER],
                       check=True, capture_output=True)
        return pwd.getpwnam(SWAY_USER)


def processes_with_marker(marker, root=None):
    """PIDs whose environment carries the suite's marker (and, if given, this session's folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if f"{MARKER_VARIABLE}={marker}".encode() not in environ:
            continue
        if root is not None and str(root).encode() not in environ:
            continue
        found.append(int(entry.name))
    return found
