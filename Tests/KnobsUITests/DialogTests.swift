import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// Knobs' dialogs share one way to open and end: one slot in the view, Escape and the window's
/// close button ending them as Cancel does, `onFinish` once, and nothing left behind.
@MainActor
final class DialogTests: GtkTestCase {
  var window: PanelWindow!
  var store: MemoryStore!

  override func setUp() async throws {
    try await super.setUp()
    store = Fixture.store()
    window = await makeWindow(Fixture.resetAllPanel(), store: store)
  }

  private var resetRow: RowView { window.currentPage.rowView(path: "reset/reset-all")! }

  private func question() -> TextDialog {
    window.view.askForText(
      TextRequest(
        title: "Name?", message: "A name.", fieldLabel: "Name", confirmLabel: "Add", check: { _ in nil }),
      onAnswer: { _ in })
    // Shown in the slot, or waiting for a question about a typed value.
    return (window.view.waitingDialog ?? window.view.openDialog) as! TextDialog
  }

  func testASecondDialogEndsTheFirstSoTwoNeverStack() async throws {
    try store.write(true, for: Fixture.flag)
    resetRow.listRow.activate()
    let first = try XCTUnwrap(window.pendingDialog)
    var finished = 0
    first.onFinish { finished += 1 }
    await waitUntil("the question shows") { first.window.isVisible }
    let second = question()
    XCTAssertFalse(first.isOpen, "the first dialog is ended")
    XCTAssertEqual(finished, 1)
    XCTAssertFalse(first.window.isVisible)
    XCTAssertNil(window.pendingDialog)
    XCTAssertTrue(window.view.openDialog === second, "the second has the slot")
    first.confirm()
    XCTAssertEqual(store.value(for: Fixture.flag), true, "an ended question runs nothing")
    XCTAssertEqual(finished, 1)
    second.close()
    XCTAssertNil(window.view.openDialog)
  }

  /// The click that moves the focus out of a number field asks about its typed value, and may
  /// open a dialog of its own (a shortcut row's Set Shortcut): that one waits for the answer,
  /// instead of ending the question and dropping the value.
  func testADialogWaitsForAQuestionAboutATypedValue() async throws {
    var answered = 0
    let typed = ConfirmDialog(
      Confirmation(title: "Set 999?", message: "Past the usual maximum.", confirmLabel: "Set 999"),
      destructive: false
    ) { answered += 1 }
    typed.holdsAnEdit = true
    window.view.present(typed)
    await waitUntil("the question shows") { typed.window.isVisible }
    let second = question()
    XCTAssertTrue(typed.isOpen, "the question about the typed value stays")
    XCTAssertTrue(window.view.openDialog === typed)
    XCTAssertTrue(window.view.waitingDialog === second)
    XCTAssertFalse(second.window.isVisible, "the newcomer waits")
    XCTAssertTrue(second.window.destroysWithParent, "and goes with the window, as the open dialog would")
    // A newer one takes the waiting place; the one it replaces ends as Cancel would.
    var firstWaitingFinished = 0
    second.onFinish { firstWaitingFinished += 1 }
    let third = question()
    XCTAssertFalse(second.isOpen)
    XCTAssertEqual(firstWaitingFinished, 1)
    XCTAssertTrue(window.view.waitingDialog === third)
    typed.confirm()
    XCTAssertEqual(answered, 1, "the typed value is set")
    XCTAssertTrue(window.view.openDialog === third, "the waiting dialog shows once the question is answered")
    XCTAssertNil(window.view.waitingDialog)
    await waitUntil("the waiting dialog shows") { third.window.isVisible }
    third.close()
    XCTAssertNil(window.view.openDialog)
  }

  func testEscapeAndTheCloseButtonEndADialogOnceAndLeaveNothingBehind() async throws {
    let windows = FinalizationCounter()
    weak var escaped: ConfirmDialog?
    weak var closed: TextDialog?
    var finished = 0
    do {
      resetRow.listRow.activate()
      let dialog = try XCTUnwrap(window.pendingDialog)
      escaped = dialog
      windows.watch(dialog.window)
      dialog.onFinish { finished += 1 }
      await waitUntil("the question shows") { dialog.window.isVisible }
      XCTAssertFalse(dialog.pressed(try XCTUnwrap(Key(name: "a"))), "other keys are the widgets'")
      XCTAssertTrue(dialog.pressed(try XCTUnwrap(Key(name: "Escape"))))
      XCTAssertEqual(finished, 1)
      XCTAssertNil(window.view.openDialog)
      dialog.close()
      XCTAssertEqual(finished, 1, "onFinish runs once")
    }
    do {
      let dialog = question()
      closed = dialog
      windows.watch(dialog.window)
      dialog.onFinish { finished += 1 }
      await waitUntil("the question shows") { dialog.window.isVisible }
      // The window's close button asks the window to close, as this does.
      dialog.window.close()
      await settle()
      XCTAssertEqual(finished, 2)
      XCTAssertFalse(dialog.isOpen)
      XCTAssertFalse(dialog.window.isVisible)
      XCTAssertNil(window.view.openDialog)
    }
    await settle()
    XCTAssertNil(escaped, "a dialog ended is freed")
    XCTAssertNil(closed, "a dialog ended is freed")
    await waitUntil("both windows are finalized") { windows.finalized == 2 }
  }

  func testTheFocusGoesBackToTheRowThatOpenedTheDialog() async throws {
    XCTAssertTrue(resetRow.listRow.grabFocus())
    await waitUntil("the row has the focus") { self.resetRow.listRow.hasFocus }
    resetRow.listRow.activate()
    let dialog = try XCTUnwrap(window.pendingDialog)
    await waitUntil("the question has the focus") { dialog.window.isActive }
    XCTAssertTrue(window.window.isVisible)
    XCTAssertTrue(dialog.window.isModal)
    XCTAssertEqual(dialog.window.title, "Reset?", "the title a screen reader says")
    XCTAssertTrue(dialog.pressed(try XCTUnwrap(Key(name: "Escape"))))
    // A window manager activates the parent again (Xvfb has none): its focus is where it was.
    window.window.present()
    await waitUntil("the row has the focus again") { self.resetRow.listRow.hasFocus }
  }
}
