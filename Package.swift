// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Knobs",
  products: [
    .executable(name: "knobs", targets: ["knobs"]),
    .library(name: "KnobsModel", targets: ["KnobsModel"]),
    .library(name: "KnobsUI", targets: ["KnobsUI"]),
  ],
  targets: [
    .systemLibrary(
      name: "CGtk",
      pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]
    ),
    // C glue for what Swift cannot call directly: variadic functions and macros.
    .target(name: "CGtkGlue", dependencies: ["CGtk"], linkerSettings: [.linkedLibrary("dispatch")]),
    .target(name: "Gtk", dependencies: ["CGtk", "CGtkGlue"]),
    .target(name: "KnobsModel"),
    .target(name: "KnobsUI", dependencies: ["Gtk", "KnobsModel"]),
    .executableTarget(name: "knobs", dependencies: ["KnobsUI", "KnobsModel", "Gtk"]),
    .executableTarget(name: "knobs-bench", dependencies: ["KnobsModel"], path: "Sources/KnobsBenchmarks"),
    .testTarget(name: "KnobsModelTests", dependencies: ["KnobsModel"]),
    .testTarget(name: "KnobsUITests", dependencies: ["KnobsUI", "KnobsModel", "Gtk", "knobs"]),
  ]
)
