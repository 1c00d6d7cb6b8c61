/// The distinct words of a panel's fixed text, for finding the words a
/// mistyped query word may have meant.
///
/// Built on the first search that has no exact match, so a search with matches
/// never pays for it.
final class Vocabulary {
  /// At most this many close words stand in for one query word.
  static let closeWordLimit = 8
  /// The folded texts, a line break after each (`FoldedRowIndex.bytes`).
  private let text: ContiguousArray<UInt8>
  private var words: [[UInt8]]?

  init(text: ContiguousArray<UInt8>) {
    self.text = text
  }

  /// How many edits a query word of `length` bytes may be from the word it
  /// meant: none below four letters (too many words are that close), one up
  /// to seven, two beyond. A swap of neighbouring letters is one edit.
  static func tolerance(forLength length: Int) -> Int {
    length < 4 ? 0 : length < 8 ? 1 : 2
  }

  /// Words within the tolerance of `word`, or whose beginning is (so a word
  /// still being typed counts), nearest first; never `word` itself.
  func closeWords(to word: FoldedText) -> [FoldedText] {
    let target = word.bytes
    let tolerance = Self.tolerance(forLength: target.count)
    guard tolerance > 0 else { return [] }
    var found: [(distance: Int, word: [UInt8])] = []
    for candidate in allWords() {
      var distance = Int.max
      if abs(candidate.count - target.count) <= tolerance {
        distance = EditDistance.between(target, candidate)
      }
      if candidate.count > target.count {
        distance = min(distance, EditDistance.between(target, candidate.prefix(target.count)))
      }
      if distance > 0 && distance <= tolerance { found.append((distance, candidate)) }
    }
    found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.word.lexicographicallyPrecedes($1.word) }
    return found.prefix(Self.closeWordLimit).map { FoldedText(bytes: $0.word) }
  }

  private func allWords() -> [[UInt8]] {
    if let words { return words }
    var seen: Set<[UInt8]> = []
    var start = 0
    let bytes = text
    for index in 0...bytes.count where index == bytes.count || !Self.isWordByte(bytes[index]) {
      // Single letters and digits are never what a longer mistyped word meant.
      if index - start > 1 { seen.insert(Array(bytes[start..<index])) }
      start = index + 1
    }
    let sorted = seen.sorted { $0.lexicographicallyPrecedes($1) }
    words = sorted
    return sorted
  }

  /// Letters, digits and every byte of a non-ASCII character.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }
}
