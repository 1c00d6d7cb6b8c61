import KnobsDesktop
import KnobsDesktopWindow
import KnobsModel

// knobs-bench-app: the knobs app with the benchmark hook bench/run times it through
// (BenchmarkHook). Its start is the shipped app's (KnobsDesktop's `DesktopStart`); without a
// KNOBS_BENCH_ variable it runs as `knobs` does.
let started = LocalFiles.monotonicNow()
DesktopStart.run { environment in BenchmarkHook(environment: environment, start: started) }
