"""Runs one scenario in this process: a sealed session, the AT-SPI driver,
evidence on failure, and a check that the app printed no GTK warning.

Usage: python3 -m harness.runner MODULE FUNCTION   (from tests/e2e)"""

import importlib
import os
import sys
import traceback
from pathlib import Path

from harness.session import REPO, Session


def main(module_name, function_name):
    test = getattr(importlib.import_module(module_name), function_name)
    session = Session(name=function_name, **test.knobs_options).start()
    # Atspi finds the accessibility bus through these; set them before importing it.
    os.environ["DISPLAY"] = session.env["DISPLAY"]
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = session.env["DBUS_SESSION_BUS_ADDRESS"]
    from harness.driver import Driver

    driver = Driver(session)
    try:
        test.knobs_body(session, driver)
        problems = session.problems_in_stderr()
        if problems:
            raise AssertionError("Knobs printed GTK/GLib warnings or criticals:\n" + "\n".join(problems))
        print(f"{function_name}: passed")
        return 0
    except BaseException:
        traceback.print_exc(file=sys.stdout)
        folder = session.capture(REPO / "build" / "e2e-failures" / function_name, driver.tree_text())
        print(f"{function_name}: FAILED — screenshot, accessibility tree and stderr in {folder}")
        return 1
    finally:
        session.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
