import CSystem

/// The fixed text of every row a search covers, folded (`FoldedText`), in one
/// contiguous buffer of UTF-8 bytes, each row's text followed by a line break.
///
/// A keystroke's search looks for a word of one or two bytes once in the whole buffer
/// (glibc's `memmem`) and marks the rows its hits fall in: it is in many rows, and
/// one pass finds them sooner than a look into each. A longer word is
/// looked for only in the rows whose `PairFilters` hold every pair of bytes
/// it has: no text is made, folded or copied per row, and most rows a word
/// does not occur in are passed over by a few comparisons. A word never holds
/// a line break (the query is split at white space), so it never matches
/// across two rows; a hit that would is skipped all the same.
struct FoldedRowIndex {
  /// Every row's folded text, each followed by "\n".
  let bytes: ContiguousArray<UInt8>
  /// Where each row's text ends in `bytes`: the offset of its "\n". Row `i` starts after row `i - 1`'s end.
  private let ends: ContiguousArray<Int>
  /// Made by the first search of a word of three bytes or more, not with the index: the
  /// window makes its index once it has shown, and memory kept for a search never made is waste.
  private let filters = PairFilters()

  /// The rows' texts, each several texts folded as `FoldedText(joining:)` folds them.
  init(rows: [[String]]) {
    var bytes = ContiguousArray<UInt8>()
    var ends = ContiguousArray<Int>()
    ends.reserveCapacity(rows.count)
    for texts in rows {
      let start = bytes.count
      for text in texts {
        // As `FoldedText(joining:)` joins them: no break before the first text that folds to something.
        if bytes.count > start { bytes.append(UInt8(ascii: "\n")) }
        FoldedText.fold(text, into: &bytes)
      }
      ends.append(bytes.count)
      bytes.append(UInt8(ascii: "\n"))
    }
    self.bytes = bytes
    self.ends = ends
  }

  var rowCount: Int { ends.count }

  /// Row `row`'s folded text.
  func text(ofRow row: Int) -> ArraySlice<UInt8> {
    bytes[start(ofRow: row)..<ends[row]]
  }

  private func start(ofRow row: Int) -> Int {
    row == 0 ? 0 : ends[row - 1] + 1
  }

  /// Adds to `rows` every row whose text contains `word`; with an empty word, every row.
  func insertRows(containing word: [UInt8], into rows: inout RowSet) {
    guard !word.isEmpty else {
      rows.insertAll(below: rowCount)
      return
    }
    guard word.count < 3 else {
      insertRows(holding: word, into: &rows)
      return
    }
    bytes.withUnsafeBufferPointer { haystack in
      word.withUnsafeBufferPointer { needle in
        guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return }
        let length = needle.count
        var offset = 0
        var row = 0
        while offset + length <= haystack.count {
          guard let hit = knobs_find_bytes(base + offset, UInt(haystack.count - offset), needleBase, UInt(length))
          else { return }
          let position = base.distance(to: hit)
          row = self.row(at: position, from: row)
          if position + length <= ends[row] {
            rows.insert(row)
            // The row is found: go on from the next one.
            offset = ends[row] + 1
            row += 1
          } else {
            offset = position + 1
          }
        }
      }
    }
  }

  /// `insertRows(containing:into:)` for a word of three bytes or more: looked for in the rows
  /// whose filters hold all of its pairs.
  private func insertRows(holding word: [UInt8], into rows: inout RowSet) {
    filters.build(bytes, ends)
    let wanted = PairFilters.mask(of: word[...])
    bytes.withUnsafeBufferPointer { haystack in
      word.withUnsafeBufferPointer { needle in
        guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return }
        filters.forEachRow(holding: wanted) { row in
          let start = start(ofRow: row)
          let length = ends[row] - start
          guard length >= needle.count, !rows.contains(row),
            knobs_find_bytes(base + start, UInt(length), needleBase, UInt(needle.count)) != nil
          else { return }
          rows.insert(row)
        }
      }
    }
  }

  /// The row whose text (or closing "\n") holds byte `position`, searched from row `first` on.
  private func row(at position: Int, from first: Int) -> Int {
    var low = first
    var high = ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] < position { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// For each row, the pairs of adjacent bytes its text holds, hashed into 512 bits: a word
/// occurs only in a row that holds all of the word's pairs, so a search looks into those alone.
/// With a row's hundred-odd pairs, about a fifth of its bits are set, and a row without the
/// word passes a word of five letters about once in a thousand.
final class PairFilters {
  /// Eight words a row, row after row.
  private var bits = ContiguousArray<UInt64>()
  private var isBuilt = false
  static let wordsPerRow = 8

  func build(_ bytes: ContiguousArray<UInt8>, _ ends: ContiguousArray<Int>) {
    guard !isBuilt else { return }
    isBuilt = true
    bits = ContiguousArray(repeating: 0, count: ends.count * Self.wordsPerRow)
    bytes.withUnsafeBufferPointer { text in
      bits.withUnsafeMutableBufferPointer { bits in
        var start = 0
        for (row, end) in ends.enumerated() {
          let first = row * Self.wordsPerRow
          if end - start >= 2 {
            for offset in start..<(end - 1) {
              let bit = Self.bit(text[offset], text[offset + 1])
              bits[first + bit >> 6] |= 1 << UInt64(bit & 63)
            }
          }
          start = end + 1
        }
      }
    }
  }

  /// The bits of `word`'s pairs, as a row's filter holds them.
  static func mask(of word: ArraySlice<UInt8>) -> [UInt64] {
    var mask = [UInt64](repeating: 0, count: wordsPerRow)
    var previous: UInt8?
    for byte in word {
      if let previous {
        let bit = self.bit(previous, byte)
        mask[bit >> 6] |= 1 << UInt64(bit & 63)
      }
      previous = byte
    }
    return mask
  }

  /// Calls `body` with each row whose filter holds every bit of `mask`, in increasing order.
  func forEachRow(holding mask: [UInt64], _ body: (Int) -> Void) {
    let rowCount = bits.count / Self.wordsPerRow
    bits.withUnsafeBufferPointer { bits in
      mask.withUnsafeBufferPointer { mask in
        for row in 0..<rowCount {
          let first = row * Self.wordsPerRow
          var holds = true
          for index in 0..<Self.wordsPerRow where bits[first + index] & mask[index] != mask[index] {
            holds = false
            break
          }
          if holds { body(row) }
        }
      }
    }
  }

  /// Which of the 512 bits a pair of bytes sets (Fibonacci hashing of the pair).
  @inline(__always)
  private static func bit(_ first: UInt8, _ second: UInt8) -> Int {
    Int(truncatingIfNeeded: ((UInt32(first) << 8 | UInt32(second)) &* 2_654_435_761) >> 23)
  }
}

/// A set of row numbers, one bit a row: what a search marks and intersects
/// with no allocation per row.
struct RowSet {
  private var words: ContiguousArray<UInt64>

  /// An empty set for rows `0..<count`.
  init(count: Int) {
    words = ContiguousArray(repeating: 0, count: (count + 63) / 64)
  }

  func contains(_ row: Int) -> Bool {
    words[row >> 6] & (1 << UInt64(row & 63)) != 0
  }

  mutating func insert(_ row: Int) {
    words[row >> 6] |= 1 << UInt64(row & 63)
  }

  /// Inserts rows `0..<count`.
  mutating func insertAll(below count: Int) {
    for index in 0..<(count >> 6) { words[index] = ~0 }
    let rest = count & 63
    if rest > 0 { words[count >> 6] |= (1 << UInt64(rest)) - 1 }
  }

  mutating func formIntersection(_ other: RowSet) {
    for index in words.indices { words[index] &= other.words[index] }
  }

  mutating func formUnion(_ other: RowSet) {
    for index in words.indices { words[index] |= other.words[index] }
  }

  var isEmpty: Bool { !words.contains { $0 != 0 } }

  /// Calls `body` with each row in the set, in increasing order.
  func forEach(_ body: (Int) throws -> Void) rethrows {
    for index in words.indices {
      var word = words[index]
      while word != 0 {
        try body((index << 6) + word.trailingZeroBitCount)
        word &= word - 1
      }
    }
  }
}
