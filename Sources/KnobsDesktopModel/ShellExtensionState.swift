import KnobsModel

/// What GNOME Shell made of an extension, as its `org.gnome.Shell.Extensions` service reports
/// it (`ExtensionState` in the Shell's extensionUtils.js).
package enum ShellExtensionState: Int, Sendable, CaseIterable {
  case enabled = 1
  case disabled = 2
  case error = 3
  case outOfDate = 4
  case downloading = 5
  /// Loaded but never turned on: off.
  case initialized = 6
  /// GNOME Shell 45 and later, while enable() or disable() runs.
  case disabling = 7
  case enabling = 8
  case uninstalled = 99

  /// Its name in `knobs extension list --json` and in the table: not translated.
  package var name: String {
    switch self {
    case .enabled: "enabled"
    case .disabled: "disabled"
    case .error: "error"
    case .outOfDate: "out of date"
    case .downloading: "downloading"
    case .initialized: "initialized"
    case .disabling: "disabling"
    case .enabling: "enabling"
    case .uninstalled: "uninstalled"
    }
  }
}

/// One extension as the running Shell reports it.
package struct ShellExtensionLive: Equatable, Sendable {
  package var uuid: String
  /// Nil for a state number Knobs does not know.
  package var state: ShellExtensionState?
  /// The Shell's words when it failed (its state is error), else empty.
  package var error: String
  package var hasPrefs: Bool
  package var canChange: Bool

  package init(uuid: String, state: ShellExtensionState?, error: String, hasPrefs: Bool, canChange: Bool) {
    self.uuid = uuid
    self.state = state
    self.error = TextBounds.fitted(error, limit: 500)
    self.hasPrefs = hasPrefs
    self.canChange = canChange
  }

  /// What the row says of it, in plain words; nil when it runs or is off as asked.
  package var problem: String? {
    switch state {
    case .error:
      return error.isEmpty
        ? tr("GNOME Shell could not start it.")
        : tr(
          // TRANSLATORS: %s is GNOME Shell's own error message, in English.
          "GNOME Shell could not start it: %s", error)
    case .outOfDate:
      return tr("GNOME Shell won't start it: it is not made for this version of GNOME Shell.")
    default:
      return nil
    }
  }
}
