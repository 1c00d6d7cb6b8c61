import KnobsModel

/// The window's words for where a value comes from.
@MainActor
enum ProvenanceText {
  /// "Where This Value Comes From": the layers from the bottom up, the one in force marked.
  static func window(_ found: ValueProvenance) -> String {
    var lines = [tr("Where this value comes from, from the bottom up:")]
    for layer in found.layers {
      let kind: String
      switch layer.kind {
      case .schema: kind = tr("The schema's default")
      case .vendor: kind = tr("Vendor override")
      case .system: kind = tr("System database")
      case .user: kind = tr("Your own value")
      }
      let value = layer.value.map { $0.shortenedForMessage } ?? tr("not set")
      var line = (layer.wins ? "➜ " : "    ") + kind + " — " + layer.origin + ": " + value
      if layer.locks { line += " " + tr("(locks this setting)") }
      if let note = layer.note { line += " (" + note + ")" }
      lines.append(line)
    }
    if let sentence = found.source.sentence { lines.append(sentence) }
    lines.append(tr("Reset gives: %s", found.resetValue?.shortenedForMessage ?? "?"))
    lines += found.problems
    return lines.joined(separator: "\n")
  }

  /// The context menu's reset entry, saying what a reset gives when it is not the schema's default.
  static func resetLabel(_ found: ValueProvenance?) -> String {
    guard let found, let value = found.resetValue?.shortenedForMessage else { return tr("Reset to Default") }
    switch found.resetSource {
    case .system: return tr("Reset to the Site's Default (%s)", value)
    case .vendor: return tr("Reset to the Vendor's Default (%s)", value)
    case .schemaDefault, .user, .locked, .unknown: return tr("Reset to Default")
    }
  }
}
