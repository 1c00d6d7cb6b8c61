import FoundationEssentials
import Glibc
import KnobsModel

/// How the top bar clock reads with the current clock settings, for the Clock footer.
@MainActor
struct ClockPreview {
  let showWeekday: Bool
  let showSeconds: Bool
  let twelveHour: Bool

  init(settings: SettingsReader) {
    showWeekday = settings.bool(.clockShowWeekday)
    showSeconds = settings.bool(.clockShowSeconds)
    twelveHour = settings.string(.clockFormat) == "12h"
  }

  init(showWeekday: Bool, showSeconds: Bool, twelveHour: Bool) {
    self.showWeekday = showWeekday
    self.showSeconds = showSeconds
    self.twelveHour = twelveHour
  }

  /// The strftime format the top bar uses for these settings (GNOME's wall clock formats).
  var format: String {
    var time = twelveHour ? (showSeconds ? "%l:%M:%S %p" : "%l:%M %p") : (showSeconds ? "%R:%S" : "%R")
    if showWeekday { time = "%a " + time }
    return time
  }

  /// The clock for `date` in the local time zone, e.g. "Mon 14:05:09" or "2:05 PM";
  /// weekday and AM/PM in the language of `locale` (a C library locale name),
  /// by default the time locale `Translation.setUp` set: "Mo 14:05" in German.
  func text(for date: Date = Date(), locale: String? = nil) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    localtime_r(&seconds, &parts)
    let name = locale ?? setlocale(LC_TIME, nil).map { String(cString: $0) } ?? "C"
    let timeLocale = newlocale(LC_TIME_MASK, name, nil) ?? newlocale(LC_TIME_MASK, "C", nil)
    defer { if let timeLocale { freelocale(timeLocale) } }
    var buffer = [CChar](repeating: 0, count: 128)
    let length = strftime_l(&buffer, buffer.count, format, &parts, timeLocale)
    let text = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // %l pads with a space, and a locale without AM/PM names leaves one after the time.
    return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }

  var sentence: String {
    tr(
      // TRANSLATORS: %s is the clock as the top bar shows it, e.g. "Mon 14:05".
      "The clock will read “%s”.", text())
  }
}
