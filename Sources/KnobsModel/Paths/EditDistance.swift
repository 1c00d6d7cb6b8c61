/// Edit distance between two byte strings, for "did you mean" suggestions and
/// search's close matches.
enum EditDistance {
  /// The fewest insertions, deletions, substitutions and swaps of two
  /// neighbouring bytes turning `a` into `b` (the optimal string alignment
  /// distance: "seconsd" is one edit from "seconds").
  static func between<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Three rows of the classic table are enough: a swap looks two rows back.
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}

/// "Did you mean" suggestions for a mistyped path or name.
public enum Suggestions {
  /// The candidates nearest to `target` by edit distance, best first (ties in the candidates' order).
  /// Letters differ by case at no cost: `Clock/Show-Seconds` is nearest `clock/show-seconds`.
  public static func closest(to target: String, among candidates: [String], limit: Int = 3) -> [String] {
    guard limit > 0 else { return [] }
    let bytes = Array(target.lowercased().utf8)
    let ranked = candidates.enumerated().map { index, candidate in
      (distance: EditDistance.between(bytes, Array(candidate.lowercased().utf8)), index: index, text: candidate)
    }
    .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
    return ranked.prefix(limit).map(\.text)
  }
}
