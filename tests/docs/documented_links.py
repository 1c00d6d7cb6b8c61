"""Every symbol a DocC catalog links to (``Symbol`` or ``Type/member(_:)``) has a
documentation comment of its own: an article that sends the reader to an undocumented
symbol is a broken promise, which docc does not warn about.

Also, in a catalog with a RowKinds article: every row declaration (each type conforming to
RowDeclaration but Row itself) is linked from it, so a new kind of row is documented with its
example.

Usage: documented_links.py CATALOG SYMBOL-GRAPH-DIR"""

import json
import re
import sys
from pathlib import Path

LINK = re.compile(r"``([^`]+)``")


def documented(graph_dir):
    """Documentation comments by symbol path (`Panel/validate(against:checks:)`); several for overloads."""
    paths = {}
    for graph in Path(graph_dir).glob("*.symbols.json"):
        for symbol in json.loads(graph.read_text())["symbols"]:
            lines = symbol.get("docComment", {}).get("lines", [])
            text = " ".join(line["text"] for line in lines).strip()
            paths.setdefault("/".join(symbol["pathComponents"]), []).append(bool(text))
    return paths


def row_declarations(graph_dir):
    names, conforming = {}, set()
    for graph in Path(graph_dir).glob("*.symbols.json"):
        data = json.loads(graph.read_text())
        for symbol in data["symbols"]:
            names[symbol["identifier"]["precise"]] = "/".join(symbol["pathComponents"])
        conforming |= {(relation["source"], relation["target"]) for relation in data["relationships"]
                       if relation["kind"] == "conformsTo"}
    protocol = next((precise for precise, name in names.items() if name == "RowDeclaration"), None)
    return sorted(names[source] for source, target in conforming
                  if target == protocol and source in names and names[source] != "Row")


def undocumented_kinds(catalog, graph_dir):
    article = Path(catalog) / "RowKinds.md"
    if not article.exists():
        return []
    text = article.read_text()
    return [name for name in row_declarations(graph_dir) if f"``{name}``" not in text]


def main(catalog, graph_dir):
    paths = documented(graph_dir)
    kinds = undocumented_kinds(catalog, graph_dir)
    for name in kinds:
        print(f"RowKinds.md: the row declaration ``{name}`` has no section (link it, with an example)")
    module = Path(catalog).stem
    missing, unknown, count = [], [], 0
    for article in sorted(Path(catalog).glob("*.md")):
        text = article.read_text()
        # Code blocks are code, not links.
        text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
        for number, line in enumerate(text.splitlines(), 1):
            for link in LINK.findall(line):
                path = link.removeprefix(f"{module}/")
                if path == module:
                    continue
                # A disambiguation suffix (`-swift.struct`, `-1a2b3`) is not part of the path.
                found = paths.get(path) or paths.get(re.sub(r"-[A-Za-z0-9.]+$", "", path))
                count += 1
                if found is None:
                    unknown.append(f"{article.name}: ``{link}``")
                elif not any(found):
                    missing.append(f"{article.name}: ``{link}``")
    for entry in unknown:
        print(f"{entry}: no such symbol in the symbol graphs")
    for entry in missing:
        print(f"{entry}: linked from the catalog but has no documentation comment; write one in its source")
    if missing or unknown or kinds:
        return 1
    print(f"{Path(catalog).name}: the {count} symbol links all lead to documented symbols")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
