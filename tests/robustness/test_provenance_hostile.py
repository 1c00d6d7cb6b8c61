"""`knobs explain` and `list --json` on hostile dconf databases and profiles, on the real dconf:
a database damaged so that dconf reads the key's default while every item still looks whole, a
seeded corpus of damaged `dconf compile` output (gvdb_fuzz.py), a crafted database of 250 MB, a
2 GB sparse profile, and profiles and databases that are FIFOs, devices or folders. The verdict
is always what dconf and gsettings read, or says plainly that it can't be told; nothing waits.
Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import json
import os
import struct
import subprocess
import time
from pathlib import Path

import pytest

import gvdb_fuzz
from gvdb_fuzz import FOLDER, SCHEMA, Bench

KNOBS = os.environ.get("KNOBS_BIN", "")
SCHEMAS = os.environ.get("KNOBS_SCHEMA_DIR", "")


@pytest.fixture
def bench(tmp_path):
    return Bench(tmp_path, KNOBS, SCHEMAS)


def djb(name):
    value = 5381
    for byte in name.encode():
        signed = byte - 256 if byte > 127 else byte
        value = (value * 33 + signed) & 0xFFFFFFFF
    return value


def explain(bench, key, timeout=30):
    result = subprocess.run([KNOBS, "explain", "--json", f"schema/{SCHEMA}/{key}"], env=bench.env,
                            capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, result
    return json.loads(result.stdout)


def test_a_database_damaged_where_dconf_looks_gives_no_verdict(bench):
    """The issue's case: two bytes of the stored hash of `ratio`'s item flipped. Every item still
    lies inside the file, so a reader that takes items by name finds ratio=2.5; dconf looks it
    up by its hash and finds nothing, so gsettings gives the schema's 0.5."""
    data = bytearray(bench.site.read_bytes())
    stored = struct.pack("<I", djb(FOLDER + "ratio"))
    assert data.count(stored) == 1
    at = data.index(stored)
    data[at] ^= 0x10
    data[at + 1] ^= 0x01
    damaged = bench.root / "damaged.db"
    damaged.write_bytes(bytes(data))
    bench.profile.write_text(f"user-db:user\nfile-db:{damaged}\n")
    assert bench.run("gsettings", "get", SCHEMA, "ratio").stdout.strip() == "0.5"
    assert bench.run("dconf", "read", FOLDER + "ratio").stdout.strip() == ""
    explained = explain(bench, "ratio")
    assert explained["value"] == "0.5" and explained["source"] == "unknown", explained
    assert explained["resetValue"] == "0.5" and explained["resetSource"] == "unknown", explained
    assert not any(layer["wins"] for layer in explained["layers"]), explained
    assert any(str(damaged) in problem and "can't be read whole" in problem for problem in explained["problems"])
    # The text: no "=> system", no "Source: system", no "Reset gives: 2.5".
    text = subprocess.run([KNOBS, "explain", f"schema/{SCHEMA}/ratio"], env=bench.env, capture_output=True,
                          text=True, timeout=30)
    assert text.returncode == 0, text
    assert "=> system" not in text.stdout and "Source: system" not in text.stdout, text.stdout
    assert "2.5" not in text.stdout, text.stdout
    assert "Value in force: 0.5" in text.stdout and "Reset gives: 0.5 (unknown)" in text.stdout, text.stdout
    listed = subprocess.run([KNOBS, "list", "--json", f"schema/{SCHEMA}"], env=bench.env, capture_output=True,
                            text=True, timeout=30)
    rows = {row["key"]: row for row in json.loads(listed.stdout)}
    assert rows["ratio"]["raw"] == "0.5" and rows["ratio"]["source"] == "unknown", rows["ratio"]
    assert rows["ratio"].get("sourceDatabase") is None, rows["ratio"]
    # The user's own value is still told as such (gsettings says the key is writable).
    assert explain(bench, "words")["source"] == "user"


def test_a_seeded_corpus_of_damaged_databases_agrees_with_dconf():
    summary = gvdb_fuzz.run_corpus(KNOBS, SCHEMAS, count=14, seed=20261129)
    assert summary["timeouts"] == 0, summary
    assert summary["disagree"] == 0, json.dumps(summary["examples"], indent=1)
    assert summary["named"] > 0, "undamaged parts still name their database"


def crafted_huge_database(path, megabytes=250):
    """One hash table spanning the file, its Bloom filter set to refuse every name (so dconf's
    lookups end at once), its items all zero: sparse, made in no time."""
    count = (megabytes * 1024 * 1024 - 24 - 16) // 24
    end = 24 + 16 + count * 24
    with open(path, "wb") as out:
        out.write(b"GVariant" + struct.pack("<IIII", 0, 0, 24, end))
        out.write(struct.pack("<IIII", 1, 1, 0, 0))  # 1 Bloom word (0: refuses all), 1 bucket
        out.truncate(end)


def peak(bench, *arguments):
    """Seconds and peak memory (KB) of a command, with /usr/bin/time."""
    started = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *arguments], env=bench.env, capture_output=True,
                            text=True, timeout=120)
    return time.monotonic() - started, int(result.stderr.strip().splitlines()[-1]), result


def test_a_crafted_database_of_250_mb_is_refused_by_its_size(bench):
    huge = bench.root / "huge.db"
    crafted_huge_database(huge)
    bench.profile.write_text(f"user-db:user\nfile-db:{huge}\nfile-db:{bench.site}\n")
    seconds, memory, result = peak(bench, KNOBS, "explain", "--json", f"schema/{SCHEMA}/text")
    assert result.returncode == 0, result
    explained = json.loads(result.stdout)
    assert explained["value"] == bench.run("gsettings", "get", SCHEMA, "text").stdout.strip()
    assert any("16 MB" in problem and str(huge) in problem for problem in explained["problems"]), explained
    # Read by its size alone: neither the file nor anything made from its items is in memory.
    assert memory < 200_000, (memory, seconds)


def test_a_sparse_profile_of_2_gb_is_not_read_and_not_said_to_name_no_database(bench):
    profile = bench.root / "big-profile"
    with open(profile, "wb") as out:
        out.write(f"user-db:user\nfile-db:{bench.site}\n".encode())
        out.truncate(2 << 30)
    bench.env["DCONF_PROFILE"] = str(profile)
    explained = explain(bench, "text", timeout=120)
    assert explained["value"] == "'mine'" == bench.run("gsettings", "get", SCHEMA, "text", ).stdout.strip()
    assert not any("reads no database" in problem for problem in explained["problems"]), explained
    assert any("1 MB" in problem for problem in explained["problems"]), explained


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
@pytest.mark.parametrize("where", ["profile", "file-db"])
def test_a_profile_or_database_that_is_not_a_file_is_refused_at_once(bench, kind, where):
    if kind == "fifo":
        target = bench.root / "fifo"
        os.mkfifo(target)
    elif kind == "dev-zero":
        target = Path("/dev/zero")
    else:
        target = bench.root / "folder"
        target.mkdir()
    if where == "profile":
        bench.env["DCONF_PROFILE"] = str(target)
    else:
        bench.profile.write_text(f"user-db:user\nfile-db:{target}\nfile-db:{bench.site}\n")
    started = time.monotonic()
    explained = explain(bench, "text", timeout=15)
    text = subprocess.run([KNOBS, "explain", f"schema/{SCHEMA}/text"], env=bench.env, capture_output=True,
                          text=True, timeout=15)
    listed = subprocess.run([KNOBS, "list", "--json", f"schema/{SCHEMA}"], env=bench.env, capture_output=True,
                            text=True, timeout=15)
    assert time.monotonic() - started < 15
    if where == "profile" and kind == "folder":
        # dconf opens a folder and reads no line of it: no database, the defaults are in force.
        assert explained["source"] == "default" and explained["value"] == "'plain'", explained
        assert listed.returncode == 0 and json.loads(listed.stdout), listed
        return
    assert explained["value"] is None and explained["source"] == "unknown", explained
    assert explained["resetValue"] is None
    assert any(str(target) in problem and "not a regular file" in problem for problem in explained["problems"])
    assert text.returncode == 0 and "Value in force: can't be told" in text.stdout, text
    assert "=>" not in text.stdout, text.stdout
    assert listed.returncode == 1 and str(target) in listed.stderr and listed.stdout == "", listed
