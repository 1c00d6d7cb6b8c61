import BenchmarkPanels
import FoundationEssentials
import Glibc
import Gtk
import KnobsDesktop
import KnobsDesktopWindow
import KnobsModel
import KnobsUI

/// The hook bench/run times the real window with, in knobs-bench-app (the shipped `knobs` has
/// none: its start is the same, `DesktopStart`). Nothing here runs unless one of these environment
/// variables is set:
///
/// - `KNOBS_BENCH_PANEL=toggles:N` or `mixed:N` shows a generated panel of N
///   rows (BenchmarkPanels), kept in memory, instead of the reference panel.
/// - `KNOBS_BENCH_FIRST_FRAME=1` prints `first-frame-ms T`, the time from the
///   start of main to the window's first painted frame, and quits; when the first frame asked
///   which desktop this is (`CurrentDesktop.isGNOME`), also `desktop-detection-us T`, how long
///   that took in microseconds.
/// - `KNOBS_BENCH_SEARCH=QUERY|QUERY|…` then, after the first frame, runs
///   each search `KNOBS_BENCH_PASSES` times (default 5) as a keystroke in the
///   search entry would, and prints `search-ms T ROWS QUERY` per run: T from
///   running the search to its results painted, ROWS the rows listed. Quits.
///   Each search starts as a keystroke's would: the entry's typing delay
///   (`typingDelay`) after a painted frame (the keystroke's own, echoing it),
///   not right after a paint, when GTK's frame clock would first wait out the
///   rest of a 60 Hz frame. With `KNOBS_BENCH_SPANS=1` each search also prints
///   `search-span START RAN PAINTED`, the monotonic clock's seconds when the
///   search began, when its results were listed (before the frame) and when
///   they were painted: to tell the search from its frame, and to line a
///   profile (`perf record -k CLOCK_MONOTONIC`) up with the searches.
/// - `KNOBS_BENCH_SOAK=N` then, after the first frame, browses the shipped panel for
///   N steps and prints the resident memory after the first 100 and the last
///   (`BenchmarkSoak`). Quits.
/// - `KNOBS_BENCH_STALLS=S` then, for S seconds after the first frame, keeps the
///   window as a user's (its history noted, other programs' changes heard) and
///   prints `longest-stall-ms T`: the longest the main loop went without a turn,
///   when no frame can be drawn, from a probe every 5 ms. Quits.
@MainActor
final class BenchmarkHook: DesktopStartHook {
  let panel: Panel?
  let store: MemoryStore?
  /// Seconds on the monotonic clock (`LocalFiles.monotonicNow`) when main began.
  private let start: Double
  private let reportsFirstFrame: Bool
  private let searches: [String]
  private let passes: Int
  private let reportsSpans: Bool
  private let soakSteps: Int?
  private let stallSeconds: Double?

  /// Nil when no benchmark variable is set, the normal case.
  init?(environment: [String: String], start: Double) {
    let panelSpec = environment["KNOBS_BENCH_PANEL"]
    let searchSpec = environment["KNOBS_BENCH_SEARCH"]
    reportsFirstFrame = environment["KNOBS_BENCH_FIRST_FRAME"] == "1"
    soakSteps = environment["KNOBS_BENCH_SOAK"].flatMap { Int($0) }
    stallSeconds = environment["KNOBS_BENCH_STALLS"].flatMap { Double($0) }
    guard panelSpec != nil || searchSpec != nil || reportsFirstFrame || soakSteps != nil || stallSeconds != nil
    else { return nil }
    self.start = start
    searches = searchSpec?.split(separator: "|").map(String.init) ?? []
    passes = environment["KNOBS_BENCH_PASSES"].flatMap { Int($0) } ?? 5
    reportsSpans = environment["KNOBS_BENCH_SPANS"] == "1"
    let parts = panelSpec?.split(separator: ":") ?? []
    if parts.count == 2, let flavour = GeneratedPanel.Flavour(rawValue: String(parts[0])), let rows = Int(parts[1]) {
      (panel, store) = GeneratedPanel.make(flavour, rows: rows)
    } else {
      if let panelSpec { printError("knobs: KNOBS_BENCH_PANEL=\(panelSpec) is not toggles:N or mixed:N") }
      (panel, store) = (nil, nil)
    }
  }

  var environment: SettingsEnvironment? {
    store.map { SettingsEnvironment(store: $0, ownSettings: nil, notice: nil) }
  }

  /// The shipped panel, for the browse test.
  private var soakPanel: Panel?

  func shippedPanelShown(_ panel: Panel) { soakPanel = panel }

  /// Whether the window notes changes in the history as a user's does.
  var keepsHistory: Bool { stallSeconds != nil }

  /// Starts timing once the window is presented.
  func windowPresented(_ window: PanelWindow) {
    if let stallSeconds {
      window.window.afterNextPaint {
        let until = LocalFiles.monotonicNow() + stallSeconds
        Self.probeStalls(last: LocalFiles.monotonicNow(), longest: 0, until: until) { longest in
          Self.report("longest-stall-ms \(Self.milliseconds(longest))")
          window.window.activateAction("app.quit")
        }
      }
      return
    }
    if let soakSteps, let soakPanel {
      let soak = BenchmarkSoak(window: window, panel: soakPanel, steps: soakSteps)
      window.window.afterNextPaint { runOnMainLoop(after: 1) { soak.run() } }
      return
    }
    guard reportsFirstFrame || !searches.isEmpty else { return }
    window.window.afterNextPaint { [self] in
      if reportsFirstFrame {
        Self.report("first-frame-ms \(Self.milliseconds(LocalFiles.monotonicNow() - start))")
        // Whether the first frame asked which desktop this is, and how long that took.
        if let seconds = CurrentDesktop.detectionSeconds {
          Self.report("desktop-detection-us \(Int((seconds * 1_000_000).rounded()))")
        }
      }
      // Without searches, quit at once: peak RSS is then measured up to the first frame, as the baseline's is.
      guard !searches.isEmpty else {
        window.window.activateAction("app.quit")
        return
      }
      let all = Array(repeating: searches, count: passes).flatMap { $0 }
      afterPause(in: window) { [self] in runSearches(in: window, remaining: all) }
    }
  }

  /// GtkSearchEntry's delay between a keystroke and its search-changed signal.
  static let typingDelay = 0.15

  /// Lets the window settle (the last search's crossfade, the indexing after
  /// the first frame), then starts `body` the typing delay after a painted frame.
  private func afterPause(in window: PanelWindow, _ body: @escaping @MainActor () -> Void) {
    runOnMainLoop(after: 0.5) {
      window.window.afterNextPaint { runOnMainLoop(after: Self.typingDelay, body) }
    }
  }

  /// One search at a time: search, wait for its results to be painted, leave
  /// search and pause.
  private func runSearches(in window: PanelWindow, remaining: [String]) {
    guard let query = remaining.first else {
      window.window.activateAction("app.quit")
      return
    }
    let searched = LocalFiles.monotonicNow()
    let rows = window.showSearchResults(for: query)
    let ran = LocalFiles.monotonicNow()
    window.window.afterNextPaint { [self] in
      Self.report("search-ms \(Self.milliseconds(LocalFiles.monotonicNow() - searched)) \(rows) \(query)")
      if reportsSpans {
        Self.report("search-span \(searched) \(ran) \(LocalFiles.monotonicNow())")
      }
      window.endSearch()
      afterPause(in: window) { [self] in runSearches(in: window, remaining: Array(remaining.dropFirst())) }
    }
  }

  /// A turn of the main loop every 5 ms until `until`, then `done` with the longest gap between turns beyond those 5 ms.
  private static func probeStalls(
    last: Double, longest: Double, until: Double, _ done: @escaping @MainActor (Double) -> Void
  ) {
    runOnMainLoop(after: 0.005) {
      let now = LocalFiles.monotonicNow()
      let longest = max(longest, now - last - 0.005)
      guard now < until else { return done(longest) }
      probeStalls(last: now, longest: longest, until: until, done)
    }
  }

  /// Written at once: a run that is cut short still reports what it measured.
  private static func report(_ line: String) {
    writeWhole(line + "\n", to: STDOUT_FILENO)
  }

  private static func milliseconds(_ seconds: Double) -> String {
    // The clock only goes forward: durations are never negative.
    let whole = Int((seconds * 1e4).rounded())
    return "\(whole / 10).\(whole % 10)"
  }
}
