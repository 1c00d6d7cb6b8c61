/// Theme, icon, cursor and font names as other programs' files hold them.
///
/// Off GNOME such a name becomes a line in `settings.ini`, `~/.gtkrc-2.0`,
/// `index.theme` or xsettingsd's file: one that holds a line break, `=`, `[`,
/// `]`, a NUL, a control or a bidirectional control could start a line or a
/// group of its own there, or show as something else than it is.
package enum DesktopNames {
  /// Why `name` can't be a theme, icon, cursor or font name; nil when it can.
  package static func problem(with name: String) -> String? {
    for scalar in name.unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
        return tr("A name can't hold a line break.")
      case 0:
        return tr("A name can't hold a NUL character.")
      case 0x3D, 0x5B, 0x5D:
        return tr("A name can't hold “=”, “[” or “]”.")
      default:
        if String.isEscaped(scalar) || isInvisibleFormat(scalar) {
          return tr("A name can't hold control characters or characters that change the direction of text.")
        }
      }
    }
    return nil
  }

  /// Whether `name` may be offered and written as a theme, icon, cursor or font name.
  package static func isAcceptable(_ name: String) -> Bool { problem(with: name) == nil }

  /// Format characters that hide or reorder text beyond the bidirectional controls: zero-width
  /// marks and the byte order mark.
  private static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200B...0x200D, 0x2060...0x2064, 0xFEFF: return true
    default: return false
    }
  }
}
