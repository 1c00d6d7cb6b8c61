@testable import KnobsDesktopModel
@testable import KnobsModel
import FoundationEssentials
import Glibc
import XCTest

/// A profile's scopes are written one to a `# Scope:` line: a scope that would be lines of its
/// own (a line break, a keyfile group) or that a terminal would act on is refused by the save
/// itself, whoever calls it, and nothing is written.
final class ProfileScopeRobustnessTests: XCTestCase {
  func testAScopeThatIsNotOneLineOfAPathIsRefusedAndNothingIsWritten() throws {
    let folder = "/tmp/knobs-profile-scopes-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { _ = try? FileManager.default.removeItem(atPath: folder) }
    let profiles = SettingsProfiles(folder: folder)
    let keyfile = "[org/gnome/desktop/interface]\ncursor-size=30\n"
    let hostile = [
      "schema/org.example.relocatable:/org/x/\n[org/gnome/desktop/interface]\ncursor-size=77\n#/",
      "appearance\r\n[org/other]", "appearance\r", "[org/gnome/desktop/interface]", "appearance\u{1B}]0;owned\u{07}",
      "\u{202E}appearance", "appearance\u{2069}", "appearance\u{0}", "appearance\u{85}", "",
    ]
    for scope in hostile {
      let problem = try XCTUnwrap(
        profiles.save("work", SettingsProfiles.Profile(scopes: ["fonts", scope], keyfile: keyfile)), scope)
      XCTAssertTrue(problem.contains("scope"), problem)
      XCTAssertFalse(problem.unicodeScalars.contains { String.isEscaped($0) }, problem)
      XCTAssertFalse(LocalFiles.exists(profiles.file(of: "work")), scope)
    }
    // One line of a path, however odd its letters, is a scope: saved and read back as it was.
    let scopes = ["appearance", "schema/org.example.relocatable:/org/x/", "fonts/größe [1]", "#hash"]
    XCTAssertNil(profiles.save("work", SettingsProfiles.Profile(scopes: scopes, keyfile: keyfile)))
    XCTAssertEqual(try profiles.read("work").scopes, scopes)
  }
}
