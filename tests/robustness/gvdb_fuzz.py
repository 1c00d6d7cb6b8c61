"""Fuzzed dconf databases: damaged copies of real `dconf compile` output (bits flipped, bytes
changed, cut short, offsets and lengths pointed past the end, ranges zeroed), each put in a
profile beside the user's database and a good one, and `knobs explain --json` asked about keys of
several types (locked ones too). Each verdict is set beside what dconf and gsettings themselves
read from the same files:

- the value in force: `gsettings list-recursively` with the profile;
- what a reset gives: the same without the user's database (dconf's default read starts below
  the user's database, or at the lock's level, just as it starts in a profile without it);
- each database on its own: `dconf read` with a profile of that database alone (its value as
  libdconf reads it) and `gsettings writable` with the user's database above it (its lock).

From those, dconf's own rules give the source and the database that is in force. A verdict
disagrees when it states something else; "unknown" (could not be told) is counted apart.

Used by test_provenance_fuzz.py (a small seeded corpus) and run whole as a script:
    KNOBS_BIN=... KNOBS_SCHEMA_DIR=... python3 tests/robustness/gvdb_fuzz.py --count 500 --seed 1
"""

import argparse
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCHEMA = "org.knobs.test.fuzz"
FOLDER = "/org/knobs/test/fuzz/"
SCHEMA_XML = f"""<schemalist>
  <enum id="org.knobs.test.fuzz.Mode">
    <value nick="one" value="1"/><value nick="two" value="2"/><value nick="three" value="3"/>
  </enum>
  <schema id="{SCHEMA}" path="{FOLDER}">
    <key name="num" type="i"><default>7</default><summary>n</summary></key>
    <key name="text" type="s"><default>'plain'</default><summary>t</summary></key>
    <key name="flag" type="b"><default>false</default><summary>f</summary></key>
    <key name="ratio" type="d"><default>0.5</default><summary>r</summary></key>
    <key name="words" type="as"><default>['a']</default><summary>w</summary></key>
    <key name="mode" enum="org.knobs.test.fuzz.Mode"><default>'one'</default><summary>m</summary></key>
    <key name="ranged" type="i"><range min="0" max="100"/><default>50</default><summary>g</summary></key>
    <key name="held" type="s"><default>'schema-held'</default><summary>h</summary></key>
    <key name="other" type="u"><default>3</default><summary>o</summary></key>
  </schema>
</schemalist>
"""
KEYS = ["num", "text", "flag", "ratio", "words", "mode", "ranged", "held", "other"]
SITE = ("[org/knobs/test/fuzz]\nnum=42\ntext='site'\nflag=true\nratio=2.5\nwords=['x', 'y']\nmode='two'\n"
        "ranged=70\nheld='site-held'\nother=uint32 9\n\n[org/knobs/test/elsewhere]\nk=1\nj='jj'\n")
SITE_LOCKS = f"{FOLDER}held\n{FOLDER}num\n{FOLDER}mode\n"
LOWER = "[org/knobs/test/fuzz]\ntext='lower'\nratio=9.5\nmode='three'\nranged=20\n"
LOWER_LOCKS = f"{FOLDER}flag\n"
USER = "[org/knobs/test/fuzz]\ntext='mine'\nheld='my-held'\nnum=5\nwords=['u']\nranged=99\n"
TIMEOUT = 20


def compile_db(target, text, locks=""):
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        (folder / "locks").mkdir()
        (folder / "00").write_text(text)
        if locks:
            (folder / "locks" / "00").write_text(locks)
        subprocess.run(["dconf", "compile", str(target), str(folder)], check=True, capture_output=True)


def mutate(data, rng):
    """A damaged copy of `data` and what was done to it."""
    data = bytearray(data)
    kind = rng.choice(["flip", "flip", "bytes", "cut", "pointer", "pointer", "size", "zero"])
    if kind == "flip":
        for _ in range(rng.randint(1, 4)):
            index = rng.randrange(len(data))
            data[index] ^= 1 << rng.randrange(8)
    elif kind == "bytes":
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif kind == "cut":
        data = data[:rng.randrange(len(data))]
    elif kind in ("pointer", "size"):
        # A 32-bit word of the structure (the header, a table's counts, an item's offsets): past
        # the end, far past it, or anything.
        words = [offset for offset in range(8, min(len(data), 24 + 24 * 40) - 3, 4)]
        offset = rng.choice(words)
        value = rng.choice([len(data) + rng.randrange(1, 64), 0xFFFFFFFF, 0x7FFFFFF0, rng.randrange(1 << 32),
                            struct.unpack_from("<I", data, offset)[0] + rng.choice([-8, -4, 4, 8, 24])])
        if kind == "size":
            value &= 0xFFFF
            struct.pack_into("<H", data, offset, value)
        else:
            struct.pack_into("<I", data, offset, value & 0xFFFFFFFF)
    else:
        start = rng.randrange(len(data))
        length = rng.randint(1, 32)
        data[start:start + length] = bytes(len(data[start:start + length]))
    return bytes(data), kind


class Bench:
    """A home, the schema, the user's database and the good lower one, for one sealed run."""

    def __init__(self, root, knobs, schema_dir):
        self.root = Path(root)
        self.knobs = knobs
        schemas = self.root / "schemas"
        schemas.mkdir()
        (schemas / f"{SCHEMA}.gschema.xml").write_text(SCHEMA_XML)
        subprocess.run(["glib-compile-schemas", str(schemas)], check=True, capture_output=True)
        home = self.root / "home"
        (home / ".config" / "dconf").mkdir(parents=True)
        runtime = self.root / "runtime"
        runtime.mkdir(mode=0o700)
        compile_db(home / ".config" / "dconf" / "user", USER)
        self.site = self.root / "site.db"
        compile_db(self.site, SITE, SITE_LOCKS)
        self.lower = self.root / "lower.db"
        compile_db(self.lower, LOWER, LOWER_LOCKS)
        self.profile = self.root / "profile"
        self.env = {
            "PATH": os.environ["PATH"], "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_RUNTIME_DIR": str(runtime), "XDG_DATA_HOME": str(home / ".local" / "share"),
            "XDG_STATE_HOME": str(home / ".local" / "state"), "XDG_CACHE_HOME": str(home / ".cache"),
            "GSETTINGS_BACKEND": "dconf", "GSETTINGS_SCHEMA_DIR": f"{schemas}:{schema_dir}", "LANG": "C.UTF-8",
            "DCONF_PROFILE": str(self.profile),
            # No session bus: nothing here writes, and reads need none.
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
        }
        self.single = {}

    def run(self, *arguments, profile_text=None):
        env = dict(self.env)
        if profile_text is not None:
            other = self.root / "profile-other"
            other.write_text(profile_text)
            env["DCONF_PROFILE"] = str(other)
        return subprocess.run(list(arguments), env=env, capture_output=True, text=True, timeout=TIMEOUT)

    def listed(self, profile_text):
        out = self.run("gsettings", "list-recursively", SCHEMA, profile_text=profile_text).stdout
        values = {}
        for line in out.splitlines():
            schema, key, value = line.split(" ", 2)
            values[key] = value
        return values

    def database_alone(self, path):
        """Each key's value as libdconf reads it from the database alone, and its locks."""
        values, locks = {}, {}
        for key in KEYS:
            values[key] = self.run("dconf", "read", FOLDER + key, profile_text=f"file-db:{path}\n").stdout.strip() \
                or None
            writable = self.run("gsettings", "writable", SCHEMA, key,
                                profile_text=f"user-db:user\nfile-db:{path}\n").stdout.strip()
            locks[key] = writable == "false"
        return values, locks

    def truth(self, databases):
        """What dconf and gsettings read for each key with the profile of `databases` under the user's."""
        profile = "user-db:user\n" + "".join(f"file-db:{path}\n" for path in databases)
        in_force = self.listed(profile)
        reset = self.listed("".join(f"file-db:{path}\n" for path in databases))
        per_database = []
        for path in databases:
            if str(path) not in self.single:
                self.single[str(path)] = self.database_alone(path)
            per_database.append(self.single[str(path)])
        user = {}
        for line in USER.splitlines()[1:]:
            key, value = line.split("=", 1)
            user[key] = value
        truths = {}
        for key in KEYS:
            lock_level = max((index + 1 for index, (_, locks) in enumerate(per_database) if locks[key]), default=0)
            start = lock_level or 1
            raw, from_database = None, None
            for index in range(start, len(databases) + 1):
                value = per_database[index - 1][0][key]
                if value is not None:
                    raw, from_database = value, databases[index - 1]
                    break
            accepted = raw is not None and normal(raw) == normal(in_force[key])
            if lock_level:
                source = "locked"
                database = f"file-db:{databases[lock_level - 1]}"
                winner = f"file-db:{from_database}" if accepted else None
            elif key in user:
                source, database, winner = "user", None, "user-db:user"
            elif accepted:
                source = "system"
                database = winner = f"file-db:{from_database}"
            else:
                source, database, winner = "default", None, None
            truths[key] = {"value": in_force[key], "reset": reset[key], "source": source, "database": database,
                           "winner": winner, "locked": bool(lock_level)}
        return truths

    def explain(self, key):
        result = subprocess.run([self.knobs, "explain", "--json", f"schema/{SCHEMA}/{key}"], env=self.env,
                                capture_output=True, text=True, timeout=TIMEOUT)
        if result.returncode != 0:
            return {"error": result.stderr.strip() or f"exit {result.returncode}"}
        return json.loads(result.stdout)


def normal(text):
    """A value's text as both printers give it: gsettings' type annotations dropped."""
    if text is None:
        return None
    text = text.strip()
    for prefix in ("@as ", "uint32 "):
        if text.startswith(prefix):
            text = text[len(prefix):]
    return text


def compare(explained, truth):
    """The ways a verdict disagrees with what dconf and gsettings read (an empty list: none)."""
    if "error" in explained:
        return [f"error: {explained['error']}"]
    wrong = []
    if explained["value"] is not None and normal(explained["value"]) != normal(truth["value"]):
        wrong.append(f"value {explained['value']} != {truth['value']}")
    if explained["resetValue"] is not None and normal(explained["resetValue"]) != normal(truth["reset"]):
        wrong.append(f"reset {explained['resetValue']} != {truth['reset']}")
    source = explained["source"]
    if source != "unknown":
        if source != truth["source"] and not (source in ("vendor", "default") and truth["source"] == "default"):
            wrong.append(f"source {source} != {truth['source']}")
        if explained["locked"] != truth["locked"]:
            wrong.append(f"locked {explained['locked']} != {truth['locked']}")
        # The layer in force: the database dconf reads it from, or (None) the schema's default.
        winners = [layer for layer in explained["layers"] if layer["wins"]]
        if not winners and source == "locked":
            pass  # locked by a database that could not be told: no layer is named
        elif len(winners) != 1:
            wrong.append(f"{len(winners)} layers win")
        elif truth["winner"] is None and winners[0]["kind"] not in ("default", "vendor"):
            wrong.append(f"winner {winners[0]['origin']} != the default")
        elif truth["winner"] is not None and winners[0]["origin"] != truth["winner"]:
            wrong.append(f"winner {winners[0]['origin']} != {truth['winner']}")
    elif explained["locked"] and not truth["locked"]:
        wrong.append("locked, though dconf says the key is writable")
    return wrong


def run_corpus(knobs, schema_dir, count, seed, keys=KEYS, log=None):
    """Explains `keys` for `count` damaged copies; returns a summary."""
    rng = random.Random(seed)
    summary = {"databases": count, "verdicts": 0, "disagree": 0, "unknown": 0, "named": 0, "timeouts": 0,
               "kinds": {}, "examples": []}
    with tempfile.TemporaryDirectory() as root:
        bench = Bench(root, knobs, schema_dir)
        original = bench.site.read_bytes()
        for number in range(count):
            data, kind = mutate(original, rng)
            summary["kinds"][kind] = summary["kinds"].get(kind, 0) + 1
            damaged = Path(root) / f"damaged-{number}.db"
            damaged.write_bytes(data)
            layout = number % 3
            databases = [[damaged], [damaged, bench.lower], [bench.lower, damaged]][layout]
            bench.profile.write_text("user-db:user\n" + "".join(f"file-db:{path}\n" for path in databases))
            try:
                truths = bench.truth(databases)
            except subprocess.TimeoutExpired:
                summary["timeouts"] += 1
                continue
            for key in keys:
                try:
                    explained = bench.explain(key)
                except subprocess.TimeoutExpired:
                    explained = {"error": "timed out"}
                    summary["timeouts"] += 1
                summary["verdicts"] += 1
                wrong = compare(explained, truths[key])
                if wrong:
                    summary["disagree"] += 1
                    if len(summary["examples"]) < 10:
                        kept = Path(root).parent / f"knobs-fuzz-disagree-{seed}-{number}.db"
                        shutil.copyfile(damaged, kept)
                        summary["examples"].append({"database": str(kept), "layout": layout, "key": key,
                                                    "wrong": wrong, "truth": truths[key]})
                elif explained.get("source") == "unknown":
                    summary["unknown"] += 1
                else:
                    summary["named"] += 1
            damaged.unlink()
            if log and (number + 1) % 50 == 0:
                log(f"{number + 1} databases, {summary['disagree']} disagreeing verdicts so far")
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    knobs = os.environ["KNOBS_BIN"]
    started = time.monotonic()
    summary = run_corpus(knobs, os.environ.get("KNOBS_SCHEMA_DIR", ""), arguments.count, arguments.seed,
                         log=lambda line: print(line, file=sys.stderr, flush=True))
    summary["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(summary, indent=2))
    return 1 if summary["disagree"] or summary["timeouts"] else 0


if __name__ == "__main__":
    sys.exit(main())
