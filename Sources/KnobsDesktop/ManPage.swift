import KnobsModel

/// `knobs(1)` in roff, made from `Invocation.usage`, the text `knobs --help` prints, so the
/// two never differ: meson writes it at build time with `knobs __man-page`, in English (the C
/// locale) for share/man/man1/knobs.1 and with `LANGUAGE` set for each translated page
/// (share/man/de/man1/knobs.1, share/man/he/man1/knobs.1), whose headings and fixed texts are
/// translated too. The usage's first
/// paragraph is the synopsis; a paragraph that starts with a heading (“Options:”) is a list
/// of entries, each a term two spaces in and its description after a wider indent; the
/// paragraphs without a heading are said before the lists or, after them, under PATHS.
package enum ManPage {
  /// The hidden command that prints it.
  static let command = "__man-page"

  /// A paragraph of the usage text: a heading with its entries, or plain text.
  enum Paragraph: Equatable {
    case synopsis([String])
    case text(String)
    case list(heading: String, entries: [Entry])
  }

  struct Entry: Equatable {
    /// The command or option with its arguments, e.g. `get PATH`.
    var term: String
    var description: String
  }

  /// The usage text's paragraphs, as the man page arranges them.
  static func paragraphs(of usage: String) -> [Paragraph] {
    var paragraphs: [Paragraph] = []
    for (index, block) in usage.split(separator: "\n\n", omittingEmptySubsequences: true).enumerated() {
      let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if index == 0 {
        // “Usage: knobs …” and the lines under it, each a way to call knobs; the first word
        // of the first line (“Usage:”) goes, the man page says SYNOPSIS.
        paragraphs.append(
          .synopsis(
            lines.enumerated().map { number, line in
              let text = line.drop { $0 == " " }
              guard number == 0, let space = text.firstIndex(of: " ") else { return String(text) }
              return String(text[text.index(after: space)...])
            }))
      } else if lines.count > 1, lines[0].hasSuffix(":"), lines[1].hasPrefix("  ") {
        paragraphs.append(.list(heading: String(lines[0].dropLast()), entries: entries(of: lines.dropFirst())))
      } else {
        paragraphs.append(.text(lines.joined(separator: " ")))
      }
    }
    return paragraphs
  }

  /// Where the help's descriptions start.
  static let descriptionColumn = 18

  /// An entry starts two spaces in: its term, then after two or more spaces the start of its
  /// description, which goes on in the lines indented further.
  private static func entries(of lines: ArraySlice<String>) -> [Entry] {
    var entries: [Entry] = []
    for line in lines {
      let indent = line.prefix { $0 == " " }.count
      let text = line.dropFirst(indent)
      if indent <= 2 || entries.isEmpty {
        var term = String(text)
        var description = ""
        let characters = Array(line)
        if let gap = text.firstRange(of: "  ") {
          term = String(text[..<gap.lowerBound])
          description = String(text[gap.upperBound...].trimmingPrefix(while: { $0 == " " }))
        } else if characters.count > descriptionColumn, characters[descriptionColumn - 1] == " ",
          characters[descriptionColumn...].prefix(while: { $0 != " " }).contains(where: \.isLowercase)
        {
          // A term as wide as its column (“--panel FILE|ID Show…”): one space, then a word, not a placeholder.
          term = String(characters[indent..<(descriptionColumn - 1)])
          description = String(characters[descriptionColumn...])
        }
        entries.append(Entry(term: term, description: description))
      } else {
        let last = entries.count - 1
        entries[last].description += (entries[last].description.isEmpty ? "" : " ") + text
      }
    }
    return entries
  }

  /// The man page for `usage`, in the user's language (English at build time, or the language
  /// `LANGUAGE` names).
  package static func roff(usage: String, version: String) -> String {
    var lines = [
      ".\\\" Made by knobs \(command) from the text of knobs --help; edit that, not this.",
      // TRANSLATORS: the title of the man pages' section 1, as man prints it in the page's header.
      ".TH KNOBS 1 \"\" \"Knobs \(escaped(version))\" \"" + escaped(tr("User Commands")) + "\"",
      // Left-aligned and unhyphenated: commands and paths are typed as they are printed.
      ".nh", ".ad l",
      // TRANSLATORS: a heading of the man page, in capitals as man pages write them.
      ".SH " + escaped(tr("NAME")),
      "knobs \\- " + escaped(tr("change the settings of the GNOME desktop, in a window or on the command line")),
    ]
    // The first list is the options; the others are the commands, in subsections.
    var lists = 0
    for paragraph in paragraphs(of: usage) {
      switch paragraph {
      case .synopsis(let calls):
        // TRANSLATORS: a heading of the man page, in capitals as man pages write them.
        lines += [".SH " + escaped(tr("SYNOPSIS"))]
        for call in calls { lines += [".PP", terms(call)] }
        // TRANSLATORS: a heading of the man page, in capitals as man pages write them.
        lines += [".SH " + escaped(tr("DESCRIPTION"))]
        lines += [
          ".PP",
          escaped(
            tr(
              "Knobs shows the settings of the GNOME desktop on pages of their own (Appearance, Fonts, Top Bar, Windows, Mouse & Touchpad, Keyboard, Keyboard Shortcuts, Sound, Startup Applications, Extensions), every key of every installed settings schema, and the history of changes. The same settings are read and changed on the command line, through the same checks."
            )),
        ]
      case .text(let text):
        if lists > 0 {
          // TRANSLATORS: a heading of the man page, in capitals as man pages write them.
          lines += [".SH " + escaped(tr("PATHS"))]
          lists = 0
        }
        lines += [".PP", escaped(text)]
      case .list(let heading, let entries):
        lines +=
          lists == 0
          // TRANSLATORS: a heading of the man page, in capitals as man pages write them.
          ? [".SH " + escaped(tr("OPTIONS"))]
          : lists == 1
            // TRANSLATORS: a heading of the man page, in capitals as man pages write them.
            ? [".SH " + escaped(tr("COMMANDS")), ".SS \(escaped(heading))"] : [".SS \(escaped(heading))"]
        for entry in entries {
          lines += [".TP", terms(entry.term)]
          if !entry.description.isEmpty { lines += [escaped(entry.description)] }
        }
        lists += 1
      }
    }
    lines += [
      // TRANSLATORS: a heading of the man page, in capitals as man pages write them.
      ".SH " + escaped(tr("EXIT STATUS")),
      ".TP", "0", escaped(tr("Done.")),
      ".TP", "1", escaped(tr("The system refused (a setting that cannot be written, a missing program or bus).")),
      ".TP", "2",
      escaped(tr("Bad input: a usage error, an unknown path, a value the row does not allow, a panel with mistakes.")),
      ".TP", "3",
      escaped(
        tr(
          "The change was made, but the history of changes could not note it (a full disk): knobs undo cannot take it back."
        )),
      // TRANSLATORS: a heading of the man page, in capitals as man pages write them.
      ".SH " + escaped(tr("FILES")),
      ".TP", "\\fI$XDG_STATE_HOME/knobs/history.jsonl\\fR (\\fI~/.local/state/knobs/history.jsonl\\fR)",
      // TRANSLATORS: keep the commands as they are.
      escaped(tr("The history of changes made with Knobs (knobs history, knobs undo).")),
      // TRANSLATORS: a heading of the man page, in capitals as man pages write them.
      ".SH " + escaped(tr("SEE ALSO")),
      "\\fBgsettings\\fR(1), \\fBdconf\\fR(1), \\fBgnome-extensions\\fR(1)",
      ".PP",
      escaped(AppInfo.website),
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// A term in bold, its placeholders (PATH, SCHEMA-ID, FILE.zip) in italics.
  static func terms(_ term: String) -> String {
    var result = ""
    var word = ""
    func flush() {
      guard !word.isEmpty else { return }
      let placeholder = word.first.map { $0.isUppercase } ?? false
      result += (placeholder ? "\\fI" : "\\fB") + escaped(word) + "\\fR"
      word = ""
    }
    for character in term {
      if " []|".contains(character) {
        flush()
        result += escaped(String(character))
      } else {
        word.append(character)
      }
    }
    flush()
    return result
  }

  /// Longer words (in characters) may break after a slash at the end of a line.
  static let longWord = 30

  /// Text for roff: backslashes and hyphens escaped, a line never starting with a control
  /// character, a long path's slashes places a line may break, and anything beyond ASCII as a
  /// named glyph, so groff reads it in any locale.
  static func escaped(_ text: String) -> String {
    var result = ""
    // Words longer than a third of a line (a relocatable schema's path) may break after a
    // slash, where they must; shorter ones stay whole.
    var wordLength = 0
    for (index, scalar) in zip(text.unicodeScalars.indices, text.unicodeScalars) {
      if scalar == " " || index == text.unicodeScalars.startIndex {
        wordLength = text.unicodeScalars[index...].dropFirst(scalar == " " ? 1 : 0).prefix { $0 != " " }.count
      }
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case "/" where wordLength > longWord: result += "/\\:"
      case "\u{201C}": result += "\\(lq"
      case "\u{201D}": result += "\\(rq"
      case "\u{2019}": result += "\\(cq"
      case _ where scalar.value < 0x20: result += " "
      case _ where scalar.value > 0x7E:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: result.unicodeScalars.append(scalar)
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }
}
