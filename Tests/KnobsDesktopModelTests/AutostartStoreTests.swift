import Foundation
import KnobsDesktopModel
import KnobsModel
import XCTest

/// A home of its own for one test: the user's autostart folder, a system one
/// and an applications folder, all under a temporary folder.
struct AutostartHome {
  let root: URL
  var user: String { root.path + "/config/autostart" }
  var system: String { root.path + "/etc/xdg/autostart" }
  var applications: String { root.path + "/data/applications" }

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-autostart-\(UUID().uuidString)")
    for folder in [root.path + "/config", root.path + "/etc/xdg/autostart", root.path + "/data/applications"] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
  }

  var folders: DesktopFolders {
    DesktopFolders(
      userAutostart: user, systemAutostart: [system], applications: [applications], desktops: ["GNOME"],
      languages: LocaleLanguages.names(for: "de_DE.UTF-8"))
  }

  @discardableResult
  func write(_ text: String, to folder: String, _ name: String) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func read(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  func remove() { try? FileManager.default.removeItem(at: root) }

  static func entry(_ name: String, extra: String = "") -> String {
    "[Desktop Entry]\n# a comment to keep\nType=Application\nName=\(name)\nExec=\(name.lowercased())\n\(extra)"
  }
}

@MainActor
final class AutostartStoreTests: XCTestCase {
  var home: AutostartHome!

  override func setUp() async throws {
    home = try AutostartHome()
  }

  override func tearDown() async throws {
    home.remove()
  }

  func testListsUserAndSystemEntriesHonouringHiddenEnabledAndTheUserCopy() async throws {
    try home.write(
      AutostartHome.entry("Notes", extra: "Name[de]=Notizen\nComment=Jot\n"), to: home.user, "notes.desktop")
    try home.write(AutostartHome.entry("Off", extra: "X-GNOME-Autostart-enabled=false\n"), to: home.user, "off.desktop")
    try home.write(AutostartHome.entry("Gone", extra: "Hidden=true\n"), to: home.user, "gone.desktop")
    try home.write(AutostartHome.entry("System Gone"), to: home.system, "gone.desktop")
    try home.write(AutostartHome.entry("Daemon", extra: "NoDisplay=true\n"), to: home.system, "daemon.desktop")
    try home.write(AutostartHome.entry("KDE Only", extra: "OnlyShowIn=KDE;\n"), to: home.system, "kde.desktop")
    try home.write(AutostartHome.entry("Sync"), to: home.system, "sync.desktop")
    try home.write(AutostartHome.entry("Mine"), to: home.user, "sync.desktop")
    try home.write("not a desktop file", to: home.user, "readme.txt")
    let store = AutostartStore(folders: home.folders)
    XCTAssertEqual(store.entries.map(\.name), ["Mine", "Notizen", "Off"])
    XCTAssertEqual(store.entries.map(\.isEnabled), [true, true, false])
    XCTAssertEqual(store.entry("sync.desktop")?.origin, .userOverridingSystem)
    XCTAssertEqual(store.entry("notes.desktop")?.comment, "Jot")
    XCTAssertEqual(store.value(for: AutostartStore.key("off.desktop")), false)
    XCTAssertNil(store.value(for: AutostartStore.key("gone.desktop")))
  }

  func testTurningOffChangesOneLineAtomicallyAndKeepsCommentsAndUnknownKeys() async throws {
    let text = AutostartHome.entry("Notes", extra: "X-Custom=1\n[Desktop Action A]\nName=A\n")
    let path = try home.write(text, to: home.user, "notes.desktop")
    let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    let store = AutostartStore(folders: home.folders)
    var heard: [SettingKey] = []
    let observation = store.observe { heard.append($0) }
    try store.write(false, for: AutostartStore.key("notes.desktop"))
    XCTAssertEqual(
      home.read(path),
      text.replacingOccurrences(of: "X-Custom=1\n", with: "X-Custom=1\nX-GNOME-Autostart-enabled=false\n"))
    XCTAssertNotEqual(
      try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int, inode,
      "the file is replaced by a rename, not written in place")
    XCTAssertEqual(heard, [AutostartStore.key("notes.desktop")])
    XCTAssertEqual(store.value(for: AutostartStore.key("notes.desktop")), false)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: home.user), ["notes.desktop"], "no temporary file is left")
    try store.write(true, for: AutostartStore.key("notes.desktop"))
    XCTAssertTrue(home.read(path)!.contains("X-GNOME-Autostart-enabled=true\n"))
    observation.cancel()
  }

  func testFoldersComeFromTheXDGVariables() async throws {
    let folders = DesktopFolders(environment: [
      "HOME": "/home/ada", "XDG_CONFIG_HOME": "/c", "XDG_CONFIG_DIRS": "/etc/one:/etc/two", "XDG_DATA_HOME": "/d",
      "XDG_DATA_DIRS": "/usr/share", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "LANG": "pt_BR.UTF-8",
    ])
    XCTAssertEqual(folders.userAutostart, "/c/autostart")
    XCTAssertEqual(folders.systemAutostart, ["/etc/one/autostart", "/etc/two/autostart"])
    XCTAssertEqual(folders.applications, ["/d/applications", "/usr/share/applications"])
    XCTAssertEqual(folders.desktops, ["ubuntu", "GNOME"])
    XCTAssertEqual(folders.languages, ["pt_BR", "pt"])
    let defaults = DesktopFolders(environment: ["HOME": "/home/ada"])
    XCTAssertEqual(defaults.userAutostart, "/home/ada/.config/autostart")
    XCTAssertEqual(defaults.systemAutostart, ["/etc/xdg/autostart"])
    XCTAssertEqual(defaults.applications.last, "/usr/share/applications")
  }

  func testARewriteKeepsTheFileModeAndALinkInsideTheFolderIsReplacedNotFollowed() async throws {
    let path = try home.write(AutostartHome.entry("Private"), to: home.user, "private.desktop")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    try home.write(AutostartHome.entry("Inside"), to: home.user, "inside.desktop")
    try FileManager.default.createSymbolicLink(
      atPath: home.user + "/alias.desktop", withDestinationPath: "inside.desktop")
    let store = AutostartStore(folders: home.folders)
    try store.setEnabled(false, id: "private.desktop")
    XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o600)
    try store.setEnabled(false, id: "alias.desktop")
    XCTAssertEqual(home.read(home.user + "/inside.desktop"), AutostartHome.entry("Inside"), "the link's target is kept")
    XCTAssertEqual(
      try FileManager.default.attributesOfItem(atPath: home.user + "/alias.desktop")[.type] as? FileAttributeType,
      .typeRegular)
    XCTAssertEqual(store.entry("inside.desktop")?.isEnabled, true)
    XCTAssertEqual(store.entry("alias.desktop")?.isEnabled, false)
  }

  func testASystemEntryIsCopiedNeverEdited() async throws {
    let systemText = AutostartHome.entry("Sync", extra: "X-Vendor=kept\n")
    let systemPath = try home.write(systemText, to: home.system, "sync.desktop")
    let store = AutostartStore(folders: home.folders)
    XCTAssertEqual(store.entry("sync.desktop")?.origin, .system)
    try store.setEnabled(false, id: "sync.desktop")
    XCTAssertEqual(home.read(systemPath), systemText)
    XCTAssertEqual(home.read(home.user + "/sync.desktop"), systemText + "X-GNOME-Autostart-enabled=false\n")
    XCTAssertEqual(store.entry("sync.desktop")?.origin, .userOverridingSystem)

    let change = try store.remove(id: "sync.desktop")
    XCTAssertEqual(home.read(systemPath), systemText)
    XCTAssertTrue(home.read(home.user + "/sync.desktop")!.hasSuffix("X-GNOME-Autostart-enabled=false\nHidden=true\n"))
    XCTAssertNil(store.entry("sync.desktop"), "a hidden entry is removed")
    try store.undo(change)
    XCTAssertEqual(store.entry("sync.desktop")?.isEnabled, false)
    XCTAssertEqual(home.read(home.user + "/sync.desktop"), systemText + "X-GNOME-Autostart-enabled=false\n")
  }

  func testRemovingAUserEntryDeletesItAndUndoPutsTheSameBytesBack() async throws {
    let text = AutostartHome.entry("Notes", extra: "# trailing comment\n")
    let path = try home.write(text, to: home.user, "notes.desktop")
    let store = AutostartStore(folders: home.folders)
    var changes = 0
    let observation = store.observeEntries { changes += 1 }
    let change = try store.remove(id: "notes.desktop")
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    XCTAssertEqual(store.entries.count, 0)
    try store.undo(change)
    XCTAssertEqual(home.read(path), text)
    XCTAssertEqual(changes, 2)
    observation.cancel()
  }

  func testAddingCopiesTheApplicationAndUndoRemovesIt() async throws {
    let appText = AutostartHome.entry("Editor", extra: "Icon=accessories-text-editor\nKeywords=text;code;\n")
    try home.write(appText, to: home.applications, "org.example.Editor.desktop")
    try home.write(
      AutostartHome.entry("Hidden App", extra: "NoDisplay=true\n"), to: home.applications, "hidden.desktop")
    try home.write(AutostartHome.entry("Sub"), to: home.applications + "/vendor", "tool.desktop")
    let apps = InstalledApplications(folders: home.folders).all()
    XCTAssertEqual(apps.map(\.id), ["org.example.Editor.desktop", "vendor-tool.desktop"])
    XCTAssertEqual(apps[0].iconName, "accessories-text-editor")
    XCTAssertTrue(apps[0].keywords.contains("code"))
    let store = AutostartStore(folders: home.folders)
    let change = try store.add(apps[0])
    XCTAssertEqual(home.read(home.user + "/org.example.Editor.desktop"), appText)
    XCTAssertEqual(store.entries.map(\.name), ["Editor"])
    try store.undo(change)
    XCTAssertFalse(FileManager.default.fileExists(atPath: home.user + "/org.example.Editor.desktop"))
  }

  func testAddingAnEntryTheUserHadHiddenShowsAndEnablesIt() async throws {
    try home.write(AutostartHome.entry("Sync"), to: home.system, "sync.desktop")
    let store = AutostartStore(folders: home.folders)
    try store.setEnabled(false, id: "sync.desktop")
    try store.remove(id: "sync.desktop")
    try store.add(DesktopApplication(id: "sync.desktop", path: home.system + "/sync.desktop", name: "Sync"))
    XCTAssertEqual(store.entry("sync.desktop")?.isEnabled, true)
    let user = home.read(home.user + "/sync.desktop")!
    XCTAssertTrue(user.contains("Hidden=false") && user.contains("X-GNOME-Autostart-enabled=true"), user)
  }

  func testMalformedAndUnreadableFilesAreListedWithAReasonAndNeverRewritten() async throws {
    let broken = "[Desktop Entry]\nName=Broken\nthis line is wrong\n"
    let brokenPath = try home.write(broken, to: home.user, "broken.desktop")
    let noExec = try home.write("[Desktop Entry]\nType=Application\nName=Nothing\n", to: home.user, "noexec.desktop")
    try FileManager.default.createDirectory(atPath: home.user + "/folder.desktop", withIntermediateDirectories: true)
    try Data([0x5B, 0xFF]).write(to: URL(fileURLWithPath: home.user + "/binary.desktop"))
    try home.write("[Desktop Entry]\nName=Untyped\nExec=x\n", to: home.user, "untyped.desktop")
    try home.write("garbage", to: home.system, "bad-system.desktop")
    let store = AutostartStore(folders: home.folders)
    let problems = Dictionary(uniqueKeysWithValues: store.entries.map { ($0.id, $0.problem ?? "") })
    XCTAssertEqual(
      problems["broken.desktop"], "it is not a valid desktop file: line 3 is not a key, a group or a comment")
    XCTAssertEqual(problems["noexec.desktop"], "it has no Exec line, so nothing would start")
    XCTAssertEqual(problems["folder.desktop"], "it is a folder, not a desktop file")
    XCTAssertEqual(problems["binary.desktop"], "it is not a valid desktop file: it is not UTF-8 text")
    XCTAssertEqual(problems["untyped.desktop"], "it has no Type=Application line, so the session ignores it")
    XCTAssertEqual(store.skipped.count, 1, "a malformed system file is left out with a note")
    XCTAssertTrue(store.skipped[0].contains("bad-system.desktop"))
    XCTAssertFalse(store.isWritable(AutostartStore.key("broken.desktop")))
    XCTAssertThrowsError(try store.write(false, for: AutostartStore.key("broken.desktop")))
    XCTAssertThrowsError(try store.setEnabled(false, id: "noexec.desktop"))
    store.reload()
    XCTAssertEqual(home.read(brokenPath), broken)
    XCTAssertEqual(home.read(noExec), "[Desktop Entry]\nType=Application\nName=Nothing\n")
  }

  func testASymlinkOutOfTheFolderIsNeverFollowed() async throws {
    let outside = try home.write(AutostartHome.entry("Outside"), to: home.root.path + "/elsewhere", "out.desktop")
    try FileManager.default.createDirectory(atPath: home.user, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: home.user + "/out.desktop", withDestinationPath: outside)
    try home.write(AutostartHome.entry("Inside"), to: home.user, "inside.desktop")
    try FileManager.default.createSymbolicLink(
      atPath: home.user + "/alias.desktop", withDestinationPath: "inside.desktop")
    let store = AutostartStore(folders: home.folders)
    let out = try XCTUnwrap(store.entry("out.desktop"))
    XCTAssertEqual(
      out.problem, "it links to \(outside), outside the autostart folder, and Knobs does not follow such links")
    XCTAssertEqual(store.entry("alias.desktop")?.name, "Inside", "a link inside the folder is read")
    XCTAssertThrowsError(try store.setEnabled(false, id: "out.desktop"))
    XCTAssertEqual(home.read(outside), AutostartHome.entry("Outside"))

    let change = try store.remove(id: "out.desktop")
    XCTAssertEqual(home.read(outside), AutostartHome.entry("Outside"), "removing the link leaves its target alone")
    XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: home.user + "/out.desktop"))
    try store.undo(change)
    XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: home.user + "/out.desktop"), outside)
  }

  func testAFailedWriteLeavesTheFileAndSaysWhy() async throws {
    let folders = DesktopFolders(
      userAutostart: "/dev/null/knobs/autostart", systemAutostart: [home.system], applications: [home.applications])
    try home.write(AutostartHome.entry("Sync"), to: home.system, "sync.desktop")
    let store = AutostartStore(folders: folders)
    XCTAssertThrowsError(try store.write(false, for: AutostartStore.key("sync.desktop"))) { error in
      guard case .failed(_, let reason) = error as? SettingsError else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.contains("/dev/null"), reason)
    }
    XCTAssertEqual(store.value(for: AutostartStore.key("sync.desktop")), true)
    XCTAssertEqual(home.read(home.system + "/sync.desktop"), AutostartHome.entry("Sync"))
  }

  func testRowsHaveValidIdsARemoveButtonAndTheAddRowLast() async throws {
    try home.write(AutostartHome.entry("Alarm"), to: home.user, "org.gnome.Evolution-alarm-notify.desktop")
    try home.write(AutostartHome.entry("Other"), to: home.user, "org.gnome.evolution.alarm.notify.desktop")
    try home.write("broken", to: home.user, "add.desktop")
    XCTAssertEqual(StartupApplicationRows(store: AutostartStore(folders: home.folders)).note, "")
    let empty = DesktopFolders(userAutostart: home.root.path + "/none", systemAutostart: [], applications: [])
    XCTAssertEqual(StartupApplicationRows(store: AutostartStore(folders: empty)).note, "No apps start when you log in.")
    let store = AutostartStore(folders: home.folders)
    let rows = StartupApplicationRows(store: store)
    XCTAssertEqual(
      rows.rows.map(\.id), ["add-2", "org-gnome-evolution-alarm-notify", "org-gnome-evolution-alarm-notify-2", "add"])
    XCTAssertEqual(rows.rows.map(\.kindName), ["value", "toggle", "toggle", "action"])
    XCTAssertEqual(rows.rows[1].button?.label, "Remove Alarm")
    let panel = Panel("Startup") { Section("autostart", rows: rows) }
    XCTAssertEqual(panel.validate().map(\.description), [])
    let routed = panel.connectRowSources(to: MemoryStore(defaults: [:]))
    XCTAssertEqual(routed.value(for: AutostartStore.key("org.gnome.Evolution-alarm-notify.desktop")), true)
    XCTAssertEqual(routed.storage(for: AutostartStore.key("x")).backend, "autostart folder")

    var heard = 0
    let observation = rows.observeRows { heard += 1 }
    try home.write(AutostartHome.entry("Late"), to: home.user, "late.desktop")
    rows.reload()
    XCTAssertEqual(heard, 1)
    XCTAssertEqual(panel.withFoundRows().sections[0].rows.map(\.title).filter { $0 == "Late" }, ["Late"])
    observation.cancel()
  }
}
