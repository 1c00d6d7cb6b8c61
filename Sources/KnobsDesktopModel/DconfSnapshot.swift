import FoundationEssentials
import KnobsModel

/// The copy of the user's dconf database Knobs keeps when its window closes, to find at the
/// next start what other programs changed meanwhile: `dconf dump /`'s text, then a last line
/// that proves the copy whole (`# knobs-snapshot bytes=N fnv1a=HASH`). It is written whole
/// or not at all; a copy without that line, or whose line does not match the text before
/// it (cut off, edited, damaged), is not compared with: it is ignored and replaced.
package enum DconfSnapshot {
  static let trailerPrefix = "# knobs-snapshot "
  /// A copy larger than this is not read.
  static let largestFile = 64 * 1024 * 1024

  /// `dump` with the line that proves it whole.
  package static func text(of dump: String) -> String {
    let body = dump.isEmpty || dump.hasSuffix("\n") ? dump : dump + "\n"
    let bytes = Array(body.utf8)
    return body + trailerPrefix + "bytes=\(bytes.count) fnv1a=\(hash(bytes))\n"
  }

  /// The dump a copy holds; nil when the copy is not whole.
  package static func dump(from text: [UInt8]) -> String? {
    guard text.last == 0x0A else { return nil }
    let body = text.dropLast()
    let start = body.lastIndex(of: 0x0A).map { $0 + 1 } ?? body.startIndex
    let trailer = String(decoding: body[start...], as: UTF8.self)
    let content = Array(text[..<start])
    guard trailer == trailerPrefix + "bytes=\(content.count) fnv1a=\(hash(content))" else { return nil }
    return String(decoding: content, as: UTF8.self)
  }

  /// Reads the copy at `path`: nil when there is none, or it is not whole.
  package static func read(path: String) -> String? {
    guard let bytes = try? SafeFiles.read(path, limit: largestFile) else { return nil }
    return dump(from: Array(bytes))
  }

  /// Writes the copy of `dump` to `path`, whole or not at all; nil when written, else why not.
  package static func save(_ dump: String, to path: String) -> String? {
    do {
      try SafeFiles.writeAtomically(Data(text(of: dump).utf8), to: path, mode: 0o600)
      return nil
    } catch {
      return tr("%1$s could not be written: %2$s.", path, error.description)
    }
  }

  /// 64-bit FNV-1a, in hexadecimal: enough to tell a whole copy from a damaged one.
  static func hash(_ bytes: [UInt8]) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01b3
    }
    return String(value, radix: 16)
  }
}
