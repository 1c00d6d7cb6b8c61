// swift-tools-version:6.0
import PackageDescription

/// Knobs is this repository, two folders up. SwiftPM names a dependency given by path after its
/// folder, so the product is looked up under that name, whatever the checkout is called.
let knobs = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "knobs")

/// Three settings apps written as the seeds write them: each a runnable program with a schema
/// of its own (`schemas/`), using KnobsUI from outside the repository.
let package = Package(
  name: "KnobsExamples",
  dependencies: [.package(path: "../..")],
  targets: ["composed", "meal-plan", "bb-links"].map { name in
    .executableTarget(name: name, dependencies: [.product(name: "KnobsUI", package: knobs)])
  }
)
