"""The command line as a person guesses it: `knobs help`, a short path that could name several
rows, `get` of a section or a page, and a path typed with other capitals.
Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

from test_cli import home, knobs  # noqa: F401 (home is a fixture)

PANEL = """\
id: org.example.Urgency
name: Urgency
ini-file: urgency/urgency.ini
sections:
  - id: alerts
    title: Alerts
    rows:
      - kind: detail
        id: low
        title: Low Urgency
        sections:
          - id: main
            rows:
              - kind: number
                id: timeout
                title: Low Timeout
                setting: {ini: low/timeout, default: 5}
                min: 0
                max: 60
      - kind: detail
        id: critical
        title: Critical Urgency
        sections:
          - id: main
            rows:
              - kind: number
                id: timeout
                title: Critical Timeout
                setting: {ini: critical/timeout, default: 0}
                min: 0
                max: 60
              - kind: toggle
                id: sound
                title: Sound
                setting: {ini: critical/sound, default: true}
"""


def urgency(home, *arguments):
    panel = home / "urgency.yaml"
    panel.write_text(PANEL)
    (home / "urgency").mkdir(exist_ok=True)
    return knobs(home, "--panel", str(panel), *arguments)


def test_help_as_a_word_prints_the_usage(home):
    done = knobs(home, "help")
    assert done.returncode == 0, done.stderr
    assert b"get PATH" in done.stdout and b"set PATH VALUE" in done.stdout
    assert knobs(home, "--help").stdout == done.stdout


def test_a_short_path_that_names_two_rows_is_refused_with_both(home):
    done = urgency(home, "get", "timeout")
    assert done.returncode == 2
    assert b"alerts/low/main/timeout" in done.stderr and b"alerts/critical/main/timeout" in done.stderr, done.stderr
    assert done.stdout == b""
    written = urgency(home, "set", "timeout", "9")
    assert written.returncode == 2 and b"alerts/low/main/timeout" in written.stderr, written.stderr
    assert not (home / "urgency" / "urgency.ini").exists(), "nothing was written"
    # The full path, or a short one that names one row, still works.
    assert urgency(home, "get", "critical/timeout").stdout.strip() == b"0"
    assert urgency(home, "get", "sound").stdout.strip() == b"on"


def test_get_of_a_section_or_a_page_prints_its_rows(home):
    section = urgency(home, "get", "alerts")
    assert section.returncode == 0, section.stderr
    lines = section.stdout.decode().splitlines()
    assert lines[0].split() == ["PATH", "KIND", "TITLE", "VALUE"], lines
    assert [line.split()[0] for line in lines[1:]] == ["alerts/low", "alerts/critical"], lines
    page = urgency(home, "get", "critical")
    assert page.returncode == 0, page.stderr
    paths = [line.split()[0] for line in page.stdout.decode().splitlines()[1:]]
    assert paths == ["alerts/critical/main/timeout", "alerts/critical/main/sound"], paths


def test_get_of_the_shipped_panels_sections_and_pages(home):
    help_section = knobs(home, "get", "help")
    assert help_section.returncode == 0, help_section.stderr
    paths = [line.split()[0] for line in help_section.stdout.decode().splitlines()[1:]]
    assert "help/about" in paths and "help/privacy" in paths, paths
    assert b"Super+F1" not in help_section.stdout, "help is the Help section, not a shortcut named help"
    about = knobs(home, "get", "help/about")
    assert about.returncode == 0, about.stderr
    assert b"help/about/info/version" in about.stdout, about.stdout
    page = knobs(home, "get", "more/all-settings")
    assert page.returncode == 2 and b"knobs list schema/" in page.stderr, page.stderr


def test_suggestions_ignore_capitals(home):
    done = urgency(home, "get", "Alerts/Critical/Main/Sound")
    assert done.returncode == 2
    assert b"Did you mean alerts/critical/main/sound" in done.stderr, done.stderr


def test_a_path_that_names_nothing_says_where_to_look(home):
    # Knobs' own panel and a panel file: suggestions, the list, and the schema paths (a
    # third-party app's command line, tests/library, leaves schema paths out).
    for done, near in [(knobs(home, "get", "appearance/no-such-row"), None),
                       (urgency(home, "set", "alerts/critical/main/sund", "true"), "alerts/critical/main/sound"),
                       (knobs(home, "export", "no-such-page"), None)]:
        stderr = done.stderr.decode()
        assert done.returncode == 2, done
        assert stderr.startswith("knobs: There is no setting at “"), stderr
        assert stderr.rstrip().endswith("“knobs list” shows every path; schema/SCHEMA-ID names a schema."), stderr
        if near:
            assert f"Did you mean {near}" in stderr, stderr
    assert not (home / "urgency" / "urgency.ini").exists(), "nothing was written"
