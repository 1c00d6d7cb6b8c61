import Foundation
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

  /// The clock for `date`, e.g. "Mon 14:05:09" or "2:05 PM".
  func text(for date: Date = Date()) -> String {
    let calendar = Calendar(identifier: .gregorian)
    let parts = calendar.dateComponents([.weekday, .hour, .minute, .second], from: date)
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let hour = parts.hour ?? 0
    var time: String
    if twelveHour {
      time = "\(hour % 12 == 0 ? 12 : hour % 12):" + twoDigits(parts.minute)
    } else {
      time = twoDigits(hour) + ":" + twoDigits(parts.minute)
    }
    if showSeconds { time += ":" + twoDigits(parts.second) }
    if twelveHour { time += hour < 12 ? " AM" : " PM" }
    if showWeekday { time = weekdays[(parts.weekday ?? 1) - 1] + " " + time }
    return time
  }

  var sentence: String {
    tr(
      // TRANSLATORS: %s is the clock as the top bar shows it, e.g. "Mon 14:05".
      "The clock will read “%s”.", text())
  }

  private func twoDigits(_ value: Int?) -> String {
    let value = value ?? 0
    return value < 10 ? "0\(value)" : "\(value)"
  }
}
