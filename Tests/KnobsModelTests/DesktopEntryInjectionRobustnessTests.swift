import Foundation
import XCTest

@testable import KnobsModel

/// A panel file must never make its desktop entry run anything but `knobs --panel ID`: not through a
/// line break in a name, comment or keyword, not through the binary's path.
@MainActor
final class DesktopEntryInjectionRobustnessTests: XCTestCase {
  static let hostile = [
    "Pizza\r\nExec=/bin/sh -c evil", "Pizza\nExec=evil", "Pizza\rExec=evil", "Pizza\u{85}Exec=evil",
    "Pizza\u{2028}Exec=evil", "Pizza\u{1B}[31m", "Pizza\u{0}Exec=evil", "Pizza\u{0B}\u{0C}",
  ]

  func panelText(name: String = "Pizza", comment: String = "Dough", keyword: String = "pizza") -> String {
    func quoted(_ text: String) -> String {
      // YAML double quotes with escapes for every control character.
      let escaped = text.unicodeScalars.map { scalar in
        scalar.value < 0x20 || scalar.value >= 0x7F ? String(format: "\\u%04X", scalar.value) : String(scalar)
      }
      return "\"" + escaped.joined().replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    return """
      id: org.example.Pizza
      name: \(quoted(name))
      comment: \(quoted(comment))
      keywords: [\(quoted(keyword))]
      sections:
        - id: s
          rows:
            - {kind: value, id: v, title: V, value: x}

      """
  }

  func testTheCheckerRefusesControlCharactersInEveryEntryField() async throws {
    for text in Self.hostile {
      for (field, panel) in [
        ("name", panelText(name: text)), ("comment", panelText(comment: text)), ("keywords", panelText(keyword: text)),
      ] {
        XCTAssertThrowsError(try PanelFile.parse(panel, file: "pizza.yaml"), "\(field): \(text.debugDescription)") {
          error in
          let errors = (error as? PanelFileErrors)?.errors ?? []
          XCTAssertTrue(
            errors.contains { $0.message.contains("control characters") && $0.line > 1 },
            "\(field): \(errors.map(\.description))")
        }
      }
    }
  }

  /// Even for a panel that skipped the checker, every value is one line, and Exec is the only Exec.
  func testTheEntryHasOneLinePerKeyWhateverTheTexts() async throws {
    let installation = PanelInstallation(
      folders: PanelFolders(user: "/tmp/u", system: [], userApplications: "/tmp/a"), appID: "dev.knobs.Knobs")
    var file = try PanelFile.parse(panelText(), file: "pizza.yaml")
    for text in Self.hostile {
      file.name = text
      file.comment = text
      file.keywords = [text, "ok"]
      file.nameTranslations = ["de": text]
      let entry = installation.desktopEntry(file, executable: "/usr/bin/knobs")
      let lines = entry.unicodeScalars.split(separator: "\n").map { String(String.UnicodeScalarView($0)) }
      XCTAssertEqual(
        lines.map { String($0.prefix { $0 != "=" }) },
        [
          "[Desktop Entry]", "Type", "Name", "Name[de]", "Comment", "Icon", "Exec", "Terminal", "Categories",
          "Keywords", "StartupNotify", "X-Knobs-Panel",
        ], text.debugDescription)
      XCTAssertFalse(entry.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, text.debugDescription)
      XCTAssertFalse(
        entry.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" }, text.debugDescription)
      XCTAssertNoThrow(try DesktopEntryFile(text: entry), text.debugDescription)
    }
  }

  func testExecRunsThisBinaryWhateverItsPath() async throws {
    let installation = PanelInstallation(
      folders: PanelFolders(user: "/tmp/u", system: [], userApplications: "/tmp/a"), appID: "dev.knobs.Knobs")
    let file = try PanelFile.parse(panelText(), file: "pizza.yaml")
    for path in [
      "/usr/bin/knobs", "/opt/my apps/knobs", "/tmp/new\nline/knobs", "/tmp/cr\r\nlf/knobs", "/tmp/100%/knobs",
      "/tmp/$HOME/`id`/\"q\"/'s'/back\\slash/knobs", "/tmp/tab\there/knobs", "/tmp/semi;colon/knobs",
    ] {
      let entry = installation.desktopEntry(file, executable: path)
      let lines = entry.unicodeScalars.split(separator: "\n").map { String(String.UnicodeScalarView($0)) }
      let exec = lines.filter { $0.hasPrefix("Exec=") }
      XCTAssertEqual(exec.count, 1, path.debugDescription)
      XCTAssertEqual(
        try Self.arguments(ofExec: String(exec[0].dropFirst(5))), [path, "--panel", "org.example.Pizza"],
        path.debugDescription)
    }
  }

  /// An Exec value's arguments as the Desktop Entry Specification reads them: the string escapes first,
  /// then quoting, with `\"`, `` \` ``, `\$` and `\\` inside quotes and `%%` for `%`.
  static func arguments(ofExec value: String) throws -> [String] {
    var unescaped = ""
    var scalars = value.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\\" else {
        unescaped.unicodeScalars.append(scalar)
        continue
      }
      switch scalars.next() {
      case "s": unescaped += " "
      case "n": unescaped += "\n"
      case "t": unescaped += "\t"
      case "r": unescaped += "\r"
      case "\\": unescaped += "\\"
      default: throw CocoaError(.formatting)
      }
    }
    var arguments: [String] = []
    var current = ""
    var inQuotes = false
    var started = false
    var iterator = unescaped.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      if inQuotes {
        if scalar == "\"" {
          inQuotes = false
        } else if scalar == "\\" {
          guard let next = iterator.next(), "\"`$\\".unicodeScalars.contains(next) else {
            throw CocoaError(.formatting)
          }
          current.unicodeScalars.append(next)
        } else if scalar == "%" {
          guard iterator.next() == "%" else { throw CocoaError(.formatting) }
          current += "%"
        } else {
          current.unicodeScalars.append(scalar)
        }
      } else if scalar == " " {
        if started { arguments.append(current) }
        current = ""
        started = false
      } else if scalar == "\"" {
        inQuotes = true
        started = true
      } else {
        // Unquoted arguments may not hold reserved characters.
        guard !" \t\n\"'\\><~|&;$*?#()`".unicodeScalars.contains(scalar), scalar != "%" else {
          throw CocoaError(.formatting)
        }
        current.unicodeScalars.append(scalar)
        started = true
      }
    }
    guard !inQuotes else { throw CocoaError(.formatting) }
    if started { arguments.append(current) }
    return arguments
  }

  func testWhatIsInstalledIsWhatWasRead() async throws {
    let path = NSTemporaryDirectory() + "knobs-read-\(UUID()).yaml"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = panelText()
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let file = try PanelFile.read(path: path)
    // Another program rewrites the file after the check.
    try Data(panelText(name: "Pizza\r\nExec=evil").utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertEqual(file.bytes, Data(text.utf8), "the bytes checked are the bytes kept for installing")
  }

  func testSwiftPanelsAreBoundedLikeFiles() async {
    let long = String(repeating: "x", count: 1001)
    let key = SettingKey(schema: "org.example", key: "k")
    let panel = Panel("P") {
      Section("s", "Bell\u{7}") {
        ToggleRow("a", long, key: key)
        ToggleRow("b", "Line\nbreak", key: key)
        ToggleRow("c", String(repeating: "y", count: 1000), key: key)
      }
    }
    let problems = panel.validate().map(\.description)
    XCTAssertEqual(problems.count, 3, "\(problems)")
    XCTAssertTrue(problems.contains { $0.hasPrefix("s:") && $0.contains("control characters") }, "\(problems)")
    XCTAssertTrue(problems.contains { $0.hasPrefix("s/a:") && $0.contains("1001 characters") }, "\(problems)")
    XCTAssertTrue(problems.contains { $0.hasPrefix("s/b:") && $0.contains("control characters") }, "\(problems)")
  }
}
