"""Carrying a desktop: `knobs export` writes what differs from the defaults as the keyfile
`dconf load /` reads, leaving out Knobs' own window state; reset and loaded again, every
key reads back with gsettings, a relocatable custom shortcut included. With --locks, the
files compile with `dconf compile` into a site database whose keys a DCONF_PROFILE then
shows locked, to gsettings and to Knobs alike. All on the real dconf."""

import subprocess

from harness.scenario import scenario

INTERFACE = "org.gnome.desktop.interface"
CUSTOM = "org.gnome.settings-daemon.plugins.media-keys.custom-keybinding"
FIRST = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/"

CHANGES = [
    (INTERFACE, "clock-format", "'12h'"),
    (INTERFACE, "text-scaling-factor", "1.25"),
    ("org.gnome.desktop.session", "idle-delay", "uint32 60"),
    ("org.gnome.desktop.wm.keybindings", "minimize", "@as []"),
    ("org.gnome.desktop.wm.preferences", "button-layout", "'close:appmenu'"),
]


def gsettings_get(session, schema, key, env=None):
    result = subprocess.run(["gsettings", "get", schema, key], env={**session.env, **(env or {})},
                            capture_output=True, text=True, timeout=30)
    return result.stdout.strip()


@scenario(backend="dconf", timeout=90)
def test_export_reset_and_load_bring_every_key_back(session, driver):
    for schema, key, value in CHANGES:
        assert session.command("gsettings", "set", schema, key, value).returncode == 0, (schema, key)
    assert session.run("custom-shortcut", "add", "Files", "nautilus --new-window", "<Super>e").returncode == 0
    # Knobs' own window state is in dconf too, and stays out of the export.
    session.command("dconf", "write", "/dev/knobs/Knobs/window-width", "900")

    exported = session.run("export", "-o", str(session.root / "desktop.ini"))
    assert exported.returncode == 0, exported.stderr
    text = (session.root / "desktop.ini").read_text()
    assert "[org/gnome/desktop/session]\nidle-delay=uint32 60\n" in text, text
    assert "minimize=@as []" in text and "clock-format='12h'" in text, text
    assert f"[{FIRST.strip('/')}]\nbinding='<Super>e'\ncommand='nautilus --new-window'\nname='Files'\n" in text, text
    assert "dev/knobs" not in text, "Knobs' own window state is left out"
    assert session.run("export").stdout == text, "standard output holds the same file"

    session.command("dconf", "reset", "-f", "/")
    assert gsettings_get(session, INTERFACE, "clock-format") == "'24h'"
    with open(session.root / "desktop.ini") as keyfile:
        loaded = subprocess.run(["dconf", "load", "/"], stdin=keyfile, env=session.env, capture_output=True,
                                text=True, timeout=30)
    assert loaded.returncode == 0, loaded.stderr
    for schema, key, value in CHANGES:
        assert gsettings_get(session, schema, key) == value, (schema, key)
    assert gsettings_get(session, f"{CUSTOM}:{FIRST}", "binding") == "'<Super>e'"
    assert session.run("get", "keyboard-shortcuts/custom/files/details/command").stdout.strip() == \
        "nautilus --new-window"

    # A scope narrows it: a page's rows, or one schema.
    fonts = session.run("export", "fonts")
    assert fonts.returncode == 0 and fonts.stdout == "[org/gnome/desktop/interface]\ntext-scaling-factor=1.25\n", \
        fonts.stdout
    missing = session.run("export", "no-such-page")
    assert missing.returncode == 2 and "There is no setting at “no-such-page”" in missing.stderr, missing


@scenario(backend="dconf", timeout=90)
def test_a_site_database_from_the_export_and_its_locks_holds_the_keys_locked(session, driver):
    session.command("gsettings", "set", INTERFACE, "clock-format", "12h")
    session.command("gsettings", "set", "org.gnome.desktop.session", "idle-delay", "uint32 600")
    site = session.root / "site.d"
    (site / "locks").mkdir(parents=True)
    exported = session.run("export", "-o", str(site / "00-knobs"), "--locks", str(site / "locks" / "knobs"),
                           "clock", "schema/org.gnome.desktop.session")
    assert exported.returncode == 0, exported.stderr
    locks = (site / "locks" / "knobs").read_text().splitlines()
    assert "/org/gnome/desktop/interface/clock-format" in locks and "/org/gnome/desktop/session/idle-delay" in locks
    compiled = subprocess.run(["dconf", "compile", str(session.root / "site"), str(site)], env=session.env,
                              capture_output=True, text=True, timeout=30)
    assert compiled.returncode == 0, compiled.stderr

    # A fresh user under that site: the user's own database is empty, the site's values show, locked.
    session.command("dconf", "reset", "-f", "/")
    profile = session.root / "profile"
    profile.write_text(f"user-db:user\nfile-db:{session.root / 'site'}\n")
    site_env = {"DCONF_PROFILE": str(profile)}
    assert gsettings_get(session, INTERFACE, "clock-format", site_env) == "'12h'"
    writable = subprocess.run(["gsettings", "writable", INTERFACE, "clock-format"], env={**session.env, **site_env},
                              capture_output=True, text=True, timeout=30)
    assert writable.stdout.strip() == "false", writable
    refused = session.run("set", "clock/time-format", "24h", extra_env=site_env)
    assert refused.returncode == 1 and "managed by the system" in refused.stderr, refused
    assert gsettings_get(session, INTERFACE, "clock-format", site_env) == "'12h'"


@scenario(backend="dconf", timeout=90)
def test_import_is_checked_whole_then_written_and_a_dry_run_writes_nothing(session, driver):
    for schema, key, value in CHANGES:
        assert session.command("gsettings", "set", schema, key, value).returncode == 0, (schema, key)
    assert session.run("custom-shortcut", "add", "Files", "nautilus", "<Super>e").returncode == 0
    keyfile = session.root / "desktop.ini"
    assert session.run("export", "-o", str(keyfile)).returncode == 0
    session.command("dconf", "reset", "-f", "/")
    before = session.command("dconf", "dump", "/").stdout

    dry = session.run("import", "--dry-run", str(keyfile))
    assert dry.returncode == 0, dry.stderr
    assert "/org/gnome/desktop/interface/clock-format: '24h' → '12h'" in dry.stdout, dry.stdout
    assert "/org/gnome/desktop/session/idle-delay: uint32 300 → uint32 60" in dry.stdout, dry.stdout
    assert session.command("dconf", "dump", "/").stdout == before, "a dry run writes nothing"

    # One wrong line anywhere: nothing at all is written, and every problem is named by its line.
    bad = session.root / "bad.ini"
    bad.write_text(keyfile.read_text() + "\n[org/gnome/desktop/interface]\ncursor-size='big'\n"
                   + "[org/example/nothing]\nx=1\n")
    refused = session.run("import", str(bad))
    assert refused.returncode == 2, refused
    lines = len(keyfile.read_text().splitlines())
    assert f"bad.ini:{lines + 3}: /org/gnome/desktop/interface/cursor-size:" in refused.stderr, refused.stderr
    assert f"bad.ini:{lines + 5}: no installed schema has the key /org/example/nothing/x." in refused.stderr, \
        refused.stderr
    assert session.command("dconf", "dump", "/").stdout == before, "a refused import writes nothing"

    imported = session.run("import", str(keyfile))
    assert imported.returncode == 0, imported.stderr
    for schema, key, value in CHANGES:
        assert gsettings_get(session, schema, key) == value, (schema, key)
    assert gsettings_get(session, f"{CUSTOM}:{FIRST}", "name") == "'Files'"
    again = session.run("import", str(keyfile))
    assert "Nothing to change" in again.stdout, again.stdout
