import Gio
import KnobsModel
import KnobsSettings

/// GNOME Shell's search in the overview (`org.gnome.Shell.SearchProvider2`),
/// answered by the window's own search: the same rows in the same order, at
/// most `resultLimit` of them, each named by its row path.
///
/// The Shell's terms come from whoever is on the session bus: they are bounded
/// (`bounded(_:)`) before anything is searched, so any input gets an answer as
/// quick as a typed one.
@MainActor
package final class SearchProvider {
  package static let objectPath = "/dev/knobs/Knobs/SearchProvider"
  package static let interfaceXML = """
    <node>
      <interface name="org.gnome.Shell.SearchProvider2">
        <method name="GetInitialResultSet">
          <arg type="as" name="terms" direction="in"/>
          <arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetSubsearchResultSet">
          <arg type="as" name="previous_results" direction="in"/>
          <arg type="as" name="terms" direction="in"/>
          <arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetResultMetas">
          <arg type="as" name="identifiers" direction="in"/>
          <arg type="aa{sv}" name="metas" direction="out"/>
        </method>
        <method name="ActivateResult">
          <arg type="s" name="identifier" direction="in"/>
          <arg type="as" name="terms" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
        <method name="LaunchSearch">
          <arg type="as" name="terms" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
      </interface>
    </node>
    """
  /// The Shell shows a handful; more would only cost time.
  static let resultLimit = 20
  /// How many terms are searched; the rest are dropped.
  static let termLimit = 32
  /// How many bytes of UTF-8 all terms together may have; a term past it is cut.
  static let termBytesLimit = 1024
  /// How many ids one GetResultMetas answers (the Shell asks for the few it shows).
  static let metaLimit = 100
  /// An index older than this is made again at the next search: rows come and go (startup apps, extensions).
  static let indexLifetime = 10.0

  /// The panel searched and the store its values are read from: the window's once there is one.
  private let source: @MainActor () -> (panel: Panel, store: any SettingsStore)
  private var index: (search: PanelSearch, made: Double)?
  /// Runs when the Shell opens a result (its row path) or asks for the search in the window (the query).
  package var onActivateResult: (@MainActor (String) -> Void)?
  package var onLaunchSearch: (@MainActor (String) -> Void)?

  package init(source: @escaping @MainActor () -> (panel: Panel, store: any SettingsStore)) {
    self.source = source
  }

  /// The terms as one query the window's search takes: at most `termLimit`
  /// terms of at most `termBytesLimit` bytes in all, control characters
  /// turned into spaces (they match no text, and a window's search entry would show them).
  static func bounded(_ terms: [String]) -> String {
    var query = ""
    var bytes = 0
    for term in terms.prefix(termLimit) {
      if bytes >= termBytesLimit { break }
      if !query.isEmpty {
        query.unicodeScalars.append(" ")
        bytes += 1
      }
      for scalar in term.unicodeScalars {
        let size = UTF8.width(scalar)
        guard bytes + size <= termBytesLimit else { break }
        bytes += size
        let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        query.unicodeScalars.append(isControl ? " " : scalar)
      }
    }
    return query
  }

  /// The paths of the rows the window's search finds for `terms`, best first, at most `resultLimit`.
  func resultIDs(for terms: [String]) -> [String] {
    let query = Self.bounded(terms).trimmingSpaces
    guard !query.isEmpty else { return [] }
    let (panel, store) = source()
    let found = search(of: panel).results(for: query, settings: SettingsReader(store))
    var ids: [String] = []
    for group in found.groups {
      for entry in group.entries {
        guard ids.count < Self.resultLimit else { return ids }
        ids.append(entry.path.description)
      }
    }
    return ids
  }

  /// For each id that names a row: its id, title, where it is and its value, and an icon.
  /// The name and description go through `sanitizedForShell`: titles and values can come from
  /// other programs (an extension's name, a key's value), and the overview shows them as they come.
  func metas(for ids: [String]) -> [[(key: String, value: String)]] {
    let (panel, store) = source()
    let settings = SettingsReader(store)
    return ids.prefix(Self.metaLimit).compactMap { id in
      let path = RowPath(parsing: id)
      guard !path.isTooLong, let entry = panel.entry(throughPagesAt: path), entry.path == path else { return nil }
      let place = (entry.pageTitles + [entry.section.title ?? ""]).filter { !$0.isEmpty }.joined(separator: " › ")
      var description = place
      if entry.row.key != nil {
        let value = entry.row.currentValueText(settings)
        description =
          place.isEmpty
          ? value
          : tr(
            // TRANSLATORS: a setting found by the overview's search: where it is (page › section) and its current value.
            "%1$s — %2$s", place, value)
      }
      return [
        ("id", id), ("name", entry.row.title.sanitizedForShell), ("description", description.sanitizedForShell),
        ("gicon", entry.row.iconName ?? AppInfo.id),
      ]
    }
  }

  /// Answers one call of the Shell.
  package func handle(_ call: DBusMethodCall) {
    switch call.method {
    case "GetInitialResultSet":
      // A new search: rows found since the last one are searched too.
      if let made = index?.made, LocalFiles.monotonicNow() - made > Self.indexLifetime { index = nil }
      call.returnStrings(resultIDs(for: call.strings(at: 0)))
    case "GetSubsearchResultSet":
      // The window's order for the longer query; the previous results are no shortcut when close matches come in.
      call.returnStrings(resultIDs(for: call.strings(at: 1)))
    case "GetResultMetas":
      call.returnDictionaries(metas(for: call.strings(at: 0)))
    case "ActivateResult":
      call.returnNothing()
      onActivateResult?(call.string(at: 0) ?? "")
    case "LaunchSearch":
      call.returnNothing()
      onLaunchSearch?(Self.bounded(call.strings(at: 0)))
    default:
      call.returnError("Unknown method \(call.method)")
    }
  }

  private func search(of panel: Panel) -> PanelSearch {
    if let index { return index.search }
    let search = PanelSearch(panel: panel, entries: panel.searchableEntries)
    index = (search, LocalFiles.monotonicNow())
    return search
  }
}
