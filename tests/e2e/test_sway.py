"""Knobs on sway, as its users run it: Debian's sway 1.7, headless, with its Xwayland and no
GNOME settings daemon (the session's `sway` display: sway runs as an unprivileged user, Knobs and
the probes as the test's user). Knobs' window opens there natively (GDK_BACKEND=wayland) and is
driven over AT-SPI; what it changes, and what `knobs set` changes, is then what GTK itself
reports, asked with gtk-query-settings (GTK 3) and gtk4-query-settings (GTK 4), each once as a
native Wayland client of sway and once as an X client of its Xwayland.

Native GTK there reads GSettings for the font but takes prefer-dark from settings.ini alone; over
Xwayland (no XSETTINGS daemon) GTK reads settings.ini for both. So the dark style reaching the
native probes proves the settings.ini write, and the font reaching the X probes proves it too."""

import json
import re
import subprocess
from pathlib import Path

from harness.driver import wait_for
from harness.scenario import scenario

PROBES = ["gtk-query-settings", "gtk4-query-settings"]
FONT = "DejaVu Sans 13"


def focused_main_row(driver, title):
    return any(row.focused and not row.description.startswith("In ")
               for row in driver.window().find_all("list item", title))


def reported(session, probe, over):
    """What GTK 3 or 4 reports as its settings, as a client of sway ("wayland") or of its Xwayland ("x11")."""
    env = session.env if over == "wayland" else session.xwayland_env()
    result = subprocess.run([probe], env=env, capture_output=True, text=True, timeout=20)
    assert result.returncode == 0, f"{probe} over {over}: {result.stderr}"
    settings = dict(re.findall(r"^\s*([a-z0-9-]+): (.*)$", result.stdout, re.M))
    assert "gtk-font-name" in settings, f"{probe} over {over} printed no settings: {result.stdout[:500]}"
    return settings


def sway_windows(session):
    """The windows in sway's own tree, as (app_id, shell, name): what sway shows, asked over its IPC."""
    result = subprocess.run(["swaymsg", "-t", "get_tree"], env={**session.env, "SWAYSOCK": session.sway_socket},
                            capture_output=True, text=True, timeout=10)
    assert result.returncode == 0, result.stderr
    found, nodes = [], [json.loads(result.stdout)]
    while nodes:
        node = nodes.pop()
        if node.get("pid"):
            found.append((node.get("app_id"), node.get("shell"), node.get("name")))
        nodes += node.get("nodes", []) + node.get("floating_nodes", [])
    return found


def everywhere(session):
    """The settings this scenario changes, as each probe reports them natively and over Xwayland."""
    keys = ["gtk-application-prefer-dark-theme", "gtk-font-name"]
    return {(probe, over): {key: settings[key] for key in keys}
            for probe in PROBES for over in ("wayland", "x11")
            for settings in [reported(session, probe, over)]}


@scenario(backend="dconf", display="sway", timeout=90)
def test_sway_the_window_and_knobs_set_reach_gtk3_and_gtk4_natively_and_over_xwayland(session, driver):
    assert session.display_kind == "sway" and session.env["GDK_BACKEND"] == "wayland"
    assert "DISPLAY" not in session.env and session.xwayland_display, session.env
    before = everywhere(session)
    for (probe, over), settings in before.items():
        assert settings["gtk-application-prefer-dark-theme"] == "FALSE", (probe, over, settings)
        assert settings["gtk-font-name"] != f'"{FONT}"', (probe, over, settings)

    # The window, natively on sway, driven over AT-SPI: Dark Style on.
    session.launch("--open", "appearance/dark-style")
    wait_for("Dark Style has the focus", lambda: focused_main_row(driver, "Dark Style"), timeout=20)
    # sway itself shows it, as a native Wayland (xdg_shell) window.
    assert ("dev.knobs.Knobs", "xdg_shell", "Knobs") in sway_windows(session), sway_windows(session)
    driver.switch("Dark Style").do_action()
    config = Path(session.env["XDG_CONFIG_HOME"])
    wait_for("both settings.ini files prefer dark", lambda: all(
        (config / folder / "settings.ini").exists()
        and "gtk-application-prefer-dark-theme=true" in (config / folder / "settings.ini").read_text()
        for folder in ("gtk-3.0", "gtk-4.0")))

    # The command line, beside the running window.
    result = session.run("set", "fonts/interface", FONT)
    assert result.returncode == 0, result.stderr

    after = everywhere(session)
    for (probe, over), settings in after.items():
        assert settings["gtk-application-prefer-dark-theme"] == "TRUE", (probe, over, settings)
        assert settings["gtk-font-name"] == f'"{FONT}"', (probe, over, settings)
    print("sway: GTK 3 and 4, native and over Xwayland, report prefer-dark TRUE and", FONT)
