"""All Settings: a schema installed in the user's own folder and one shipped by a
GNOME Shell extension (only XML, compiled into Knobs' cache) appear, their keys
change in the window and read back with gsettings in a new process, the Modified
Settings page lists them, and resets clear them; a broken schema folder is said,
not fatal."""

import json
import subprocess

from harness.driver import wait_for
from harness.scenario import scenario

LOCAL = "org.knobs.test.local"
EXTENSION = "org.gnome.shell.extensions.knobs-demo"

LOCAL_XML = """<schemalist>
  <enum id="org.knobs.test.local.Mode">
    <value nick="quiet" value="0"/>
    <value nick="loud" value="1"/>
  </enum>
  <flags id="org.knobs.test.local.Days">
    <value nick="monday" value="1"/>
    <value nick="tuesday" value="2"/>
  </flags>
  <schema id="org.knobs.test.local" path="/org/knobs/test/local/">
    <key name="enabled" type="b"><default>false</default><summary>Local toggle</summary></key>
    <key name="mode" enum="org.knobs.test.local.Mode"><default>'quiet'</default><summary>Local mode</summary></key>
    <key name="level" type="i"><range min="0" max="10"/><default>3</default><summary>Local level</summary></key>
    <key name="greeting" type="s"><default>'hello'</default><summary>Local greeting</summary></key>
    <key name="size" type="(ii)"><default>(1, 2)</default><summary>Local size</summary></key>
    <key name="count" type="i"><default>5</default><summary>Local count</summary></key>
    <key name="names" type="as"><default>[]</default><summary>Local names</summary></key>
    <key name="days" flags="org.knobs.test.local.Days"><default>[]</default><summary>Local days</summary></key>
  </schema>
</schemalist>
"""

EXTENSION_XML = """<schemalist>
  <schema id="org.gnome.shell.extensions.knobs-demo" path="/org/gnome/shell/extensions/knobs-demo/">
    <key name="show-badge" type="b"><default>true</default><summary>Show the badge</summary></key>
  </schema>
</schemalist>
"""


def install_schemas(session):
    """The user's schema folder (compiled, as `glib-compile-schemas` leaves it), an
    extension with only XML, an extension without settings and one whose compiled file is garbage."""
    local = session.data_home() / "glib-2.0" / "schemas"
    local.mkdir(parents=True)
    (local / f"{LOCAL}.gschema.xml").write_text(LOCAL_XML)
    subprocess.run(["glib-compile-schemas", "--strict", str(local)], check=True, capture_output=True)
    extensions = session.data_home() / "gnome-shell" / "extensions"
    demo = extensions / "knobs-demo@knobs.test" / "schemas"
    demo.mkdir(parents=True)
    (demo / f"{EXTENSION}.gschema.xml").write_text(EXTENSION_XML)
    (extensions / "no-settings@knobs.test").mkdir()
    broken = extensions / "broken@knobs.test" / "schemas"
    broken.mkdir(parents=True)
    (broken / "gschemas.compiled").write_bytes(b"not a schema database")
    return local, session.env["XDG_CACHE_HOME"] + "/knobs/schemas/extension-knobs-demo@knobs.test"


def gsettings_get(session, folder, schema, key):
    """Reads a key in a fresh process, as another app would (the folder adds the user's schemas)."""
    return session.command("gsettings", "--schemadir", str(folder), "get", schema, key).stdout.strip()


def launch_at(session, driver, path, title):
    session.launch("--open", path)
    wait_for(f"{title} has the focus", lambda: driver.row(title).focused)


def replace_field_text(driver, title, text):
    driver.activate_row(title)
    wait_for(f"a field of {title} has the focus",
             lambda: any(node.focused and node.role == "text" for node in driver.window().descendants()))
    driver.press("Control_L", "a")
    driver.type_text(text)
    driver.press("Return")


@scenario(backend="dconf", timeout=120)
def test_user_and_extension_schemas_are_edited_listed_as_modified_and_reset(session, driver):
    local, cache = install_schemas(session)

    launch_at(session, driver, "schema", "Modified Settings")
    # Rows far from the screen are placeholders until they scroll near: go there as a keyboard user does.
    assert driver.focus_row(EXTENSION, limit=150).description.startswith("1 setting")
    assert driver.focus_row(LOCAL, limit=150).description.startswith("8 settings")
    driver.row("org.gnome.desktop.interface")
    wait_for("the broken folder is said",
             lambda: any("broken@knobs.test" in label.name for label in driver.window().find_all("label")))

    launch_at(session, driver, f"schema/{LOCAL}/enabled", "Local toggle")
    driver.press("Return")
    wait_for("the toggle reaches dconf", lambda: gsettings_get(session, local, LOCAL, "enabled") == "true")
    launch_at(session, driver, f"schema/{LOCAL}/mode", "Local mode")
    driver.choose("Local mode", "Loud")
    wait_for("the choice reaches dconf", lambda: gsettings_get(session, local, LOCAL, "mode") == "'loud'")
    launch_at(session, driver, f"schema/{LOCAL}/level", "Local level")
    driver.slider("Local level").set_value(7)
    wait_for("the slider reaches dconf", lambda: gsettings_get(session, local, LOCAL, "level") == "7")
    launch_at(session, driver, f"schema/{LOCAL}/greeting", "Local greeting")
    replace_field_text(driver, "Local greeting", "good morning")
    wait_for("the text reaches dconf",
             lambda: gsettings_get(session, local, LOCAL, "greeting") == "'good morning'")
    # A pair of numbers: two fields, named after the row for screen readers, written as the key's (ii).
    launch_at(session, driver, f"schema/{LOCAL}/size", "Local size")
    replace_field_text(driver, "Local size", "3")
    wait_for("the first number reaches dconf", lambda: gsettings_get(session, local, LOCAL, "size") == "(3, 2)")
    driver.press("Tab")
    wait_for("the second field has the focus",
             lambda: any(node.focused and node.name == "Local size: Second" for node in driver.window().descendants()))
    driver.press("Control_L", "a")
    driver.type_text("2147483648")
    driver.press("Return")
    wait_for("the row explains the refusal",
             lambda: "Not saved: Second: 2147483648 is outside" in driver.row("Local size").description)
    assert gsettings_get(session, local, LOCAL, "size") == "(3, 2)", "a number past int32 is never written"
    driver.press("Control_L", "a")
    driver.type_text("4")
    driver.press("Return")
    wait_for("the pair reaches dconf", lambda: gsettings_get(session, local, LOCAL, "size") == "(3, 4)")
    launch_at(session, driver, f"schema/{EXTENSION}/show-badge", "Show the badge")
    driver.press("Return")
    wait_for("the extension's toggle reaches dconf",
             lambda: gsettings_get(session, cache, EXTENSION, "show-badge") == "false")

    launch_at(session, driver, "schema", "Modified Settings")
    driver.activate_row("Modified Settings")
    for title in ["Local toggle", "Local mode", "Local level", "Local greeting", "Local size", "Show the badge"]:
        driver.row(title)
    driver.focus_row("Show the badge")
    driver.press("Menu")
    driver.node("push button", "Reset to Default").do_action()
    wait_for("the extension's key is reset",
             lambda: gsettings_get(session, cache, EXTENSION, "show-badge") == "true")
    assert "show-badge" not in session.command("dconf", "dump", "/").stdout, "a reset, not a write"

    # The page lists the keys in the schema file's order: its first row has the focus.
    launch_at(session, driver, f"schema/{LOCAL}", "Local toggle")
    title = f"Reset All in {LOCAL}?"
    driver.activate_row("Reset All in This Schema")
    wait_for("Knobs asks first", lambda: driver.find_app_window(title))
    driver.press("Escape", window=title)
    wait_for("Escape closes the question", lambda: driver.find_app_window(title) is None)
    assert "[org/knobs/test/local]" in session.command("dconf", "dump", "/").stdout, "Escape resets nothing"
    driver.activate_row("Reset All in This Schema")
    dialog = wait_for("Knobs asks again", lambda: driver.find_app_window(title))
    dialog.find("push button", "Reset").do_action()
    wait_for("every key of the schema is reset",
             lambda: "[org/knobs/test/local]" not in session.command("dconf", "dump", "/").stdout)
    assert gsettings_get(session, local, LOCAL, "mode") == "'quiet'"

    launch_at(session, driver, "schema", "Modified Settings")
    driver.activate_row("Modified Settings")
    driver.row("No Modified Settings")


@scenario(backend="dconf")
def test_search_finds_keys_of_schemas_not_yet_opened(session, driver):
    install_schemas(session)
    launch_at(session, driver, "schema", "Modified Settings")
    driver.press("Escape")
    driver.type_text("local greeting")
    wait_for("the key is found", lambda: driver.window().find("list item", "Local greeting"))


@scenario(backend="dconf")
def test_a_relocatable_schema_is_offered_at_the_folders_dconf_holds_it_at(session, driver):
    folder = "/org/gnome/desktop/app-folders/folders/Utilities/"
    schema = "org.gnome.desktop.app-folders.folder"
    session.command("dconf", "write", folder + "name", "'Utilities'")
    launch_at(session, driver, "schema", "Modified Settings")
    row = driver.focus_row(schema, limit=150)
    assert row.description.startswith("Relocatable, saved at 1 path"), row.description
    driver.press("Return")
    driver.activate_row(folder)
    driver.row("Folder name")
    driver.focus_row("Translate the name")
    driver.press("Return")
    wait_for("the key at that folder reaches dconf",
             lambda: session.command("gsettings", "get", f"{schema}:{folder}", "translate").stdout.strip() == "true")


@scenario(backend="dconf", timeout=120)
def test_number_list_and_flags_keys_change_on_a_generated_page(session, driver):
    local, _ = install_schemas(session)
    launch_at(session, driver, f"schema/{LOCAL}/count", "Local count")
    replace_field_text(driver, "Local count", "42")
    wait_for("the number reaches dconf", lambda: gsettings_get(session, local, LOCAL, "count") == "42")

    launch_at(session, driver, f"schema/{LOCAL}/names", "Local names")
    driver.activate_row("Local names")
    driver.type_text("Ada")
    driver.press("Return")
    driver.type_text("Grace")
    driver.press("Return")
    wait_for("the list reaches dconf",
             lambda: gsettings_get(session, local, LOCAL, "names") == "['Ada', 'Grace']")
    driver.press("Escape")

    launch_at(session, driver, f"schema/{LOCAL}/days", "Local days")
    driver.press("Return")
    wait_for("a check box in the popover has the focus",
             lambda: any(node.focused and node.role == "check box" for node in driver.window().descendants()))
    driver.press("space")
    wait_for("the flag reaches dconf", lambda: gsettings_get(session, local, LOCAL, "days") == "['monday']")
    driver.press("Escape")
    listed = session.run("list", "--json", f"schema/{LOCAL}")
    assert listed.returncode == 0, listed.stderr
    raws = {row["key"]: row["raw"] for row in json.loads(listed.stdout)}
    assert (raws["count"], raws["names"], raws["days"]) == ("42", "['Ada', 'Grace']", "['monday']"), raws


@scenario(backend="dconf")
def test_a_relocatable_schema_opens_at_a_folder_named_in_its_path(session, driver):
    schema = "org.gnome.desktop.app-folders.folder"
    folder = "/org/gnome/desktop/app-folders/folders/Knobs/"
    launch_at(session, driver, f"schema/{schema}:{folder}translate", "Translate the name")
    driver.press("Return")
    wait_for("the key at that folder reaches dconf",
             lambda: session.command("gsettings", "get", f"{schema}:{folder}", "translate").stdout.strip() == "true")
    launch_at(session, driver, f"schema/{schema}", folder)

    # A folder nothing is saved at yet, typed in the window.
    other = "/org/gnome/desktop/app-folders/folders/Other/"
    driver.activate_row("Open at Another Folder…")
    title = f"Open {schema} at a Folder"
    wait_for("Knobs asks for the folder", lambda: driver.find_app_window(title))
    driver.press("Control_L", "a", window=title)
    driver.type_text("/no//folder/", window=title)
    driver.press("Return", window=title)
    wait_for("a malformed folder is explained", lambda: driver.find_app_window(title).find(
        "label", "A folder starts and ends with “/” and has no “//”."))
    driver.press("Control_L", "a", window=title)
    driver.type_text(other, window=title)
    driver.press("Return", window=title)
    wait_for("the schema opens at that folder", lambda: driver.window().find("list item", "Translate the name"))
    driver.focus_row("Translate the name")
    driver.press("Return")
    wait_for("the key at the typed folder reaches dconf",
             lambda: session.command("gsettings", "get", f"{schema}:{other}", "translate").stdout.strip() == "true")
