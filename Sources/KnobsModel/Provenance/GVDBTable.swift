import Glibc

/// A dconf database file (GVDB, as `dconf compile` and `dconf update` write it), read
/// without libdconf, which reads only the whole profile at once: each database's own
/// values and locks, so Knobs can name the one a value comes from.
///
/// The whole file is checked before anything in it is believed: the header, each hash
/// table's bounds, every item's name, parent, hash, bucket and Bloom filter bits, every
/// offset and length, and (through `checkValue`) every value. A file that fails is refused
/// whole. Keys are then looked up as libdconf's GVDB reader looks them up (the hash, its
/// bucket, the first item of the name and type in it), so a file that passes gives the
/// answers dconf gives. The work is linear in the file's items and bytes.
package struct GVDBTable: Sendable {
  /// Whether the file was written on a machine of the other byte order: values need swapping.
  /// The file's own structure (offsets, sizes, tables) is little-endian whoever wrote it; only
  /// the signature (written as two numbers of the writer's order) and the values are the writer's.
  package let isByteSwapped: Bool
  private let bytes: [UInt8]
  private let root: HashTable
  private let lockTable: HashTable?

  /// No dconf database is near this size (a site's hundreds of keys take kilobytes): a larger
  /// file is refused by its size, before it is read.
  package static let sizeLimit = 16 << 20

  /// Why a file can't be read as a database.
  package enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Shorter than GVDB's header: dconf reads no value from it either.
    case tooSmall
    /// No GVDB signature or version 0: dconf reads no value from it either.
    case notADatabase
    /// The header points at no table GVDB can set up: dconf reads it as an empty database.
    case noRootTable(String)
    /// Something in it is not as GVDB writes it: what dconf reads from it can't be told.
    case damaged(String)

    package var description: String {
      switch self {
      case .tooSmall: return tr("it is too small to be a dconf database")
      case .notADatabase: return tr("it is not a dconf database")
      case .noRootTable(let what), .damaged(let what): return tr("it is damaged (%s)", what)
      }
    }

    /// Whether libdconf reads no value and no lock from such a file (it refuses the same
    /// header, or sets up no table from it): what dconf gives is then known without it.
    package var dconfReadsNothing: Bool {
      switch self {
      case .tooSmall, .notADatabase, .noRootTable: return true
      case .damaged: return false
      }
    }
  }

  /// One hash table's parts, as GVDB's reader sets them up (`gvdb_table_setup_root`).
  private struct HashTable: Sendable {
    var bloomShift: UInt32 = 0
    var bloomStart = 0
    var bloomWords = 0
    var bucketsStart = 0
    var bucketCount = 0
    var itemsStart = 0
    var itemCount = 0
  }

  private static let itemSize = 24
  private static let noParent = UInt32.max

  private func u32(_ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
      | UInt32(bytes[offset + 3]) << 24
  }

  private static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
      | UInt32(bytes[offset + 3]) << 24
  }

  /// The range a pointer (start, end at `offset`) names, when GVDB would follow it: inside the
  /// file and aligned (`gvdb_table_dereference`).
  private static func dereference(_ bytes: [UInt8], _ offset: Int, alignment: UInt32) -> Range<Int>? {
    let start = u32(bytes, offset)
    let end = u32(bytes, offset + 4)
    guard start <= end, Int(end) <= bytes.count, start & (alignment - 1) == 0 else { return nil }
    return Int(start)..<Int(end)
  }

  /// The table a pointer names, set up as GVDB sets it up; nil when GVDB would set up none
  /// (and read the table as empty), with the reason.
  private static func setUp(_ bytes: [UInt8], pointerAt offset: Int) -> Result<HashTable, Problem> {
    guard let range = dereference(bytes, offset, alignment: 4) else {
      return .failure(.damaged(tr("a table lies outside the file")))
    }
    var size = range.count
    guard size >= 8 else { return .failure(.damaged(tr("a table is too short"))) }
    size -= 8
    let bloomField = u32(bytes, range.lowerBound)
    let bucketCount = Int(u32(bytes, range.lowerBound + 4))
    var table = HashTable()
    table.bloomShift = bloomField >> 27
    table.bloomWords = Int(bloomField & ((1 << 27) - 1))
    guard table.bloomWords * 4 <= size else { return .failure(.damaged(tr("a table's header is too long"))) }
    table.bloomStart = range.lowerBound + 8
    size -= table.bloomWords * 4
    guard bucketCount * 4 <= size else { return .failure(.damaged(tr("a table's header is too long"))) }
    table.bucketCount = bucketCount
    table.bucketsStart = table.bloomStart + table.bloomWords * 4
    size -= bucketCount * 4
    guard size % itemSize == 0 else { return .failure(.damaged(tr("a table's items do not fill it"))) }
    table.itemsStart = table.bucketsStart + bucketCount * 4
    table.itemCount = size / itemSize
    return .success(table)
  }

  /// Reads and checks `bytes` whole. `checkValue` is given each value (a serialized GVariant of
  /// type `v`, and whether it is of the other byte order) and says whether it is a valid one.
  package init(bytes: [UInt8], checkValue: (ArraySlice<UInt8>, Bool) -> Bool = { _, _ in true }) throws(Problem) {
    guard bytes.count >= 24 else { throw .tooSmall }
    // "GVariant", or each half byte-swapped ("raVGtnai") for a file of the other byte order;
    // the version (little-endian in both) must be 0.
    let signature = Array(bytes[0..<8])
    if signature == Array("GVariant".utf8) {
      isByteSwapped = false
    } else if signature == Array("raVGtnai".utf8) {
      isByteSwapped = true
    } else {
      throw .notADatabase
    }
    guard Self.u32(bytes, 8) == 0 else { throw .notADatabase }
    self.bytes = bytes
    switch Self.setUp(bytes, pointerAt: 16) {
    case .success(let table): root = table
    case .failure(let problem): throw .noRootTable(problem.description)
    }
    let lockItem = try Self.check(bytes, root, isRoot: true, checkValue: checkValue, isByteSwapped: isByteSwapped)
    if let lockItem {
      switch Self.setUp(bytes, pointerAt: root.itemsStart + lockItem * Self.itemSize + 16) {
      case .success(let table):
        lockTable = table
        _ = try Self.check(bytes, table, isRoot: false, checkValue: checkValue, isByteSwapped: isByteSwapped)
      case .failure(let problem): throw problem
      }
    } else {
      lockTable = nil
    }
    // The table dconf reads the locks from is the first `.locks` its lookup finds.
    guard lockItem == Self.lookUp(bytes, root, Array(".locks".utf8), type: UInt8(ascii: "H")) else {
      throw .damaged(tr("its table of locks is not where dconf looks for it"))
    }
  }

  /// GVDB's hash of a name (djb2 over its bytes read as signed chars), continued from `hash`.
  private static func hash<Bytes: Sequence<UInt8>>(_ name: Bytes, from hash: UInt32 = 5381) -> UInt32 {
    var value = hash
    for byte in name { value = value &* 33 &+ UInt32(bitPattern: Int32(Int8(bitPattern: byte))) }
    return value
  }

  private static func bloomAllows(_ bytes: [UInt8], _ table: HashTable, _ hash: UInt32) -> Bool {
    guard table.bloomWords > 0 else { return true }
    let word = u32(bytes, table.bloomStart + 4 * Int((hash / 32) % UInt32(table.bloomWords)))
    var mask: UInt32 = 1 << (hash & 31)
    mask |= 1 << ((hash >> table.bloomShift) & 31)
    return word & mask == mask
  }

  /// The items a lookup of `hash` reads: its bucket's, as GVDB bounds them.
  private static func bucketRange(_ bytes: [UInt8], _ table: HashTable, _ hash: UInt32) -> Range<Int> {
    let bucket = Int(hash % UInt32(table.bucketCount))
    let first = Int(u32(bytes, table.bucketsStart + 4 * bucket))
    var last = table.itemCount
    if bucket != table.bucketCount - 1 {
      let next = Int(u32(bytes, table.bucketsStart + 4 * (bucket + 1)))
      if next <= table.itemCount { last = next }
    }
    return first < last ? first..<last : first..<first
  }

  /// Checks every item of `table` (the root's values with `checkValue`; a lock's value is never
  /// read); the index of the root's `.locks` table item, if any. Each item is visited once, and
  /// each name's bytes once: the work is linear in the table.
  private static func check(
    _ bytes: [UInt8], _ table: HashTable, isRoot: Bool, checkValue: (ArraySlice<UInt8>, Bool) -> Bool,
    isByteSwapped: Bool
  ) throws(Problem) -> Int? {
    let count = table.itemCount
    guard count == 0 || table.bucketCount > 0 else { throw .damaged(tr("a table has items but no buckets")) }
    var previous = 0
    for bucket in 0..<table.bucketCount {
      let first = Int(u32(bytes, table.bucketsStart + 4 * bucket))
      guard first <= count, first >= previous else { throw .damaged(tr("a table's buckets are out of order")) }
      previous = first
    }
    // Each item's full name's hash, from its parents' down: 0 not yet known, 1 being worked out.
    var hashes = [UInt32](repeating: 0, count: count)
    var state = [UInt8](repeating: 0, count: count)
    var lockItem: Int?
    func item(_ index: Int) -> Int { table.itemsStart + index * itemSize }
    for index in 0..<count {
      let offset = item(index)
      let keyStart = Int(u32(bytes, offset + 8))
      let keySize = Int(UInt16(bytes[offset + 12]) | UInt16(bytes[offset + 13]) << 8)
      guard keySize > 0, keyStart + keySize <= bytes.count, keyStart + keySize <= Int(UInt32.max) else {
        throw .damaged(tr("an item's name lies outside the file"))
      }
      let key = bytes[keyStart..<(keyStart + keySize)]
      guard !key.contains(0), String(validating: key, as: UTF8.self) != nil else {
        throw .damaged(tr("an item's name is not text"))
      }
      let parent = u32(bytes, offset + 4)
      guard parent == noParent || (Int(parent) < count && Int(parent) != index) else {
        throw .damaged(tr("an item's parent is not in its table"))
      }
      switch bytes[offset + 14] {
      case UInt8(ascii: "v"):
        guard let range = dereference(bytes, offset + 16, alignment: 8) else {
          throw .damaged(tr("a value lies outside the file"))
        }
        if isRoot, !checkValue(bytes[range], isByteSwapped) { throw .damaged(tr("a value is not valid")) }
      case UInt8(ascii: "L"):
        guard let range = dereference(bytes, offset + 16, alignment: 4), range.count % 4 == 0 else {
          throw .damaged(tr("a list lies outside the file"))
        }
        for entry in stride(from: range.lowerBound, to: range.upperBound, by: 4) where Int(u32(bytes, entry)) >= count {
          throw .damaged(tr("a list names an item that is not in its table"))
        }
      case UInt8(ascii: "H"):
        guard dereference(bytes, offset + 16, alignment: 4) != nil else {
          throw .damaged(tr("a table lies outside the file"))
        }
        if isRoot, parent == noParent, key.elementsEqual(".locks".utf8) {
          guard lockItem == nil else { throw .damaged(tr("it has two tables of locks")) }
          lockItem = index
        }
      default:
        throw .damaged(tr("an item is of an unknown type"))
      }
    }
    // The full names' hashes, each parent's before its children's; a chain that comes back is a loop.
    for start in 0..<count where state[start] == 0 {
      var chain: [Int] = []
      var current = start
      while state[current] == 0 {
        state[current] = 1
        chain.append(current)
        let parent = u32(bytes, item(current) + 4)
        guard parent != noParent else { break }
        current = Int(parent)
        guard state[current] != 1 else { throw .damaged(tr("an item's parents form a loop")) }
      }
      for index in chain.reversed() {
        let offset = item(index)
        let parent = u32(bytes, offset + 4)
        let keyStart = Int(u32(bytes, offset + 8))
        let keySize = Int(UInt16(bytes[offset + 12]) | UInt16(bytes[offset + 13]) << 8)
        let base = parent == noParent ? 5381 : hashes[Int(parent)]
        hashes[index] = hash(bytes[keyStart..<(keyStart + keySize)], from: base)
        state[index] = 2
      }
    }
    // Each item where a lookup of its name finds it: its hash as stored, its bucket, the Bloom filter.
    for index in 0..<count {
      let value = hashes[index]
      guard u32(bytes, item(index)) == value else { throw .damaged(tr("an item's hash is wrong")) }
      guard bucketRange(bytes, table, value).contains(index) else {
        throw .damaged(tr("an item is not in its bucket"))
      }
      guard bloomAllows(bytes, table, value) else { throw .damaged(tr("the Bloom filter leaves out an item")) }
    }
    return lockItem
  }

  /// Whether the item at `index` is named `name`, compared from the end through its parents
  /// as GVDB compares (`gvdb_table_check_name`).
  private static func hasName(_ bytes: [UInt8], _ table: HashTable, _ index: Int, _ name: [UInt8]) -> Bool {
    var index = index
    var length = name.count
    while true {
      let offset = table.itemsStart + index * itemSize
      let keyStart = Int(u32(bytes, offset + 8))
      let keySize = Int(UInt16(bytes[offset + 12]) | UInt16(bytes[offset + 13]) << 8)
      guard keyStart + keySize <= bytes.count, keySize <= length else { return false }
      length -= keySize
      guard bytes[keyStart..<(keyStart + keySize)].elementsEqual(name[length..<(length + keySize)]) else {
        return false
      }
      let parent = u32(bytes, offset + 4)
      if length == 0 && parent == noParent { return true }
      guard Int(parent) < table.itemCount, parent != noParent, keySize > 0 else { return false }
      index = Int(parent)
    }
  }

  /// The item GVDB's lookup finds for `name` and `type` (`gvdb_table_lookup`).
  private static func lookUp(_ bytes: [UInt8], _ table: HashTable, _ name: [UInt8], type: UInt8) -> Int? {
    guard table.bucketCount > 0, table.itemCount > 0, !name.contains(0) else { return nil }
    let value = hash(name)
    guard bloomAllows(bytes, table, value) else { return nil }
    for index in bucketRange(bytes, table, value) {
      let offset = table.itemsStart + index * itemSize
      if u32(bytes, offset) == value, hasName(bytes, table, index, name), bytes[offset + 14] == type { return index }
    }
    return nil
  }

  /// The serialized value (a GVariant of type `v`, in the writer's byte order) that dconf reads
  /// for `path`; nil when the database does not set it.
  package func value(at path: String) -> ArraySlice<UInt8>? {
    guard let index = Self.lookUp(bytes, root, Array(path.utf8), type: UInt8(ascii: "v")),
      let range = Self.dereference(bytes, root.itemsStart + index * Self.itemSize + 16, alignment: 8)
    else { return nil }
    return bytes[range]
  }

  /// Whether the database locks `path` (dconf's `gvdb_table_has_value` on its `.locks` table).
  package func locks(_ path: String) -> Bool {
    guard let lockTable, let index = Self.lookUp(bytes, lockTable, Array(path.utf8), type: UInt8(ascii: "v")) else {
      return false
    }
    return Self.dereference(bytes, lockTable.itemsStart + index * Self.itemSize + 16, alignment: 8) != nil
  }
}

extension GVDBTable {
  /// The database in `file` (at most `sizeLimit` bytes), or why it can't be read, in words.
  /// Anything but a regular file is refused before it is read, and never waited on.
  package static func read(
    file: String, checkValue: (ArraySlice<UInt8>, Bool) -> Bool = { _, _ in true }
  ) -> Result<GVDBTable, GVDBFileProblem> {
    do {
      let data = try SafeFiles.read(file, followingLinks: true, limit: sizeLimit)
      return .success(try GVDBTable(bytes: Array(data), checkValue: checkValue))
    } catch let problem as FileProblem {
      switch problem {
      case .system(ENOENT), .system(ENOTDIR):
        return .failure(GVDBFileProblem(tr("it does not exist"), dconfReadsNothing: true))
      case .system(let code) where [EACCES, ELOOP, EPERM].contains(code):
        // libdconf opens it as this process does, and can't either.
        return .failure(GVDBFileProblem(problem.description, dconfReadsNothing: true))
      case .tooLarge:
        return .failure(GVDBFileProblem(tr("it is larger than any dconf database (16 MB)"), dconfReadsNothing: false))
      case .notAFile:
        return .failure(GVDBFileProblem(tr("it is not a regular file"), dconfReadsNothing: false))
      default:
        return .failure(GVDBFileProblem(problem.description, dconfReadsNothing: false))
      }
    } catch let problem as Problem {
      return .failure(GVDBFileProblem(problem.description, dconfReadsNothing: problem.dconfReadsNothing))
    } catch {
      return .failure(GVDBFileProblem("\(error)", dconfReadsNothing: false))
    }
  }
}

/// Why a dconf database file can't be read, in words.
package struct GVDBFileProblem: Error, Hashable, Sendable, CustomStringConvertible {
  package let description: String
  /// Whether libdconf reads no value and no lock from the file either (it does not exist, it
  /// can't be opened, or GVDB refuses its header): dconf's answer is then known without it.
  package let dconfReadsNothing: Bool
  /// A problem in words; `dconfReadsNothing` when libdconf can't read the file either.
  package init(_ description: String, dconfReadsNothing: Bool = false) {
    self.description = description
    self.dconfReadsNothing = dconfReadsNothing
  }
}
