"""Shared by the schema-page tests: a private desk whose schema folder holds the test's own schemas beside
Knobs', a schema's page as `knobs list --json` gives it, and the checks of a write through a key's path."""

import json

from sealed import Desk, schemas_with


def schema_desk(tmp_path_factory, name, files):
    """A desk (see sealed.Desk) whose schemas are `files` (file name to XML text) beside Knobs' own; a generator
    for a module-scoped fixture, which stops the desk's session when the module is done."""
    root = tmp_path_factory.mktemp(name)
    session = Desk(root / "desk", schemas=schemas_with(root / "schemas", files))
    yield session
    session.stop()


def listed(desk, schema):
    """The rows of `schema/SCHEMA`'s page in their order, as `knobs list --json` writes them."""
    result = desk.knobs("list", "--json", f"schema/{schema}")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def listed_by_key(desk, schema):
    """The rows of `schema/SCHEMA`'s page by their key."""
    return {row["key"]: row for row in listed(desk, schema)}


def assert_written(desk, schema, key, text, stored):
    """`knobs set schema/SCHEMA/KEY TEXT` succeeds, and gsettings reads back `stored` (GVariant text)."""
    result = desk.knobs("set", f"schema/{schema}/{key}", text)
    assert result.returncode == 0, result.stderr
    assert desk.get(schema, key) == stored


def assert_refused(desk, schema, key, text, *said):
    """`knobs set schema/SCHEMA/KEY TEXT` is refused (status 2) in words holding one of `said` (any, when none
    is given), in a bounded message that echoes no bidi control or ESC, and the key keeps its value."""
    before = desk.get(schema, key)
    result = desk.knobs("set", f"schema/{schema}/{key}", text)
    assert result.returncode == 2, result
    assert "Nothing was changed" in result.stderr, result.stderr
    assert not said or any(words in result.stderr for words in said), result.stderr
    assert len(result.stderr) < 1000, "the message is bounded"
    assert "\u202e" not in result.stderr and "\u001b" not in result.stderr, "the character is never echoed"
    assert desk.get(schema, key) == before
