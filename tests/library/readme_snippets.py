"""Writes the README's Swift blocks as a package outside the repository: the block that
starts `// swift-tools-version` is its Package.swift, the first other block is the
executable `pizza` (the twenty lines), and each further block an executable of its own
(`readme2`, `readme3`, …), so every Swift sample of the README is compiled.

The Swift blocks of DocC catalogs' articles are executables of the same package too, named
for their article and place (`docs-rowkinds-3`: the third block of RowKinds.md): every block
is a whole program, its `main.swift`, depending on the KnobsUI product alone (which brings GTK's
C API along for the samples with a window of their own). A catalog's `// swift-tools-version` block must be the
README's manifest, word for word, since that is the manifest the package is built with.

The programs of the examples package (`--examples examples/swift`) are executables of the same
package too, so that they are built against this checkout as an outside app would be.

Usage: readme_snippets.py README PACKAGE-FOLDER [--examples FOLDER] [CATALOG.docc ...]"""

import re
import sys
from pathlib import Path


def swift_blocks(text):
    return [block.strip("\n") + "\n" for block in re.findall(r"^```swift\n(.*?)^```$", text, re.M | re.S)]


def catalog_programs(catalogs, manifest):
    """(name, program) for each Swift block of the catalogs' articles; exits on a manifest
    that is not the README's."""
    programs = []
    for catalog in catalogs:
        for article in sorted(Path(catalog).glob("*.md")):
            for number, block in enumerate(swift_blocks(article.read_text()), 1):
                if block.startswith("// swift-tools-version"):
                    if block != manifest:
                        sys.exit(f"{article}: its Package.swift block is not the README's, which the samples are built with")
                    continue
                programs.append((f"docs-{article.stem.lower()}-{number}", block))
    return programs


def example_programs(examples):
    """(name, program) for each executable of the examples package (examples/swift): its targets,
    as its manifest lists them, each built here from its folder's main.swift."""
    if examples is None:
        return []
    examples = Path(examples)
    manifest = (examples / "Package.swift").read_text()
    names = sorted(path.name for path in (examples / "Sources").iterdir())
    listed = re.search(r"targets: \[(.*?)\]", manifest, re.S)
    if not listed or sorted(re.findall(r'"([^"]+)"', listed.group(1))) != names:
        sys.exit(f"{examples}/Package.swift does not list its programs as targets: {', '.join(names)}")
    return [(name, (examples / "Sources" / name / "main.swift").read_text()) for name in names]


def main(readme, folder, *catalogs):
    examples = None
    if catalogs[:1] == ("--examples",):
        examples, catalogs = catalogs[1], catalogs[2:]
    blocks = swift_blocks(Path(readme).read_text())
    manifests = [block for block in blocks if block.startswith("// swift-tools-version")]
    programs = [block for block in blocks if not block.startswith("// swift-tools-version")]
    if len(manifests) != 1 or not programs:
        sys.exit(f"{readme}: expected one Package.swift block and at least one program, found "
                 f"{len(manifests)} and {len(programs)}")
    manifest = manifests[0]
    names = ["pizza"] + [f"readme{number}" for number in range(2, len(programs) + 1)]
    from_catalogs = catalog_programs(catalogs, manifest)
    names += [name for name, _ in from_catalogs]
    programs += [program for _, program in from_catalogs]
    from_examples = example_programs(examples)
    names += [name for name, _ in from_examples]
    programs += [program for _, program in from_examples]
    # The README's manifest has the app's one target; the further samples are targets of the same shape.
    extra = "".join(f',\n    .executableTarget(name: "{name}", dependencies: [.product(name: "KnobsUI", package: "knobs")])'
                    for name in names[1:])
    target = '.executableTarget(name: "pizza", dependencies: [.product(name: "KnobsUI", package: "knobs")])'
    if target not in manifest:
        sys.exit(f"{readme}: the Package.swift block no longer declares {target}")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "Package.swift").write_text(manifest.replace(target, target + extra))
    for name, program in zip(names, programs):
        (folder / "Sources" / name).mkdir(parents=True, exist_ok=True)
        (folder / "Sources" / name / "main.swift").write_text(program)
    readme_count = len(programs) - len(from_catalogs) - len(from_examples)
    print(f"{readme_count} Swift samples and Package.swift from {readme}: {', '.join(names[:readme_count])}")
    if catalogs:
        print(f"{len(from_catalogs)} Swift samples from {', '.join(Path(c).name for c in catalogs)}: "
              f"{', '.join(name for name, _ in from_catalogs)}")
    if from_examples:
        print(f"{len(from_examples)} programs from {examples}: {', '.join(name for name, _ in from_examples)}")


if __name__ == "__main__":
    main(*sys.argv[1:])
