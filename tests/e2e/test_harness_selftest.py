"""The harness checks itself: a broken expectation and a GTK/GLib warning both
fail a scenario, with a readable message and the evidence where it says."""

import subprocess

from harness.scenario import failure_message, run_scenario
from harness.session import PROBLEM_LINE


def run_failing(monkeypatch, tmp_path, function):
    monkeypatch.setenv("KNOBS_E2E_FAILURES", str(tmp_path))
    returncode, output = run_scenario("harness.selftest_scenarios", function, 60)
    assert returncode == 1, output
    return failure_message(function, output), tmp_path / function


def test_a_broken_expectation_fails_with_a_readable_message_and_a_screenshot(monkeypatch, tmp_path):
    message, folder = run_failing(monkeypatch, tmp_path, "renamed_row_title")
    first_line = message.splitlines()[0]
    assert first_line == ("scenario renamed_row_title failed: AssertionError: Clock: rows "
                          "['Show Weekday', 'Show Date', 'Show Seconds', 'Time Format'], "
                          "expected ['Show Weekday', 'Show Date', 'Show Secs', 'Time Format']"), first_line
    assert f"Screenshot, accessibility tree and Knobs' stderr: {folder}" in message
    screenshot = folder / "screenshot.png"
    assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    size, colors = subprocess.run(["identify", "-format", "%wx%h %k", str(screenshot)],
                                  capture_output=True, text=True, check=True).stdout.split()
    assert size == "1280x1024" and int(colors) > 10, f"the screenshot looks empty: {size}, {colors} colors"
    assert "[frame] 'Knobs'" in (folder / "accessibility-tree.txt").read_text()
    assert "Show Secs" in (folder / "failure.txt").read_text()
    assert (folder / "knobs-stderr.txt").exists()


def test_a_glib_warning_fails_the_scenario(monkeypatch, tmp_path):
    message, folder = run_failing(monkeypatch, tmp_path, "warning_in_stderr")
    assert message.splitlines()[0] == (
        "scenario warning_in_stderr failed: AssertionError: Knobs printed GTK/GLib warnings or criticals:"), message
    assert "GLib-GIO-WARNING" in message and "no-such-backend" in message, message
    assert "no-such-backend" in (folder / "knobs-stderr.txt").read_text()


def test_the_warning_pattern():
    problems = [
        "(knobs:42): Gtk-WARNING **: 05:28:48.233: Allocating size to GtkBox without calling measure()",
        "(knobs:42): Gtk-CRITICAL **: 05:28:48.233: gtk_widget_get_parent: assertion 'GTK_IS_WIDGET' failed",
        "(knobs:42): GLib-GIO-WARNING **: 05:28:48.233: Can't find module 'x' specified in GSETTINGS_BACKEND",
        "(knobs:42): GLib-GObject-CRITICAL **: 05:28:48.233: g_object_unref: assertion failed",
        "** (knobs:42): WARNING **: 05:28:48.233: something without a log domain",
        "** (knobs:42): CRITICAL **: 05:28:48.233: something without a log domain",
        "(knobs:42): Pango-WARNING **: 05:28:48.233: font",
    ]
    fine = ["knobs: no display: run Knobs inside a desktop session", "(knobs:42): Gtk-DEBUG: fine",
            "Nothing was changed: 9 is out of range"]
    assert [line for line in problems if not PROBLEM_LINE.search(line)] == []
    assert [line for line in fine if PROBLEM_LINE.search(line)] == []
