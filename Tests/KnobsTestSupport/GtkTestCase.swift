// XCTest is there only for builds with tests: a release build of every target leaves this out.
#if canImport(XCTest)
  import Foundation
  import Gtk
  import KnobsModel
  import XCTest

  @testable import KnobsUI

  /// Base for tests that need GTK: they need a display, and without one they fail
  /// (never skip), so a CI run without its virtual display cannot pass.
  @MainActor
  open class GtkTestCase: XCTestCase {
    private static var application: Application?

    /// One registered application for the whole test process (windows need one).
    public static func sharedApplication() throws -> Application {
      if let application { return application }
      guard initializeGtk() else { throw DisplayMissing() }
      MainLoopBridge.install()
      let app = Application(id: "dev.knobs.Knobs.UITests", unique: false)
      try app.register()
      Stylesheet.install()
      // Switch flips and page slides land at once, so tests need no waiting.
      Style.animationsEnabled = false
      application = app
      return app
    }

    override open func setUp() async throws {
      let environment = ProcessInfo.processInfo.environment
      guard environment["DISPLAY"]?.isEmpty == false || environment["WAYLAND_DISPLAY"]?.isEmpty == false,
        initializeGtk()
      else {
        XCTFail("KnobsUITests need a display: run them under xvfb-run (./meson-helpers/test does).")
        throw DisplayMissing()
      }
      _ = try Self.sharedApplication()
    }

    override open func tearDown() async throws {
      windows.forEach { $0.window.destroy() }
      windows = []
      await settle()
    }

    public struct DisplayMissing: Error {}

    /// Windows the test opened; destroyed after it.
    private var windows: [PanelWindow] = []

    /// Shows a window for `panel` on `store`, the panel's row sources connected to it. URIs go to
    /// `opener`, never to the system.
    public func makeWindow(
      _ panel: Panel, store: any SettingsStore,
      opener: @escaping Launcher.Opener = { _, _, completion in completion(nil) }
    ) async -> PanelWindow {
      let window = PanelWindow(
        application: application, panel: panel, store: panel.connectRowSources(to: store), windowSettings: nil,
        opener: opener)
      windows.append(window)
      window.present()
      await settle()
      return window
    }

    public var application: Application { try! Self.sharedApplication() }

    /// Runs GLib's loop and lets other main-actor work (the app's tasks) run,
    /// until `condition` holds; fails the test after `timeout`.
    ///
    /// An async test is itself a main-actor job, so it must suspend for the app's
    /// `Task { @MainActor }` work to run; iterating GLib alone is not enough.
    @discardableResult
    public func waitUntil(
      _ what: String, timeout: Double = 5, file: StaticString = #filePath, line: UInt = #line,
      _ condition: () -> Bool
    ) async -> Bool {
      let deadline = ContinuousClock.now + .seconds(timeout)
      while !condition() {
        if ContinuousClock.now > deadline {
          XCTFail("Timed out waiting until \(what)", file: file, line: line)
          return false
        }
        dispatchPendingMainLoopEvents()
        try? await Task.sleep(for: .milliseconds(5))
      }
      return true
    }

    /// Lets pending GTK work (layout, idle handlers, the app's tasks) run for a moment.
    public func settle(_ seconds: Double = 0.1) async {
      let end = ContinuousClock.now + .seconds(seconds)
      while ContinuousClock.now < end {
        dispatchPendingMainLoopEvents()
        try? await Task.sleep(for: .milliseconds(5))
      }
    }

    /// Where screenshots go: `KNOBS_TEST_ARTIFACTS`, or a temporary folder.
    public static var artifactsDirectory: String {
      let directory =
        ProcessInfo.processInfo.environment["KNOBS_TEST_ARTIFACTS"]
        ?? (NSTemporaryDirectory() + "knobs-test-artifacts")
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      return directory
    }
  }

  /// A small panel with one row of every kind, on a memory store.
  @MainActor
  public enum Fixture {
    public static let flag = SettingKey(schema: "test.knobs", key: "flag")
    public static let mode = SettingKey(schema: "test.knobs", key: "mode")
    public static let level = SettingKey(schema: "test.knobs", key: "level")
    public static let size = SettingKey(schema: "test.knobs", key: "size")
    public static let master = SettingKey(schema: "test.knobs", key: "master")

    public static func store() -> MemoryStore {
      MemoryStore(defaults: [flag: false, mode: "default", level: 1.0, size: 24, master: true])
    }

    public static var actionRuns = 0

    /// The flag and a Reset All that asks first ("Reset?"), at `reset/reset-all`.
    public static func resetAllPanel() -> Panel {
      Panel("P") {
        Section("s", "S") { ToggleRow("flag", "Flag", key: flag) }
        Section("reset") {
          ActionRow(
            "reset-all", "Reset All",
            confirmation: Confirmation(title: "Reset?", message: "Everything goes back.", confirmLabel: "Reset"),
            isDestructive: true
          ) { $0.panel.resetAll(in: $0.store) }
        }
      }
    }

    public static func panel() -> Panel {
      Panel("Fixture") {
        Section("main", "Main", footer: "A fixed footer") {
          ToggleRow("flag", "Flag", key: flag).subtitle { $0.bool(flag) ? "Flag is on" : "Flag is off" }
          ToggleRow("dark", "Dark", key: mode, on: "prefer-dark", off: "default")
          SliderRow("level", "Level", key: level, range: 0.5...3.0, step: 0.25, format: .percent)
          ChoiceRow("size", "Size", key: size, options: [(24, "Small"), (48, "Large")])
          ValueRow("value", "Value") { $0.bool(flag) ? "yes" : "no" }
        }
        .footer { "Flag reads \($0.bool(flag) ? "on" : "off")" }
        Section("links", "Links") {
          LinkRow("site", "Site", url: "https://example.org/caf%C3%A9")
          EmailRow("mail", "Mail", to: "team@example.org", subject: "Hi")
          DetailRow("more", "More") {
            Section("inner", "Inner") {
              ToggleRow("inner-flag", "Inner Flag", key: flag)
            }
          }
          ActionRow("act", "Act") { _ in
            Fixture.actionRuns += 1
            return nil
          }
        }
        Section("conditional", "Conditional") {
          ToggleRow("master", "Master", key: master)
          ToggleRow("dependent", "Dependent", key: flag).enabled(when: .isOn(master))
          ToggleRow("shown", "Shown While Master", key: flag).visible(when: .isOn(master))
        }
        Section("hidden", "Hidden Section") {
          ToggleRow("only", "Only When Master", key: flag).visible(when: .isOn(master))
        }
      }
    }
  }
#endif
