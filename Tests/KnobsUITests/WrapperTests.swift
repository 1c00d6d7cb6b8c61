import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// The wrapper's promises: main-actor work runs inside GLib's loop, and signal
/// boxes are released with their widgets.
@MainActor
final class WrapperTests: GtkTestCase {
  func testSignalBoxIsReleasedWhenItsWidgetIsDestroyed() async throws {
    // The handler holds a token, and only the box holds the handler: the token dies when the box
    // does. The global count is checked only where no main loop runs in between, because a
    // timeout an earlier test's window left can end, and free its boxes, at any iteration.
    final class Token {}
    weak var token: Token?
    var clicks = 0
    do {
      let held = Token()
      token = held
      let window = Window()
      let button = Button(label: "Press")
      let before = SignalBoxes.alive
      button.onClick {
        _ = held
        clicks += 1
      }
      XCTAssertEqual(SignalBoxes.alive, before + 1, "connecting a handler makes one box")
      window.setChild(button)
      button.click()
      XCTAssertEqual(clicks, 1)
      XCTAssertNotNil(token, "the box keeps its handler while the widget lives")
      window.destroy()
    }
    await settle()
    XCTAssertNil(token, "the box must be freed by the closure's destroy notify")
  }

  /// GTK 4.8 drops the icon theme it read at start when an app's startup adds
  /// an icon resource path, and reads it again at the first icon drawn.
  func testStartingTheAppKeepsTheIconThemeGtkRead() async throws {
    let app = try Self.sharedApplication()
    XCTAssertNil(app.resourceBasePath)
    XCTAssertEqual(Style.iconResourcePaths, ["/org/gtk/libgtk/icons/"], "startup must not add a path of the app's own")
  }

  func testSwitchReportsUserChangesOnly() async throws {
    let control = Switch()
    var reported: [Bool] = []
    control.onToggle { reported.append($0) }
    control.isOn = true
    XCTAssertEqual(reported, [], "a change made by the program is not reported")
    control.activateAsUser()
    XCTAssertEqual(reported, [false])
    XCTAssertFalse(control.isOn)
  }

  func testASlidingSwitchReportsAFlipOnceAsItBegins() async throws {
    Style.animationsEnabled = true
    defer { Style.animationsEnabled = false }
    let window = Window()
    defer { window.destroy() }
    let control = Switch()
    window.setChild(control)
    window.present()
    await waitUntil("the switch is on screen") { control.isDrawable }
    var reported: [Bool] = []
    control.onToggle { reported.append($0) }
    control.activateAsUser()
    XCTAssertEqual(reported, [true], "reported when the slide begins, not when it ends")
    XCTAssertTrue(control.isOn)
    control.activateAsUser()
    XCTAssertEqual(reported, [true], "a second press during the slide restarts it; GtkSwitch still flips once")
    await settle(0.4)
    XCTAssertEqual(reported, [true], "the end of the slide is not reported again")
    XCTAssertTrue(control.isOn)
    control.activateAsUser()
    XCTAssertEqual(reported, [true, false])
    control.isOn = true
    await settle(0.4)
    XCTAssertTrue(control.isOn, "the program's value stops the slide")
    XCTAssertEqual(reported, [true, false])
  }

  func testScaleAndDropDownReportUserChangesOnly() async throws {
    let scale = Scale(minimum: 0, maximum: 10, step: 1)
    var values: [Double] = []
    scale.onChange { values.append($0) }
    scale.value = 3
    scale.move(to: 7)
    XCTAssertEqual(values, [7])
    let dropDown = DropDown(items: ["a", "b", "c"])
    var picks: [Int] = []
    dropDown.onSelect { picks.append($0) }
    dropDown.selectedIndex = 1
    dropDown.pick(2)
    XCTAssertEqual(picks, [2])
    XCTAssertEqual(dropDown.selectedIndex, 2)
  }
}

/// The main-loop bridge, tested from a synchronous test: like the app's `main`,
/// it is not itself running inside a main-queue job, so only the bridge can run
/// the queued work while `g_application_run` owns the loop.
final class MainLoopBridgeTests: XCTestCase {
  func testMainActorTaskRunsWhileApplicationRuns() {
    MainActor.assumeIsolated {
      guard initializeGtk() else { return XCTFail("KnobsUITests need a display") }
      MainLoopBridge.install()
      let app = Application(id: "dev.knobs.Knobs.BridgeTest", unique: false)
      var taskRan = false
      var dispatchRan = false
      var timedOut = false
      app.onActivate {
        app.hold()
        Task { @MainActor in
          taskRan = true
          DispatchQueue.main.async {
            dispatchRan = true
            app.release()
            app.quit()
          }
        }
        // A safety net so a broken bridge fails the test instead of hanging it.
        runOnMainLoop(after: 5) {
          guard !dispatchRan else { return }
          timedOut = true
          app.release()
          app.quit()
        }
      }
      let status = app.run(programName: "knobs-tests")
      XCTAssertEqual(status, 0)
      XCTAssertTrue(taskRan, "a Task { @MainActor } must run while g_application_run owns the loop")
      XCTAssertTrue(dispatchRan, "DispatchQueue.main.async must run while g_application_run owns the loop")
      XCTAssertFalse(timedOut)

      // With nothing queued the bridge must go quiet, or it would spin the CPU
      // and starve GLib's idle sources.
      let drains = MainLoopBridge.drainCount
      runMainLoop(until: { false }, timeout: 0.3)
      XCTAssertLessThanOrEqual(MainLoopBridge.drainCount - drains, 2, "the bridge keeps firing while idle")
    }
  }
}

/// The window's debounces and pauses: GLib timeouts, replaced, cancelled and
/// dropped with their owner.
final class MainLoopTimerTests: XCTestCase {
  func testAScheduledActionRunsOnceAfterItsDelay() {
    MainActor.assumeIsolated {
      let timer = MainLoopTimer()
      var runs = 0
      timer.schedule(after: 0.05) { runs += 1 }
      XCTAssertTrue(timer.isPending)
      XCTAssertEqual(runs, 0, "not before the loop runs")
      XCTAssertTrue(runMainLoop(until: { runs > 0 }, timeout: 2))
      XCTAssertFalse(timer.isPending)
      runMainLoop(until: { false }, timeout: 0.15)
      XCTAssertEqual(runs, 1)
    }
  }

  func testSchedulingAgainReplacesWhatWaitsAndCancelDropsIt() {
    MainActor.assumeIsolated {
      let timer = MainLoopTimer()
      var ran: [String] = []
      timer.schedule(after: 0.05) { ran.append("first") }
      timer.schedule(after: 0.05) { ran.append("second") }
      XCTAssertTrue(runMainLoop(until: { !ran.isEmpty }, timeout: 2))
      runMainLoop(until: { false }, timeout: 0.15)
      XCTAssertEqual(ran, ["second"])
      timer.schedule(after: 0.02) { ran.append("cancelled") }
      timer.cancel()
      XCTAssertFalse(timer.isPending)
      runMainLoop(until: { false }, timeout: 0.15)
      XCTAssertEqual(ran, ["second"])
      // An action can schedule the next one.
      timer.schedule(after: 0.01) { timer.schedule(after: 0.01) { ran.append("again") } }
      XCTAssertTrue(runMainLoop(until: { ran.count == 2 }, timeout: 2))
    }
  }

  func testATimerFreedDropsItsAction() {
    MainActor.assumeIsolated {
      var ran = false
      var timer: MainLoopTimer? = MainLoopTimer()
      timer?.schedule(after: 0.02) { ran = true }
      timer = nil
      runMainLoop(until: { false }, timeout: 0.15)
      XCTAssertFalse(ran)
    }
  }

  func testSleepingOnTheMainLoopGoesOnOnTheMainActorAfterTheDelay() {
    MainActor.assumeIsolated {
      MainLoopBridge.install()
      let start = LocalFiles.monotonicNow()
      var ticks = 0
      var slept: Double?
      runOnMainLoop(after: 0.01) { ticks += 1 }
      Task { @MainActor in
        await sleepOnMainLoop(0.05)
        slept = LocalFiles.monotonicNow() - start
      }
      XCTAssertTrue(runMainLoop(until: { slept != nil }, timeout: 2))
      XCTAssertGreaterThanOrEqual(slept ?? 0, 0.049)
      XCTAssertEqual(ticks, 1, "the loop ran meanwhile")
    }
  }
}

/// Labels that wrap only when their text is long, and never into lines of a
/// few letters.
@MainActor
final class WrappingLabelTests: GtkTestCase {
  func testALongTextWrapsButNoLineIsNarrowerThanEightCharacters() async {
    let eight = Label(String(repeating: "n", count: Int(Label.narrowestWrap)))
    let shortText = Label("Show seconds")
    shortText.wrapsWhenLonger(than: 24)
    XCTAssertFalse(shortText.wraps, "a text shorter than the threshold keeps to one line")

    let long = Label("Changes how the pointer moves on this computer and on every screen")
    long.wrapsWhenLonger(than: 0)
    XCTAssertTrue(long.wraps)
    let width = long.measure(.horizontal)
    let oneLine = long.measure(.vertical, for: width.natural).minimum
    XCTAssertGreaterThanOrEqual(
      width.minimum, eight.measure(.horizontal).natural * 9 / 10,
      "the narrowest the label asks for holds about eight characters")
    XCTAssertLessThan(width.minimum, width.natural / 3, "yet it can be far narrower than its text")
    XCTAssertGreaterThan(
      long.measure(.vertical, for: width.minimum).minimum, 3 * oneLine, "at its narrowest the text wraps onto lines")

    let titled = Label("A title that is longer than twenty-four characters")
    titled.wrapsWhenLonger(than: 24)
    XCTAssertTrue(titled.wraps)
    XCTAssertGreaterThanOrEqual(
      titled.measure(.horizontal).minimum, eight.measure(.horizontal).natural * 9 / 10,
      "a wrapping title keeps eight characters a line too")
    titled.text = "Short"
    titled.wrapsWhenLonger(than: 24)
    XCTAssertFalse(titled.wraps)
    XCTAssertEqual(titled.measure(.horizontal).minimum, titled.measure(.horizontal).natural, "a short text: its width")
  }
}

/// RowBox, the line of a settings row: the control keeps its natural width at
/// the row's end, the text takes the rest and wraps in it, the row is as tall
/// as its tallest child with the others centred, and right to left mirrors it.
@MainActor
final class RowBoxTests: GtkTestCase {
  func testTheControlKeepsItsWidthAndTheTextWrapsInTheRest() async throws {
    let window = Window()
    defer { window.destroy() }
    window.setDefaultSize(width: 260, height: 300)
    let row = RowBox(spacing: 12)
    let text = Label(String(repeating: "Changes how the pointer moves on this computer. ", count: 3))
    text.wraps = true
    text.xAlign = 0
    text.expandsHorizontally = true
    let control = Box(.horizontal)
    control.setSizeRequest(width: 50, height: 20)
    row.append(text)
    row.append(control)
    let oneLine = Label("Changes")
    let column = Box(.vertical)
    column.append(row)
    column.append(oneLine)
    window.setChild(column)
    window.present()
    await waitUntil("the row is laid out") { row.allocatedWidth > 0 && oneLine.allocatedHeight > 0 }

    let width = row.allocatedWidth
    XCTAssertEqual(control.allocatedWidth, 50, "the control keeps its natural width")
    XCTAssertEqual(text.allocatedWidth, width - 50 - 12, "the text takes what is left")
    XCTAssertEqual(text.origin(in: row)?.x, 0)
    XCTAssertEqual(control.origin(in: row)?.x, Double(width - 50))
    XCTAssertGreaterThan(text.allocatedHeight, 2 * oneLine.allocatedHeight, "the long text wraps onto several lines")
    XCTAssertEqual(row.allocatedHeight, text.allocatedHeight, "the tallest child sets the row's height")
    XCTAssertEqual(control.allocatedHeight, 20)
    XCTAssertEqual(control.origin(in: row)?.y, Double((row.allocatedHeight - 20) / 2), "shorter children are centred")

    row.isRightToLeft = true
    await waitUntil("the row is mirrored") { control.origin(in: row)?.x == 0 }
    XCTAssertEqual(text.origin(in: row)?.x, 62, "right to left, the text starts after the control and the spacing")
    XCTAssertEqual(text.allocatedWidth, width - 50 - 12)
  }

  func testAHiddenChildTakesNoRoom() async throws {
    let window = Window()
    defer { window.destroy() }
    window.setDefaultSize(width: 300, height: 100)
    let row = RowBox(spacing: 12)
    let text = Label("Title")
    text.expandsHorizontally = true
    let mark = Label("•")
    mark.isVisible = false
    let control = Box(.horizontal)
    control.setSizeRequest(width: 40, height: 20)
    row.append(text)
    row.append(mark)
    row.append(control)
    window.setChild(row)
    window.present()
    await waitUntil("the row is laid out") { row.allocatedWidth > 0 }
    XCTAssertEqual(text.allocatedWidth, row.allocatedWidth - 40 - 12, "one spacing, between the two shown children")
    mark.isVisible = true
    await waitUntil("the mark is laid out") { mark.allocatedWidth > 0 }
    XCTAssertEqual(
      text.allocatedWidth, row.allocatedWidth - 40 - mark.allocatedWidth - 24, "two spacings once the mark shows")
  }
}
