"""A stand-in for GNOME Shell's extension service on the session bus, answering as told:
`python3 fake_shell.py MODE`. Modes: `hostile` (fields of the wrong types, NaN and huge
states, a 100,000-character error with control characters, a uuid that is not installed),
`silent` (owns the name, never answers), `wrong-shape` (a reply of another signature),
`slow UUID` (answers after 6 s that UUID failed, first writing $FAKE_SHELL_MARKER).
Prints "ready" once it owns org.gnome.Shell."""

import os
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

XML = """<node><interface name="org.gnome.Shell.Extensions">
<method name="ListExtensions"><arg type="a{sa{sv}}" direction="out"/></method>
<method name="EnableExtension"><arg type="s" direction="in"/><arg type="b" direction="out"/></method>
<method name="DisableExtension"><arg type="s" direction="in"/><arg type="b" direction="out"/></method>
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


def on_call(connection, sender, path, interface, method, parameters, invocation):
    if MODE == "silent":
        return  # never answers: the caller's timeout must end the wait
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


def on_bus(connection, name):
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    connection.register_object("/org/gnome/Shell", node.interfaces[0], on_call, None, None)


def on_name(connection, name):
    print("ready", flush=True)


Gio.bus_own_name(Gio.BusType.SESSION, "org.gnome.Shell", Gio.BusNameOwnerFlags.NONE, on_bus, on_name, None)
GLib.MainLoop().run()
