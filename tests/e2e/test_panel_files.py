"""Panel files: the pizza example opened with --panel, bound to an INI file in the
session's config folder, changed from the window and from outside."""

import configparser
import os
import shlex
import subprocess
from pathlib import Path

from harness.driver import wait_for
from harness.scenario import scenario
from harness.session import PROBLEM_LINE, knobs_binary

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
    # The value is written as the switch starts to slide; it reads as off once the slide ends.
    wait_for("the switch shows bacon off", lambda: not driver.switch("Bacon").checked)

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


ENTRY = "dev.knobs.Knobs.Panel.org.example.PizzaBuilder.desktop"


@scenario(backend="memory")
def test_installed_pizza_panel_launches_from_its_desktop_entry(session, driver):
    installed = session.run("install-panel", str(PIZZA))
    assert installed.returncode == 0, installed
    panel = session.data_home() / "knobs" / "panels" / "org.example.PizzaBuilder.yaml"
    entry = session.data_home() / "applications" / ENTRY
    assert panel.read_text() == PIZZA.read_text()
    validated = session.command("desktop-file-validate", str(entry))
    assert validated.returncode == 0 and not validated.stdout.strip(), validated
    # The entry starts knobs itself, not the window program install-panel may run in.
    command = next(line for line in entry.read_text().splitlines() if line.startswith("Exec="))[len("Exec="):]
    assert shlex.split(command)[0] == os.path.realpath(knobs_binary()), command

    # The desktop starts it as `gio launch` does: the entry's Exec, found by id.
    # Its output goes to a file: the knobs it starts keeps the file open after gio exits.
    log = session.root / "gio-launch-stderr.txt"
    with open(log, "w") as stderr:
        launched = subprocess.run(["gio", "launch", str(entry)], env=session.env, stdout=subprocess.DEVNULL,
                                  stderr=stderr, timeout=30)
    assert launched.returncode == 0, log.read_text()
    driver.window_title = "Pizza Builder"
    driver.switch("Cheese Border").toggle()
    wait_for("the INI file has the cheese border", lambda: ini_value(session, "dough", "cheese-border") == "true")
    path = Path(session.env["XDG_CONFIG_HOME"]) / "knobs-pizza" / "pizza.ini"
    path.write_text(path.read_text().replace("cheese-border=true", "cheese-border=false"))
    wait_for("the window follows the outside edit", lambda: not driver.switch("Cheese Border").checked)

    # The installed panel is found by its id too.
    listed = session.run("--panel", "org.example.PizzaBuilder", "get", "dough/cheese-border")
    assert listed.stdout.strip() == "off", listed
    removed = session.run("uninstall-panel", "org.example.PizzaBuilder")
    assert removed.returncode == 0, removed
    assert not panel.exists() and not entry.exists()
    again = session.run("uninstall-panel", "org.example.PizzaBuilder")
    assert again.returncode == 2 and "is installed for this user" in again.stderr, again
    problems = [line for line in log.read_text().splitlines() if PROBLEM_LINE.search(line)]
    assert not problems, problems


@scenario(backend="memory")
def test_a_bad_panel_file_is_refused_and_nothing_is_written(session, driver):
    bad = Path(session.env["HOME"]) / "bad.yaml"
    bad.write_text(PIZZA.read_text().replace("min: 1\n", "min: one\n", 1).replace("kind: choice", "kind: choise"))
    lines = bad.read_text().splitlines()
    min_line = lines.index("        min: one") + 1
    kind_line = next(number for number, line in enumerate(lines, 1) if line.endswith("kind: choise"))
    checked = session.run("--check-panel", str(bad))
    assert checked.returncode == 2, checked
    assert checked.stderr.splitlines() == [
        f"{bad}:{min_line}:14: dough/thickness: “min” must be a number, not “one”.",
        f"{bad}:{kind_line}:15: sauce/sauce: Unknown row kind “choise”. Did you mean “choice”? The kinds are toggle, "
        "link, email, detail, value, slider, choice, action, text, number, font, file, multi-select, list, shortcut, "
        "color.",
    ], checked.stderr
    # In German the messages are German sentences after the same file:line:column: and path.
    german = session.run("--check-panel", str(bad), extra_env={"LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"})
    assert german.returncode == 2, german
    assert german.stderr.splitlines() == [
        f"{bad}:{min_line}:14: dough/thickness: „min“ muss eine Zahl sein, nicht „one“.",
        f"{bad}:{kind_line}:15: sauce/sauce: Unbekannte Zeilenart „choise“. Meinten Sie „choice“? Die Arten sind "
        "toggle, link, email, detail, value, slider, choice, action, text, number, font, file, multi-select, list, "
        "shortcut, color.",
    ], german.stderr
    opened = session.run("--panel", str(bad))
    assert opened.returncode == 2 and "“min” must be a number" in opened.stderr, opened
    installed = session.run("install-panel", str(bad))
    assert installed.returncode == 2, installed
    assert not (session.data_home() / "knobs").exists()
    assert not (Path(session.env["XDG_CONFIG_HOME"]) / "knobs-pizza").exists()


BROKEN = """id: org.example.Broken
name: Broken
sections:
  - id: dough
    rows:
      - kind: slider
        id: thickness
        title: Thickness
        setting: {schema: org.gnome.desktop.interface, key: text-scaling-factr}
        min: 1
        max: 5
        step: 1
      - kind: color
        id: crust
        title: Crust
        setting: {schema: org.gnome.desktop.background, key: primary-color}
        format: cmyk
"""


@scenario(backend="memory")
def test_a_broken_installed_panel_shows_its_problems_in_a_window(session, driver):
    folder = session.data_home() / "knobs" / "panels"
    folder.mkdir(parents=True)
    path = folder / "org.example.Broken.yaml"
    path.write_text(BROKEN)
    expected = [f"{path}:17:17: dough/crust: “format” is “hex”, “hex-alpha”, “rgb” or “rgba”, not “cmyk”."]
    # As the desktop's app list starts it: by id, with a display and nobody reading stderr.
    process = session.launch("--panel", "org.example.Broken")
    driver.window_title = "org.example.Broken"
    window = driver.window()
    labels = [label.name for label in window.find_all("label")]
    assert f"Couldn't open “org.example.Broken”: the settings panel has 1 problem:" in labels, labels
    assert "\n".join(expected) in labels, labels
    window.find("push button", "Close").do_action()
    assert wait_for("knobs exits", lambda: process.poll() is not None) is not None
    assert process.returncode == 2
    _, log = session.apps[-1]
    log.flush()
    log.seek(0)
    assert log.read().splitlines() == expected

    # Fixed but for a mistyped key: the message suggests the key it meant, on the command line too.
    path.write_text(BROKEN.replace("format: cmyk", "format: hex"))
    checked = session.run("--check-panel", str(path))
    assert checked.returncode == 2, checked
    assert checked.stderr.splitlines() == [
        f"{path}:6:9: dough/thickness: The settings schema org.gnome.desktop.interface has no key "
        "“text-scaling-factr”. Did you mean “text-scaling-factor”?"
    ], checked.stderr


@scenario(backend="memory")
def test_an_ini_file_swapped_for_a_symlink_out_of_the_config_folder_is_not_read(session, driver):
    driver.window_title = "Pizza Builder"
    session.launch("--panel", str(PIZZA))
    driver.switch("Cheese Border").toggle()
    wait_for("the INI file has the cheese border", lambda: ini_value(session, "dough", "cheese-border") == "true")
    path = Path(session.env["XDG_CONFIG_HOME"]) / "knobs-pizza" / "pizza.ini"
    outside = session.root / "elsewhere.ini"
    outside.write_text("[dough]\ncheese-border=false\n[toppings]\nolives=true\n")
    # Another program replaces the file with a symlink leading out of the config folder.
    path.unlink()
    path.symlink_to(outside)
    refusal = ("The INI file “knobs-pizza/pizza.ini” leads out of the config folder through a symlink; "
               "Knobs won't read or write it.")
    wait_for("the window says so", lambda: any(refusal in text for text in driver.alert_texts()))
    assert driver.switch("Cheese Border").checked, "nothing was read through the symlink"
    wait_for("its rows can't be changed", lambda: not driver.switch("Cheese Border").sensitive)
    assert not driver.switch("Olives").checked
    assert outside.read_text() == "[dough]\ncheese-border=false\n[toppings]\nolives=true\n"
