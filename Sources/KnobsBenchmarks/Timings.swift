/// Summary statistics of measured durations, in milliseconds.
struct Timings {
  private(set) var samples: [Double] = []

  mutating func add(_ duration: Duration) {
    samples.append(Self.milliseconds(duration))
  }

  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
  }

  var count: Int { samples.count }
  var median: Double { percentile(0.5) }
  var p90: Double { percentile(0.9) }
  var max: Double { samples.max() ?? 0 }

  /// Nearest-rank percentile.
  func percentile(_ fraction: Double) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sorted = samples.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
  }

  /// Milliseconds with two decimals, e.g. "0.42".
  static func format(_ milliseconds: Double) -> String {
    let hundredths = Int((milliseconds * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
