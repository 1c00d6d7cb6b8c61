"""`knobs` runs its commands in a process without GTK, panel files' too, and replaces itself with
the window program (knobs-window, beside it or in ../lib/knobs) only for a window (Knobs' own or a
panel file's) and a D-Bus start. What can go wrong there: the window program missing, not
runnable, or a folder in its place; knobs reached through a symlink; the GTK version asked of a
process that has no GTK.
Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import os
import shutil
import stat
import subprocess

KNOBS = os.environ.get("KNOBS_BIN", "")
SCHEMAS = os.environ.get("KNOBS_SCHEMA_DIR", "")
WINDOW = os.path.join(os.path.dirname(KNOBS), "knobs-window")


def environment(tmp_path, **extra):
    return {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "XDG_RUNTIME_DIR": str(tmp_path),
            "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_STATE_HOME": str(tmp_path / "state"),
            "GSETTINGS_SCHEMA_DIR": SCHEMAS, "GSETTINGS_BACKEND": "memory", "LANG": "C.UTF-8", **extra}


def run(program, *arguments, tmp_path, **extra):
    return subprocess.run([program, *arguments], env=environment(tmp_path, **extra), capture_output=True,
                          text=True, timeout=60)


def loaded_libraries(program):
    return subprocess.run(["ldd", program], capture_output=True, text=True, check=True).stdout


def test_the_command_line_loads_no_gtk_and_the_window_program_does():
    assert "libgtk-4" not in loaded_libraries(KNOBS)
    assert "libgtk-4" in loaded_libraries(WINDOW)


def test_a_command_runs_in_the_knobs_process_and_a_window_request_in_the_window_program(tmp_path):
    # The process's own file, read by the process itself: `get` never becomes the window program.
    folder = tmp_path / "bin"
    folder.mkdir()
    shutil.copy(KNOBS, folder / "knobs")
    # A compiled spy, which sees the argv[0] it is given (a script would see its own path).
    source = tmp_path / "spy.c"
    source.write_text('#include <stdio.h>\nint main(int c, char **v) { printf("window program:");'
                      ' for (int i = 0; i < c; i++) printf(" %s", v[i]); printf("\\n"); return 0; }\n')
    compiler = shutil.which("cc") or shutil.which("clang") or "/opt/swift/usr/bin/clang"
    subprocess.run([compiler, "-o", str(folder / "knobs-window"), str(source)], check=True)
    got = run(str(folder / "knobs"), "get", "clock/show-seconds", tmp_path=tmp_path)
    assert got.returncode == 0 and got.stdout.strip() in ("on", "off"), got
    assert "window program" not in got.stdout
    # The same arguments, and the program's name as it was run (which finds the schemas beside it).
    opened = run(str(folder / "knobs"), "--open", "clock", tmp_path=tmp_path)
    assert opened.returncode == 0, opened
    assert opened.stdout.strip() == f"window program: {folder / 'knobs'} --open clock", opened.stdout
    for arguments in (["--gapplication-service"], [], ["--panel", "org.example.None"],
                      ["--panel", "org.example.None", "--open", "toppings"]):
        result = run(str(folder / "knobs"), *arguments, tmp_path=tmp_path)
        assert result.stdout.startswith("window program:"), (arguments, result)
    # A panel file's commands, checks and installs run here too.
    panel = os.path.join(os.path.dirname(__file__), "panels", "notifications.yaml")
    listed = run(str(folder / "knobs"), "--panel", panel, "get", "display/width", tmp_path=tmp_path)
    assert listed.returncode == 0 and listed.stdout.strip() == "300", listed
    for arguments in (["--panel", panel, "list"], ["--panel", panel, "set", "display/width", "400"],
                      ["--check-panel", panel], ["--check-panel"], ["--panel", "org.example.None", "list"],
                      ["install-panel", str(tmp_path / "missing.yaml")], ["uninstall-panel", "org.example.None"]):
        result = run(str(folder / "knobs"), *arguments, tmp_path=tmp_path)
        assert "window program" not in result.stdout, (arguments, result)
        assert "Traceback" not in result.stderr and "Fatal error" not in result.stderr, (arguments, result)


def test_a_missing_or_broken_window_program_is_said_and_commands_still_work(tmp_path):
    folder = tmp_path / "bin"
    folder.mkdir()
    shutil.copy(KNOBS, folder / "knobs")
    window = folder / "knobs-window"
    for state in ("missing", "not executable", "a folder", "empty file"):
        if window.is_dir():
            window.rmdir()
        elif window.exists():
            window.unlink()
        if state == "not executable":
            window.write_text("#!/bin/sh\nexit 0\n")
        elif state == "a folder":
            window.mkdir()
        elif state == "empty file":
            window.write_text("")
            window.chmod(0o755)
        result = run(str(folder / "knobs"), "--open", "clock", tmp_path=tmp_path)
        assert result.returncode == 1, (state, result)
        assert "The window can't open: its program" in result.stderr, (state, result.stderr)
        assert "Reinstalling Knobs brings it back." in result.stderr
        assert "Traceback" not in result.stderr and "Fatal error" not in result.stderr
        assert run(str(folder / "knobs"), "--version", tmp_path=tmp_path).returncode == 0
        got = run(str(folder / "knobs"), "get", "clock/show-seconds", tmp_path=tmp_path)
        assert got.returncode == 0 and got.stdout.strip() in ("on", "off"), (state, got)


def test_an_installed_layout_finds_the_window_program_in_lib_knobs_through_a_symlink(tmp_path):
    prefix = tmp_path / "usr"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "lib" / "knobs").mkdir(parents=True)
    shutil.copy(KNOBS, prefix / "bin" / "knobs")
    spy = prefix / "lib" / "knobs" / "knobs-window"
    spy.write_text('#!/bin/sh\necho "installed window: $*"\n')
    spy.chmod(stat.S_IRWXU)
    # Run through a link in another folder, as a launcher's PATH may find it.
    links = tmp_path / "links"
    links.mkdir()
    (links / "knobs").symlink_to(prefix / "bin" / "knobs")
    result = run(str(links / "knobs"), "--open", "fonts", tmp_path=tmp_path)
    assert result.stdout.strip() == "installed window: --open fonts", result


def test_the_gtk_version_the_command_line_names_is_the_window_programs(tmp_path):
    expected = subprocess.run(["pkg-config", "--modversion", "gtk4"], capture_output=True, text=True,
                              check=True).stdout.strip()
    got = run(KNOBS, "get", "help/about/info/gtk-version", tmp_path=tmp_path)
    assert got.returncode == 0, got
    assert got.stdout.strip() == expected
