import FoundationEssentials
import Glibc

extension HistoryEntry.Source {
  /// How a change was made, as the history lists it.
  public var label: String {
    switch self {
    case .window: tr("In the window")
    case .commandLine: tr("On the command line")
    case .import: tr("Imported")
    case .undo: tr("Undone")
    case .otherProgram: tr("By another program")
    }
  }
}

extension HistoryEntry {
  /// When, in local time, through libc (no calendar library): `2026-11-26 08:05:12`;
  /// `08:05` with `short` for a change made today.
  package func localTime(short: Bool = false) -> String {
    Self.localTime(time, short: short)
  }

  /// When it was made: its time, or for a change made while Knobs was closed, the span
  /// from Knobs' last close to the start that found it.
  package var when: String {
    guard let since else { return localTime() }
    return tr(
      // TRANSLATORS: %1$s and %2$s are times such as 2026-11-26 08:05:12; Knobs was closed in between.
      "between %1$s and %2$s", Self.localTime(since, short: false), localTime())
  }

  static func localTime(_ time: Double, short: Bool) -> String {
    var seconds = time_t(time)
    var parts = tm()
    localtime_r(&seconds, &parts)
    var format = "%Y-%m-%d %H:%M:%S"
    if short {
      var today = time_t(LocalFiles.now())
      var now = tm()
      localtime_r(&today, &now)
      format = parts.tm_year == now.tm_year && parts.tm_yday == now.tm_yday ? "%H:%M" : "%Y-%m-%d %H:%M"
    }
    var buffer = [CChar](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, format, &parts)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
