import KnobsDesktop

// The shipped app: its start is KnobsDesktop's, with no hook (bench/run times the same start
// through knobs-bench-app, Sources/KnobsBenchApp).
DesktopStart.run(hook: nil)
