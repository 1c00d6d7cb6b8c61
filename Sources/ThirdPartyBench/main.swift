import BenchmarkPanels
import Glibc
import KnobsUI

// A third-party panel for bench/run, timed against the shipped app and the C GTK baseline: the
// generated panel of 30 toggles (`knobs`' KNOBS_BENCH_PANEL=toggles:30, sections of ten, like the
// baseline), kept in memory, shown the two ways an app outside the repository shows a panel.
//
//   knobs-third-party-bench app    PanelApplication(id:panel:store:).run(), the whole settings app
//   knobs-third-party-bench view   a PanelView's GtkWidget in a window the app makes with GTK's C API
//
// Only KnobsUI's public API, as an app would use it. Not linked into knobs.

/// A GTK object as the pointer type a C function takes.
func gtk<T>(_ object: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> { object.assumingMemoryBound(to: T.self) }

@MainActor func showWindow(_ application: UnsafeMutablePointer<GtkApplication>) {
  let (panel, store) = GeneratedPanel.make(.toggles, rows: 30)
  let window = gtk_application_window_new(application)!
  gtk_window_set_title(gtk(window), "Settings")
  gtk_window_set_default_size(gtk(window), 640, 800)
  do {
    // Once it is the window's child, its widget keeps the view; until then, this function does.
    let view = try PanelView(panel: panel, store: store)
    withExtendedLifetime(view) { gtk_window_set_child(gtk(window), UnsafeMutablePointer(view.gtkWidget)) }
  } catch {
    var message = "knobs-third-party-bench: \(error)\n"
    _ = message.withUTF8 { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
  }
  gtk_window_present(gtk(window))
}

/// When `main` began, on the monotonic clock, in milliseconds (read first thing below).
enum Started { static let at = milliseconds() }

func milliseconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) * 1e3 + Double(now.tv_nsec) / 1e6
}

/// With KNOBS_BENCH_FIRST_FRAME=1, as knobs' benchmark hook does: prints `first-frame-ms T`, from
/// the start of main to the first painted frame of the first window mapped, and exits. Seen from
/// outside the library (a hook on every widget's `map`), so PanelApplication needs none of its own.
enum FirstFrame {
  static func report() {
    guard let flag = getenv("KNOBS_BENCH_FIRST_FRAME"), String(cString: flag) == "1" else { return }
    let widgetType = gtk_widget_get_type()
    g_type_class_unref(g_type_class_ref(widgetType))
    g_signal_add_emission_hook(g_signal_lookup("map", widgetType), 0, mapped, nil, nil)
  }

  /// The first window mapped: its next painted frame is the first.
  nonisolated(unsafe) static let mapped: GSignalEmissionHook = { _, _, values, _ in
    guard let widget = g_value_get_object(values),
      g_type_check_instance_is_a(widget.assumingMemoryBound(to: GTypeInstance.self), gtk_window_get_type()) != 0,
      let clock = gtk_widget_get_frame_clock(widget.assumingMemoryBound(to: GtkWidget.self))
    else { return 1 }
    g_signal_connect_data(
      UnsafeMutableRawPointer(clock), "after-paint", unsafeBitCast(painted, to: GCallback.self), nil, nil,
      G_CONNECT_DEFAULT)
    return 0
  }

  nonisolated(unsafe) static let painted: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in
    let tenths = Int(((milliseconds() - Started.at) * 10).rounded())
    var line = "first-frame-ms \(tenths / 10).\(tenths % 10)\n"
    _ = line.withUTF8 { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    exit(0)
  }
}

_ = Started.at
FirstFrame.report()
switch CommandLine.arguments.dropFirst().first {
case "app":
  exit(
    MainActor.assumeIsolated {
      let (panel, store) = GeneratedPanel.make(.toggles, rows: 30)
      return PanelApplication(id: "org.example.BenchApp", panel: panel, store: store).run([CommandLine.arguments[0]])
    })
case "view":
  let application = gtk_application_new("org.example.BenchView", G_APPLICATION_DEFAULT_FLAGS)!
  let activate: @convention(c) (UnsafeMutablePointer<GtkApplication>?, gpointer?) -> Void = { application, _ in
    MainActor.assumeIsolated { showWindow(application!) }
  }
  g_signal_connect_data(
    application, "activate", unsafeBitCast(activate, to: GCallback.self), nil, nil, G_CONNECT_DEFAULT)
  exit(g_application_run(gtk(application), 1, CommandLine.unsafeArgv))
default:
  var usage = "usage: knobs-third-party-bench app|view\n"
  _ = usage.withUTF8 { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  exit(2)
}
