import Foundation
import KnobsModel
import XCTest

@testable import KnobsDesktop

/// knobs(1) and the shells' completions come from the same table as `knobs --help`
/// (`Invocation.usage`): every command and option of the help is in the man page and is
/// offered by the completion, and the completion offers nothing the help does not name.
@MainActor
final class CommandLineDocsTests: XCTestCase {
  /// The commands, subcommands and options of the help's synopsis: its words that are not
  /// placeholders (PATH, FILE.zip), paths (schema/SCHEMA-ID) or the program's name.
  static var synopsisWords: Set<String> {
    let synopsis = Invocation.usage.components(separatedBy: "\n\n")[0]
    let words = synopsis.components(separatedBy: CharacterSet(charactersIn: " \n[]|")).dropFirst()
    return Set(
      words.filter { word in
        guard let first = word.first, word != "knobs", !word.contains("/") else { return false }
        return first == "-" || first.isLowercase
      })
  }

  /// Everything the completion offers as a command, subcommand or option.
  static var offered: Set<String> {
    var words = Set(
      Completion.options + Completion.extensionCommands + Completion.customShortcutCommands + Completion.exportFormats
        + Completion.profileCommands)
    for (command, options) in Completion.commands {
      words.insert(command)
      words.formUnion(options)
    }
    for options in Completion.extensionOptions.values { words.formUnion(options) }
    return words
  }

  func testTheCompletionOffersTheHelpsCommandsAndOptionsAndNoOthers() async {
    let synopsis = Self.synopsisWords
    XCTAssertTrue(
      synopsis.isSuperset(of: ["list", "get", "--open", "--dry-run", "uninstall", "--locks"]), "\(synopsis)")
    XCTAssertEqual(synopsis.subtracting(Self.offered), [], "in knobs --help, not offered by the completion")
    XCTAssertEqual(Self.offered.subtracting(synopsis).subtracting(["help"]), [], "offered, not in knobs --help")
    // Each command's options are those the help gives it.
    for (command, options) in Completion.commands {
      for option in options {
        let withCommand = Invocation.usage.components(separatedBy: "\n").contains { line in
          line.contains("\(command) ") && line.contains(option)
        }
        XCTAssertTrue(withCommand, "\(option) is offered after \(command), but the help never gives them together")
      }
    }
  }

  func testTheManPageHasEveryCommandOptionAndDescriptionOfTheHelp() async throws {
    let roff = ManPage.roff(usage: Invocation.usage, version: AppInfo.version)
    // The text as it reads, roff's escapes and fonts taken out.
    let plain = roff.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\:", with: "")
      .replacingOccurrences(of: "\\fB", with: "")
      .replacingOccurrences(of: "\\fI", with: "").replacingOccurrences(of: "\\fR", with: "")
    for word in Self.synopsisWords.union(Self.offered).subtracting(["help"]) {
      XCTAssertTrue(plain.contains(word), "knobs(1) does not say \(word)")
    }
    XCTAssertTrue(roff.hasPrefix(".\\\""), "it starts with a comment")
    XCTAssertTrue(
      roff.contains(".TH KNOBS 1 \"\" \"Knobs \(AppInfo.version.replacingOccurrences(of: "-", with: "\\-"))\""))
    // Every entry of every list is a tagged paragraph with its description, every word of it.
    let paragraphs = ManPage.paragraphs(of: Invocation.usage)
    let lists = paragraphs.compactMap { paragraph -> [ManPage.Entry]? in
      if case .list(_, let entries) = paragraph { return entries }
      return nil
    }
    let headed = Invocation.usage.components(separatedBy: "\n\n").filter {
      $0.contains(":\n  ") && !$0.hasPrefix("Usage")
    }
    XCTAssertEqual(lists.count, headed.count, "each headed paragraph is a list")
    XCTAssertGreaterThan(lists.joined().count, 20)
    XCTAssertTrue(
      lists.joined().contains { $0.term == "--panel FILE|ID" && $0.description.hasPrefix("Show or change") })
    XCTAssertTrue(lists.joined().contains { $0.term == "get PATH" && $0.description.hasPrefix("Print a row's") })
    let helpWords = Set(Invocation.usage.split(whereSeparator: \.isWhitespace).map(String.init))
    for entry in lists.joined() {
      XCTAssertFalse(entry.description.isEmpty, "\(entry.term) has no description")
      XCTAssertFalse(entry.term.contains("  "), "\(entry.term) runs into its description")
      XCTAssertTrue(roff.contains(".TP\n" + ManPage.terms(entry.term) + "\n" + ManPage.escaped(entry.description)))
      for word in entry.description.split(separator: " ") {
        XCTAssertTrue(helpWords.contains(String(word)), "“\(word)” of \(entry.term) is not a word of the help")
      }
    }
    // No line starts with a dot or quote that is not a request.
    for line in roff.split(separator: "\n") where line.hasPrefix("'") {
      XCTFail("a line starts with a quote: \(line)")
    }
  }

  func testRoffEscapesWhatGroffWouldReadAsRequests() async {
    XCTAssertEqual(ManPage.escaped(".hidden"), "\\&.hidden")
    XCTAssertEqual(ManPage.escaped("'quote"), "\\&'quote")
    XCTAssertEqual(ManPage.escaped("a\\b-c/d"), "a\\eb\\-c/d")
    XCTAssertEqual(
      ManPage.escaped("a schema/org.gnome.desktop.app-folders:/x"),
      "a schema/\\:org.gnome.desktop.app\\-folders:/\\:x", "a long path may break after a slash")
    XCTAssertEqual(ManPage.escaped("“knobs” ’"), "\\(lqknobs\\(rq \\(cq")
    XCTAssertEqual(ManPage.escaped("ש\u{1}é"), "\\[u05E9] \\[u00E9]")
    XCTAssertEqual(ManPage.terms("get [--raw] PATH"), "\\fBget\\fR [\\fB\\-\\-raw\\fR] \\fIPATH\\fR")
  }

  /// A completion over a small panel, a few schemas and extensions.
  let completion = Completion(
    paths: {
      [
        "desktop/appearance/style/dark-style", "desktop/appearance/themes/cursor-size",
        "desktop/top-bar/clock/show-seconds",
        "desktop/top-bar/clock/show-date", "help/about/info/version",
      ]
    },
    schemaIDs: { ["org.gnome.desktop.interface", "org.gnome.desktop.input-sources", "org.gnome.mutter"] },
    keys: { $0 == "org.gnome.desktop.interface" ? ["clock-format", "clock-show-seconds", "color-scheme"] : [] },
    extensionIDs: { ["night-owl@knobs.example", "tray-icons@knobs.example"] })

  func testPathsAreCompletedOneFolderAtATimeFromAnyOfTheirEnds() async {
    XCTAssertEqual(completion.candidates(for: ["get", ""]), ["desktop/", "help/", "schema/"])
    XCTAssertEqual(completion.candidates(for: ["get", "app"]), ["appearance/"])
    XCTAssertEqual(completion.candidates(for: ["get", "appearance/"]), ["appearance/style/", "appearance/themes/"])
    XCTAssertEqual(completion.candidates(for: ["get", "clock/show-"]), ["clock/show-date", "clock/show-seconds"])
    XCTAssertEqual(
      completion.candidates(for: ["set", "desktop/top-bar/clock/"]),
      [
        "desktop/top-bar/clock/show-date", "desktop/top-bar/clock/show-seconds",
      ])
    XCTAssertEqual(completion.candidates(for: ["--open", "dark"]), ["dark-style"])
    XCTAssertEqual(completion.candidates(for: ["get", "dark-style", ""]), [], "get takes one path")
    XCTAssertEqual(completion.candidates(for: ["export", "-o", "x.ini", "top-"]), ["top-bar/"])
  }

  func testSchemasKeysAndExtensionsAreCompleted() async {
    XCTAssertEqual(
      completion.candidates(for: ["get", "schema/org.gnome.desktop.in"]),
      [
        "schema/org.gnome.desktop.input-sources/", "schema/org.gnome.desktop.interface/",
      ])
    XCTAssertEqual(
      completion.candidates(for: ["get", "schema/org.gnome.desktop.interface/clock-"]),
      [
        "schema/org.gnome.desktop.interface/clock-format", "schema/org.gnome.desktop.interface/clock-show-seconds",
      ])
    XCTAssertEqual(completion.candidates(for: ["list", "schema/org.gnome.m"]), ["schema/org.gnome.mutter"])
    XCTAssertEqual(completion.candidates(for: ["list", "schema/org.gnome.mutter/"]), [], "list takes a schema")
    XCTAssertEqual(completion.candidates(for: ["get", "schema/no.such/"]), [])
    XCTAssertEqual(completion.candidates(for: ["extension", "enable", "n"]), ["night-owl@knobs.example"])
    XCTAssertEqual(completion.candidates(for: ["extension", "uninstall", ""]).count, 2)
    XCTAssertEqual(completion.candidates(for: ["extension", "en"]), ["enable"])
  }

  func testCommandsOptionsAndFiles() async {
    XCTAssertEqual(completion.candidates(for: ["--v"]), ["--version"])
    XCTAssertEqual(completion.candidates(for: ["ex"]), ["explain", "export", "extension"])
    XCTAssertEqual(completion.candidates(for: [""]).count, Completion.commands.count + Completion.options.count)
    XCTAssertEqual(completion.candidates(for: ["get", "-"]), ["--raw"])
    XCTAssertEqual(completion.candidates(for: ["export", "--"]), ["--all", "--format", "--locks"])
    XCTAssertEqual(completion.candidates(for: ["export", "--format", ""]), ["ansible"])
    XCTAssertEqual(
      completion.candidates(for: ["export", "--format", "ansible", "role", "--locks", ""]),
      completion.candidates(for: ["export", ""]), "with ansible, --locks is a switch: row paths follow it")
    XCTAssertEqual(completion.candidates(for: ["custom-shortcut", "add", "--r"]), ["--replace"])
    for words in [
      ["import", ""], ["export", "--locks", ""], ["export", "--format", "ansible", ""], ["--panel", ""],
      ["extension", "install", "x"], ["--check-panel", ""],
    ] {
      XCTAssertEqual(completion.candidates(for: words), [Completion.filesMarker], "\(words)")
    }
    // A panel file's rows are its own.
    XCTAssertEqual(completion.candidates(for: ["--panel", "pizza.yaml", "g"]), ["get"])
    XCTAssertEqual(completion.candidates(for: ["--panel", "pizza.yaml", "get", "app"]), [])
    XCTAssertEqual(completion.candidates(for: ["--panel", "pizza.yaml", "ex"]), ["explain"])
    XCTAssertEqual(completion.candidates(for: ["--panel", "pizza.yaml", "explain", "app"]), [])
    XCTAssertEqual(completion.candidates(for: ["explain", "--json", "dark"]), ["dark-style"], "explain takes a path")
    XCTAssertEqual(completion.candidates(for: ["explain", "-"]), ["--json"])
    XCTAssertEqual(completion.candidates(for: ["explain", "dark-style", ""]), [], "explain takes one path")
    XCTAssertEqual(completion.candidates(for: []), [])
    XCTAssertEqual(completion.candidates(for: ["--version", ""]), [])
  }

  func testUninstallPanelOffersTheUsersInstalledPanels() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-panels-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Only valid ids (reverse-DNS, at most 200 bytes) of .yaml files: no spaces, line breaks, bidi controls.
    for name in [
      "org.example.Pizza.yaml", "org.example.pasta-night.yaml", "nodots.yaml", "with space.yaml", "line\nbreak.yaml",
      "\u{202E}lmay.yaml", ".hidden.yaml", "notes.txt", "org.example.other.yml",
      "org." + String(repeating: "x", count: 230) + ".yaml",
    ] {
      let created = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())
      XCTAssertTrue(created, name)
    }
    let ids = Completion.installedPanelIDs(in: folder.path).sorted()
    XCTAssertEqual(ids, ["org.example.Pizza", "org.example.pasta-night"], "only valid ids of .yaml files")
    XCTAssertEqual(Completion.installedPanelIDs(in: folder.path + "/missing"), [])
    var panels = completion
    panels.panelIDs = { ["org.example.Pizza", "org.example.pasta-night"] }
    XCTAssertEqual(panels.candidates(for: ["uninstall-panel", ""]), ["org.example.Pizza", "org.example.pasta-night"])
    XCTAssertEqual(panels.candidates(for: ["uninstall-panel", "org.example.P"]), ["org.example.Pizza"])
    XCTAssertEqual(panels.candidates(for: ["uninstall-panel", "org.example.Pizza", ""]), [])
    XCTAssertEqual(panels.candidates(for: ["uninstall-panel", "$(reboot)"]), [])
    XCTAssertEqual(completion.candidates(for: ["uninstall-panel", ""]), [], "no panel installed")
  }

  func testAnyWordGetsABoundedAnswer() async {
    let many = Completion(
      paths: { (0..<3000).map { "desktop/page-\($0)/section/row-\($0)" } }, schemaIDs: { [] }, keys: { _ in [] },
      extensionIDs: { ["good@x", "line\nbreak@x"] })
    XCTAssertEqual(many.candidates(for: ["get", "page-"]).count, Completion.candidateLimit)
    XCTAssertEqual(
      many.candidates(for: ["extension", "enable", ""]), ["good@x"], "a name with a line break is left out")
    for word in [
      "with space", "'quoted'", "\"half", "ünïcödé/", "\u{202E}dark", "dark\u{1}", "a\nb",
      String(repeating: "x", count: 100_000),
      String(repeating: "/", count: 5000), "\\", "$(reboot)", "`id`",
    ] {
      let started = Date()
      XCTAssertEqual(completion.candidates(for: ["get", word]), [], word.prefix(20).debugDescription)
      XCTAssertLessThan(Date().timeIntervalSince(started), 0.5)
    }
    XCTAssertEqual(completion.candidates(for: Array(repeating: "get", count: 10_000) + [""]), [])
  }
}
