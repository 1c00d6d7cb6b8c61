"""The screenshots the metainfo names (data/screenshots/), taken of the real app in a sealed
session at 1000x700, light and dark: the main page and a few pages, each checked over AT-SPI
to show what its caption says before it is taken. They go to
$KNOBS_TEST_ARTIFACTS/screenshots (default build/test-artifacts/screenshots);
meson-helpers/refresh-screenshots copies them into data/screenshots/."""

import json
import os
import struct
import subprocess
import time
from pathlib import Path

from harness.driver import wait_for
from harness.scenario import scenario
from harness.session import REPO

WIDTH, HEIGHT = 1000, 700
INTERFACE = "org.gnome.desktop.interface"

# name: (the --open path or None for the main page, dark style, a row the page must show).
# The dark main page has its main menu open (F10), as the caption says.
SHOTS = {
    "main-light": (None, False, "Appearance"),
    "main-dark": (None, True, "Keyboard Shortcuts"),
    "extensions-light": ("extensions/installed", False, "Night Owl"),
    "keyboard-shortcuts-dark": ("keyboard-shortcuts/custom", True, "Open Terminal"),
    "schema-page-light": ("schema/org.gnome.desktop.interface", False, "Enable Animations"),
}

# Two extensions as published ones describe themselves, both made for Debian 12's Shell.
EXTENSIONS = [
    {"uuid": "night-owl@knobs.example", "name": "Night Owl",
     "description": "Dims the screen after sunset.", "shell-version": ["43"], "version": 7},
    {"uuid": "tray-icons@knobs.example", "name": "Tray Icons",
     "description": "Shows the icons of background apps in the top bar.", "shell-version": ["43"], "version": 12},
]


def folder():
    path = Path(os.environ.get("KNOBS_TEST_ARTIFACTS") or REPO / "build" / "test-artifacts") / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


def png_size(path):
    """The width and height of a PNG, from its header; an error if it is not one."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and header[12:16] == b"IHDR", f"{path} is not a PNG"
    return struct.unpack(">II", header[16:24])


def install_extensions(session):
    extensions = session.data_home() / "gnome-shell" / "extensions"
    for metadata in EXTENSIONS:
        (extensions / metadata["uuid"]).mkdir(parents=True)
        (extensions / metadata["uuid"] / "metadata.json").write_text(json.dumps(metadata))
    fake = session.root / "bin"
    fake.mkdir()
    (fake / "gnome-shell").write_text('#!/bin/sh\necho "GNOME Shell 43.9"\n')
    (fake / "gnome-shell").chmod(0o755)
    return {"PATH": f"{fake}:{session.env['PATH']}"}


def window_geometry(session):
    """The window's WIDTHxHEIGHT+X+Y on the screen, once it is mapped; else None."""
    found = session.command("xdotool", "search", "--onlyvisible", "--name", "^Knobs$")
    ids = found.stdout.split()
    if not ids:
        return None
    shell = session.command("xdotool", "getwindowgeometry", "--shell", ids[0]).stdout
    values = dict(line.split("=", 1) for line in shell.split())
    return f"{values['WIDTH']}x{values['HEIGHT']}+{values['X']}+{values['Y']}"


def take(session, driver, name, environment):
    path, dark, row = SHOTS[name]
    scheme = "prefer-dark" if dark else "default"
    assert session.command("gsettings", "set", INTERFACE, "color-scheme", scheme).returncode == 0
    process = session.launch(*(["--open", path] if path else []), extra_env=environment)
    driver.row(row, timeout=15)
    geometry = wait_for("the window is on the X display", lambda: window_geometry(session))
    if name == "main-dark":
        driver.press("F10")
        wait_for("F10 opens the main menu", lambda: driver.node("push button", "Import Settings…", timeout=1))
    # The first frames are drawn; a row opened by --open is scrolled to and its highlight has faded.
    time.sleep(2)
    png = folder() / f"{name}.png"
    # The screen where the window is, so a popover over it is in the picture too.
    subprocess.run(["import", "-display", session.display, "-window", "root", "-crop", geometry, "+repage",
                    str(png)], env=session.env, check=True, capture_output=True, timeout=20)
    assert png_size(png) == (WIDTH, HEIGHT), f"{png} is {png_size(png)}, not {WIDTH}x{HEIGHT}"
    process.terminate()
    session.wait_for_exit(process)
    driver._window = None
    return png


@scenario(backend="dconf", timeout=150)
def test_screenshots_of_the_main_page_and_pages_light_and_dark(session, driver):
    environment = install_extensions(session)
    knobs = "dev.knobs.Knobs"
    for key, value in (("window-width", WIDTH), ("window-height", HEIGHT)):
        assert session.command("gsettings", "set", knobs, key, str(value)).returncode == 0
    added = session.run("custom-shortcut", "add", "Open Terminal", "gnome-terminal", "<Super>t")
    assert added.returncode == 0, added.stderr
    for name in SHOTS:
        take(session, driver, name, environment)
    # Dark screenshots are dark and light ones light: the mean grey of the window.
    for name, (_, dark, _) in SHOTS.items():
        mean = subprocess.run(["convert", str(folder() / f"{name}.png"), "-colorspace", "Gray",
                               "-format", "%[fx:mean]", "info:"], capture_output=True, text=True, check=True)
        brightness = float(mean.stdout)
        assert (brightness < 0.4) if dark else (brightness > 0.7), f"{name}: mean brightness {brightness:.2f}"
