"""The app shell: the window, its sections, the clock footer, detail pages,
one instance per session, and closing."""

import re

from harness.driver import TYPE_NAME, wait_for
from harness.scenario import scenario

SECTIONS = {
    "Appearance": ["Dark Style", "Text Size", "Animations", "Cursor Size", "Icons", "Cursor", "Background"],
    "Clock": ["Show Weekday", "Show Seconds", "Time Format"],
    "Fonts": ["Interface Text", "Document Text", "Monospace Text", "Hinting", "Antialiasing"],
    "Windows": ["Workspaces", "Workspace Names", "Titlebar Buttons"],
    "Apps": ["Startup Applications"],
    "Reach Out": ["Send Feedback", "Website", "Report an Issue"],
    "Help": ["Keyboard Shortcuts", "About Knobs", "Privacy Policy"],
}
SWITCHES = ["Dark Style", "Animations", "Show Weekday", "Show Seconds"]
DROP_DOWNS = ["Cursor Size", "Time Format", "Icons", "Cursor"]
SECONDS = re.compile(r"\d:\d\d:\d\d")


@scenario()
def test_window_shows_every_section_with_named_controls(session, driver):
    session.launch()
    window = driver.window()
    assert window.name == "Knobs"
    headings = [label.name for label in window.find_all("label")]
    # The page is one list, built lazily; a section's title is shown in its first row's list item.
    page = window.find("list", "Knobs")
    assert page, "no list named after the page"
    items = [row for row in page.children() if row.role == "list item"]
    for section, rows in SECTIONS.items():
        assert section in headings, f"no heading {section!r} among the labels {headings}"
        start = next((i for i, item in enumerate(items) if item.find("label", section)), None)
        assert start is not None, f"no list item holds the heading {section!r}"
        titles = [row.name for row in items[start:start + len(rows)]]
        assert titles == rows, f"{section}: rows {titles}, expected {rows}"
    for title in SWITCHES:
        assert driver.switch(title).role == "check box"
    assert driver.slider("Text Size").value == 1.0
    for title in DROP_DOWNS:
        assert driver.drop_down(title)
    type_names = [repr(node) for node in window.descendants() if node.showing and TYPE_NAME.match(node.name)]
    assert not type_names, f"nodes named by a GTK type name: {type_names}"


@scenario()
def test_show_seconds_changes_the_clock_footer(session, driver):
    session.launch()
    footer = driver.label_starting("The clock will read")
    assert not SECONDS.search(footer.text), footer.text
    assert not driver.switch("Show Seconds").checked
    driver.switch("Show Seconds").toggle()
    wait_for("the footer shows seconds", lambda: SECONDS.search(driver.label_starting("The clock will read").text))
    assert driver.switch("Show Seconds").checked
    driver.switch("Show Seconds").toggle()
    wait_for("the footer drops the seconds",
             lambda: not SECONDS.search(driver.label_starting("The clock will read").text))
    assert not driver.switch("Show Seconds").checked


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
    for rows in SECTIONS.values():
        for title in rows:
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
    driver.switch("Show Weekday").toggle()  # and the window still answers
    wait_for("Show Weekday is on", lambda: driver.switch("Show Weekday").checked)


@scenario()
def test_ctrl_w_closes_the_window_and_the_app_exits(session, driver):
    app = session.launch()
    driver.switch("Dark Style")
    driver.press("Control_L", "w")
    assert session.wait_for_exit(app) == 0
