"""Shared by the schema-page tests: a private desk whose schema folder holds the test's own schemas beside
Knobs', and a schema's page as `knobs list --json` gives it."""

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
