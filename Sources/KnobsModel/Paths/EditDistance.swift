/// Levenshtein distance between two byte strings, for "did you mean" suggestions.
enum EditDistance {
  /// The fewest insertions, deletions and substitutions turning `a` into `b`.
  static func between(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Two rows of the classic table are enough.
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}

/// "Did you mean" suggestions for a mistyped path or name.
public enum Suggestions {
  /// The candidates nearest to `target` by edit distance, best first (ties in the candidates' order).
  public static func closest(to target: String, among candidates: [String], limit: Int = 3) -> [String] {
    guard limit > 0 else { return [] }
    let bytes = Array(target.utf8)
    let ranked = candidates.enumerated().map { index, candidate in
      (distance: EditDistance.between(bytes, Array(candidate.utf8)), index: index, text: candidate)
    }
    .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
    return ranked.prefix(limit).map(\.text)
  }
}
