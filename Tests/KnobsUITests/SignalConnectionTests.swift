import Gtk
import KnobsTestSupport
import XCTest

/// A signal connection outlives nothing it points at: `disconnect()` after its object is
/// finalized does nothing (it held the object by a bare pointer, and touched freed memory).
@MainActor
final class SignalConnectionTests: GtkTestCase {
  func testDisconnectingAfterTheObjectIsFinalizedTouchesNothing() async {
    let criticals = CriticalCounter()
    let counter = FinalizationCounter()
    var label: Label? = Label("gone")
    counter.watch(label!)
    let connection = label!.connect("hide") {}
    label = nil
    XCTAssertEqual(counter.finalized, 1, "the label is finalized while its connection is held")
    // Nothing allocated since: the freed label's memory holds the allocator's links, not a GObject.
    // A bare pointer there fails GLib's instance check (a critical: fatal under G_DEBUG=fatal-criticals).
    connection.disconnect()
    XCTAssertEqual(criticals.count, 0, criticals.messages.joined(separator: "\n"))
  }

  func testDisconnectingAfterTheObjectIsFinalizedIsSafe() async {
    let criticals = CriticalCounter()
    let counter = FinalizationCounter()
    var connections: [SignalConnection] = []
    // Many objects and connections, so freed memory is handed out again while they are held.
    for round in 0..<200 {
      var label: Label? = Label("label \(round)")
      counter.watch(label!)
      connections.append(label!.connect("hide") {})
      connections.append(label!.connect("destroy") {})
      label = nil
    }
    XCTAssertEqual(counter.finalized, 200, "every label is finalized while its connections are held")
    // Allocations in between: the freed labels' memory is someone else's now.
    let others = (0..<200).map { Label("other \($0)") }
    for connection in connections { connection.disconnect() }
    for connection in connections { connection.disconnect() }
    XCTAssertEqual(others.count, 200)
    XCTAssertEqual(criticals.count, 0, criticals.messages.joined(separator: "\n"))
  }

  func testDisconnectingALiveObjectStopsItsHandler() async {
    let label = Label("before")
    var heard = 0
    let connection = label.connect("hide") { heard += 1 }
    label.isVisible = false
    XCTAssertEqual(heard, 1)
    connection.disconnect()
    connection.disconnect()
    label.isVisible = true
    label.isVisible = false
    XCTAssertEqual(heard, 1, "no handler after disconnect()")
    let counter = FinalizationCounter()
    var held: Label? = Label("held")
    counter.watch(held!)
    let kept = held!.connect("hide") {}
    held = nil
    XCTAssertEqual(counter.finalized, 1, "a connection does not keep its object alive")
    kept.disconnect()
  }
}
