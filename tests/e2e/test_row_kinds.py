"""Text, number, font, list and run-time option rows, driven from the keyboard
over the accessibility tree, against the real dconf database."""

import json

from harness.driver import wait_for
from harness.scenario import scenario

INTERFACE = "org.gnome.desktop.interface"
WM = "org.gnome.desktop.wm.preferences"


def gsettings_get(session, schema, key):
    """Reads a key in a fresh process, as another app would."""
    return session.command("gsettings", "get", schema, key).stdout.strip()


def launch_at(session, driver, path, title):
    """Starts Knobs at a row and waits until the row has the focus, so keys go where the test means."""
    session.launch("--open", path)
    wait_for(f"{title} has the focus", lambda: driver.row(title).focused)


def activate_field(driver, title):
    """Enter on the row moves into its field; waits until the field has the focus, as a person
    waits for the cursor before typing."""
    driver.activate_row(title)
    wait_for(f"a field of {title} has the focus",
             lambda: any(node.focused and node.role == "text"
                         for node in driver.window().descendants()))


def replace_field_text(driver, text):
    """Selects what the focused field holds and types `text` over it, then presses Enter."""
    driver.press("Control_L", "a")
    driver.type_text(text)
    driver.press("Return")


@scenario(backend="dconf")
def test_text_row_refuses_a_bad_value_and_writes_a_good_one(session, driver):
    launch_at(session, driver, "windows/layout", "Button Layout")
    before = gsettings_get(session, WM, "button-layout")
    activate_field(driver, "Button Layout")
    replace_field_text(driver, "Close Button!")
    wait_for("the row explains the refusal",
             lambda: "Not saved: It must be button names" in driver.row("Button Layout").description)
    assert gsettings_get(session, WM, "button-layout") == before, "a refused value is never written"
    replace_field_text(driver, "appmenu:minimize,close")
    wait_for("dconf has the new layout",
             lambda: gsettings_get(session, WM, "button-layout") == "'appmenu:minimize,close'")
    wait_for("the refusal is gone", lambda: "Not saved" not in driver.row("Button Layout").description)
    listed = session.run("get", "windows/layout").stdout.strip()
    assert listed == "appmenu:minimize,close", listed


@scenario(backend="dconf")
def test_number_row_writes_whole_numbers_clamped_to_its_range(session, driver):
    launch_at(session, driver, "windows/count", "Number of Workspaces")
    activate_field(driver, "Number of Workspaces")
    replace_field_text(driver, "7")
    wait_for("dconf has 7 workspaces", lambda: gsettings_get(session, WM, "num-workspaces") == "7")
    replace_field_text(driver, "99")
    wait_for("a number over the range is clamped to 36",
             lambda: gsettings_get(session, WM, "num-workspaces") == "36")
    failed = session.run("set", "windows/count", "0")
    assert failed.returncode == 2, failed
    assert gsettings_get(session, WM, "num-workspaces") == "36", "a refused command changes nothing"


@scenario(backend="dconf")
def test_font_row_opens_the_font_chooser_and_follows_the_setting(session, driver):
    launch_at(session, driver, "fonts/interface", "Interface Text")
    assert session.run("set", "fonts/monospace", "DejaVu Sans Mono 13").returncode == 0
    wait_for("the font button says the new font",
             lambda: any("DejaVu Sans Mono 13" in node.description
                         for node in driver.window().find_all(None, "Monospace Text")))
    driver.activate_row("Interface Text")
    dialog = wait_for("the font chooser opens", lambda: driver.find_app_window("Choose a Font"))
    assert dialog is not None
    driver.press("Escape")
    wait_for("the chooser closes", lambda: driver.find_app_window("Choose a Font") is None)
    bad = session.run("set", "fonts/interface", "Cantarell")
    assert bad.returncode == 2 and "no size" in bad.stderr, bad.stderr


@scenario(backend="dconf")
def test_list_row_adds_items_from_the_keyboard(session, driver):
    launch_at(session, driver, "windows/names", "Workspace Names")
    driver.activate_row("Workspace Names")
    driver.type_text("Mail")
    driver.press("Return")
    wait_for("dconf has one name", lambda: gsettings_get(session, WM, "workspace-names") == "['Mail']")
    driver.type_text("Web")
    driver.press("Return")
    wait_for("dconf has two names", lambda: gsettings_get(session, WM, "workspace-names") == "['Mail', 'Web']")
    driver.press("Escape")
    wait_for("the row counts the items",
             lambda: driver.node("push button", "Workspace Names").find("label", "2 items", showing=False))
    listed = {row["path"]: row for row in json.loads(session.run("list", "--json").stdout)}
    names = listed["desktop/windows/workspaces/names"]
    assert (names["raw"], names["schema"], names["key"]) == ("['Mail', 'Web']", WM, "workspace-names"), names
    assert session.run("get", "--raw", "windows/names").stdout.strip() == "['Mail', 'Web']"


@scenario(backend="dconf")
def test_icon_themes_are_found_at_run_time_and_an_unknown_one_is_kept(session, driver):
    theme = session.data_home() / "icons" / "Knobs-Test"
    (theme / "16x16" / "apps").mkdir(parents=True)
    (theme / "index.theme").write_text("[Icon Theme]\nName=Knobs Test\nDirectories=16x16/apps\n")
    launch_at(session, driver, "appearance/icons", "Icons")
    driver.choose("Icons", "Knobs-Test")
    wait_for("dconf has the theme found on disk",
             lambda: gsettings_get(session, INTERFACE, "icon-theme") == "'Knobs-Test'")
    session.command("gsettings", "set", INTERFACE, "icon-theme", "Gone-Theme")
    wait_for("a theme that is not installed is shown, not dropped",
             lambda: driver.selected_option("Icons") == "Gone-Theme (not found)")
    assert gsettings_get(session, INTERFACE, "icon-theme") == "'Gone-Theme'", "nothing is written back"


@scenario(backend="dconf")
def test_keyboard_option_groups_each_edit_their_part_of_xkb_options(session, driver):
    schema = "org.gnome.desktop.input-sources"
    session.command("gsettings", "set", schema, "xkb-options", "['terminate:ctrl_alt_bksp']")
    launch_at(session, driver, "layout-options/caps", "Caps Lock behavior")
    driver.choose("Caps Lock behavior", "Make Caps Lock an additional Esc")
    wait_for("dconf has caps:escape after the other option",
             lambda: gsettings_get(session, schema, "xkb-options") == "['terminate:ctrl_alt_bksp', 'caps:escape']")
    assert session.run("set", "layout-options/compose-key", "compose:ralt").returncode == 0
    assert gsettings_get(session, schema, "xkb-options") == \
        "['terminate:ctrl_alt_bksp', 'caps:escape', 'compose:ralt']"
    assert session.run("get", "layout-options/caps").stdout.strip() == "Make Caps Lock an additional Esc"


@scenario(backend="dconf")
def test_radio_choice_from_the_keyboard_and_the_row_that_depends_on_it(session, driver):
    launch_at(session, driver, "windows/focus-mode", "Focus Mode")
    assert not driver.switch("Raise Windows When Focused").sensitive
    driver.press("Return")
    wait_for("the chosen radio button has the focus",
             lambda: any(node.focused and node.role == "radio button" for node in driver.window().descendants()))
    driver.press("Down")
    wait_for("dconf has sloppy focus", lambda: gsettings_get(session, WM, "focus-mode") == "'sloppy'")
    wait_for("raising on focus can be changed now", lambda: driver.switch("Raise Windows When Focused").sensitive)


@scenario(backend="dconf")
def test_titlebar_button_switches_edit_the_button_layout(session, driver):
    session.command("gsettings", "set", WM, "button-layout", "appmenu:close")
    launch_at(session, driver, "windows/maximize", "Maximize")
    driver.switch("Maximize").do_action()
    wait_for("dconf has a maximize button",
             lambda: gsettings_get(session, WM, "button-layout") == "'appmenu:maximize,close'")
    assert session.run("set", "windows/placement", "left").returncode == 0
    assert gsettings_get(session, WM, "button-layout") == "'close,maximize:appmenu'"
    wait_for("the radio group follows", lambda: driver.node("radio button", "Left").checked)


@scenario(backend="dconf")
def test_multi_select_from_the_keyboard(session, driver):
    schema = "org.gnome.desktop.input-sources"
    launch_at(session, driver, "layout-options/ctrl", "Ctrl position")
    driver.press("Return")
    wait_for("a check box in the popover has the focus",
             lambda: any(node.focused and node.role == "check box" for node in driver.window().descendants()))
    driver.press("space")
    wait_for("dconf has the first Ctrl option",
             lambda: gsettings_get(session, schema, "xkb-options").startswith("['ctrl:"))
    driver.press("Escape")
