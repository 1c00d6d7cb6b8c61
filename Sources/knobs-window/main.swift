import KnobsDesktopWindow

// The shipped window program, which `knobs` runs for its window: KnobsDesktopWindow's start,
// with no hook (bench/run times the same start through knobs-bench-app, Sources/KnobsBenchApp).
DesktopStart.run(hook: nil)
