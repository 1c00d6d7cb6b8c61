"""`knobs custom-shortcut` given what a person or a script might: missing arguments, a blank
or hostile name, an accelerator that is not one, a name that is not there, and no
settings database to keep anything in. Each is refused in words with its own status,
and nothing is written. Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import pytest

from test_cli import home, knobs  # noqa: F401 (home is a fixture)


@pytest.mark.parametrize("arguments, message", [
    (["custom-shortcut"], "custom-shortcut takes add or remove."),
    (["custom-shortcut", "list"], "custom-shortcut takes add or remove."),
    (["custom-shortcut", "add", "Files"], "custom-shortcut add needs a name, a command and an accelerator"),
    (["custom-shortcut", "add", "--replace", "Files", "nautilus"], "needs a name, a command and an accelerator"),
    (["custom-shortcut", "remove"], "custom-shortcut remove needs the shortcut's name."),
    (["custom-shortcut", "remove", "Files", "extra"], "Unexpected argument “extra”."),
])
def test_usage_mistakes_are_named(home, arguments, message):
    result = knobs(home, *arguments)
    assert result.returncode == 2, result
    assert message in result.stderr.decode(), result.stderr


@pytest.mark.parametrize("name, command, accelerator, message", [
    ("   ", "nautilus", "<Super>e", "A shortcut needs a name."),
    ("Files", "", "<Super>e", "A shortcut needs a command to run."),
    ("Fi\x1b[2Jles", "nautilus", "<Super>e", "Name: control characters"),
    ("Files", "nautilus\nrm -rf ~", "<Super>e", "Command: control characters"),
    ("F" * 5000, "nautilus", "<Super>e", "Name: 5000 characters; at most 1000 are allowed."),
    ("Files", "nautilus", "<Super>nosuchkey", "is not the name of a key"),
    ("Files", "nautilus", "<Nope>e", "Nothing was changed."),
])
def test_bad_input_is_refused_before_anything_is_written(home, name, command, accelerator, message):
    result = knobs(home, "custom-shortcut", "add", name, command, accelerator)
    assert result.returncode == 2, result
    stderr = result.stderr.decode()
    assert message in stderr, stderr
    assert "\x1b" not in stderr, "a control character is never printed raw"


def test_without_a_settings_database_nothing_is_claimed_saved(home):
    # The memory backend keeps nothing: the command says so and fails instead of reporting success.
    result = knobs(home, "custom-shortcut", "add", "Files", "nautilus", "<Super>e")
    assert result.returncode == 1, result
    assert "settings can't be saved here" in result.stderr.decode(), result.stderr


def test_removing_a_name_that_is_not_there_says_which_there_are(home):
    result = knobs(home, "custom-shortcut", "remove", "Files")
    assert result.returncode == 2, result
    assert "there is no custom shortcut “Files”; there are none." in result.stderr.decode(), result.stderr
