/// Edit distance between two byte strings, for "did you mean" suggestions and
/// search's close matches.
enum EditDistance {
  /// The fewest insertions, deletions, substitutions and swaps of two
  /// neighbouring bytes turning `a` into `b` (the optimal string alignment
  /// distance: "seconsd" is one edit from "seconds").
  static func between<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Int {
    let a = Array(a)
    let b = Array(b)
    return between(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
  }

  /// The distance `between(_:_:)` gives when it is at most `limit`; nil when it is more.
  /// Only the cells within `limit` of the table's diagonal are worked out, and the work stops
  /// once two rows running exceed `limit` (a swap skips a row, never two): the work is at most
  /// about `(2 × limit + 1) × a.count` cells, however long `b` is, and none at all when the
  /// lengths alone differ by more than `limit`.
  static func between(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int? {
    guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let n = a.count
    let m = b.count
    let width = m + 1
    // Cells outside the band hold `outside`, more than any distance that is kept.
    let outside = limit + 1
    // Three rows of the table in one buffer, read through pointers: a window's deep link waits
    // for this, and a debug build's checked array accesses cost ten times as much.
    var table = [Int](repeating: outside, count: 3 * width)
    return a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        table.withUnsafeMutableBufferPointer { rows -> Int? in
          // Where the row before the previous one, the previous one and the current one start.
          var beforePrevious = 0
          var previous = width
          var current = 2 * width
          for j in 0...m { rows[previous + j] = j <= limit ? j : outside }
          var previousMinimum = 0
          for i in 1...n {
            let low = max(1, i - limit)
            let high = min(m, i + limit)
            // The cell left of the band: the first column, or outside.
            rows[current + low - 1] = low == 1 ? min(i, outside) : outside
            var rowMinimum = rows[current + low - 1]
            let letter = a[i - 1]
            let letterBefore = i > 1 ? a[i - 2] : 0
            if low <= high {
              for j in low...high {
                let other = b[j - 1]
                var cell = rows[previous + j - 1] + (letter == other ? 0 : 1)
                cell = min(cell, rows[previous + j] + 1, rows[current + j - 1] + 1)
                // A swap of two neighbours looks two rows back.
                if i > 1, j > 1, letter == b[j - 2], letterBefore == other {
                  cell = min(cell, rows[beforePrevious + j - 2] + 1)
                }
                cell = min(cell, outside)
                rows[current + j] = cell
                rowMinimum = min(rowMinimum, cell)
              }
            }
            // The cell right of the band is read by the next row as outside it.
            if high + 1 <= m { rows[current + high + 1] = outside }
            if rowMinimum > limit && previousMinimum > limit { return nil }
            previousMinimum = rowMinimum
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
          }
          let distance = rows[previous + m]
          return distance <= limit ? distance : nil
        }
      }
    }
  }
}

/// "Did you mean" suggestions for a mistyped path or name.
public enum Suggestions {
  /// The longest text, in bytes, that suggestions are looked for: no path or name a person
  /// mistypes is longer, and the work grows with the text's length. A longer one has none.
  package static let longestTarget = 256

  /// Up to this many bytes, a text's nearest candidates are suggested however far they are;
  /// a longer one is a mistyping only of candidates within half its length.
  static let anyDistanceLength = 64

  /// The candidates nearest to `target` by edit distance, best first (ties in the candidates' order).
  /// Letters differ by case at no cost: `Clock/Show-Seconds` is nearest `clock/show-seconds`.
  ///
  /// The work is bounded whatever the target: none over `longestTarget` bytes; over
  /// `anyDistanceLength`, only candidates within half the target's length count; and once
  /// `limit` candidates are found, each next one is measured only as far as the farthest of
  /// them (`EditDistance.between(_:_:atMost:)`).
  public static func closest(to target: String, among candidates: [String], limit: Int = 3) -> [String] {
    guard limit > 0, target.utf8.count <= longestTarget else { return [] }
    let bytes = Array(target.lowercased().utf8)
    let farthest = bytes.count <= anyDistanceLength ? Int.max : bytes.count / 2
    // The nearest so far, by distance then by their place among the candidates.
    var nearest: [(distance: Int, index: Int)] = []
    for (index, candidate) in candidates.enumerated() {
      let other = Array(candidate.lowercased().utf8)
      // A candidate takes a place only when nearer than the farthest kept (a tie keeps the earlier).
      let bound = min(
        farthest, nearest.count < limit ? max(bytes.count, other.count) : nearest[limit - 1].distance - 1)
      guard let distance = EditDistance.between(bytes, other, atMost: bound) else { continue }
      let place = nearest.firstIndex { $0.distance > distance } ?? nearest.endIndex
      nearest.insert((distance, index), at: place)
      if nearest.count > limit { nearest.removeLast() }
    }
    return nearest.map { candidates[$0.index] }
  }
}
