/// What a panel's own texts may hold: not so long that laying them out stalls
/// the window, and no control characters, which would reach a terminal raw in
/// `knobs list` or break a line of a desktop entry.
package enum TextBounds {
  /// Titles, names, keywords and subtitles.
  static let maximumLength = 1000
  /// Section headers and footers, which may be a paragraph or two.
  static let maximumParagraphLength = 4000

  /// Why `text`, the field `label` names ("Title"), is not allowed, or nil. Line breaks and tabs are
  /// allowed in `multiline` fields.
  static func problem(with text: String, label: @autoclosure () -> String, multiline: Bool = false) -> String? {
    let limit = multiline ? maximumParagraphLength : maximumLength
    let clean =
      text.utf8.withContiguousStorageIfAvailable { hasNoControls($0, multiline: multiline) }
      ?? hasNoControls(Array(text.utf8), multiline: multiline)
    if !clean {
      return tr(
        // TRANSLATORS: %s names a field, such as “Title”.
        "%s: control characters (such as a line break or escape) are not allowed here.", label())
    }
    // Counted in Unicode scalars, which bound the work of laying the text out: one letter with
    // 100,000 combining marks is one Character. Counted only when the bytes could be too many.
    if text.utf8.count > limit, text.unicodeScalars.count > limit {
      return tr("%1$s: %2$d characters; at most %3$d are allowed.", label(), text.unicodeScalars.count, limit)
    }
    return nil
  }

  /// Text from another program (an autostart entry's name, a schema's summary) made to pass `problem`:
  /// control characters become spaces (line breaks too, unless `multiline`), and text over the limit is
  /// cut at a word with “…” (at `limit` characters, if that is less). Panels show what other programs wrote;
  /// they must not fail for it.
  package static func fitted(_ text: String, multiline: Bool = false, limit: Int? = nil) -> String {
    let limit = min(limit ?? .max, multiline ? maximumParagraphLength : maximumLength)
    var clean = text
    if problem(with: text, label: "", multiline: multiline) != nil || text.utf8.count > limit {
      var scalars = String.UnicodeScalarView()
      for scalar in text.unicodeScalars {
        let isBreak = scalar == "\n" || scalar == "\t"
        let isControl =
          scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
        scalars.append(isControl && !(multiline && isBreak) ? " " : scalar)
      }
      clean = String(scalars)
    }
    return KeyText.shortened(clean, to: limit)
  }

  /// No C0 or C1 control character (in UTF-8, C1 is 0xC2 followed by 0x80 to 0x9F), nor DEL, nor the
  /// Unicode line and paragraph separators (0xE2 0x80 0xA8 and 0xA9).
  private static func hasNoControls<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, multiline: Bool) -> Bool
  where Bytes.Index == Int {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x7F {
        guard multiline, byte == 0x0A || byte == 0x09 else { return false }
      } else if byte == 0xC2, index + 1 < bytes.endIndex, bytes[index + 1] & 0xE0 == 0x80 {
        return false
      } else if byte == 0xE2, index + 2 < bytes.endIndex, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
      {
        return false
      }
      index += 1
    }
    return true
  }
}
