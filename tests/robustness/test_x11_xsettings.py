"""The X11 stage: an X server (Xvfb) with xsettingsd running, as on i3 or openbox. A change made
with `knobs set` goes to xsettingsd's file, xsettingsd is told to read it again (SIGHUP), and
what X clients see (`dump_xsettings`) changes at once; a reset gives the user's value back.
Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import os
import shutil
import signal
import subprocess
import time

import pytest

from sealed import desk  # noqa: F401 (a fixture)

@pytest.fixture(autouse=True)
def tools():
    """meson-helpers/setup-deps installs them: a missing one fails the stage, never skips it."""
    for tool in ("Xvfb", "xsettingsd", "dump_xsettings"):
        assert shutil.which(tool), f"{tool} is not installed: meson-helpers/setup-deps installs it"


@pytest.fixture
def x11(desk):
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-nolisten", "tcp", "-screen", "0", "640x480x24"],
                              pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as displays:
        display = ":" + displays.readline().strip()
    desk.env["DISPLAY"] = display
    (desk.home / ".xsettingsd").write_text('# mine\nNet/ThemeName "Adwaita"\nGtk/FontName "Cantarell 11"\n')
    daemon = subprocess.Popen(["xsettingsd"], env=desk.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert settle(desk, 'Gtk/FontName "Cantarell 11"'), dump(desk)
    yield desk
    for process in (daemon, server):
        os.kill(process.pid, signal.SIGTERM)
        process.wait(timeout=10)


def dump(desk):
    return desk.command("dump_xsettings").stdout


def settle(desk, line, seconds=5):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if line in dump(desk).splitlines():
            return True
        time.sleep(0.05)
    return False


def test_xsettings_change_live_after_a_knobs_change_and_a_reset(x11):
    desk = x11
    assert desk.knobs("set", "fonts/interface", "Sans 13").returncode == 0
    assert settle(desk, 'Gtk/FontName "Sans 13"'), dump(desk)
    assert desk.knobs("set", "fonts/hinting", "full").returncode == 0
    assert settle(desk, 'Xft/HintStyle "hintfull"'), dump(desk)
    assert desk.knobs("set", "appearance/cursor-size", "48").returncode == 0
    assert settle(desk, "Gtk/CursorThemeSize 48"), dump(desk)
    assert desk.get("org.gnome.desktop.interface", "font-name") == "'Sans 13'"
    assert desk.knobs("reset", "fonts/interface").returncode == 0
    assert settle(desk, 'Gtk/FontName "Cantarell 11"'), dump(desk)
    assert (desk.home / ".xsettingsd").read_text().startswith(
        '# mine\nNet/ThemeName "Adwaita"\nGtk/FontName "Cantarell 11"\n')
