"""Writes the README's Swift blocks as a package outside the repository: the block that
starts `// swift-tools-version` is its Package.swift, the first other block is the
executable `pizza` (the twenty lines), and each further block an executable of its own
(`readme2`, `readme3`, …), so every Swift sample of the README is compiled.

Usage: readme_snippets.py README PACKAGE-FOLDER"""

import re
import sys
from pathlib import Path


def swift_blocks(text):
    return [block.strip("\n") + "\n" for block in re.findall(r"^```swift\n(.*?)^```$", text, re.M | re.S)]


def main(readme, folder):
    blocks = swift_blocks(Path(readme).read_text())
    manifests = [block for block in blocks if block.startswith("// swift-tools-version")]
    programs = [block for block in blocks if not block.startswith("// swift-tools-version")]
    if len(manifests) != 1 or not programs:
        sys.exit(f"{readme}: expected one Package.swift block and at least one program, found "
                 f"{len(manifests)} and {len(programs)}")
    manifest = manifests[0]
    names = ["pizza"] + [f"readme{number}" for number in range(2, len(programs) + 1)]
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
    print(f"{len(programs)} Swift samples and Package.swift from {readme}: {', '.join(names)}")


if __name__ == "__main__":
    main(*sys.argv[1:])
