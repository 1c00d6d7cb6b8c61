"""Link and email rows hand their URIs to the desktop's handler, once per
activation, and say so in the window when there is none."""

import os
import time
from pathlib import Path

from harness.driver import wait_for
from harness.scenario import scenario


def install_recorder(session, schemes):
    """A handler for `schemes` that appends each URI it is given to a file."""
    record = session.root / "opened.txt"
    record.touch()
    script = session.root / "recorder"
    script.write_text(f'#!/bin/sh\nprintf "%s\\n" "$1" >> "{record}"\n')
    script.chmod(0o755)
    applications = Path(session.env["XDG_DATA_HOME"]) / "applications"
    applications.mkdir(parents=True, exist_ok=True)
    mime_types = "".join(f"x-scheme-handler/{scheme};" for scheme in schemes)
    (applications / "recorder.desktop").write_text(
        f"[Desktop Entry]\nType=Application\nName=Recorder\nExec={script} %u\nMimeType={mime_types}\nNoDisplay=true\n")
    (Path(session.env["XDG_CONFIG_HOME"]) / "mimeapps.list").write_text(
        "[Default Applications]\n" + "".join(f"x-scheme-handler/{scheme}=recorder.desktop\n" for scheme in schemes))
    return record


@scenario()
def test_website_and_feedback_open_once_each(session, driver):
    record = install_recorder(session, ["https", "mailto"])
    session.launch()
    driver.focus_row("Website")
    driver.press("Return")
    driver.press("Return")  # a second, quick activation must not open a second tab
    wait_for("the website was opened", lambda: "https://knobs.dev" in record.read_text().split())
    driver.activate_row("Send Feedback")
    wait_for("the message was opened", lambda: "mailto:" in record.read_text())
    time.sleep(2)  # room for a duplicate to show up, were there one
    lines = record.read_text().splitlines()
    assert lines.count("https://knobs.dev") == 1, lines
    mail = [line for line in lines if line.startswith("mailto:")]
    assert len(mail) == 1, lines
    assert mail[0].startswith("mailto:maintainers@knobs.dev?subject=Knobs%20feedback&body="), mail[0]
    assert " " not in mail[0] and "\n" not in mail[0] and "attach" not in mail[0], mail[0]
    assert len(lines) == 2, lines


@scenario()
def test_without_a_handler_the_window_says_so_and_keeps_working(session, driver):
    session.launch()
    driver.activate_row("Website")
    wait_for("an in-window message about the link",
             lambda: any("Couldn't open “Website”" in text for text in driver.alert_texts()))
    assert driver.node("push button", "Copy Link")
    driver.activate_row("Appearance")
    animations = driver.switch("Animations")
    assert animations.checked
    animations.do_action()
    wait_for("the window still responds", lambda: not driver.switch("Animations").checked)
