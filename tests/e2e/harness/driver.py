"""Drives an app through its accessibility tree, as a screen reader or GUI
test tool does. Import this only after the session's DISPLAY and
DBUS_SESSION_BUS_ADDRESS are in os.environ: Atspi binds to the bus it first sees."""

import re
import subprocess
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

TYPE_NAME = re.compile(r"^Gtk[A-Z]\w*$")


class Timeout(AssertionError):
    pass


def wait_for(what, condition, timeout=10.0, interval=0.05):
    """Polls `condition` until it returns something truthy; fails with `what` after `timeout`."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception as error:  # the tree changes under us while we look
            last_error = error
        time.sleep(interval)
    detail = f" (last error: {last_error})" if last_error else ""
    raise Timeout(f"timed out after {timeout:.0f} s waiting until {what}{detail}")


class Node:
    """One accessible object."""

    def __init__(self, accessible):
        self.accessible = accessible

    @property
    def role(self):
        return self.accessible.get_role_name()

    @property
    def name(self):
        return self.accessible.get_name() or ""

    @property
    def description(self):
        return self.accessible.get_description() or ""

    def has_state(self, state):
        return self.accessible.get_state_set().contains(state)

    @property
    def checked(self):
        return self.has_state(Atspi.StateType.CHECKED)

    @property
    def focused(self):
        return self.has_state(Atspi.StateType.FOCUSED)

    @property
    def showing(self):
        # GTK 4.8 sets SHOWING only on windows; VISIBLE is what it keeps for widgets.
        return self.has_state(Atspi.StateType.VISIBLE)

    @property
    def sensitive(self):
        return self.has_state(Atspi.StateType.SENSITIVE)

    def children(self):
        children = (self.accessible.get_child_at_index(i) for i in range(self.accessible.get_child_count()))
        return [Node(child) for child in children if child is not None]

    def descendants(self):
        for child in self.children():
            yield child
            yield from child.descendants()

    def find_all(self, role=None, name=None, showing=True):
        return [node for node in self.descendants()
                if (role is None or node.role == role)
                and (name is None or (name.match(node.name) if hasattr(name, "match") else node.name == name))
                and (not showing or node.showing)]

    def find(self, role=None, name=None, showing=True):
        found = self.find_all(role, name, showing)
        return found[0] if found else None

    @property
    def text(self):
        """A label's text (GTK names a label by its text)."""
        return self.name

    def labels(self):
        return [node.name for node in self.find_all("label")]

    def action_names(self):
        count = Atspi.Action.get_n_actions(self.accessible)
        return [Atspi.Action.get_action_name(self.accessible, i) for i in range(count)]

    def toggle(self):
        """Flips a switch or check box with its `toggle` (or `click`) action."""
        return self.do_action(("toggle", "click"))

    def do_action(self, preferred=("activate", "toggle", "click", "press")):
        names = self.action_names()
        for wanted in preferred:
            if wanted in names:
                return Atspi.Action.do_action(self.accessible, names.index(wanted))
        if names:
            return Atspi.Action.do_action(self.accessible, 0)
        raise AssertionError(f"{self} has no action")

    @property
    def value(self):
        return Atspi.Value.get_current_value(self.accessible)

    def set_value(self, value):
        return Atspi.Value.set_current_value(self.accessible, value)

    def set_text(self, text):
        return Atspi.EditableText.set_text_contents(self.accessible, text)

    def __repr__(self):
        return f"[{self.role}] {self.name!r}"


class Driver:
    """Finds Knobs on the session's AT-SPI bus and acts on it."""

    def __init__(self, session):
        self.session = session
        self._window = None
        # The window's title: Knobs' own panel, or a panel file's name (`knobs --panel`).
        self.window_title = "Knobs"

    def find_app(self, name="knobs", timeout=15):
        """The application called `name` on the accessibility bus, once it has a window."""
        def find():
            for app in self.apps_named(name):
                node = Node(app)
                if node.find("frame", showing=False):
                    return node
            return None
        found = wait_for(f"the {name} application appears on the accessibility bus", find, timeout)
        if name == "knobs":
            self.session.note_start()
        return found

    def app(self, timeout=15):
        return self.find_app("knobs", timeout)

    def window(self, timeout=15):
        """Knobs' window (a `frame` named `window_title`); kept until it goes away."""
        if self._window is not None:
            try:
                if (self._window.role == "frame" and self._window.name == self.window_title
                        and not self._window.has_state(Atspi.StateType.DEFUNCT)):
                    return self._window
            except Exception:  # the app that owned it has quit
                pass
            self._window = None
        self._window = wait_for(f"the {self.window_title} window is showing",
                                lambda: self.app(timeout).find("frame", self.window_title, showing=False), timeout)
        return self._window

    def find_app_window(self, title):
        """A showing top-level window of Knobs named `title` (a dialog it opened), or None."""
        for child in self.app().children():
            if child.name == title and child.showing:
                return child
        return None

    def apps_named(self, name):
        desktop = Atspi.get_desktop(0)
        apps = (desktop.get_child_at_index(i) for i in range(desktop.get_child_count()))
        return [app for app in apps if app is not None and app.get_name() == name]

    def apps_named_knobs(self):
        return self.apps_named("knobs")

    def node(self, role, name, timeout=10):
        return wait_for(f"a showing {role} named {name!r}",
                        lambda: self.window().find(role, name), timeout)

    def row(self, title, timeout=10, description=None):
        def find():
            for node in self.window().find_all("list item", title):
                if description is None or node.description.startswith(description):
                    return node
            return None
        return wait_for(f"a list item named {title!r}", find, timeout)

    def focus_row(self, title, description=None, limit=40):
        """Moves the keyboard focus to a row with the arrow keys, as a keyboard user
        does (GTK 4.8 does not implement AT-SPI's grab_focus)."""
        def target_if_focused():
            row = self.row(title, description=description)
            return row if row.focused else None

        # Most of the time one burst of presses gets there: count the rows in between.
        rows = [row for row in self.window().find_all("list item") if row.has_state(Atspi.StateType.FOCUSABLE)]
        here = next((i for i, row in enumerate(rows) if row.focused), None)
        there = next((i for i, row in enumerate(rows) if row.name == title
                      and (description is None or row.description.startswith(description))), None)
        directions = ("Down", "Up")
        if here is not None and there is not None:
            if there < here:
                directions = ("Up", "Down")
            if here != there:
                self.press(*[directions[0]] * abs(there - here), each=True)
            try:
                return wait_for(f"the row {title!r} has the focus", target_if_focused, timeout=1)
            except Timeout:
                pass  # a row in between did not take the focus: go one step at a time
        for key in directions:
            for _ in range(limit):
                row = target_if_focused()
                if row:
                    return row
                self.press(key)
        raise AssertionError(f"the arrow keys never reached the row {title!r}")

    def activate_row(self, title, description=None):
        """Activates a row with Enter once it has the focus (GTK 4.8 rows expose no AT-SPI action)."""
        row = self.focus_row(title, description)
        self.press("Return")
        return row

    def switch(self, title, timeout=10):
        return self.node("check box", title, timeout)

    def slider(self, title, timeout=10):
        return self.node("slider", title, timeout)

    def drop_down(self, title, timeout=10):
        return self.node("combo box", title, timeout)

    def selected_option(self, title):
        """The option a drop-down shows."""
        labels = self.drop_down(title).find("push button", showing=False).find_all("label")
        shown = [label.name for label in labels if label.name != "(None)"]
        return shown[-1] if shown else ""

    def choose(self, title, option, limit=20):
        """Picks `option` in the drop-down named `title`, as a keyboard user does: open
        it with its button's click action, arrow to the option, Enter. (Selecting the
        popup's list item over AT-SPI's Selection does not change a GTK 4.8 drop-down.)"""
        combo = self.drop_down(title)
        combo.find("push button", showing=False).do_action()

        def options():
            popup = combo.find("list", showing=False)
            items = popup.find_all("list item") if popup else []
            return [(item.find("label").name, item.focused) for item in items] or None

        listed = wait_for(f"the {title!r} drop-down lists its options", options)
        names = [name for name, _ in listed]
        assert option in names, f"{title!r} offers {names}, not {option!r}"
        for key in ("Down", "Up"):
            for _ in range(limit):
                focused = next((name for name, on in options() if on), None)
                if focused == option:
                    self.press("Return")
                    return wait_for(f"{title!r} shows {option!r}", lambda: self.selected_option(title) == option)
                self.press(key)
        raise AssertionError(f"the arrow keys never reached {option!r} in {title!r}")

    def label_starting(self, prefix, timeout=10):
        return wait_for(f"a label starting with {prefix!r}",
                        lambda: next((n for n in self.window().find_all("label") if n.name.startswith(prefix)), None),
                        timeout)

    def value_of(self, row_title):
        """The text a value row shows at its right."""
        row = self.row(row_title)
        values = [text for text in row.labels() if text != row_title]
        return values[-1] if values else ""

    def alert_texts(self):
        return [" ".join(label.name for label in alert.find_all("label"))
                for alert in self.window().find_all("alert")]

    def press(self, *keys, each=False, window="Knobs"):
        """Presses a key combination through the X server, e.g. press("Control_L", "w");
        with each=True, presses the keys one after the other: press("Down", "Down", each=True).
        The keys go to the window titled `window` (a dialog's title, say)."""
        if self.session.display_kind != "x11":
            raise AssertionError("keys go through the X server: under Wayland a scenario acts over AT-SPI only")
        # Without a window manager nothing gives the window the keyboard focus: do it first.
        names = [{"Control_L": "ctrl", "Alt_L": "alt", "Shift_L": "shift"}.get(k, k) for k in keys]
        self._focus_window(window)
        subprocess.run(["xdotool", "key", "--clearmodifiers", *(names if each else ["+".join(names)])],
                       env=self.session.env, check=True, capture_output=True, timeout=10)

    def _focus_window(self, title="Knobs"):
        # Only the mapped window: GTK's unmapped leader window has the same name and cannot take focus.
        subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{title}$", "windowfocus"],
                       env=self.session.env, capture_output=True, timeout=10)

    def type_text(self, text, window="Knobs"):
        if self.session.display_kind != "x11":
            raise AssertionError("keys go through the X server: under Wayland a scenario acts over AT-SPI only")
        self._focus_window(window)
        subprocess.run(["xdotool", "type", "--delay", "40", text], env=self.session.env, check=True,
                       capture_output=True, timeout=20)

    def tree_text(self):
        lines = []
        try:
            for app in self.apps_named_knobs():
                self._dump(Node(app), 0, lines)
        except Exception as error:
            lines.append(f"<the tree could not be read: {error}>")
        return "\n".join(lines) or "<no knobs application on the accessibility bus>"

    def _dump(self, node, depth, lines):
        flags = "".join(f" {flag}" for flag, on in [
            ("CHECKED", node.checked), ("FOCUSED", node.focused), ("hidden", not node.showing),
            ("insensitive", not node.sensitive)] if on)
        description = f" — {node.description!r}" if node.description else ""
        lines.append("  " * depth + f"{node!r}{description}{flags}")
        for child in node.children():
            self._dump(child, depth + 1, lines)
