import BenchmarkPanels
import KnobsModel

// Times search over a generated 10,000-row panel, one keystroke at a time, the
// way the window runs it: the index is built once, then every keystroke runs a
// full search with the text typed so far, falling back to close matches when
// nothing matches exactly.

let rowCount = 10_000
let queries = ["show seconds", "résumé", "text size", "cafe hours", "dark stile"]
let passes = 5

let clock = ContinuousClock()
let buildStart = clock.now
let (panel, store) = GeneratedPanel.make(rows: rowCount)
let generated = clock.now - buildStart
let indexStart = clock.now
let search = PanelSearch(panel: panel)
let indexed = clock.now - indexStart
let settings = SettingsReader(store)

var timings = Timings()
var matchesAtEnd: [String: SearchResults] = [:]
for pass in 0...passes {
  for query in queries {
    var typed = ""
    for character in query {
      typed.append(character)
      let start = clock.now
      let results = search.results(for: typed, settings: settings)
      let elapsed = clock.now - start
      // Pass 0 warms caches and is not counted.
      if pass > 0 { timings.add(elapsed) }
      if typed == query { matchesAtEnd[query] = results }
    }
  }
}

print("knobs-bench: search over \(panel.entryCount) rows (\(panel.sectionPaths.count) sections)")
print(
  "  panel generated in \(Timings.format(Timings.milliseconds(generated))) ms,"
    + " search index built in \(Timings.format(Timings.milliseconds(indexed))) ms")
print("  keystrokes: \(timings.count) (\(queries.count) queries typed \(passes) times)")
print(
  "  per keystroke: median \(Timings.format(timings.median)) ms, p90 \(Timings.format(timings.p90)) ms,"
    + " max \(Timings.format(timings.max)) ms")
for query in queries {
  let results = matchesAtEnd[query]
  print(
    "  “\(query)”: \(results?.rowCount ?? 0) matching rows"
      + (results?.areCloseMatches == true ? " (close matches: no exact ones)" : ""))
}
