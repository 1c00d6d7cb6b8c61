import CSystem
import FoundationEssentials
import KnobsModel

/// A GNOME Shell extension packed as a zip archive (what extensions.gnome.org and
/// `gnome-extensions pack` make), read and checked whole before anything is written:
/// the central directory is read here, in Swift, and every entry must be a plain file or
/// folder whose name stays inside the extension's folder, stored or deflated, within the
/// limits on count and size, and agree with its local header; `metadata.json` must name a
/// uuid that is a safe folder name (and the one the archive's file name claims, if it
/// claims one).
package struct ExtensionArchive: Sendable {
  /// The most entries an archive may hold (the biggest extensions hold a few hundred files).
  package static let entryLimit = 10_000
  /// The most bytes its files may take once inflated, together.
  package static let sizeLimit = 64 * 1024 * 1024
  /// The biggest archive file read: its entries can't be bigger than they inflate to, by much.
  package static let fileLimit = sizeLimit + 16 * 1024 * 1024
  /// The biggest `metadata.json` read.
  static let metadataLimit = 256 * 1024

  /// One file or folder of the archive.
  struct Entry: Sendable {
    /// Its path inside the extension's folder, without a trailing slash for a folder.
    var path: String
    var isFolder: Bool
    var isExecutable: Bool
    var method: UInt16
    var crc: UInt32
    var compressedSize: Int
    var size: Int
    /// Where its bytes start in the archive.
    var dataOffset: Int
  }

  package let uuid: String
  package let name: String
  let entries: [Entry]
  /// The archive file's bytes, which the installer inflates entries from one at a time.
  let bytes: [UInt8]

  /// Why an archive is refused, in a sentence for the user.
  package struct Problem: Error, Equatable, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
  }

  /// The uuid the archive's file name claims: `UUID.shell-extension.zip`, as
  /// extensions.gnome.org names its downloads; nil for any other name.
  package static func claimedUUID(fileName: String) -> String? {
    let name = PathText.lastComponent(fileName)
    let suffix = ".shell-extension.zip"
    guard name.hasSuffix(suffix), name.count > suffix.count else { return nil }
    return String(name.dropLast(suffix.count))
  }

  /// Whether `uuid` is a safe folder name: letters, digits and `@ . _ -` only, not starting
  /// with a dot, without `..`, at most 200 characters.
  package static func isSafeUUID(_ uuid: String) -> Bool {
    let allowed = uuid.utf8.allSatisfy { byte in
      (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39)
        || byte == 0x40 || byte == 0x2e || byte == 0x5f || byte == 0x2d
    }
    return allowed && !uuid.isEmpty && uuid.utf8.count <= 200 && !uuid.hasPrefix(".") && !uuid.contains("..")
  }

  /// Reads and checks the archive's bytes; `claimedUUID` is the uuid its file name claims.
  package init(bytes: [UInt8], claimedUUID: String? = nil) throws(Problem) {
    self.bytes = bytes
    entries = try Self.readEntries(bytes)
    guard let metadataEntry = entries.first(where: { $0.path == "metadata.json" && !$0.isFolder }) else {
      throw Problem(tr("The archive has no metadata.json at its top, so it is no GNOME Shell extension."))
    }
    guard metadataEntry.size <= Self.metadataLimit else {
      throw Problem(tr("The archive's metadata.json is too large to be an extension's."))
    }
    let metadataBytes = try Self.contents(of: metadataEntry, in: bytes)
    guard let metadata = try? JSONDecoder().decode(Metadata.self, from: Data(metadataBytes)) else {
      throw Problem(tr("The archive's metadata.json is not the JSON of an extension's metadata."))
    }
    guard let uuid = metadata.uuid, !uuid.isEmpty else {
      throw Problem(tr("The archive's metadata.json names no uuid."))
    }
    guard Self.isSafeUUID(uuid) else {
      throw Problem(
        tr(
          "The archive's metadata.json gives the uuid “%s”, which is no safe folder name (only letters, digits and @ . _ - are allowed, and no “..”).",
          uuid.escapedForMessage))
    }
    if let claimedUUID, claimedUUID != uuid {
      throw Problem(
        tr(
          "The archive's name says it holds “%1$s”, but its metadata.json says “%2$s”.",
          claimedUUID.escapedForMessage, uuid.escapedForMessage))
    }
    guard let name = metadata.name.map({ TextBounds.fitted($0) }), !name.isEmpty else {
      throw Problem(tr("The archive's metadata.json gives the extension no name."))
    }
    self.uuid = uuid
    self.name = name
  }

  private struct Metadata: Decodable {
    var uuid: String?
    var name: String?
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      uuid = try? container.decodeIfPresent(String.self, forKey: .uuid)
      name = try? container.decodeIfPresent(String.self, forKey: .name)
    }
    enum CodingKeys: String, CodingKey { case uuid, name }
  }

  // MARK: - The central directory

  private static func damaged() -> Problem {
    Problem(tr("The archive is damaged or cut short: its table of contents does not fit the file."))
  }

  private static func uint16(_ bytes: [UInt8], _ offset: Int) -> Int {
    Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
  }

  private static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
    uint16(bytes, offset) | uint16(bytes, offset + 2) << 16
  }

  /// Every entry, checked: names, kinds, count, sizes, and that each lies inside the file.
  static func readEntries(_ bytes: [UInt8]) throws(Problem) -> [Entry] {
    // The end record: 22 bytes plus a comment of up to 65,535, at the very end.
    guard bytes.count >= 22 else { throw damaged() }
    var end = -1
    var candidate = bytes.count - 22
    let lowest = max(0, bytes.count - 22 - 0xffff)
    while candidate >= lowest {
      if bytes[candidate] == 0x50 && bytes[candidate + 1] == 0x4b && bytes[candidate + 2] == 5
        && bytes[candidate + 3] == 6 && candidate + 22 + uint16(bytes, candidate + 20) == bytes.count
      {
        end = candidate
        break
      }
      candidate -= 1
    }
    guard end >= 0 else { throw damaged() }
    let count = uint16(bytes, end + 10)
    // 0xffff also marks a zip64 archive, one of more than 65,535 entries.
    guard count <= entryLimit, uint16(bytes, end + 8) == count else {
      throw Problem(tr("The archive holds more than %d files, too many for an extension.", entryLimit))
    }
    guard uint16(bytes, end + 4) == 0, uint16(bytes, end + 6) == 0 else {
      throw Problem(tr("The archive is split over several files; Knobs reads one-file archives only."))
    }
    let directorySize = uint32(bytes, end + 12)
    let directoryOffset = uint32(bytes, end + 16)
    guard directoryOffset <= end, directorySize <= end - directoryOffset else { throw damaged() }

    var entries: [Entry] = []
    var seen: Set<String> = []
    var total = 0
    var offset = directoryOffset
    for _ in 0..<count {
      guard offset + 46 <= end, uint32(bytes, offset) == 0x0201_4b50 else { throw damaged() }
      let madeBy = uint16(bytes, offset + 4) >> 8
      let flags = uint16(bytes, offset + 8)
      let method = UInt16(uint16(bytes, offset + 10))
      let crc = UInt32(uint32(bytes, offset + 16))
      let compressedSize = uint32(bytes, offset + 20)
      let size = uint32(bytes, offset + 24)
      let nameLength = uint16(bytes, offset + 28)
      let extraLength = uint16(bytes, offset + 30)
      let commentLength = uint16(bytes, offset + 32)
      let attributes = uint32(bytes, offset + 38)
      let localOffset = uint32(bytes, offset + 42)
      let next = offset + 46 + nameLength + extraLength + commentLength
      guard next <= end else { throw damaged() }
      let nameBytes = Array(bytes[(offset + 46)..<(offset + 46 + nameLength)])
      let rawName = String(decoding: nameBytes, as: UTF8.self)
      let shown = rawName.escapedForMessage
      guard let path = safePath(nameBytes) else {
        throw Problem(tr("The archive holds “%s”, a name that would reach outside the extension's folder.", shown))
      }
      // Unix archivers keep the file's type in the high half of the external attributes.
      let unixMode = madeBy == 3 ? attributes >> 16 : 0
      let type = unixMode & 0o170000
      guard type != 0o120000 else {
        throw Problem(tr("The archive holds “%s”, a symbolic link; extensions are installed without links.", shown))
      }
      let isFolder = nameBytes.last == 0x2f || type == 0o040000
      guard type == 0 || type == 0o100000 || type == 0o040000 else {
        throw Problem(tr("The archive holds “%s”, which is neither a file nor a folder.", shown))
      }
      guard flags & 1 == 0 else { throw Problem(tr("The archive holds “%s” encrypted; Knobs can't read it.", shown)) }
      guard method == 0 || method == 8 else {
        throw Problem(tr("The archive holds “%s” packed in a way Knobs can't read (only stored or deflated).", shown))
      }
      guard compressedSize != 0xffff_ffff, size != 0xffff_ffff, localOffset != 0xffff_ffff else {
        throw Problem(tr("The archive is larger than %d MB inflated, too large for an extension.", sizeLimit >> 20))
      }
      guard !seen.contains(path) else { throw Problem(tr("The archive holds “%s” twice.", shown)) }
      seen.insert(path)
      total += size
      guard total <= sizeLimit else {
        throw Problem(tr("The archive is larger than %d MB inflated, too large for an extension.", sizeLimit >> 20))
      }
      // The local header must agree with the directory: same name, data inside the file.
      guard localOffset + 30 <= directoryOffset, uint32(bytes, localOffset) == 0x0403_4b50 else { throw damaged() }
      let localNameLength = uint16(bytes, localOffset + 26)
      let localExtraLength = uint16(bytes, localOffset + 28)
      let dataOffset = localOffset + 30 + localNameLength + localExtraLength
      guard dataOffset <= directoryOffset, compressedSize <= directoryOffset - dataOffset,
        Array(bytes[(localOffset + 30)..<(localOffset + 30 + localNameLength)]) == nameBytes
      else { throw damaged() }
      entries.append(
        Entry(
          path: path, isFolder: isFolder, isExecutable: unixMode & 0o100 != 0, method: method, crc: crc,
          compressedSize: compressedSize, size: size, dataOffset: dataOffset))
      offset = next
    }
    // A file that is also another entry's folder (“a” and “a/b”) can't be unpacked.
    for entry in entries {
      var folder = PathText.parent(entry.path)
      while !folder.isEmpty {
        if let clash = entries.first(where: { $0.path == folder && !$0.isFolder }) {
          throw Problem(tr("The archive holds “%s” both as a file and as a folder.", clash.path.escapedForMessage))
        }
        folder = PathText.parent(folder)
      }
    }
    return entries
  }

  /// The entry's path without a trailing slash, if it stays inside the folder it is unpacked
  /// in: relative, UTF-8, no `.` or `..` part, no empty part, no backslash or control character.
  static func safePath(_ name: [UInt8]) -> String? {
    var name = name[...]
    if name.last == 0x2f { name = name.dropLast() }
    guard !name.isEmpty, name.count <= 1024, name.first != 0x2f,
      name.allSatisfy({ $0 >= 0x20 && $0 != 0x7f && $0 != 0x5c }),
      let text = String(validating: name, as: UTF8.self)
    else { return nil }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && $0.utf8.count <= 255 }) else { return nil }
    return text
  }

  /// The entry's bytes, inflated and checked against the size and CRC the directory gives.
  static func contents(of entry: Entry, in bytes: [UInt8]) throws(Problem) -> [UInt8] {
    let shown = entry.path.escapedForMessage
    let packed = bytes[entry.dataOffset..<(entry.dataOffset + entry.compressedSize)]
    var output: [UInt8]
    if entry.method == 0 {
      guard entry.compressedSize == entry.size else { throw damaged() }
      output = Array(packed)
    } else {
      output = [UInt8](repeating: 0, count: entry.size)
      let written = packed.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { out in
          knobs_inflate_raw(input.baseAddress, UInt(input.count), out.baseAddress, UInt(out.count))
        }
      }
      guard written >= 0 else {
        if written == KNOBS_INFLATE_TOO_LONG {
          throw Problem(tr("The archive's “%s” inflates to more than the size it gives.", shown))
        }
        throw Problem(tr("The archive's “%s” is damaged or cut short.", shown))
      }
      guard written == entry.size else {
        throw Problem(tr("The archive's “%s” inflates to less than the size it gives.", shown))
      }
    }
    let crc = output.withUnsafeBufferPointer { knobs_crc32($0.baseAddress, UInt($0.count)) }
    guard UInt32(truncatingIfNeeded: crc) == entry.crc else {
      throw Problem(tr("The archive's “%s” is damaged: its checksum does not match.", shown))
    }
    return output
  }

  /// Every entry's bytes, checked, in the archive's order: folders with nil.
  func unpacked() throws(Problem) -> [(entry: Entry, bytes: [UInt8]?)] {
    var result: [(entry: Entry, bytes: [UInt8]?)] = []
    for entry in entries {
      result.append((entry, entry.isFolder ? nil : try Self.contents(of: entry, in: bytes)))
    }
    return result
  }
}
