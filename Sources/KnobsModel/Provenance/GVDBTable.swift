/// A dconf database file (GVDB, as `dconf compile` and `dconf update` write it), read
/// without libdconf, which reads only the whole profile at once: each database's own
/// values and locks, so Knobs can name the one a value comes from.
///
/// Every offset is checked against the file's size, and a parent chain is followed at
/// most as many steps as there are items, so a damaged file gives an error, never a crash.
public struct GVDBTable: Sendable {
  /// Each key's value: a serialized GVariant of type `v`, in the byte order of the machine that
  /// wrote the file.
  public private(set) var values: [String: [UInt8]] = [:]
  /// The paths the database locks (its `.locks` table).
  public private(set) var locks: Set<String> = []
  /// Whether the file was written on a machine of the other byte order: values need swapping.
  /// The file's own structure (offsets, sizes, tables) is little-endian whoever wrote it; only
  /// the signature (written as two numbers of the writer's order) and the values are the writer's.
  public let isByteSwapped: Bool

  /// Why a file can't be read as a database.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    case tooSmall
    case notADatabase
    case damaged(String)

    public var description: String {
      switch self {
      case .tooSmall: return tr("it is too small to be a dconf database")
      case .notADatabase: return tr("it is not a dconf database")
      case .damaged(let what): return tr("it is damaged (%s)", what)
      }
    }
  }

  /// Reads the structure's numbers: little-endian in every file, of either byte order.
  private struct Reader {
    let bytes: [UInt8]

    func u32(_ offset: Int) -> UInt32? {
      guard offset >= 0, offset + 4 <= bytes.count else { return nil }
      return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
        | UInt32(bytes[offset + 3]) << 24
    }

    func u16(_ offset: Int) -> UInt16? {
      guard offset >= 0, offset + 2 <= bytes.count else { return nil }
      return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    /// The bytes between a pointer's start and end, when they lie inside the file.
    func slice(_ start: UInt32, _ end: UInt32) -> ArraySlice<UInt8>? {
      let start = Int(start)
      let end = Int(end)
      guard start <= end, end <= bytes.count else { return nil }
      return bytes[start..<end]
    }
  }

  /// One table's items by full name: their type (`v`, `H`, `L`) and value pointer.
  private struct Item {
    let type: UInt8
    let start: UInt32
    let end: UInt32
  }

  public init(bytes: [UInt8]) throws(Problem) {
    guard bytes.count >= 24 else { throw .tooSmall }
    // "GVariant", or each half byte-swapped ("raVGtnai") for a file of the other byte order.
    let native: [UInt8] = Array("GVariant".utf8)
    let swapped: [UInt8] = Array("raVGtnai".utf8)
    if Array(bytes[0..<8]) == native {
      isByteSwapped = false
    } else if Array(bytes[0..<8]) == swapped {
      isByteSwapped = true
    } else {
      throw .notADatabase
    }
    let reader = Reader(bytes: bytes)
    guard reader.u32(8) == 0 else { throw .damaged(tr("unknown version")) }
    guard let rootStart = reader.u32(16), let rootEnd = reader.u32(20) else { throw .tooSmall }
    let root = try Self.items(reader, start: rootStart, end: rootEnd)
    for (name, item) in root {
      switch item.type {
      case UInt8(ascii: "v"):
        guard let data = reader.slice(item.start, item.end) else { throw .damaged(tr("a value lies outside the file")) }
        values[name] = Array(data)
      case UInt8(ascii: "H") where name == ".locks":
        locks = Set(try Self.items(reader, start: item.start, end: item.end).keys)
      default:
        continue
      }
    }
  }

  /// The items of the hash table between `start` and `end`, by full name.
  private static func items(_ reader: Reader, start: UInt32, end: UInt32) throws(Problem) -> [String: Item] {
    guard reader.slice(start, end) != nil, end - start >= 8 else { throw .damaged(tr("a table lies outside the file")) }
    let base = Int(start)
    guard let bloomField = reader.u32(base), let bucketCount = reader.u32(base + 4) else {
      throw .damaged(tr("a table lies outside the file"))
    }
    let bloomWords = Int(bloomField & ((1 << 27) - 1))
    let itemsStart = base + 8 + 4 * bloomWords + 4 * Int(bucketCount)
    guard itemsStart <= Int(end) else { throw .damaged(tr("a table's header is too long")) }
    let itemSize = 24
    let count = (Int(end) - itemsStart) / itemSize
    var names: [String?] = Array(repeating: nil, count: count)
    var parents: [Int?] = Array(repeating: nil, count: count)
    var ownKeys: [String] = Array(repeating: "", count: count)
    var found: [Item] = []
    found.reserveCapacity(count)
    for index in 0..<count {
      let offset = itemsStart + index * itemSize
      guard let parent = reader.u32(offset + 4), let keyStart = reader.u32(offset + 8),
        let keySize = reader.u16(offset + 12), let valueStart = reader.u32(offset + 16),
        let valueEnd = reader.u32(offset + 20),
        let key = reader.slice(keyStart, keyStart &+ UInt32(keySize)),
        UInt64(keyStart) + UInt64(keySize) <= UInt64(UInt32.max)
      else { throw .damaged(tr("an item lies outside the file")) }
      if parent != UInt32.max {
        guard Int(parent) < count, Int(parent) != index else {
          throw .damaged(tr("an item's parent is not in its table"))
        }
        parents[index] = Int(parent)
      }
      ownKeys[index] = String(decoding: key, as: UTF8.self)
      found.append(Item(type: reader.bytes[offset + 14], start: valueStart, end: valueEnd))
    }
    // Full names: the parents' names before the item's own; a chain longer than the table is a loop.
    func name(_ index: Int) throws(Problem) -> String {
      if let known = names[index] { return known }
      var chain: [Int] = [index]
      var current = index
      while let parent = parents[current], names[parent] == nil {
        chain.append(parent)
        current = parent
        guard chain.count <= count else { throw .damaged(tr("an item's parents form a loop")) }
      }
      var prefix = parents[current].flatMap { names[$0] } ?? ""
      for member in chain.reversed() {
        prefix += ownKeys[member]
        names[member] = prefix
      }
      return prefix
    }
    var result: [String: Item] = [:]
    for index in 0..<count { result[try name(index)] = found[index] }
    return result
  }
}

extension GVDBTable {
  /// The database in `file` (at most 256 MB), or why it can't be read, in words.
  public static func read(file: String) -> Result<GVDBTable, GVDBFileProblem> {
    if SafeFiles.node(at: file) == .missing { return .failure(GVDBFileProblem(tr("it does not exist"))) }
    do {
      let data = try SafeFiles.read(file, followingLinks: true, limit: 256 << 20)
      return .success(try GVDBTable(bytes: Array(data)))
    } catch let problem as FileProblem {
      return .failure(GVDBFileProblem(problem == .tooLarge ? tr("it is too large") : problem.description))
    } catch let problem as Problem {
      return .failure(GVDBFileProblem(problem.description))
    } catch {
      return .failure(GVDBFileProblem("\(error)"))
    }
  }
}

/// Why a dconf database file can't be read, in words.
public struct GVDBFileProblem: Error, Hashable, Sendable, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
