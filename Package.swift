// swift-tools-version:6.0
import PackageDescription

/// With KNOBS_MODEL_ONLY set, the package is just the model and its tests:
/// proof that KnobsModel needs no GTK (the test command builds it this way
/// with GTK's pkg-config file out of reach).
let modelOnly = Context.environment["KNOBS_MODEL_ONLY"] != nil

let model: [Target] = [
  // gettext from the C library (no GTK): texts in the user's language, for the model and above.
  .target(name: "CIntl"),
  // System calls Swift's Glibc module does not declare (renameat2), and zlib's inflate
  // (Debian's zlib1g-dev) for extension archives.
  .target(name: "CSystem", linkerSettings: [.linkedLibrary("z")]),
  // libyaml's parser (Debian's libyaml-dev), for panel files.
  .systemLibrary(name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
  .target(
    name: "KnobsModel", dependencies: ["CIntl", "CSystem", "CLibYAML"],
    // Every module a member comes from must be imported: one stray `import Foundation` would bring ICU back.
    swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  .testTarget(name: "KnobsModelTests", dependencies: ["KnobsModel"]),
  // The app's desktop features that need no GTK: startup applications, Shell extensions (their
  // archives, installer and switches), keyboard options, titlebar buttons, installed themes,
  // custom shortcuts' rows, settings profiles, the Ansible role, the user's schema folders and the
  // dconf snapshot that finds other programs' changes. Not a product: only the app
  // (KnobsDesktop) uses them; here so that the model-only build tests them without GTK.
  .target(
    name: "KnobsDesktopModel", dependencies: ["KnobsModel", "CIntl", "CSystem"],
    swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  .testTarget(name: "KnobsDesktopModelTests", dependencies: ["KnobsDesktopModel", "KnobsModel"]),
  // Generated panels for the benchmarks: knobs-bench, and the window through knobs-bench-app's hook.
  .target(name: "BenchmarkPanels", dependencies: ["KnobsModel"]),
  .executableTarget(
    name: "knobs-bench", dependencies: ["KnobsModel", "BenchmarkPanels"], path: "Sources/KnobsBenchmarks"),
]

let gtk: [Target] = [
  .systemLibrary(
    name: "CGtk",
    pkgConfig: "gtk4",
    providers: [.apt(["libgtk-4-dev"])]
  ),
  // libdconf (Debian's libdconf-dev): where a value comes from (the user's own value, the
  // site's default, the locks), read as dconf reads it.
  .systemLibrary(name: "CDconf", pkgConfig: "dconf", providers: [.apt(["libdconf-dev"])]),
  // GLib, GObject and GIO alone (Debian's libglib2.0-dev): what the command line links, without GTK.
  .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
  // C glue for what Swift cannot call directly in GLib and GIO: variadic functions and macros.
  .target(name: "CGioGlue", dependencies: ["CGio"], linkerSettings: [.linkedLibrary("dispatch")]),
  // GLib's main loop, GObject's signals, GIO's settings, schemas and D-Bus, in Swift; no GTK.
  .target(name: "Gio", dependencies: ["CGio", "CGioGlue"]),
  // C glue for what Swift cannot call directly in GTK: variadic functions and macros.
  .target(name: "CGtkGlue", dependencies: ["CGtk"]),
  // GTK's widgets in Swift, with Gio's types re-exported.
  .target(name: "Gtk", dependencies: ["Gio", "CGtk", "CGtkGlue", "CGioGlue"]),
  // KnobsUI's part that needs no display and no GTK: the GSettings store, where values come
  // from (dconf's layers), and the command line of a panel (`list/get/set/reset/explain`).
  // KnobsUI re-exports it; Knobs' command line links it without GTK.
  .target(
    name: "KnobsSettings", dependencies: ["Gio", "KnobsModel", "CDconf"],
    swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  .target(
    name: "KnobsUI", dependencies: ["Gtk", "CGtk", "KnobsModel", "KnobsSettings", "CDconf"],
    swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  // The app: its pages, command line and start (`DesktopStart`), everything of `knobs` but its
  // main.swift. A library, not a product, so that knobs-bench-app runs the same start.
  .target(
    name: "KnobsDesktop", dependencies: ["KnobsSettings", "KnobsModel", "KnobsDesktopModel", "Gio"],
    swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  .target(
    name: "KnobsDesktopWindow", dependencies: ["KnobsDesktop", "KnobsUI", "KnobsModel", "KnobsDesktopModel", "Gtk"],
    swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  // The shipped program: its commands, without GTK (KnobsDesktop's `CommandStart`); for the
  // window it runs knobs-window.
  .executableTarget(name: "knobs", dependencies: ["KnobsDesktop"]),
  // The shipped window program (KnobsDesktopWindow's start), no benchmark code.
  .executableTarget(name: "knobs-window", dependencies: ["KnobsDesktopWindow"]),
  // The same app with the benchmark hook bench/run times it through (KNOBS_BENCH_ variables).
  .executableTarget(
    name: "knobs-bench-app",
    dependencies: ["KnobsDesktopWindow", "KnobsDesktop", "KnobsUI", "KnobsModel", "Gtk", "BenchmarkPanels"],
    path: "Sources/KnobsBenchApp", swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  // What the GTK test targets share: GtkTestCase (one application, a display or a failure), the
  // fixture panel and generated big panels.
  .target(name: "KnobsTestSupport", dependencies: ["KnobsUI", "KnobsModel", "Gtk"], path: "Tests/KnobsTestSupport"),
  .testTarget(name: "KnobsUITests", dependencies: ["KnobsUI", "KnobsModel", "Gtk", "KnobsTestSupport"]),
  // The app's own tests: its pages, command line, start and desktop files.
  .testTarget(
    name: "KnobsDesktopTests",
    dependencies: [
      "KnobsDesktop", "KnobsDesktopWindow", "KnobsDesktopModel", "KnobsUI", "KnobsModel", "Gtk", "KnobsTestSupport",
    ]),
  // A third-party panel for bench/run: the generated toggles through PanelApplication and PanelView.
  .executableTarget(
    name: "knobs-third-party-bench", dependencies: ["KnobsUI", "BenchmarkPanels"],
    path: "Sources/ThirdPartyBench"),
]

let package = Package(
  name: "Knobs",
  products: [.library(name: "KnobsModel", targets: ["KnobsModel"])]
    + (modelOnly
      ? []
      : [
        .executable(name: "knobs", targets: ["knobs"]),
        .executable(name: "knobs-window", targets: ["knobs-window"]),
        .library(name: "KnobsUI", targets: ["KnobsUI"]),
      ]),
  targets: model + (modelOnly ? [] : gtk)
)
