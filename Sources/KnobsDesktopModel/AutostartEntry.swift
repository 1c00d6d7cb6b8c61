import KnobsModel

/// One startup application as the session sees it: the user's desktop file
/// in the autostart folder, or else the system's.
package struct AutostartEntry: Hashable, Sendable {
  /// Where the entry's desktop file is.
  package enum Origin: Hashable, Sendable {
    /// Only in the user's autostart folder.
    case user
    /// Only in a system autostart folder; a change writes a user copy first.
    case system
    /// The user's copy of a system entry, which the session uses instead.
    case userOverridingSystem
  }

  /// The desktop file name, e.g. `org.example.App.desktop`.
  package var id: String
  /// The name in the user's language, or the file name when it has none.
  package var name: String
  package var comment: String
  /// A themed icon name or an absolute path.
  package var iconName: String?
  /// False when the file says `X-GNOME-Autostart-enabled=false`.
  package var isEnabled: Bool
  package var origin: Origin
  /// Why Knobs can't read or change the entry (a malformed file, a link out of
  /// the folder); nil for an entry it manages.
  package var problem: String?

  package init(
    id: String, name: String, comment: String = "", iconName: String? = nil, isEnabled: Bool = true,
    origin: Origin = .user, problem: String? = nil
  ) {
    self.id = id
    self.name = name
    self.comment = comment
    self.iconName = iconName
    self.isEnabled = isEnabled
    self.origin = origin
    self.problem = problem
  }

  /// The same entry apart from whether it is enabled: what its row shows besides the switch.
  var appearance: AutostartEntry {
    var copy = self
    copy.isEnabled = true
    return copy
  }
}

/// Why a startup application was not changed.
package enum AutostartError: Error, Hashable, Sendable, CustomStringConvertible {
  case noSuchEntry(String)
  case cannotChange(String, reason: String)
  case failed(String, reason: String)

  package var description: String {
    switch self {
    case .noSuchEntry(let id): return tr("There is no startup application %s.", id)
    case .cannotChange(let name, let reason):
      return tr(
        // TRANSLATORS: %2$s is a reason, such as "its file links outside the autostart folder".
        "Knobs leaves “%1$s” as it is: %2$s.", name, reason)
    case .failed(let path, let reason): return tr("Couldn't write %1$s: %2$s.", path, reason)
    }
  }
}
