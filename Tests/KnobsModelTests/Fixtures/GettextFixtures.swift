import Foundation
import Glibc
import XCTest

/// `.mo` files built with msgfmt in a temporary folder, and the message
/// locale switched for a test, to check lookups through real gettext.
enum GettextFixtures {
  /// A locale folder holding `LANGUAGE/LC_MESSAGES/DOMAIN.mo` with `translations` (English to translated).
  static func localeFolder(
    domain: String, language: String = "de", translations: [String: String], in folder: URL
  ) throws -> URL {
    let messages = folder.appendingPathComponent("\(language)/LC_MESSAGES")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    var po = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
    for (english, translated) in translations.sorted(by: { $0.key < $1.key }) {
      po += "\nmsgid \(quoted(english))\nmsgstr \(quoted(translated))\n"
    }
    let source = folder.appendingPathComponent("\(domain)-\(language).po")
    try po.write(to: source, atomically: true, encoding: .utf8)
    let status = try run(
      "msgfmt", ["--check", "-o", messages.appendingPathComponent("\(domain).mo").path, source.path])
    XCTAssertEqual(status.code, 0, status.output)
    return folder
  }

  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// Runs a program found on PATH; its exit status and what it wrote.
  static func run(_ program: String, _ arguments: [String]) throws -> (code: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Runs `body` with messages in `locale` (`LANGUAGE` unset), then puts both back.
  static func withMessages<Result>(in locale: String, _ body: () throws -> Result) throws -> Result {
    let restore = try switchMessages(to: locale)
    defer { restore() }
    return try body()
  }

  /// `withMessages` for a body that waits (a window in the UI tests).
  @MainActor
  static func withMessagesAwaiting(in locale: String, _ body: () async throws -> Void) async throws {
    let restore = try switchMessages(to: locale)
    defer { restore() }
    try await body()
  }

  /// Sets the message locale and unsets `LANGUAGE`; returns what puts both back.
  private static func switchMessages(to locale: String) throws -> () -> Void {
    let previous = String(cString: setlocale(LC_MESSAGES, nil))
    let language = getenv("LANGUAGE").map { String(cString: $0) }
    let restore = {
      setlocale(LC_MESSAGES, previous)
      if let language { setenv("LANGUAGE", language, 1) }
    }
    unsetenv("LANGUAGE")
    // The translation tests need the locale (Debian: locales-all, or locale-gen); without it they fail.
    guard setlocale(LC_MESSAGES, locale) != nil else {
      restore()
      throw MissingLocale(name: locale)
    }
    return restore
  }

  struct MissingLocale: Error {
    let name: String
  }

  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-gettext-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
