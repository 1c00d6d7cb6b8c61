import KnobsModel

/// The top bar: the hot corner, the battery, the clock and the calendar.
@MainActor
func topBarPage() -> Row {
  desktopPage("top-bar", tr("Top Bar"), icon: "preferences-system-time-symbolic") {
    Section("top-bar", tr("Top Bar")) {
      ToggleRow("hot-corner", tr("Activities Overview Hot Corner"), key: .hotCorners)
        .subtitle(tr("Open the overview by moving the pointer to the top left corner"))
      ToggleRow("battery-percentage", tr("Battery Percentage"), key: .batteryPercentage)
    }
    Section("clock", tr("Clock")) {
      ToggleRow("show-weekday", tr("Show Weekday"), key: .clockShowWeekday)
      ToggleRow("show-date", tr("Show Date"), key: .clockShowDate)
      ToggleRow("show-seconds", tr("Show Seconds"), key: .clockShowSeconds)
      ChoiceRow(
        "time-format", tr("Time Format"), key: .clockFormat, options: [("24h", tr("24-hour")), ("12h", tr("AM/PM"))]
      )
      .keywords(tr("12-hour"), tr("am"), tr("pm"))
    }
    .footer { ClockPreview(settings: $0).sentence }
    Section("calendar", tr("Calendar")) {
      ToggleRow("week-numbers", tr("Week Numbers"), key: .weekNumbers)
    }
  }
  // GNOME Shell draws the top bar: elsewhere the page says its settings do nothing there.
  .subtitle { _ in CurrentDesktop.onlyInGNOMENote }
}
