"""`knobs extension install` checks a zip archive whole before writing anything: names that
climb out (zip slip) or are absolute, symbolic links, a uuid that is no safe folder name or that
the archive's name contradicts, a zip bomb (1 GB of zeros), 100,000 entries, a truncated or
damaged archive, an entry inflating past the size it gives. Each is refused with a message
(status 2) and leaves nothing behind: no extension folder, no temporary folder. A good archive
installs, compiles schema sources it ships, and uninstalls; an extension installed for everyone
is refused with the reason. Archives are made here with Python's zipfile. Needs KNOBS_BIN and
KNOBS_SCHEMA_DIR."""

import json
import stat
import struct
import time
import zipfile
import zlib

import pytest

from test_cli import home, knobs  # noqa: F401 (home is a fixture)

UUID = "tidy@example.org"


def metadata(uuid=UUID, name="Tidy"):
    return json.dumps({"uuid": uuid, "name": name, "description": "Tidies.", "shell-version": ["43"]})


def make_zip(path, files, links=(), compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", compression) as archive:
        for name, content in files:
            archive.writestr(name, content)
        for name, target in links:
            info = zipfile.ZipInfo(name)
            info.create_system = 3
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, target)
    return path


def extensions(home):
    return home.parent / "data" / "gnome-shell" / "extensions"


def left_behind(home):
    folder = extensions(home)
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def refused(home, archive, *words):
    started = time.monotonic()
    result = knobs(home, "extension", "install", str(archive), timeout=60)
    took = time.monotonic() - started
    stderr = result.stderr.decode()
    assert result.returncode == 2, (result, stderr)
    for word in words:
        assert word in stderr, stderr
    assert "Nothing was installed" in stderr or "nothing" in stderr.lower(), stderr
    assert left_behind(home) == [], left_behind(home)
    assert result.stdout == b""
    return took


def test_a_good_archive_installs_lists_and_uninstalls(home, tmp_path):
    schema = ('<schemalist><schema id="org.example.tidy" path="/org/example/tidy/">'
              '<key name="level" type="i"><default>1</default></key></schema></schemalist>')
    archive = make_zip(tmp_path / f"{UUID}.shell-extension.zip", [
        ("metadata.json", metadata()), ("extension.js", "export default class {}\n"),
        ("schemas/", ""), ("schemas/org.example.tidy.gschema.xml", schema),
        ("icons/a/b/icon.svg", "<svg/>"),
    ])
    result = knobs(home, "extension", "install", "--json", str(archive))
    assert result.returncode == 0, result
    said = json.loads(result.stdout)
    target = extensions(home) / UUID
    assert said == {"uuid": UUID, "name": "Tidy", "path": str(target), "compiled-schemas": True, "replaced": False}
    assert (target / "extension.js").read_text() == "export default class {}\n"
    assert (target / "schemas" / "gschemas.compiled").is_file()
    assert (target / "icons/a/b/icon.svg").is_file()
    assert left_behind(home) == [UUID]

    listed = knobs(home, "extension", "list", "--json")
    assert listed.returncode == 0, listed
    found = [e for e in json.loads(listed.stdout) if e["uuid"] == UUID]
    assert found and found[0]["scope"] == "user" and found[0]["name"] == "Tidy", listed.stdout

    again = knobs(home, "extension", "install", str(archive))
    assert again.returncode == 2 and b"--replace" in again.stderr, again
    replaced = knobs(home, "extension", "install", "--replace", "--json", str(archive))
    assert replaced.returncode == 0 and json.loads(replaced.stdout)["replaced"] is True, replaced
    assert left_behind(home) == [UUID]

    removed = knobs(home, "extension", "uninstall", UUID)
    assert removed.returncode == 0, removed
    assert left_behind(home) == []


def test_a_plain_text_install_says_a_new_login_is_needed(home, tmp_path):
    archive = make_zip(tmp_path / "tidy.zip", [("metadata.json", metadata())])
    result = knobs(home, "extension", "install", str(archive))
    assert result.returncode == 0, result
    out = result.stdout.decode()
    assert "log in again" in out and f"knobs extension enable {UUID}" in out, out


@pytest.mark.parametrize("name", ["../escaped.js", "schemas/../../escaped.js", "/tmp/escaped.js", "a/./b.js",
                                  "a//b.js", "..", "a\\..\\b.js"])
def test_a_name_reaching_outside_is_refused(home, tmp_path, name):
    archive = make_zip(tmp_path / "slip.zip", [("metadata.json", metadata()), (name, "owned")])
    refused(home, archive, "would reach outside the extension's folder")
    assert not (home.parent / "data" / "gnome-shell" / "escaped.js").exists()


def test_a_symlink_to_etc_is_refused(home, tmp_path):
    archive = make_zip(tmp_path / "link.zip", [("metadata.json", metadata())], links=[("etc", "/etc")])
    refused(home, archive, "“etc”, a symbolic link")


@pytest.mark.parametrize("uuid", ["../../../evil", "evil/uuid", "..", ".hidden", "a..b@x", "", "tab\tuuid"])
def test_a_uuid_that_is_no_safe_folder_name_is_refused(home, tmp_path, uuid):
    archive = make_zip(tmp_path / "uuid.zip", [("metadata.json", metadata(uuid=uuid))])
    refused(home, archive, "uuid")


def test_metadata_lying_about_its_uuid_is_refused(home, tmp_path):
    archive = make_zip(tmp_path / f"{UUID}.shell-extension.zip", [("metadata.json", metadata(uuid="other@evil.org"))])
    refused(home, archive, f"name says it holds “{UUID}”", "“other@evil.org”")


def test_an_archive_without_metadata_is_refused(home, tmp_path):
    archive = make_zip(tmp_path / "none.zip", [("extension.js", "")])
    refused(home, archive, "no metadata.json")


def test_a_zip_bomb_of_a_gigabyte_of_zeros_is_refused_unread(home, tmp_path):
    path = tmp_path / "bomb.zip"
    chunk = bytes(1 << 20)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("metadata.json", metadata())
        with archive.open("zeros.bin", "w", force_zip64=False) as zeros:
            for _ in range(1024):
                zeros.write(chunk)
    assert path.stat().st_size < 4 << 20
    took = refused(home, path, "larger than 64 MB")
    assert took < 5, took


def test_an_entry_inflating_past_the_size_it_gives_is_refused(home, tmp_path):
    # Honest headers first, then the sizes rewritten to say 1 KB where 10 MB of zeros inflate.
    path = make_zip(tmp_path / "liar.zip", [("metadata.json", metadata()), ("zeros.bin", bytes(10 << 20))])
    data = bytearray(path.read_bytes())
    real = struct.pack("<I", 10 << 20)
    fake = struct.pack("<I", 1024)
    with zipfile.ZipFile(path) as archive:
        local = archive.getinfo("zeros.bin").header_offset
    central = data.rfind(b"PK\x01\x02")  # the last entry's, zeros.bin's
    for start in (local + 22, central + 24):
        assert data[start:start + 4] == real
        data[start:start + 4] = fake
    path.write_bytes(bytes(data))
    refused(home, path, "“zeros.bin” inflates to more than the size it gives")


def test_a_hundred_thousand_entries_are_refused(home, tmp_path):
    path = tmp_path / "many.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("metadata.json", metadata())
        for index in range(100_000):
            archive.writestr(f"f/{index}", b"")
    took = refused(home, path, "more than 10000 files")
    assert took < 5, took


@pytest.mark.parametrize("keep", [0.5, 0.9, 0.999])
def test_a_truncated_archive_is_refused(home, tmp_path, keep):
    whole = make_zip(tmp_path / "whole.zip", [("metadata.json", metadata()), ("extension.js", "x" * 5000)])
    data = whole.read_bytes()
    cut = tmp_path / "cut.zip"
    cut.write_bytes(data[:int(len(data) * keep)])
    refused(home, cut, "damaged or cut short")


def test_a_damaged_entry_is_refused_and_its_half_written_folder_removed(home, tmp_path):
    path = make_zip(tmp_path / "bad.zip", [("metadata.json", metadata()), ("a.js", "a" * 4000),
                                           ("z.js", "z" * 4000)], compression=zipfile.ZIP_STORED)
    data = bytearray(path.read_bytes())
    spot = data.index(b"z" * 100)
    data[spot] = ord("y")
    path.write_bytes(bytes(data))
    # a.js is unpacked before z.js is found damaged: the temporary folder goes with it.
    refused(home, path, "“z.js” is damaged")


def test_a_file_that_is_no_zip_is_refused(home, tmp_path):
    path = tmp_path / "text.zip"
    path.write_text("not a zip at all\n" * 10)
    refused(home, path, "damaged or cut short")


def test_an_extension_installed_for_everyone_is_not_uninstalled(home, tmp_path):
    system = tmp_path / "system"
    folder = system / "gnome-shell" / "extensions" / UUID
    folder.mkdir(parents=True)
    (folder / "metadata.json").write_text(metadata())
    result = knobs(home, "extension", "uninstall", UUID, env={"XDG_DATA_DIRS": str(system)})
    assert result.returncode == 2, result
    assert "installed for everyone" in result.stderr.decode() and str(folder) in result.stderr.decode()
    assert (folder / "metadata.json").is_file()


def test_uninstall_refuses_a_uuid_that_climbs_out(home, tmp_path):
    victim = home.parent / "data" / "victim"
    victim.mkdir(parents=True)
    result = knobs(home, "extension", "uninstall", "../../victim")
    assert result.returncode == 2 and b"no extension's uuid" in result.stderr, result
    assert victim.is_dir()
