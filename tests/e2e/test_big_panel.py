"""A panel of 3,000 rows driven with the keyboard only, the way a keyboard or
screen reader user does: arrows cross sections, Page Down, Home and End reach
the ends, Space and Enter flip a far switch, a deep link lands on a far row,
and each row says where it is in the list."""

from harness.driver import wait_for
from harness.scenario import scenario
from harness.session import bench_app_binary

# A generated panel, through the benchmark hook of knobs-bench-app (the shipped knobs has none).
BIG = {"KNOBS_BENCH_PANEL": "toggles:3000"}


def page_list(driver):
    return driver.window().find("list", "Knobs")


def focused_rows(driver):
    """The focused list items, walking only the page list's items (a full-tree walk is slow)."""
    return [item for item in page_list(driver).children() if item.role == "list item" and item.focused]


def focused_title(driver):
    rows = focused_rows(driver)
    return rows[0].name if rows else None


def wait_for_focus(driver, title):
    wait_for(f"{title} has the focus", lambda: focused_title(driver) == title)


@scenario(timeout=120)
def test_keyboard_reaches_every_row_of_a_3000_row_panel(session, driver):
    session.launch(extra_env=BIG, binary=bench_app_binary())
    wait_for_focus(driver, "Row 0.0")
    driver.press(*["Down"] * 10, each=True)
    wait_for_focus(driver, "Row 1.0")  # from the first section's last row into the second section
    driver.press("Up")
    wait_for_focus(driver, "Row 0.9")
    driver.press("End")
    wait_for_focus(driver, "Row 299.9")
    assert page_list(driver).find("label", "Section 299"), "the last section's title is shown"
    driver.press("Home")
    wait_for_focus(driver, "Row 0.0")
    driver.press("Page_Down")
    wait_for("Page Down moves the focus down a screen",
             lambda: (focused_title(driver) or "Row 0.0") != "Row 0.0")
    driver.press("End")
    wait_for_focus(driver, "Row 299.9")
    driver.press("space")
    wait_for("Space turns Row 2999 on", lambda: driver.switch("Row 299.9").checked)
    driver.press("Return")
    wait_for("Enter turns Row 2999 off", lambda: not driver.switch("Row 299.9").checked)

    result = session.run("--open", "section-150/row-1500", extra_env=BIG)
    assert result.returncode == 0, result.stderr
    wait_for_focus(driver, "Row 150.0")
    driver.press("Down")
    wait_for_focus(driver, "Row 150.1")


@scenario(timeout=120)
def test_search_over_3000_rows_goes_to_a_far_row(session, driver):
    session.launch(extra_env=BIG, binary=bench_app_binary())
    wait_for_focus(driver, "Row 0.0")
    driver.press("Control_L", "f")
    driver.type_text("Row 271.8")
    wait_for("one result, Row 2718",
             lambda: [item.name for item in driver.window().find("list", "Search Results").children()]
             == ["Row 271.8"])
    driver.press("Return")
    wait_for_focus(driver, "Row 271.8")


@scenario(timeout=120)
def test_a_shorter_result_list_ends_at_its_last_result(session, driver):
    """Search results keep GTK's slots past a shorter list's end, hidden: the arrows stop at
    the last result, and screen readers hear only the results."""
    session.launch(extra_env=BIG, binary=bench_app_binary())
    wait_for_focus(driver, "Row 0.0")
    driver.press("Control_L", "f")
    driver.type_text("Row 27")
    wait_for("a screenful of results", lambda: len(driver.window().find("list", "Search Results").children()) > 5)
    driver.type_text("1.8")
    wait_for("one result, Row 2718",
             lambda: [item.name for item in driver.window().find("list", "Search Results").children()]
             == ["Row 271.8"])
    driver.press("Down")
    driver.press("Down")
    driver.press("Down")
    driver.press("Return")
    wait_for_focus(driver, "Row 271.8")
