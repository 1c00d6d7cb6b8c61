import Foundation
import KnobsModel
import XCTest

/// install-panel and uninstall-panel's files: the panel, and a desktop entry that opens it.
@MainActor
final class PanelInstallationTests: XCTestCase {
  func testInstallWritesThePanelAndAnEntryThatOpensItAndUninstallRemovesBoth() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-install-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let folders = PanelFolders(
      user: root + "/data/knobs/panels", system: [root + "/system"], userApplications: root + "/data/applications")
    let installation = PanelInstallation(folders: folders, appID: "dev.knobs.Knobs")
    let text =
      "id: org.example.Tiny-Panel\nname: \" Tiny\\\\back\"\nkeywords: [a;b]\nsections:\n  - id: s\n    rows:\n      - {kind: value, id: v, title: V, value: x}\n"
    let file = try PanelFile.parse(text, file: "tiny.yaml")
    try installation.install(file, bytes: Data(text.utf8), executable: "/opt/my apps/knobs")
    XCTAssertEqual(
      folders.file(forID: "org.example.Tiny-Panel"), root + "/data/knobs/panels/org.example.Tiny-Panel.yaml")
    let entryPath = root + "/data/applications/dev.knobs.Knobs.Panel.org.example.Tiny_Panel.desktop"
    XCTAssertEqual(
      try String(contentsOfFile: entryPath, encoding: .utf8),
      """
      [Desktop Entry]
      Type=Application
      Name=\\sTiny\\\\back
      Icon=dev.knobs.Knobs
      Exec="/opt/my apps/knobs" --panel org.example.Tiny-Panel
      Terminal=false
      Categories=Settings;
      Keywords=a\\;b;
      StartupNotify=true
      X-Knobs-Panel=org.example.Tiny-Panel

      """)
    XCTAssertEqual(try installation.uninstall("org.example.Tiny-Panel").count, 2)
    XCTAssertFalse(FileManager.default.fileExists(atPath: entryPath))
    XCTAssertThrowsError(try installation.uninstall("org.example.Tiny-Panel")) { error in
      XCTAssertEqual(error as? InstallError, .notInstalled("org.example.Tiny-Panel", system: nil))
    }
  }
}
