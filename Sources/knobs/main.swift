import KnobsDesktop

// The shipped `knobs`: its commands run without GTK; the window is the window program's
// (Sources/knobs-window), which this one runs for it.
CommandStart.run()
