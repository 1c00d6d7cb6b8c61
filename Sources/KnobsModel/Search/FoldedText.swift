import FoundationEssentials
import Glibc

/// Text folded for matching: lowercased, compatibility-decomposed and without
/// combining marks, kept as UTF-8 bytes so a substring test is a byte search.
///
/// "Résumé" folds to "resume", "SEC" to "sec", "ﬁ" to "fi".
struct FoldedText {
  let bytes: [UInt8]

  init(_ text: String) {
    bytes = Self.fold(text)
  }

  /// Text already folded.
  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Several texts folded into one, each on a line of its own so a word never
  /// matches across two of them.
  init(joining texts: [String]) {
    // Folding each text alone keeps the ASCII ones on the fast path.
    var joined: [UInt8] = []
    for text in texts {
      if !joined.isEmpty { joined.append(UInt8(ascii: "\n")) }
      joined += Self.fold(text)
    }
    bytes = joined
  }

  var isEmpty: Bool { bytes.isEmpty }

  /// Whether `word` occurs anywhere in the text.
  func contains(_ word: FoldedText) -> Bool {
    let needle = word.bytes
    guard !needle.isEmpty else { return true }
    guard needle.count <= bytes.count else { return false }
    return bytes.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        Self.search(haystack, for: needle)
      }
    }
  }

  private static func search(_ haystack: UnsafeBufferPointer<UInt8>, for needle: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return false }
    let first = Int32(needle[0])
    let last = haystack.count - needle.count
    var offset = 0
    while offset <= last {
      // memchr finds candidate starts far faster than a byte loop.
      guard let hit = memchr(base + offset, first, last - offset + 1) else { return false }
      let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + position, needleBase, needle.count) == 0 { return true }
      offset = position + 1
    }
    return false
  }

  private static func fold(_ text: String) -> [UInt8] {
    var folded: [UInt8] = []
    fold(text, into: &folded)
    return folded
  }

  /// Appends `text` folded to `folded`.
  static func fold<Bytes: RangeReplaceableCollection & RandomAccessCollection>(
    _ text: String, into folded: inout Bytes
  )
  where Bytes.Element == UInt8 {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      folded.append(
        contentsOf: text.utf8.lazy.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 })
      return
    }
    // Latin text with accents (résumé, Größe) folds a character at a time from
    // a table; any other character sends the whole text the slow way.
    let start = folded.count
    folded.reserveCapacity(start + text.utf8.count)
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        let byte = UInt8(value)
        folded.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
      } else if latinRange.contains(value) {
        folded.append(contentsOf: latinFolds[Int(value - latinRange.lowerBound)])
      } else {
        folded.removeLast(folded.count - start)
        for scalar in text.unicodeScalars { folded.append(contentsOf: fold(scalar: scalar).utf8) }
        return
      }
    }
  }

  /// Latin-1 and Latin Extended-A and -B, where each character folds on its
  /// own: no combining marks, no casing that depends on the next letter.
  private static let latinRange: ClosedRange<UInt32> = 0x80...0x24F

  /// Each character of `latinRange` folded, once, on first use (U+00E9 é gives "e",
  /// U+00DF ß stays "ß", U+00BD ½ gives "1⁄2").
  private static let latinFolds: [[UInt8]] = latinRange.map { value in
    Unicode.Scalar(value).map { Array(fold(scalar: $0).utf8) } ?? []
  }

  /// A scalar folded: compatibility-decomposed, lower case and without nonspacing marks, from
  /// the committed `FoldTable`; lower case alone for the scalars the table does not list.
  static func fold(scalar: Unicode.Scalar) -> String {
    let value = scalar.value
    var low = 0
    var high = FoldTable.scalars.count
    while low < high {
      let middle = (low + high) / 2
      if FoldTable.scalars[middle] < value { low = middle + 1 } else { high = middle }
    }
    guard low < FoldTable.scalars.count, FoldTable.scalars[low] == value else {
      return String(Character(scalar)).lowercased()
    }
    let bytes = FoldTable.bytes[Int(FoldTable.offsets[low])..<Int(FoldTable.offsets[low + 1])]
    return String(decoding: bytes, as: UTF8.self)
  }
}
