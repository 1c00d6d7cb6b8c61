"""Panel files: the pizza example opened with --panel, bound to an INI file in the
session's config folder, changed from the window and from outside."""

import configparser
from pathlib import Path

from harness.driver import wait_for
from harness.scenario import scenario

REPO = Path(__file__).resolve().parents[2]
PIZZA = REPO / "examples" / "pizza.yaml"


def ini_value(session, group, key):
    """A key of the pizza INI file as another program reads it; None while it is not there."""
    path = Path(session.env["XDG_CONFIG_HOME"]) / "knobs-pizza" / "pizza.ini"
    if not path.exists():
        return None
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(path)
    return parser.get(group, key, fallback=None)


@scenario(backend="memory")
def test_pizza_switch_lands_in_the_ini_file_and_outside_edits_show(session, driver):
    driver.window_title = "Pizza Builder"
    session.launch("--panel", str(PIZZA))
    bacon = driver.switch("Bacon")
    assert bacon.checked, "bacon is on by default"
    bacon.toggle()
    wait_for("the INI file says no bacon", lambda: ini_value(session, "toppings", "bacon") == "false")
    assert not driver.switch("Bacon").checked

    # Another program (the pizza app) edits the file: keep its comment, add olives.
    path = Path(session.env["XDG_CONFIG_HOME"]) / "knobs-pizza" / "pizza.ini"
    text = path.read_text()
    path.write_text("# written by the pizza app\n" + text + "olives=true\n")
    wait_for("the window shows olives on", lambda: driver.switch("Olives").checked)

    listed = session.run("--panel", str(PIZZA), "get", "toppings/olives")
    assert listed.stdout.strip() == "on", listed
    assert session.run("--panel", str(PIZZA), "set", "dough/thickness", "5").returncode == 0
    wait_for("the slider follows the command line", lambda: driver.slider("Dough Thickness").value == 5)
    kept = path.read_text()
    assert "# written by the pizza app" in kept, kept
    assert ini_value(session, "dough", "thickness") == "5"
