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
  // C glue for what Swift cannot call directly: variadic functions and macros.
  .target(name: "CGtkGlue", dependencies: ["CGtk"], linkerSettings: [.linkedLibrary("dispatch")]),
  .target(name: "Gtk", dependencies: ["CGtk", "CGtkGlue"]),
  .target(
    name: "KnobsUI", dependencies: ["Gtk", "CGtk", "KnobsModel", "CDconf"],
    swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  // The app: its pages, command line and start (`DesktopStart`), everything of `knobs` but its
  // main.swift. A library, not a product, so that knobs-bench-app runs the same start.
  .target(
    name: "KnobsDesktop", dependencies: ["KnobsUI", "KnobsModel", "KnobsDesktopModel", "Gtk"],
    swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  // The shipped program: KnobsDesktop's start, no benchmark code.
  .executableTarget(name: "knobs", dependencies: ["KnobsDesktop"]),
  // The same app with the benchmark hook bench/run times it through (KNOBS_BENCH_ variables).
  .executableTarget(
    name: "knobs-bench-app", dependencies: ["KnobsDesktop", "KnobsUI", "KnobsModel", "Gtk", "BenchmarkPanels"],
    path: "Sources/KnobsBenchApp", swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  // What the GTK test targets share: GtkTestCase (one application, a display or a failure), the
  // fixture panel and generated big panels.
  .target(name: "KnobsTestSupport", dependencies: ["KnobsUI", "KnobsModel", "Gtk"], path: "Tests/KnobsTestSupport"),
  .testTarget(name: "KnobsUITests", dependencies: ["KnobsUI", "KnobsModel", "Gtk", "KnobsTestSupport"]),
  // The app's own tests: its pages, command line, start and desktop files.
  .testTarget(
    name: "KnobsDesktopTests",
    dependencies: ["KnobsDesktop", "KnobsDesktopModel", "KnobsUI", "KnobsModel", "Gtk", "KnobsTestSupport"]),
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
        .library(name: "KnobsUI", targets: ["KnobsUI"]),
      ]),
  targets: model + (modelOnly ? [] : gtk)
)
