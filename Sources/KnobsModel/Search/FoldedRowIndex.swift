import CSystem

/// The fixed text of every row a search covers, folded (`FoldedText`), in one
/// contiguous buffer of UTF-8 bytes, each row's text followed by a line break.
///
/// A keystroke's search looks for each query word once in the whole buffer
/// (glibc's `memmem`) and marks the rows its hits fall in, rather than testing
/// every row on its own: no text is made, folded or copied per row, and the
/// rows a word does not occur in cost nothing. A word never holds a line break
/// (the query is split at white space), so it never matches across two rows;
/// a hit that would is skipped all the same.
struct FoldedRowIndex {
  /// Every row's folded text, each followed by "\n".
  let bytes: ContiguousArray<UInt8>
  /// Where each row's text ends in `bytes`: the offset of its "\n". Row `i` starts after row `i - 1`'s end.
  private let ends: ContiguousArray<Int>

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
