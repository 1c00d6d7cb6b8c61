import FoundationEssentials
import Gtk
import KnobsModel

/// Opens link and email rows with the user's applications, once per activation,
/// and reports failures in plain words.
@MainActor
final class Launcher {
  /// Hands a URI to the system; GIO by default, a recorder in tests.
  typealias Opener = @MainActor (String, Widget, @escaping @MainActor (GLibError?) -> Void) -> Void

  /// A second activation of the same row within this time is taken as part of the first.
  static let coolDown: Duration = .seconds(1.5)
  private let opener: Opener
  private var lastLaunch: [RowPath: ContinuousClock.Instant] = [:]
  private var inFlight: Set<RowPath> = []

  init(opener: @escaping Opener = URILauncher.open) {
    self.opener = opener
  }

  /// The URI a row opens, checked against the link rules; throws a plain-words error.
  static func uri(for row: Row) throws -> String {
    switch row.kind.form {
    case .link(let link): return try link.checkedURL().absoluteString
    case .email(let email): return try email.mailtoURI()
    case .toggle, .detail, .page, .value, .slider, .choice, .action, .text, .number, .font, .file, .multiSelect, .list,
      .shortcut, .color:
      throw LaunchRefusal.notLaunchable(row.title)
    }
  }

  /// Launches the row's URI unless the same row was just launched; `report` gets failures.
  func launch(
    _ row: Row, path: RowPath, from widget: Widget, report: @escaping @MainActor (String, [ToastAction]) -> Void
  ) {
    let now = ContinuousClock.now
    if inFlight.contains(path) { return }
    if let last = lastLaunch[path], now - last < Self.coolDown { return }
    let copy = copyAction(for: row, from: widget)
    let uri: String
    do {
      uri = try Self.uri(for: row)
    } catch {
      report(tr("“%s” is not opened: %s", row.title, String(describing: error)), [copy].compactMap { $0 })
      return
    }
    lastLaunch[path] = now
    inFlight.insert(path)
    opener(uri, widget) { [weak self] error in
      self?.inFlight.remove(path)
      guard let error else { return }
      report(Self.failureMessage(row, error), [copy].compactMap { $0 })
    }
  }

  private static func failureMessage(_ row: Row, _ error: GLibError) -> String {
    let what =
      row.kind.name == .email
      ? tr("No email application is set up to write the message.") : tr("No application is set up to open this link.")
    if error.isNotSupported { return tr("Couldn't open “%s”. %s", row.title, what) }
    return tr("Couldn't open “%s”: %s", row.title, error.message)
  }

  private func copyAction(for row: Row, from widget: Widget) -> ToastAction? {
    guard let copy = row.copyableText else { return nil }
    return ToastAction(label: copy.label) { Clipboard.copy(copy.text, from: widget) }
  }
}

/// Why a row was not handed to the system.
enum LaunchRefusal: Error, CustomStringConvertible {
  case notLaunchable(String)

  var description: String {
    switch self {
    case .notLaunchable(let title): return tr("“%s” does not open anything.", title)
    }
  }
}
