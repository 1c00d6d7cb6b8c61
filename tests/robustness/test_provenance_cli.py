"""Where a value comes from, on the real dconf: a sealed session whose DCONF_PROFILE names the
user's database and a file-db compiled by `dconf compile` from a site.d with locks, and a schema
folder of the test's own with vendor overrides compiled in. `knobs explain` and `list --json`
must name the same source as dconf itself gives (`dconf read`, `dconf read -d`) for the five
kinds of source; bad profiles, databases and overrides are named and never give a wrong source.
Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sealed import SCHEMAS, Desk

FIXTURE = Path(__file__).parent / "provenance"
SCHEMA = "org.knobs.test.provenance"
INTERFACE_SCHEMA = "org.gnome.desktop.interface"
FOLDER = "/org/knobs/test/provenance/"


class Site:
    """The sealed desk with the test's schema folder, the site database and the profile."""

    def __init__(self, root):
        self.schemas = root / "schemas"
        shutil.copytree(FIXTURE, self.schemas)
        subprocess.run(["glib-compile-schemas", str(self.schemas)], check=True, capture_output=True)
        self.desk = Desk(root, schemas=f"{self.schemas}:{SCHEMAS}")
        site = root / "site.d"
        (site / "locks").mkdir(parents=True)
        (site / "00-site").write_text(
            "[org/knobs/test/provenance]\nsited='site-sited'\nheld='site-held'\nsame='same'\n")
        (site / "locks" / "00-held").write_text(FOLDER + "held\n")
        self.database = root / "site.db"
        subprocess.run(["dconf", "compile", str(self.database), str(site)], check=True, capture_output=True)
        # The user's own values, written before the profile with the lock is in force.
        for key, value in (("mine", "'my-mine'"), ("held", "'my-held'"), ("same", "'same'")):
            written = self.desk.command("dconf", "write", FOLDER + key, value)
            assert written.returncode == 0, written
        self.profile = root / "profile"
        self.profile.write_text(f"user-db:user\nfile-db:{self.database}\n")
        self.desk.env["DCONF_PROFILE"] = str(self.profile)
        self.label = f"file-db:{self.database}"

    def dconf(self, *arguments):
        return self.desk.command("dconf", *arguments).stdout.strip()

    def explain(self, key):
        result = self.desk.knobs("explain", "--json", f"schema/{SCHEMA}/{key}")
        assert result.returncode == 0, result
        return json.loads(result.stdout)


@pytest.fixture
def site(tmp_path):
    made = Site(tmp_path)
    yield made
    made.desk.stop()


def winner(explained):
    winners = [layer for layer in explained["layers"] if layer["wins"]]
    assert len(winners) == 1, explained
    return winners[0]


def test_five_keys_show_the_source_dconf_gives(site):
    listed = site.desk.knobs("list", "--json", f"schema/{SCHEMA}")
    assert listed.returncode == 0, listed
    rows = {row["key"]: row for row in json.loads(listed.stdout)}
    assert not any("problems" in row for row in rows.values()), "a profile read whole has no problems"

    # The schema's own default: no database sets it.
    assert site.dconf("read", FOLDER + "plain") == "" and site.dconf("read", "-d", FOLDER + "plain") == ""
    plain = site.explain("plain")
    assert plain["source"] == "default" and plain["value"] == "'schema-plain'", plain
    assert winner(plain)["kind"] == "default"
    assert rows["plain"]["source"] == "default" and rows["plain"]["locked"] is False
    assert rows["plain"]["userValue"] is None

    # A vendor override: the later file (20_…) wins over 10_…; below it the schema's own default.
    assert site.dconf("read", FOLDER + "vendored") == ""
    vendored = site.explain("vendored")
    assert vendored["source"] == "vendor" and vendored["value"] == "'vendor-20'", vendored
    assert winner(vendored)["origin"] == str(site.schemas / "20_vendor.gschema.override")
    assert [layer["value"] for layer in vendored["layers"]] == ["'schema-vendored'", "'vendor-10'", "'vendor-20'",
                                                                None, None]
    assert rows["vendored"]["source"] == "vendor"
    assert rows["vendored"]["sourceFile"] == str(site.schemas / "20_vendor.gschema.override")

    # The site's database.
    assert site.dconf("read", FOLDER + "sited") == "'site-sited'"
    assert site.dconf("read", "-d", FOLDER + "sited") == "'site-sited'"
    sited = site.explain("sited")
    assert sited["source"] == "system" and sited["value"] == "'site-sited'", sited
    assert winner(sited)["origin"] == site.label
    assert rows["sited"]["source"] == "system" and rows["sited"]["sourceDatabase"] == site.label
    assert sited["resetValue"] == "'site-sited'" and sited["resetSource"] == "system"

    # The user's own value; reset gives the schema's default here.
    assert site.dconf("read", FOLDER + "mine") == "'my-mine'" and site.dconf("read", "-d", FOLDER + "mine") == ""
    mine = site.explain("mine")
    assert mine["source"] == "user" and mine["userValue"] == "'my-mine'", mine
    assert winner(mine)["kind"] == "user"
    assert rows["mine"]["source"] == "user" and rows["mine"]["userValue"] == "'my-mine'"

    # Locked by the site: the site's value is in force, the user's is kept, hidden.
    assert site.dconf("read", FOLDER + "held") == "'site-held'"
    assert site.dconf("read", "-d", FOLDER + "held") == "'site-held'"
    held = site.explain("held")
    assert held["source"] == "locked" and held["locked"] is True, held
    assert held["value"] == "'site-held'" and held["userValue"] == "'my-held'"
    database = [layer for layer in held["layers"] if layer["origin"] == site.label][0]
    assert database["locks"] and database["wins"]
    assert rows["held"]["source"] == "locked" and rows["held"]["locked"] is True
    assert rows["held"]["userValue"] == "'my-held'" and rows["held"]["sourceDatabase"] == site.label
    # Without the site's profile, dconf itself gives the user's kept value.
    unlocked = dict(site.desk.env)
    del unlocked["DCONF_PROFILE"]
    read = subprocess.run(["dconf", "read", FOLDER + "held"], env=unlocked, capture_output=True, text=True)
    assert read.stdout.strip() == "'my-held'"


def test_explain_prints_the_layers_bottom_to_top(site):
    result = site.desk.knobs("explain", f"schema/{SCHEMA}/held")
    assert result.returncode == 0, result
    lines = result.stdout.splitlines()
    layers = [line for line in lines if line.startswith(("=>", "   "))]
    # Bottom to top: the schema's default, the site's database, the user's.
    assert [line[3:].split()[0] for line in layers] == ["default", "system", "user"], lines
    assert any(line.startswith("=>") and site.label in line and "'site-held'" in line and "[locked]" in line
               for line in lines), lines
    assert any("user" in line and "'my-held'" in line and "kept" in line for line in lines), lines
    assert "Source: locked" in result.stdout and "Your own value is kept" in result.stdout


def test_the_lock_refuses_a_change_and_keeps_the_users_value(site):
    result = site.desk.knobs("set", f"schema/{SCHEMA}/held", "other")
    assert result.returncode == 1, result
    assert site.dconf("read", FOLDER + "held") == "'site-held'"
    assert site.explain("held")["userValue"] == "'my-held'"


def test_an_export_keeps_a_user_value_equal_to_the_site_default(site):
    # `same` is set by the user to what the site's database gives too.
    assert site.dconf("read", "-d", FOLDER + "same") == "'same'"
    result = site.desk.knobs("export", f"schema/{SCHEMA}")
    assert result.returncode == 0, result
    assert "same='same'" in result.stdout, result.stdout
    assert "mine='my-mine'" in result.stdout
    # The user's own value of a locked key is what is exported, not the site's.
    assert "held='my-held'" in result.stdout
    assert "sited=" not in result.stdout and "plain=" not in result.stdout
    everything = site.desk.knobs("export", "--all", f"schema/{SCHEMA}")
    assert "plain='schema-plain'" in everything.stdout and "held='site-held'" in everything.stdout


# Bad input: a message in words, the values dconf gives, never a crash or a wrong source.

def test_a_profile_naming_a_missing_database(site, tmp_path):
    site.profile.write_text(f"user-db:user\nfile-db:{tmp_path}/missing.db\nfile-db:{site.database}\n")
    sited = site.explain("sited")
    assert sited["source"] == "system" and winner(sited)["origin"] == site.label
    assert any("missing.db" in problem and "does not exist" in problem for problem in sited["problems"]), sited
    assert site.dconf("read", FOLDER + "sited") == "'site-sited'"
    # list --json says so on each setting it concerns, with the source dconf gives.
    listed = site.desk.knobs("list", "--json", f"schema/{SCHEMA}")
    assert listed.returncode == 0, listed
    rows = {row["key"]: row for row in json.loads(listed.stdout)}
    assert rows["sited"]["source"] == "system" and rows["sited"]["sourceDatabase"] == site.label
    for key in ("sited", "plain", "mine"):
        assert any("missing.db" in problem and "does not exist" in problem for problem in rows[key]["problems"]), \
            rows[key]
    whole = site.desk.knobs("list", "--json")
    assert whole.returncode == 0, whole
    bound = [row for row in json.loads(whole.stdout) if row.get("schema") == INTERFACE_SCHEMA]
    assert bound and all(any("missing.db" in problem for problem in row["problems"]) for row in bound), bound[:2]


def test_an_unreadable_or_damaged_database_is_never_named_wrongly(site, tmp_path):
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(site.database.read_bytes()[:40])
    # The damaged database stands above the good one: had it been read, it could hide its values.
    site.profile.write_text(f"user-db:user\nfile-db:{damaged}\nfile-db:{site.database}\n")
    sited = site.explain("sited")
    dconf_says = site.dconf("read", FOLDER + "sited")
    assert sited["value"] == dconf_says, (sited, dconf_says)
    assert sited["problems"], sited
    assert sited["source"] == "system"
    assert winner(sited)["origin"] in (site.label,), sited
    listed = site.desk.knobs("list", "--json", f"schema/{SCHEMA}")
    rows = {row["key"]: row for row in json.loads(listed.stdout)}
    assert rows["sited"]["value"] == "site-sited" and rows["sited"]["source"] == "system", rows["sited"]
    assert any(str(damaged) in problem for problem in rows["sited"]["problems"]), rows["sited"]
    # An unreadable file: the same.
    damaged.write_bytes(site.database.read_bytes())
    damaged.chmod(0)
    if os.access(damaged, os.R_OK):
        return  # root reads it anyway
    listed = site.desk.knobs("list", "--json", f"schema/{SCHEMA}")
    rows = {row["key"]: row for row in json.loads(listed.stdout)}
    assert any(str(damaged) in problem for problem in rows["mine"]["problems"]), rows["mine"]


def test_a_profile_climbing_out_with_dot_dot(site):
    site.profile.write_text("user-db:user\nsystem-db:../../../nonexistent/site\n")
    mine = site.explain("mine")
    assert mine["source"] == "user"
    assert any("“..”" in problem for problem in mine["problems"]), mine


@pytest.mark.parametrize("kind", ["folder", "loop", "missing"])
def test_a_dconf_profile_that_loops_or_is_a_folder(site, tmp_path, kind):
    target = tmp_path / "profile-target"
    if kind == "folder":
        target.mkdir()
    elif kind == "loop":
        os.symlink(tmp_path / "loop-b", tmp_path / "loop-a")
        os.symlink(tmp_path / "loop-a", tmp_path / "loop-b")
        target = tmp_path / "loop-a"
    site.desk.env["DCONF_PROFILE"] = str(target)
    result = site.desk.knobs("explain", "--json", f"schema/{SCHEMA}/mine")
    assert result.returncode == 0, result
    explained = json.loads(result.stdout)
    # dconf reads no database at all then: the user's value is not in force, and Knobs says why.
    dconf_says = site.dconf("read", FOLDER + "mine")
    assert dconf_says == ""
    assert explained["source"] == "default" and explained["value"] == "'schema-mine'", explained
    assert explained["problems"], explained
    listed = site.desk.knobs("list", "--json", f"schema/{SCHEMA}")
    assert listed.returncode == 0, listed
    mine = {row["key"]: row for row in json.loads(listed.stdout)}["mine"]
    assert mine["source"] == "default" and mine["problems"] == explained["problems"], mine


def test_a_malformed_override_file_is_ignored_as_glib_ignores_it(site):
    (site.schemas / "30_bad.gschema.override").write_text(f"[{SCHEMA}]\nvendored='broken-30'\nnot a line\n")
    (site.schemas / "40_value.gschema.override").write_text(f"[{SCHEMA}]\nplain='unterminated\n")
    subprocess.run(["glib-compile-schemas", str(site.schemas)], check=True, capture_output=True)
    vendored = site.explain("vendored")
    assert vendored["source"] == "vendor" and vendored["value"] == "'vendor-20'", vendored
    assert any("30_bad" in problem for problem in vendored["problems"]), vendored
    plain = site.explain("plain")
    assert plain["source"] == "default" and plain["value"] == "'schema-plain'", plain
    assert any("40_value" in problem for problem in plain["problems"]), plain


def test_locks_naming_keys_that_do_not_exist(site, tmp_path):
    site_d = tmp_path / "site2.d"
    (site_d / "locks").mkdir(parents=True)
    (site_d / "00").write_text("[org/knobs/test/provenance]\nsited='two'\n")
    (site_d / "locks" / "00").write_text(FOLDER + "no-such-key\n/nowhere/at/all\n")
    database = tmp_path / "site2.db"
    subprocess.run(["dconf", "compile", str(database), str(site_d)], check=True, capture_output=True)
    site.profile.write_text(f"user-db:user\nfile-db:{database}\n")
    listed = site.desk.knobs("list", "--json", f"schema/{SCHEMA}")
    assert listed.returncode == 0, listed
    rows = {row["key"]: row for row in json.loads(listed.stdout)}
    assert rows["sited"]["source"] == "system" and rows["sited"]["locked"] is False
    assert rows["mine"]["source"] == "user"
    assert rows["held"]["source"] == "user" and rows["held"]["userValue"] == "'my-held'"


def test_a_database_written_on_a_machine_of_the_other_byte_order(tmp_path):
    """GVDB's structure is little-endian whoever writes it; a big-endian writer's signature
    reads "raVGtnai" and its values are big-endian. Made here from a `dconf compile` of this
    machine: dconf itself reads it, and `knobs explain` gives the same value and database."""
    site = tmp_path / "site.d"
    (site / "locks").mkdir(parents=True)
    (site / "00-site").write_text("[org/gnome/desktop/interface]\ncursor-size=16909060\nclock-format='12h'\n")
    (site / "locks" / "00").write_text("/org/gnome/desktop/interface/cursor-size\n")
    database = tmp_path / "site.db"
    subprocess.run(["dconf", "compile", str(database), str(site)], check=True, capture_output=True)
    data = database.read_bytes()
    assert data[:8] == b"GVariant" and data.count(b"\x04\x03\x02\x01\x00i") == 1, data[:8]
    database.write_bytes(b"raVGtnai" + data[8:].replace(b"\x04\x03\x02\x01\x00i", b"\x01\x02\x03\x04\x00i"))
    profile = tmp_path / "profile"
    profile.write_text(f"user-db:user\nfile-db:{database}\n")
    desk = Desk(tmp_path)
    try:
        desk.env["DCONF_PROFILE"] = str(profile)
        folder = "/org/gnome/desktop/interface/"
        assert desk.command("dconf", "read", folder + "cursor-size").stdout.strip() == "16909060", \
            "dconf reads the database as a machine of the other order wrote it"
        assert desk.command("dconf", "read", folder + "clock-format").stdout.strip() == "'12h'"
        for key, value, source in (("cursor-size", "16909060", "locked"), ("clock-format", "'12h'", "system")):
            result = desk.knobs("explain", "--json", f"schema/org.gnome.desktop.interface/{key}")
            assert result.returncode == 0, result
            explained = json.loads(result.stdout)
            assert explained["source"] == source and explained["value"] == value, explained
            assert winner(explained)["origin"] == f"file-db:{database}", explained
            assert not explained.get("problems"), explained
    finally:
        desk.stop()
