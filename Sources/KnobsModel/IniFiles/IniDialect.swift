/// How an app's INI file writes its values, so Knobs reads them as the app
/// does and writes what the app reads back.
///
/// Structure (groups, keys, comments, blank lines) is read the same way in
/// every dialect; only values differ.
public enum IniDialect: String, CaseIterable, Sendable {
  /// GLib's GKeyFile and desktop entries: `key=value`, the escapes `\s`, `\n`,
  /// `\t`, `\r` and `\\`, lists as `a;b;`, booleans `true` and `false`.
  case keyfile
  /// The spaced style of dunst, foot or git config: a value may be in double
  /// quotes (read without them, written back with them), a `#` or `;` after a
  /// blank starts a comment, lists are separated by commas, booleans are
  /// `true`/`false`, `yes`/`no`, `on`/`off` or `1`/`0`.
  case plain
  /// systemd units: values as written (quotes belong to the value, `#` and `;`
  /// inside a line too), a trailing backslash continues a line, lists are
  /// separated by spaces, booleans as in `plain`.
  case systemd

  /// Whether a value in double quotes is read without them.
  var stripsQuotes: Bool { self == .plain }
  /// Whether `#` or `;` after a blank ends the value.
  var hasInlineComments: Bool { self == .plain }
  /// Whether a backslash at the end of a line continues the value on the next.
  var continuesLines: Bool { self != .keyfile }
  /// The separator of a list's items, and how a list is written.
  var listSeparator: UInt8 {
    switch self {
    case .keyfile: return UInt8(ascii: ";")
    case .plain: return UInt8(ascii: ",")
    case .systemd: return UInt8(ascii: " ")
    }
  }
  /// A new key's line when the file has none to copy the spacing from.
  var defaultAssignment: [UInt8] { self == .plain ? Array(" = ".utf8) : [UInt8(ascii: "=")] }
}
