import FoundationEssentials
import Gtk
import KnobsModel

/// A font shown in its own face on a button that opens GTK's font chooser.
@MainActor
final class FontEditor: RowEditor {
  private let font: Row.Font
  private let button: FontButton
  private weak var row: (any RowBinding)?
  private var shownFont = ""

  init(_ font: Row.Font) {
    self.font = font
    button = FontButton(title: tr("Choose a Font"), monospaceOnly: font.monospaceOnly)
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var kind: String { "font-button" }
  var valueDescription: String { shownFont }

  func label(title: String) {
    button.setAccessibleLabel(title)
    button.setAccessibleLabelOfParts(title)
  }

  func connect(to row: any RowBinding) {
    self.row = row
    button.onChange { [weak row, font] description in
      guard let row else { return }
      if let problem = FontDescription.problem(with: description) {
        row.showProblem(tr("Not saved: %s", "\(problem)"))
        return
      }
      row.showProblem(nil)
      row.write(.string(description), font.key)
    }
  }

  func refresh(_ settings: SettingsReader) {
    let value = settings.string(font.key)
    button.font = value
    shownFont = value
    let missing = Self.missingFamily(value)
    row?.showNote(missing.map { tr("%s is not installed here; apps show a similar font instead.", $0) })
    if missing != nil { button.showName(FontDescription.familyAndStyle(of: value)) }
  }

  /// The families installed, looked up once: GTK's button names a family it can't find “None”.
  private static let installedFamilies = FontButton.installedFamilies()

  /// Words Pango reads as style, weight or stretch rather than as part of the family.
  private static let styleWords: Set<String> = [
    "bold", "italic", "oblique", "light", "medium", "heavy", "thin", "book", "regular", "normal", "black",
    "semi-bold", "semibold", "ultra-bold", "ultra-light", "extra-light", "condensed", "expanded", "small-caps",
    "semi-condensed", "semi-expanded", "ultra-condensed", "ultra-expanded",
  ]

  /// The font's family when it is not installed, so apps draw another one in its place.
  static func missingFamily(_ description: String) -> String? {
    let words = FontDescription.familyAndStyle(of: description).split(separator: " ").map(String.init)
    guard !words.isEmpty else { return nil }
    // The family is the longest run of leading words that names an installed family.
    for count in stride(from: words.count, to: 0, by: -1) {
      let family = words.prefix(count).joined(separator: " ").trimming(while: { $0 == "," }).lowercased()
      if installedFamilies.contains(where: { $0.lowercased() == family }) { return nil }
    }
    // Fontconfig's generic names always resolve to some installed font.
    if ["sans", "sans-serif", "serif", "monospace", "system-ui"].contains(words[0].lowercased()) { return nil }
    var family = words
    while family.count > 1, let last = family.last, Self.styleWords.contains(last.lowercased()) { family.removeLast() }
    return family.joined(separator: " ")
  }

  func activate() { button.activateAsUser() }
}
