"""Scenarios that must fail: test_harness_selftest.py runs them to show that the
harness reports a broken expectation or a GTK warning readably, with evidence.
The file name keeps pytest from collecting them as tests of their own."""

import test_shell
from harness.scenario import scenario


@scenario()
def renamed_row_title(session, driver):
    """Scenario 1, expecting a row title the app does not have."""
    pages = test_shell.PAGES
    path, sections = pages["Top Bar"]
    clock = ["Show Weekday", "Show Date", "Show Secs", "Time Format"]
    test_shell.PAGES = {**pages, "Top Bar": (path, {**sections, "Clock": clock})}
    try:
        test_shell.test_window_shows_every_page_and_section_with_named_controls.knobs_body(session, driver)
    finally:
        test_shell.PAGES = pages


@scenario()
def warning_in_stderr(session, driver):
    """Everything passes, but GLib warns about the unknown settings backend."""
    session.launch(extra_env={"GSETTINGS_BACKEND": "no-such-backend"})
    driver.row("Appearance")
