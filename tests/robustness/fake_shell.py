"""A stand-in for GNOME Shell's extension service on the session bus, answering as told:
`python3 fake_shell.py MODE`. Modes: `hostile` (fields of the wrong types, NaN and huge
states, a 100,000-character error with control characters, a uuid that is not installed),
`silent` (owns the name, never answers), `wrong-shape` (a reply of another signature),
`slow UUID` (answers after 6 s that UUID failed, first writing $FAKE_SHELL_MARKER),
`lists UUID…` (a Shell as the real one keeps its lists: those extensions, on when
`enabled-extensions` names them and `disabled-extensions` does not; EnableExtension and
DisableExtension write both lists through GSettings, in the Shell's order, then announce the
new state), `vanish` (ends itself, unanswered, at the first call).
With FAKE_SHELL_FLAP=N it leaves the bus and takes its name back N times in quick succession
once it is ready. Prints "ready" once it owns org.gnome.Shell."""

import os
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

XML = """<node><interface name="org.gnome.Shell.Extensions">
<method name="ListExtensions"><arg type="a{sa{sv}}" direction="out"/></method>
<method name="EnableExtension"><arg type="s" direction="in"/><arg type="b" direction="out"/></method>
<method name="DisableExtension"><arg type="s" direction="in"/><arg type="b" direction="out"/></method>
<signal name="ExtensionStateChanged"><arg type="s"/><arg type="a{sv}"/></signal>
</interface></node>"""
MODE = sys.argv[1]
UUID = "tidy@example.org"


def hostile():
    return {
        UUID: {"state": GLib.Variant("s", "enabled"), "error": GLib.Variant("d", 3.0),
               "hasPrefs": GLib.Variant("s", "yes"), "canChange": GLib.Variant("i", 1)},
        "nan@example.org": {"state": GLib.Variant("d", float("nan")),
                            "error": GLib.Variant("s", "\x1b[31mred\u202e" + "x" * 100_000)},
        "big@example.org": {"state": GLib.Variant("d", 1e300), "error": GLib.Variant("s", "")},
        "ghost@example.org": {"state": GLib.Variant("d", 1.0)},
    }


def listed(uuid, settings):
    on = uuid in settings.get_strv("enabled-extensions") and uuid not in settings.get_strv("disabled-extensions")
    return {"uuid": GLib.Variant("s", uuid), "name": GLib.Variant("s", uuid.split("@")[0]),
            "state": GLib.Variant("d", 1.0 if on else 2.0), "error": GLib.Variant("s", ""),
            "hasPrefs": GLib.Variant("b", False), "canChange": GLib.Variant("b", True),
            "type": GLib.Variant("d", 2.0)}


def keep_lists(connection, method, parameters, invocation):
    settings = Gio.Settings.new("org.gnome.shell")
    if method == "ListExtensions":
        invocation.return_value(GLib.Variant("(a{sa{sv}})", ({uuid: listed(uuid, settings) for uuid in sys.argv[2:]},)))
        return
    uuid = parameters.unpack()[0]
    enabled, disabled = settings.get_strv("enabled-extensions"), settings.get_strv("disabled-extensions")
    # As GNOME Shell 43's extensionSystem.js does it.
    if method == "EnableExtension":
        if uuid in disabled:
            settings.set_strv("disabled-extensions", [item for item in disabled if item != uuid])
        if uuid not in enabled:
            settings.set_strv("enabled-extensions", enabled + [uuid])
    else:
        if uuid in enabled:
            settings.set_strv("enabled-extensions", [item for item in enabled if item != uuid])
        if uuid not in disabled:
            settings.set_strv("disabled-extensions", disabled + [uuid])
    Gio.Settings.sync()
    invocation.return_value(GLib.Variant("(b)", (True,)))
    connection.emit_signal(None, "/org/gnome/Shell", "org.gnome.Shell.Extensions", "ExtensionStateChanged",
                           GLib.Variant("(sa{sv})", (uuid, listed(uuid, settings))))


def on_call(connection, sender, path, interface, method, parameters, invocation):
    if MODE == "silent":
        return  # never answers: the caller's timeout must end the wait
    if MODE == "vanish":
        os._exit(0)  # gone mid-call: the caller hears that the name lost its owner
    if MODE == "lists":
        keep_lists(connection, method, parameters, invocation)
        return
    if method == "ListExtensions":
        if MODE == "slow":
            def answer():
                open(os.environ["FAKE_SHELL_MARKER"], "w").close()
                invocation.return_value(GLib.Variant("(a{sa{sv}})", ({sys.argv[2]: {
                    "state": GLib.Variant("d", 3.0), "error": GLib.Variant("s", "Error: slow kettle")}},)))
                return False
            GLib.timeout_add(6000, answer)
            return
        if MODE == "wrong-shape":
            invocation.return_value(GLib.Variant("(s)", ("surprise",)))
            return
        invocation.return_value(GLib.Variant("(a{sa{sv}})", (hostile(),)))
    else:
        invocation.return_value(GLib.Variant("(b)", (True,)))


flaps = int(os.environ.get("FAKE_SHELL_FLAP", "0"))


def on_name(connection, name):
    global flaps, owner
    if flaps > 0:
        flaps -= 1
        Gio.bus_unown_name(owner)
        owner = Gio.bus_own_name_on_connection(connection, "org.gnome.Shell", Gio.BusNameOwnerFlags.NONE, on_name,
                                               None)
        return
    print("ready", flush=True)


def on_bus(connection, name):
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    connection.register_object("/org/gnome/Shell", node.interfaces[0], on_call, None, None)


owner = Gio.bus_own_name(Gio.BusType.SESSION, "org.gnome.Shell", Gio.BusNameOwnerFlags.NONE, on_bus, on_name, None)
GLib.MainLoop().run()
