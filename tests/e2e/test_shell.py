"""The app shell: the window, its sections, the clock footer, detail pages,
one instance per session, and closing."""

import re

from harness.driver import TYPE_NAME, wait_for
from harness.scenario import scenario

SECTIONS = {
    "Appearance": ["Dark Style", "Text Size", "Animations", "Cursor Size"],
    "Clock": ["Show Weekday", "Show Seconds", "Time Format"],
    "Reach Out": ["Send Feedback", "Website", "Report an Issue"],
    "Help": ["Keyboard Shortcuts", "About Knobs", "Privacy Policy"],
}
SWITCHES = ["Dark Style", "Animations", "Show Weekday", "Show Seconds"]


@scenario()
def test_window_shows_every_section_with_named_controls(session, driver):
    session.launch()
    window = driver.window()
    for section, rows in SECTIONS.items():
        lists = window.find_all("list", section)
        assert lists, f"no list named {section!r}"
        titles = [row.name for row in lists[0].find_all("list item")]
        assert titles == rows, f"{section}: rows {titles}, expected {rows}"
    for title in SWITCHES:
        assert driver.switch(title).role == "check box"
    assert driver.node("slider", "Text Size").value == 1.0
    assert driver.node("combo box", "Cursor Size")
    type_names = [repr(node) for node in window.descendants() if node.showing and TYPE_NAME.match(node.name)]
    assert not type_names, f"nodes named by a GTK type name: {type_names}"


@scenario()
def test_show_seconds_changes_the_clock_footer(session, driver):
    session.launch()
    footer = driver.label_starting("The clock will read")
    seconds = re.compile(r"\d:\d\d:\d\d")
    assert not seconds.search(footer.name), footer.name
    driver.switch("Show Seconds").do_action()
    wait_for("the footer shows seconds", lambda: seconds.search(driver.label_starting("The clock will read").name))
    assert driver.switch("Show Seconds").checked


@scenario()
def test_about_shows_the_version_and_back_returns(session, driver):
    version = session.run("--version").stdout.split()[-1]
    session.launch()
    driver.activate_row("About Knobs")
    wait_for("the About page shows Version", lambda: driver.value_of("Version") == version)
    assert driver.value_of("GTK Version").startswith("4.")
    driver.node("push button", "Back").do_action()
    driver.switch("Dark Style")
    wait_for("the About page is gone", lambda: driver.window().find("list item", "Version") is None)


@scenario()
def test_second_launch_presents_the_same_window(session, driver):
    first = session.launch()
    driver.window()
    second = session.launch()
    assert session.wait_for_exit(second) == 0, "the second launch should hand over and exit 0"
    assert first.poll() is None, "the first instance keeps running"
    assert len(driver.apps_named_knobs()) == 1
    assert len(driver.app().find_all("frame", showing=False)) == 1


@scenario()
def test_ctrl_w_closes_the_window_and_the_app_exits(session, driver):
    app = session.launch()
    driver.switch("Dark Style")
    driver.press("Control_L", "w")
    assert session.wait_for_exit(app) == 0
