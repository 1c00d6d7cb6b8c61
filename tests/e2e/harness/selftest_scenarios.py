"""Scenarios that must fail: test_harness_selftest.py runs them to show that the
harness reports a broken expectation or a GTK warning readably, with evidence.
The file name keeps pytest from collecting them as tests of their own."""

import test_shell
from harness.scenario import scenario


@scenario()
def renamed_row_title(session, driver):
    """Scenario 1, expecting a row title the app does not have."""
    sections = test_shell.SECTIONS
    test_shell.SECTIONS = {**sections, "Clock": ["Show Weekday", "Show Secs", "Time Format"]}
    try:
        test_shell.test_window_shows_every_section_with_named_controls.knobs_body(session, driver)
    finally:
        test_shell.SECTIONS = sections


@scenario()
def warning_in_stderr(session, driver):
    """Everything passes, but GLib warns about the unknown settings backend."""
    session.launch(extra_env={"GSETTINGS_BACKEND": "no-such-backend"})
    driver.switch("Dark Style")
