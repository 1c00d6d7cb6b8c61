import FoundationEssentials
import Glibc
import Gtk
import KnobsModel
import KnobsUI

/// The benchmark's browse test (`KNOBS_BENCH_SOAK=N`): N steps through the shipped
/// panel in one window, each once the last one's frame is painted. The steps take
/// each desktop page in turn: a deep link to its first row, Back (as Alt+Left does),
/// a search and its end. Prints `soak-rss-kb R100 RN STEPS`: the resident memory
/// after the first 100 steps and after the last, then quits. Each is read after a quiet
/// moment (`quiet`), in which the window gives the memory it freed back to the system, so
/// the two compare what browsing kept, not when the C library last let pages go.
@MainActor
final class BenchmarkSoak {
  private enum Step {
    case open(RowPath)
    case back
    case search(String)
    case endSearch
  }

  private let window: PanelWindow
  private let steps: [Step]
  private let total: Int
  private var done = 0
  private var afterWarmUp: Int?
  /// Seconds of quiet before memory is read: longer than the window waits to give freed memory back.
  static let quiet = 3.0

  init(window: PanelWindow, panel: Panel, steps total: Int) {
    self.window = window
    self.total = total
    let pages = panel.entries.filter { entry in
      if case .detail = entry.row.kind.form, entry.pageTitles.isEmpty { return true }
      return false
    }
    let firstRows = pages.compactMap { page in panel.entries.first { $0.pagePath == page.path }?.path }
    steps = firstRows.flatMap { [Step.open($0), .back, .search("font"), .endSearch] }
  }

  func run() {
    guard !steps.isEmpty else {
      printError("knobs: KNOBS_BENCH_SOAK needs a panel with pages")
      window.window.activateAction("app.quit")
      return
    }
    next()
  }

  private func next() {
    guard done < total else {
      runOnMainLoop(after: Self.quiet) { [self] in
        let line = "soak-rss-kb \(afterWarmUp ?? 0) \(Self.residentKB()) \(total)\n"
        writeWhole(line, to: STDOUT_FILENO)
        window.window.activateAction("app.quit")
      }
      return
    }
    switch steps[done % steps.count] {
    case .open(let path): window.open(path)
    case .back: _ = window.window.activateAction("win.back")
    case .search(let text): window.showSearchResults(for: text)
    case .endSearch: window.endSearch()
    }
    done += 1
    if done == 100 {
      window.window.afterNextPaint {
        runOnMainLoop(after: Self.quiet) {
          self.afterWarmUp = Self.residentKB()
          self.next()
        }
      }
      return
    }
    // A painted frame, then a turn of the loop for what the step queued (freeing the page left).
    // The chain of steps holds the soak until the last.
    window.window.afterNextPaint { runOnMainLoop(after: 0.01) { self.next() } }
  }

  /// VmRSS of this process, in kB.
  static func residentKB() -> Int {
    guard let status = LocalFiles.text(at: "/proc/self/status") else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
  }
}
