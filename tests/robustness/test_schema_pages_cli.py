"""Extension-shaped schema pages on the real dconf: a dock (groups made by comments, a quoted
string choice, an opacity without a range, an rgba colour, a folder key, a junk summary) and a
system monitor (whole numbers whose description gives codes or a list). Each key's kind, title and
order is checked with `knobs list --json`, each write read back with `gsettings get`, and bad
values (codes the key lacks, labels that aren't one, numbers past every bound, colours that aren't
one, bidi controls, CR LF, 100 KB) are refused in words with nothing written. The schemas are
written here, in the shapes of popular extensions'. Needs KNOBS_BIN and KNOBS_SCHEMA_DIR."""

import pytest

from schema_desks import assert_refused, assert_written, listed, schema_desk

DOCK = "dev.knobs.fixture.ShapedDock"
MONITOR = "dev.knobs.fixture.ShapedMonitor"
DOCK_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<schemalist>
  <schema id="{DOCK}" path="/dev/knobs/fixture/shaped-dock/">
    <!-- Position and size -->
    <key name="dock-position" type="s"><default>'BOTTOM'</default><summary>Dock position</summary>
      <description>One of 'TOP', 'RIGHT', 'BOTTOM' or 'LEFT'.</description></key>
    <key name="dock-fixed" type="b"><default>false</default><summary>...</summary></key>
    <key name="icon-size" type="i"><default>48</default><summary>Icon size</summary>
      <range min="16" max="128"/></key>
    <!-- Looks -->
    <key name="background-opacity" type="d"><default>0.8</default><summary>Opacity of the background</summary></key>
    <key name="custom-background-rgba" type="s"><default>'rgba(32,32,32,0.8)'</default>
      <summary>Background colour</summary></key>
    <key name="icon-theme-folder" type="s"><default>''</default><summary>TODO</summary></key>
  </schema>
</schemalist>
"""
MONITOR_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<schemalist>
  <schema id="{MONITOR}" path="/dev/knobs/fixture/shaped-monitor/">
    <key name="refresh-time" type="i"><default>1500</default><summary>Refresh time</summary></key>
    <key name="net-speed-unit" type="i"><default>0</default><summary>Network speed unit</summary>
      <description>0=Auto, 1=Kbps/KiB/s, 2=Mbps/MiB/s</description></key>
    <key name="graph-align" type="i"><default>1</default><summary>Graph alignment</summary>
      <description>('left', 'center', 'right')</description></key>
    <key name="log-level" type="u"><default>2</default><summary>Log level</summary></key>
  </schema>
</schemalist>
"""


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    yield from schema_desk(
        tmp_path_factory, "shaped", {f"{DOCK}.gschema.xml": DOCK_XML, f"{MONITOR}.gschema.xml": MONITOR_XML})


def test_the_docks_keys_come_in_its_files_order_with_the_control_and_title_its_own_preferences_give(desk):
    rows = listed(desk, DOCK)
    assert [(row["key"], row["kind"], row["title"]) for row in rows] == [
        ("dock-position", "choice", "Dock position"),
        ("dock-fixed", "toggle", "Dock fixed"),
        ("icon-size", "slider", "Icon size"),
        ("background-opacity", "slider", "Opacity of the background"),
        ("custom-background-rgba", "color", "Background colour"),
        ("icon-theme-folder", "file", "Icon theme folder"),
    ]
    by_key = {row["key"]: row for row in rows}
    assert by_key["background-opacity"]["value"] == "80% (0.8)"


def test_the_monitors_coded_numbers_are_choices_by_their_labels(desk):
    rows = listed(desk, MONITOR)
    by_key = {row["key"]: row for row in rows}
    assert [row["key"] for row in rows] == ["refresh-time", "net-speed-unit", "graph-align", "log-level"]
    assert (by_key["net-speed-unit"]["kind"], by_key["net-speed-unit"]["value"]) == ("choice", "Auto")
    assert (by_key["graph-align"]["kind"], by_key["graph-align"]["value"]) == ("choice", "Center")
    assert by_key["refresh-time"]["kind"] == "number" and by_key["log-level"]["kind"] == "number"


@pytest.mark.parametrize("schema, key, text, stored", [
    (MONITOR, "net-speed-unit", "Mbps/MiB/s", "2"),
    (MONITOR, "net-speed-unit", "1", "1"),
    (MONITOR, "graph-align", "right", "2"),
    (DOCK, "dock-position", "LEFT", "'LEFT'"),
    (DOCK, "background-opacity", "0.25", "0.25"),
    (DOCK, "icon-size", "128", "128"),
    (DOCK, "custom-background-rgba", "#10203080", "'rgba(16,32,48,0.502)'"),
    (DOCK, "icon-theme-folder", "/usr/share/icons", "'/usr/share/icons'"),
    (MONITOR, "log-level", "4294967295", "uint32 4294967295"),
    (MONITOR, "graph-align", "left\r\n", "0"),
])
def test_each_write_reaches_dconf_in_the_keys_own_type(desk, schema, key, text, stored):
    assert_written(desk, schema, key, text, stored)


@pytest.mark.parametrize("schema, key, text, said", [
    (MONITOR, "net-speed-unit", "7", "has no option “7”"),
    (MONITOR, "net-speed-unit", "-1", "has no option “-1”"),
    (MONITOR, "net-speed-unit", "Gbps", "has no option “Gbps”"),
    (MONITOR, "graph-align", "ri\r\nght", "has no option"),
    (MONITOR, "graph-align", "\u202eright", "has no option"),
    (DOCK, "dock-position", "MIDDLE", "has no option “MIDDLE”"),
    (DOCK, "dock-position", "x" * 100_000, "has no option"),
    (DOCK, "background-opacity", "9", "is outside that range"),
    (DOCK, "background-opacity", "1e309", ""),
    (DOCK, "icon-size", "129", "is outside that range"),
    (MONITOR, "log-level", "4294967296", "is outside that range"),
    (MONITOR, "refresh-time", "99999999999999999999", "is outside that range"),
    (DOCK, "custom-background-rgba", "rgba(300,0,0,2)", ""),
    (DOCK, "custom-background-rgba", "#12345", ""),
    (DOCK, "custom-background-rgba", "\u202e#102030", ""),
])
def test_a_bad_value_is_refused_in_words_and_nothing_is_written(desk, schema, key, text, said):
    assert_refused(desk, schema, key, text, said)
