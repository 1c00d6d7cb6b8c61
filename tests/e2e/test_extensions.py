"""GNOME Shell extensions installed in the user's extension folder, in the shapes
published extensions use (hotkey lists, (dddd) colours, ALL_CAPS enum nicks, doubles,
numbered keys, keys without summaries): the Extensions page turns them on and off in
the Shell's own lists, warns of another Shell version, and their schema pages are
titled by name, in their schema file's order, with hotkeys as shortcut rows and colours as colours.
Custom shortcuts are added and removed in the window and on the command line, and read
back where GNOME Settings keeps them. Everything is read back with gsettings."""

import json
import os
import re
import subprocess

from harness.driver import wait_for
from harness.scenario import scenario

SHELL = "org.gnome.shell"
TILES = "org.gnome.shell.extensions.window-tiles"
TILES_UUID = "window-tiles@knobs.test"
CUP_UUID = "coffee-cup@knobs.test"
MEDIA_KEYS = "org.gnome.settings-daemon.plugins.media-keys"
CUSTOM = "org.gnome.settings-daemon.plugins.media-keys.custom-keybinding"
CUSTOM_FOLDER = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/"

# Written for these tests: a tiling extension's shapes, ten numbered hotkeys among them.
HOTKEYS = "\n".join(
    f'    <key name="tile-hotkey-{n}" type="as"><default>[\'&lt;Super&gt;&lt;Alt&gt;{n % 10}\']</default>'
    f"<summary>Tile layout {n}</summary></key>"
    for n in range(10, 0, -1))
TILES_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<schemalist gettext-domain="window-tiles">
  <enum id="{TILES}.cycle">
    <value nick="CYCLE_NONE" value="0"/>
    <value nick="CYCLE_MIN" value="1"/>
    <value nick="SWITCH_WORKSPACE" value="2"/>
  </enum>
  <schema id="{TILES}" path="/org/gnome/shell/extensions/window-tiles/">
    <key name="cycle-mode" enum="{TILES}.cycle"><default>'CYCLE_MIN'</default>
      <summary>What pressing a hotkey again does</summary>
      <description>What pressing a hotkey again does</description></key>
    <key name="gap-ratio" type="d"><default>0.3</default><summary>Gap between tiles</summary></key>
    <key name="focus-border-color" type="(dddd)"><default>(0.2, 0.4, 0.8, 1.0)</default>
      <summary>Border colour of the focused tile</summary></key>
{HOTKEYS}
    <key name="last-layout" type="s"><default>''</default></key>
  </schema>
</schemalist>
"""
TILES_METADATA = {
    "uuid": TILES_UUID, "name": "Window Tiles", "description": "Arranges windows in tiles with hotkeys.",
    "shell-version": ["42", "43", "44"], "version": 21, "url": "https://example.org/window-tiles",
    "settings-schema": TILES,
}
CUP_METADATA = {
    "uuid": CUP_UUID, "name": "Coffee Cup", "description": "Keeps the screen awake while a cup is shown.\nMore.",
    "shell-version": ["40"], "version-name": "3.1",
}


def install_extensions(session):
    """Both extensions in the user's folder, the tiles' schema as XML only (Knobs compiles it
    into its cache); a fake `gnome-shell` that says its version; returns the compiled folder
    and the environment that finds the fake Shell."""
    extensions = session.data_home() / "gnome-shell" / "extensions"
    tiles = extensions / TILES_UUID
    (tiles / "schemas").mkdir(parents=True)
    (tiles / "metadata.json").write_text(json.dumps(TILES_METADATA))
    (tiles / "schemas" / f"{TILES}.gschema.xml").write_text(TILES_XML)
    cup = extensions / CUP_UUID
    cup.mkdir(parents=True)
    (cup / "metadata.json").write_text(json.dumps(CUP_METADATA))
    fake = session.root / "bin"
    fake.mkdir()
    (fake / "gnome-shell").write_text('#!/bin/sh\necho "GNOME Shell 43.9"\n')
    (fake / "gnome-shell").chmod(0o755)
    environment = {"PATH": f"{fake}:{session.env['PATH']}"}
    return session.env["XDG_CACHE_HOME"] + f"/knobs/schemas/extension-{TILES_UUID}", environment


def gsettings_get(session, schema, key, folder=None):
    """Reads a key in a fresh process, as another app would."""
    extra = ["--schemadir", folder] if folder else []
    return session.command("gsettings", *extra, "get", schema, key).stdout.strip()


def launch_at(session, driver, path, title, extra_env=None):
    session.launch("--open", path, extra_env=extra_env)
    wait_for(f"{title} has the focus", lambda: driver.row(title).focused)


@scenario(backend="dconf", timeout=120)
def test_extensions_are_switched_in_the_shells_lists_and_warn_of_another_version(session, driver):
    _, shell = install_extensions(session)
    listed = session.run("get", "extensions", extra_env=shell)
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"^desktop/extensions/installed/window-tiles +toggle +Window Tiles", listed.stdout, re.M), \
        listed.stdout
    assert "desktop/extensions/installed/coffee-cup" in listed.stdout, listed.stdout

    launch_at(session, driver, "extensions/installed/window-tiles", "Window Tiles", extra_env=shell)
    cup = driver.row("Coffee Cup")
    wait_for("Coffee Cup is said to be made for another Shell",
             lambda: "Made for GNOME Shell 40, so GNOME Shell 43.9 won't start it." in driver.row("Coffee Cup").description)
    assert "Keeps the screen awake while a cup is shown." in cup.description
    assert "Version 3.1" in driver.row("Coffee Cup").description
    assert "won't start" not in driver.row("Window Tiles").description, "43.9 is among 42, 43, 44"
    assert driver.node("push button", "Settings of Window Tiles")

    driver.press("Return")
    wait_for("Window Tiles is in enabled-extensions",
             lambda: gsettings_get(session, SHELL, "enabled-extensions") == f"['{TILES_UUID}']")
    assert gsettings_get(session, SHELL, "disabled-extensions") == "@as []"

    # Another program, the command line, turning them on and off: the Shell's two lists change together.
    assert session.run("set", "extensions/coffee-cup", "on", extra_env=shell).returncode == 0
    assert gsettings_get(session, SHELL, "enabled-extensions") == f"['{TILES_UUID}', '{CUP_UUID}']"
    assert session.run("set", "extensions/window-tiles", "off", extra_env=shell).returncode == 0
    assert gsettings_get(session, SHELL, "enabled-extensions") == f"['{CUP_UUID}']"
    assert gsettings_get(session, SHELL, "disabled-extensions") == f"['{TILES_UUID}']"
    wait_for("the window follows the command line", lambda: not driver.switch("Window Tiles").checked)
    assert session.run("get", "extensions/coffee-cup", extra_env=shell).stdout.strip() == "on"
    missing = session.run("set", "extensions/no-such-extension", "on", extra_env=shell)
    assert missing.returncode == 2, missing
    # Preferences open through the running Shell: without one, the command says so.
    prefs = session.run("extension", "prefs", TILES_UUID, extra_env=shell)
    assert prefs.returncode == 1 and "GNOME Shell is not running here" in prefs.stderr, prefs

    # The master switch: the Shell's disable-user-extensions, on when extensions are off.
    driver.switch("Use Extensions").toggle()
    wait_for("disable-user-extensions is on",
             lambda: gsettings_get(session, SHELL, "disable-user-extensions") == "true")
    wait_for("the page says how to start them again", lambda: driver.row("Use Extensions").description.startswith(
        "Every extension is off. Turn this on to start the ones switched on below."))
    # Each switch still picks which start when extensions are on again, and says so.
    wait_for("each switch says when it takes effect", lambda: driver.row("Coffee Cup").description.startswith(
        "Extensions are off: this switch takes effect when they are on again."))
    assert driver.switch("Coffee Cup").sensitive
    driver.switch("Coffee Cup").toggle()
    wait_for("Coffee Cup is off in the lists, kept for later",
             lambda: gsettings_get(session, SHELL, "disabled-extensions") == f"['{TILES_UUID}', '{CUP_UUID}']")
    assert gsettings_get(session, SHELL, "disable-user-extensions") == "true"
    # The write comes as the switch begins to slide; a flip while it still slides is GTK's
    # same flip (it restarts the slide), so the next one waits for the slide's end.
    wait_for("the master switch has slid off", lambda: not driver.switch("Use Extensions").checked)

    # Its settings button opens its schema page, titled with its name.
    driver.switch("Use Extensions").toggle()
    wait_for("extensions are on again",
             lambda: gsettings_get(session, SHELL, "disable-user-extensions") == "false")
    driver.node("push button", "Settings of Window Tiles").do_action()
    wait_for("the extension's settings open", lambda: driver.row("Gap between tiles"))

    # Search finds an extension by its description.
    driver.press("Control_L", "f")
    driver.type_text("screen awake")
    wait_for("search finds Coffee Cup",
             lambda: any(row.name == "Coffee Cup" and row.description.startswith("In ")
                         for row in driver.window().find_all("list item")))


@scenario(backend="dconf", timeout=120)
def test_an_extensions_schema_page_is_named_ordered_and_edited_like_a_written_one(session, driver):
    cache, shell = install_extensions(session)
    listed = json.loads(session.run("list", "--json", f"schema/{TILES}", extra_env=shell).stdout)
    keys = [row["key"] for row in listed]
    hotkeys = [key for key in keys if key.startswith("tile-hotkey-")]
    # In the order the schema file lists them (10 down to 1), which the compiled schema does not keep.
    assert hotkeys == [f"tile-hotkey-{n}" for n in range(10, 0, -1)], hotkeys
    by_key = {row["key"]: row for row in listed}
    assert by_key["tile-hotkey-2"]["kind"] == "shortcut", by_key["tile-hotkey-2"]
    assert by_key["tile-hotkey-2"]["value"] == "Super+Alt+2", by_key["tile-hotkey-2"]
    assert by_key["focus-border-color"]["kind"] == "color", by_key["focus-border-color"]
    assert by_key["cycle-mode"]["value"] == "Cycle min", by_key["cycle-mode"]
    assert by_key["gap-ratio"]["raw"] == "0.3", by_key["gap-ratio"]
    assert by_key["last-layout"]["title"] == "Last layout", by_key["last-layout"]

    # A hotkey another keybinding uses is refused on the command line, and in the window.
    refused = session.run("set", f"schema/{TILES}/tile-hotkey-2", "<Super>s", extra_env=shell)
    assert refused.returncode == 2 and "“Show the Overview”" in refused.stderr, refused
    assert gsettings_get(session, TILES, "tile-hotkey-2", cache) == "['<Super><Alt>2']"
    # The other way round: a desktop shortcut taken by an extension's hotkey names the extension.
    taken = session.run("set", "keyboard-shortcuts/windows/minimize", "<Super><Alt>1", extra_env=shell)
    assert taken.returncode == 2, taken
    assert "Super+Alt+1 is already used by “Tile layout 1” of the extension “Window Tiles”" in taken.stderr, taken

    launch_at(session, driver, f"schema/{TILES}/tile-hotkey-2", "Tile layout 2", extra_env=shell)
    wait_for("the page is titled with the extension's name",
             lambda: "Window Tiles" in [label.name for label in driver.window().find_all("label")])
    driver.press("Return")
    wait_for("Set Shortcut opens", lambda: driver.find_app_window("Set Shortcut"))
    driver.press("super", "s", window="Set Shortcut")
    wait_for("the conflict is said", lambda: any(
        label.name.startswith("Super+S is already used for “Show the Overview”")
        for label in driver.find_app_window("Set Shortcut").find_all("label")))
    driver.press("Escape", window="Set Shortcut")
    wait_for("Set Shortcut is gone", lambda: driver.find_app_window("Set Shortcut") is None)
    assert gsettings_get(session, TILES, "tile-hotkey-2", cache) == "['<Super><Alt>2']", "refused, nothing written"
    driver.press("Return")
    wait_for("Set Shortcut opens again", lambda: driver.find_app_window("Set Shortcut"))
    driver.press("super", "y", window="Set Shortcut")
    wait_for("the hotkey reaches dconf", lambda: gsettings_get(session, TILES, "tile-hotkey-2", cache) == "['<Super>y']")

    # An RGBA colour with alpha, in the key's own (dddd) form.
    assert session.run("set", f"schema/{TILES}/focus-border-color", "#ff000080", extra_env=shell).returncode == 0
    stored = gsettings_get(session, TILES, "focus-border-color", cache)
    assert stored.startswith("(1.0, 0.0, 0.0, 0.50"), stored
    assert session.run("get", f"schema/{TILES}/focus-border-color", extra_env=shell).stdout.strip() == "#ff000080"


@scenario(backend="dconf", timeout=120)
def test_custom_shortcuts_are_added_and_removed_where_gnome_settings_keeps_them(session, driver):
    # The command line: added, refused when its keys are taken, listed, removed.
    added = session.run("custom-shortcut", "add", "Files", "nautilus --new-window", "<Super>e")
    assert added.returncode == 0, added.stderr
    first = CUSTOM_FOLDER + "custom0/"
    assert gsettings_get(session, MEDIA_KEYS, "custom-keybindings") == f"['{first}']"
    assert gsettings_get(session, f"{CUSTOM}:{first}", "name") == "'Files'"
    assert gsettings_get(session, f"{CUSTOM}:{first}", "command") == "'nautilus --new-window'"
    assert gsettings_get(session, f"{CUSTOM}:{first}", "binding") == "'<Super>e'"
    taken = session.run("custom-shortcut", "add", "Calendar", "gnome-calendar", "<Super>e")
    assert taken.returncode == 2 and "Super+E is already used by “Files”" in taken.stderr, taken
    assert session.run("get", "keyboard-shortcuts/custom/files/details/command").stdout.strip() == "nautilus --new-window"
    removed = session.run("custom-shortcut", "remove", "Files")
    assert removed.returncode == 0, removed.stderr
    assert gsettings_get(session, MEDIA_KEYS, "custom-keybindings") == "@as []"
    assert "custom0" not in session.command("dconf", "dump", "/").stdout, "its keys are reset, not left behind"

    # The window: the two questions, then the keys pressed on its Shortcut row.
    launch_at(session, driver, "keyboard-shortcuts/custom/add", "Add Custom Shortcut…")
    driver.press("Return")
    wait_for("the name is asked", lambda: driver.find_app_window("Add Custom Shortcut"))
    driver.type_text("Open Terminal", window="Add Custom Shortcut")
    driver.press("Return", window="Add Custom Shortcut")
    wait_for("the command is asked", lambda: any(
        label.name.startswith("Which command should “Open Terminal” run?")
        for label in (driver.find_app_window("Add Custom Shortcut") or driver.window()).find_all("label")))
    driver.type_text("gnome-terminal", window="Add Custom Shortcut")
    driver.press("Return", window="Add Custom Shortcut")
    wait_for("it is in the list", lambda: gsettings_get(session, MEDIA_KEYS, "custom-keybindings") == f"['{first}']")
    wait_for("its Shortcut row has the focus", lambda: driver.row("Shortcut").focused)
    driver.press("Return")
    wait_for("Set Shortcut opens", lambda: driver.find_app_window("Set Shortcut"))
    driver.press("super", "y", window="Set Shortcut")
    wait_for("the binding reaches dconf",
             lambda: gsettings_get(session, f"{CUSTOM}:{first}", "binding") == "'<Super>y'")
    assert gsettings_get(session, f"{CUSTOM}:{first}", "command") == "'gnome-terminal'"
    listed = session.run("get", "keyboard-shortcuts/custom/open-terminal/details/shortcut")
    assert listed.stdout.strip() == "Super+Y", listed
    driver.activate_row("Remove Shortcut")
    wait_for("it left the list", lambda: gsettings_get(session, MEDIA_KEYS, "custom-keybindings") == "@as []")


def extension_zip(path, uuid, name, entries=None):
    import zipfile
    with zipfile.ZipFile(path, "w") as packed:
        packed.writestr("metadata.json", json.dumps({"uuid": uuid, "name": name, "shell-version": ["43"]}))
        for entry, text in (entries or {"extension.js": "function init() {}"}).items():
            packed.writestr(entry, text)
    return path


def install_through_the_chooser(driver, path):
    driver.activate_row("Install from File…")
    wait_for("the file chooser opens", lambda: driver.find_app_window("Install Extension"))
    driver.press("Control_L", "l", window="Install Extension")
    driver.type_text(str(path), window="Install Extension")
    # The button, not Return: a second time, Return may go to the location's completion.
    chooser = driver.find_app_window("Install Extension")
    next(button for button in chooser.find_all("push button") if button.name.endswith("Install")).do_action()
    wait_for("the file chooser is gone", lambda: driver.find_app_window("Install Extension") is None)


@scenario(backend="dconf", timeout=120)
def test_an_extension_is_installed_from_a_file_and_removed_in_the_window(session, driver):
    _, shell = install_extensions(session)
    folder = session.data_home() / "gnome-shell" / "extensions"
    launch_at(session, driver, "extensions/install/install-from-file", "Install from File…", extra_env=shell)

    # A hostile archive first: an entry that climbs out of the extension's folder.
    hostile = extension_zip(session.root / "slip.zip", "slip@knobs.test", "Slip",
                            {"../../escaped.js": "nothing", "extension.js": ""})
    install_through_the_chooser(driver, hostile)
    wait_for("the window says why nothing was installed",
             lambda: any("Nothing was installed." in text for text in driver.alert_texts()))
    assert not (folder / "slip@knobs.test").exists() and not (folder.parent / "escaped.js").exists()
    assert sorted(entry.name for entry in folder.iterdir()) == [CUP_UUID, TILES_UUID], list(folder.iterdir())

    archive = extension_zip(session.root / "saucer.zip", "saucer@knobs.test", "Zipped Saucer")
    install_through_the_chooser(driver, archive)
    wait_for("the window says it is installed", lambda: any(
        text.startswith("“Zipped Saucer” is installed. GNOME Shell loads it when you log in again")
        for text in driver.alert_texts()))
    assert (folder / "saucer@knobs.test" / "metadata.json").exists()
    wait_for("its row is listed", lambda: driver.row("Zipped Saucer"))

    # Removed from its row's menu, after a question.
    driver.focus_row("Zipped Saucer")
    driver.press("Menu")
    driver.node("push button", "Remove…").do_action()
    question = "Remove “Zipped Saucer”?"
    dialog = wait_for("Knobs asks first", lambda: driver.find_app_window(question))
    dialog.find("push button", "Remove").do_action()
    wait_for("its folder is gone", lambda: not (folder / "saucer@knobs.test").exists())
    wait_for("the window says so", lambda: "“Zipped Saucer” is removed." in driver.alert_texts())
    wait_for("its row is gone", lambda: not driver.window().find_all("list item", "Zipped Saucer"))
    assert (folder / CUP_UUID).exists() and (folder / TILES_UUID).exists(), "only that one"


PHONE = "org.gnome.shell.extensions.phone-link"
PHONE_UUID = "phone-link@knobs.test"
PHONE_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<schemalist>
  <schema id="{PHONE}" path="/org/gnome/shell/extensions/phone-link/">
    <key name="show-battery" type="b"><default>true</default><summary>Show the phone's battery</summary></key>
  </schema>
  <schema id="{PHONE}.device">
    <key name="name" type="s"><default>''</default><summary>Device name</summary></key>
    <key name="share-clipboard" type="b"><default>false</default><summary>Share the clipboard</summary></key>
  </schema>
  <schema id="{PHONE}.profile">
    <key name="ringtone" type="s"><default>''</default><summary>Ringtone</summary></key>
  </schema>
</schemalist>
"""


@scenario(backend="dconf", timeout=120)
def test_a_phone_links_devices_are_pages_named_by_device_reached_from_its_settings(session, driver):
    """A phone-link extension keeps a relocatable schema per paired device: each device is a page
    titled “Phone Link › DEVICE › Device”, listed on the extension's own page; its profiles,
    saved nowhere, are not listed."""
    _, shell = install_extensions(session)
    phone = session.data_home() / "gnome-shell" / "extensions" / PHONE_UUID
    (phone / "schemas").mkdir(parents=True)
    (phone / "metadata.json").write_text(json.dumps({
        "uuid": PHONE_UUID, "name": "Phone Link", "shell-version": ["43"], "settings-schema": PHONE}))
    (phone / "schemas" / f"{PHONE}.gschema.xml").write_text(PHONE_XML)
    for device, name in [("pixel-7", "Pixel 7"), ("tablet", "Tablet")]:
        assert session.command("dconf", "write", f"/org/gnome/shell/extensions/phone-link/device/{device}/name",
                               f"'{name}'").returncode == 0

    launch_at(session, driver, f"schema/{PHONE}", "Show the phone's battery", extra_env=shell)
    wait_for("the page lists the devices", lambda: driver.row("Phone Link › pixel-7 › Device"))
    driver.row("Phone Link › tablet › Device")
    driver.activate_row("Phone Link › pixel-7 › Device")
    wait_for("the device's page", lambda: driver.row("Share the clipboard"))
    assert "Phone Link › pixel-7 › Device" in [label.name for label in driver.window().find_all("label")]
    driver.switch("Share the clipboard").toggle()
    cache = session.env["XDG_CACHE_HOME"] + f"/knobs/schemas/extension-{PHONE_UUID}"
    wait_for("the device's key reaches dconf", lambda: gsettings_get(
        session, f"{PHONE}.device:/org/gnome/shell/extensions/phone-link/device/pixel-7/", "share-clipboard",
        cache) == "true")
    assert gsettings_get(
        session, f"{PHONE}.device:/org/gnome/shell/extensions/phone-link/device/tablet/", "share-clipboard",
        cache) == "false", "only that device's"

    # In All Settings: the devices under the extension's name; the profiles, saved nowhere, hidden.
    assert session.run("--open", "schema", extra_env=shell).returncode == 0
    row = driver.focus_row("Phone Link › Device", limit=200)
    assert row.description.startswith(f"{PHONE}.device · Relocatable, saved at 2 paths"), row.description
    assert not driver.window().find_all("list item", "Phone Link › Profile", showing=False), \
        "a relocatable schema saved nowhere is not listed"
    assert driver.window().find_all("list item", "Phone Link", showing=False)
