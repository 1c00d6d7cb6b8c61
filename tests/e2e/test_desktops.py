"""GTK off GNOME, in the window: on an X11 window manager (the sealed session: Xvfb, no GNOME
Shell, no XDG_CURRENT_DESKTOP), Dark Style turned on in the window is written to both
settings.ini files as gtk-application-prefer-dark-theme beside dconf, and Reset to Default
removes the line again; the first page says Top Bar takes effect only in GNOME."""

from pathlib import Path

from harness.driver import wait_for
from harness.scenario import scenario

NOTE = "Takes effect only in GNOME; this desktop does not read it."


def text(path):
    return path.read_text() if path.exists() else None


@scenario(backend="dconf")
def test_the_window_writes_where_gtk_reads_and_reset_takes_it_back(session, driver):
    config = Path(session.env["XDG_CONFIG_HOME"])
    gtk3, gtk4 = config / "gtk-3.0" / "settings.ini", config / "gtk-4.0" / "settings.ini"
    session.launch("--open", "appearance/dark-style")
    driver.switch("Dark Style").do_action()
    dark = "[Settings]\ngtk-application-prefer-dark-theme=true\n"
    wait_for("both settings.ini files prefer dark", lambda: text(gtk3) == dark and text(gtk4) == dark)
    assert session.command("gsettings", "get", "org.gnome.desktop.interface", "color-scheme").stdout.strip() == (
        "'prefer-dark'")
    driver.focus_row("Dark Style")
    driver.press("Menu")
    driver.node("push button", "Reset to Default").do_action()
    wait_for("the line Knobs added is gone", lambda: text(gtk3) == "[Settings]\n" and text(gtk4) == "[Settings]\n")


@scenario()
def test_the_first_page_says_top_bar_takes_effect_only_in_gnome(session, driver):
    session.launch()
    wait_for("Top Bar says it takes effect only in GNOME", lambda: NOTE in driver.row("Top Bar").description)
    assert NOTE in driver.row("Extensions").description
    assert NOTE not in driver.row("Appearance").description
