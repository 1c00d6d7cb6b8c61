"""The app shell: the window, its sections, the clock footer, detail pages,
one instance per session, and closing."""

import re

from harness.driver import TYPE_NAME, wait_for
from harness.scenario import scenario

DESKTOP_PAGES = [
    "Appearance", "Fonts", "Top Bar", "Windows", "Mouse & Touchpad", "Keyboard", "Keyboard Shortcuts", "Sound",
    "Startup Applications",
]
SECTIONS = {
    "Reach Out": ["Send Feedback", "Website", "Report an Issue"],
    "Help": ["Shortcuts in Knobs", "About Knobs", "Privacy Policy"],
}
# Each desktop page: a path that opens it, and its sections with their rows in order.
PAGES = {
    "Appearance": ("appearance/dark-style", {
        "Style": ["Dark Style", "Animations"],
        "Themes": ["Icons", "Cursor", "Cursor Size", "Shell", "Legacy Applications"],
        "Background": ["Picture", "Picture in Dark Style", "Adjustment"],
    }),
    "Fonts": ("fonts/interface", {
        "Fonts": ["Interface Text", "Document Text", "Monospace Text", "Legacy Window Titles"],
        "Rendering": ["Text Size", "Hinting", "Antialiasing"],
    }),
    "Top Bar": ("top-bar/hot-corner", {
        "Top Bar": ["Activities Overview Hot Corner", "Battery Percentage"],
        "Clock": ["Show Weekday", "Show Date", "Show Seconds", "Time Format"],
        "Calendar": ["Week Numbers"],
    }),
    "Windows": ("windows/double-click", {
        "Titlebar Actions": ["Double-Click", "Middle-Click", "Secondary-Click"],
        "Titlebar Buttons": ["Maximize", "Minimize", "Placement", "Button Layout"],
        "Behavior": ["Attach Modal Dialogs", "Center New Windows", "Resize with Secondary-Click",
                     "Window Action Key"],
        "Window Focus": ["Focus Mode", "Raise Windows When Focused"],
        "Workspaces": ["Dynamic Workspaces", "Number of Workspaces", "Workspace Names",
                       "Workspaces on Primary Display Only"],
    }),
    "Mouse & Touchpad": ("mouse/pointer-location", {
        "Mouse": ["Pointer Location", "Middle Click Paste", "Acceleration Profile"],
        "Touchpad": ["Disable While Typing", "Click Method"],
    }),
    "Keyboard": ("keyboard/emacs-input", {
        "Keyboard": ["Emacs Input", "Overview Shortcut", "Show Extended Input Sources", "Additional Layout Options"],
    }),
    "Sound": ("sound/over-amplification", {
        "Sound": ["Over-Amplification", "Sound Theme", "Event Sounds", "Input Feedback Sounds"],
    }),
}
SWITCHES = {"Appearance": ["Dark Style", "Animations"], "Top Bar": ["Show Weekday", "Show Seconds"]}
DROP_DOWNS = {"Appearance": ["Cursor Size", "Icons", "Cursor"], "Top Bar": ["Time Format"]}
SECONDS = re.compile(r"\d:\d\d:\d\d")


def check_sections(driver, page_title, sections):
    """The page's one list (built lazily) holds each section's rows in order; a
    section's title is shown in its first row's list item."""
    window = driver.window()
    headings = [label.name for label in window.find_all("label")]
    page = wait_for(f"the {page_title} page's list", lambda: window.find("list", page_title))
    items = [row for row in page.children() if row.role == "list item"]
    for section, rows in sections.items():
        assert section in headings, f"no heading {section!r} among the labels {headings}"
        start = next((i for i, item in enumerate(items) if item.find("label", section)), None)
        assert start is not None, f"no list item holds the heading {section!r}"
        titles = [row.name for row in items[start:start + len(rows)]]
        assert titles == rows, f"{section}: rows {titles}, expected {rows}"
    type_names = [repr(node) for node in window.descendants() if node.showing and TYPE_NAME.match(node.name)]
    assert not type_names, f"nodes named by a GTK type name: {type_names}"


@scenario()
def test_window_shows_every_page_and_section_with_named_controls(session, driver):
    session.launch()
    window = driver.window()
    assert window.name == "Knobs"
    page = window.find("list", "Knobs")
    items = [row.name for row in page.children() if row.role == "list item"]
    assert items[:len(DESKTOP_PAGES)] == DESKTOP_PAGES, items
    check_sections(driver, "Knobs", SECTIONS)
    for title, (path, sections) in PAGES.items():
        assert session.run("--open", path).returncode == 0
        wait_for(f"the {title} page shows", lambda: driver.window().find("list", title))
        check_sections(driver, title, sections)
        for name in SWITCHES.get(title, []):
            assert driver.switch(name).role == "check box"
        for name in DROP_DOWNS.get(title, []):
            assert driver.drop_down(name)
        if title == "Fonts":
            assert driver.slider("Text Size").value == 1.0


@scenario()
def test_show_seconds_changes_the_clock_footer(session, driver):
    session.launch("--open", "clock/show-seconds")
    footer = driver.label_starting("The clock will read")
    assert not SECONDS.search(footer.text), footer.text
    assert not driver.switch("Show Seconds").checked
    driver.switch("Show Seconds").toggle()
    wait_for("the footer shows seconds", lambda: SECONDS.search(driver.label_starting("The clock will read").text))
    # The setting is written as the switch starts to slide; the switch reads as on once the slide ends.
    wait_for("the switch reads on", lambda: driver.switch("Show Seconds").checked)
    driver.switch("Show Seconds").toggle()
    wait_for("the footer drops the seconds",
             lambda: not SECONDS.search(driver.label_starting("The clock will read").text))
    wait_for("the switch reads off", lambda: not driver.switch("Show Seconds").checked)


@scenario()
def test_about_shows_the_version_and_back_returns(session, driver):
    printed = session.run("--version")
    assert printed.returncode == 0 and re.fullmatch(r"knobs \d+\.\d+\.\d+\n?", printed.stdout), printed
    version = printed.stdout.split()[-1]
    session.launch()
    driver.activate_row("About Knobs")
    wait_for("the About page shows Version", lambda: driver.value_of("Version") == version)
    assert driver.value_of("GTK Version").startswith("4.")
    # The first page behind it is out of the accessibility tree, not just off screen.
    listed = {row.name for row in driver.window().find_all("list item", showing=False)}
    assert listed == {"Version", "GTK Version", "Settings Storage", "License", "Source Code"}, listed
    driver.node("push button", "Back").do_action()
    wait_for("the About page is gone", lambda: driver.window().find("list item", "Version") is None)
    for title in DESKTOP_PAGES + [row for rows in SECTIONS.values() for row in rows]:
        driver.row(title, timeout=2)


@scenario()
def test_second_launch_presents_the_same_window(session, driver):
    first = session.launch()
    driver.window()
    second = session.launch()
    assert session.wait_for_exit(second) == 0, "the second launch should hand over and exit 0"
    assert first.poll() is None, "the first instance keeps running"
    assert session.knobs_processes() == [first.pid], session.knobs_processes()
    assert len(driver.apps_named_knobs()) == 1
    assert len(driver.app().find_all("frame", showing=False)) == 1
    driver.activate_row("Top Bar")  # and the window still answers
    driver.switch("Show Weekday").toggle()
    wait_for("Show Weekday is on", lambda: driver.switch("Show Weekday").checked)


@scenario()
def test_ctrl_w_closes_the_window_and_the_app_exits(session, driver):
    app = session.launch()
    driver.row("Appearance")
    driver.press("Control_L", "w")
    assert session.wait_for_exit(app) == 0
