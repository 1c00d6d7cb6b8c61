import Foundation
import KnobsModel
import XCTest

/// The provenance model: dconf databases read byte by byte, profiles found and read as dconf
/// reads them, vendor overrides as glib-compile-schemas applies them, and the layers put in
/// dconf's order.
@MainActor
final class ProvenanceTests: XCTestCase {
  /// `dconf compile` of a site.d with `[org/gnome/desktop/interface] clock-format='12h'`,
  /// `enable-animations=false` and a lock on clock-format.
  static let siteDatabase: [UInt8] = [
    0x47, 0x56, 0x61, 0x72, 0x69, 0x61, 0x6e, 0x74, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x18, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x28, 0x08, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
    0x06, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00,
    0xc0, 0x7f, 0x5f, 0x3e, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x11, 0x00, 0x76, 0x00,
    0x18, 0x01, 0x00, 0x00, 0x1b, 0x01, 0x00, 0x00, 0xb0, 0xb7, 0x24, 0x30, 0x04, 0x00, 0x00, 0x00,
    0x1b, 0x01, 0x00, 0x00, 0x06, 0x00, 0x4c, 0x00, 0x24, 0x01, 0x00, 0x00, 0x28, 0x01, 0x00, 0x00,
    0xb9, 0x88, 0xfd, 0xda, 0x01, 0x00, 0x00, 0x00, 0x28, 0x01, 0x00, 0x00, 0x08, 0x00, 0x4c, 0x00,
    0x30, 0x01, 0x00, 0x00, 0x34, 0x01, 0x00, 0x00, 0x39, 0xc5, 0x3b, 0x4f, 0x02, 0x00, 0x00, 0x00,
    0x34, 0x01, 0x00, 0x00, 0x0a, 0x00, 0x4c, 0x00, 0x40, 0x01, 0x00, 0x00, 0x48, 0x01, 0x00, 0x00,
    0x4b, 0x50, 0x90, 0x0b, 0x06, 0x00, 0x00, 0x00, 0x48, 0x01, 0x00, 0x00, 0x04, 0x00, 0x4c, 0x00,
    0x4c, 0x01, 0x00, 0x00, 0x50, 0x01, 0x00, 0x00, 0x3b, 0x6f, 0xaa, 0x09, 0x03, 0x00, 0x00, 0x00,
    0x50, 0x01, 0x00, 0x00, 0x0c, 0x00, 0x76, 0x00, 0x60, 0x01, 0x00, 0x00, 0x66, 0x01, 0x00, 0x00,
    0xd4, 0xb5, 0x02, 0x00, 0xff, 0xff, 0xff, 0xff, 0x66, 0x01, 0x00, 0x00, 0x01, 0x00, 0x4c, 0x00,
    0x68, 0x01, 0x00, 0x00, 0x6c, 0x01, 0x00, 0x00, 0x8f, 0x39, 0x0d, 0x7b, 0xff, 0xff, 0xff, 0xff,
    0x6c, 0x01, 0x00, 0x00, 0x06, 0x00, 0x48, 0x00, 0x74, 0x01, 0x00, 0x00, 0x98, 0x01, 0x00, 0x00,
    0x65, 0x6e, 0x61, 0x62, 0x6c, 0x65, 0x2d, 0x61, 0x6e, 0x69, 0x6d, 0x61, 0x74, 0x69, 0x6f, 0x6e,
    0x73, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x62, 0x67, 0x6e, 0x6f, 0x6d, 0x65,
    0x2f, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x64, 0x65, 0x73, 0x6b, 0x74, 0x6f, 0x70, 0x2f,
    0x03, 0x00, 0x00, 0x00, 0x69, 0x6e, 0x74, 0x65, 0x72, 0x66, 0x61, 0x63, 0x65, 0x2f, 0x00, 0x00,
    0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x6f, 0x72, 0x67, 0x2f, 0x01, 0x00, 0x00, 0x00,
    0x63, 0x6c, 0x6f, 0x63, 0x6b, 0x2d, 0x66, 0x6f, 0x72, 0x6d, 0x61, 0x74, 0x00, 0x00, 0x00, 0x00,
    0x31, 0x32, 0x68, 0x00, 0x00, 0x73, 0x2f, 0x00, 0x04, 0x00, 0x00, 0x00, 0x2e, 0x6c, 0x6f, 0x63,
    0x6b, 0x73, 0x00, 0x00, 0x00, 0x00, 0x00, 0x28, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x3b, 0x6f, 0xaa, 0x09, 0xff, 0xff, 0xff, 0xff, 0x98, 0x01, 0x00, 0x00, 0x29, 0x00, 0x76, 0x00,
    0xc8, 0x01, 0x00, 0x00, 0xcb, 0x01, 0x00, 0x00, 0x2f, 0x6f, 0x72, 0x67, 0x2f, 0x67, 0x6e, 0x6f,
    0x6d, 0x65, 0x2f, 0x64, 0x65, 0x73, 0x6b, 0x74, 0x6f, 0x70, 0x2f, 0x69, 0x6e, 0x74, 0x65, 0x72,
    0x66, 0x61, 0x63, 0x65, 0x2f, 0x63, 0x6c, 0x6f, 0x63, 0x6b, 0x2d, 0x66, 0x6f, 0x72, 0x6d, 0x61,
    0x74, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x73,
  ]

  func testADatabaseCompiledByDconfIsRead() async throws {
    let table = try GVDBTable(bytes: Self.siteDatabase)
    XCTAssertFalse(table.isByteSwapped)
    // A serialized `v`: the string's bytes, its NUL, a separator and the type.
    XCTAssertEqual(
      table.value(at: "/org/gnome/desktop/interface/clock-format").map(Array.init),
      Array("12h".utf8) + [0, 0] + Array("s".utf8))
    XCTAssertNotNil(table.value(at: "/org/gnome/desktop/interface/enable-animations"))
    // Folders and other names are not values; nor is a name's end alone.
    for other in ["/org/gnome/desktop/interface/", "/org/", "clock-format", "/org/gnome/desktop/interface/clock", ""] {
      XCTAssertNil(table.value(at: other), other)
    }
    XCTAssertTrue(table.locks("/org/gnome/desktop/interface/clock-format"))
    XCTAssertFalse(table.locks("/org/gnome/desktop/interface/enable-animations"))
  }

  /// Offsets in `siteDatabase`: the root table's header at 0x18 (no Bloom words, 8 buckets
  /// from 0x20: items 0, 2, 4, 4, 6, 7, 7, 7), its 8 items of 24 bytes from 0x40; the
  /// clock-format item is the sixth (index 5, at 0xb8), in bucket 3 (items 4 and 5).
  static let clockItem = 0x40 + 5 * 24

  func testADatabaseIsCheckedWholeBeforeAnythingInItIsBelieved() async throws {
    // Each of these is damage dconf's reader does not see as such: it looks the key up by its
    // hash, in its bucket, and finds nothing (or something else). The old reader, which took
    // every item by its name, named clock-format's '12h' from each of them.
    var wrongHash = Self.siteDatabase
    wrongHash[Self.clockItem] ^= 0x11
    wrongHash[Self.clockItem + 1] ^= 0x01
    var outOfBucket = Self.siteDatabase
    // Bucket 4 made to start at item 5: clock-format is no longer in its own bucket (3).
    outOfBucket[0x20 + 16] = 5
    var valueMisaligned = Self.siteDatabase
    // The value's start moved by 4: inside the file, but not 8-aligned as GVDB wants.
    valueMisaligned[Self.clockItem + 16] &+= 4
    var unknownType = Self.siteDatabase
    unknownType[Self.clockItem + 14] = UInt8(ascii: "x")
    var nameOutside = Self.siteDatabase
    nameOutside[Self.clockItem + 12] = 0xff
    nameOutside[Self.clockItem + 13] = 0xff
    for (what, bytes) in [
      ("hash", wrongHash), ("bucket", outOfBucket), ("alignment", valueMisaligned), ("type", unknownType),
      ("name", nameOutside),
    ] {
      XCTAssertThrowsError(try GVDBTable(bytes: bytes), what) { error in
        XCTAssertFalse((error as? GVDBTable.Problem)?.dconfReadsNothing ?? true, "\(what): \(error)")
      }
    }
    // A value the check refuses refuses the file.
    XCTAssertThrowsError(try GVDBTable(bytes: Self.siteDatabase, checkValue: { _, _ in false }))
    // A header dconf refuses, or a root table it sets up as empty: dconf reads nothing from it.
    var version = Self.siteDatabase
    version[8] = 1
    var rootOutside = Self.siteDatabase
    rootOutside[20] = 0xff
    for bytes in [version, rootOutside, Array(Self.siteDatabase.prefix(40))] {
      XCTAssertThrowsError(try GVDBTable(bytes: bytes)) { error in
        XCTAssertTrue((error as? GVDBTable.Problem)?.dconfReadsNothing ?? false, "\(error)")
      }
    }
  }

  func testADeepChainOfItemsIsCheckedInLinearWork() async throws {
    // 200,000 items, each the child of the one before: their full names, written out, would
    // take 20 billion bytes. Their hashes are worked out once each; the file is refused at the
    // first wrong one.
    let count = 200_000
    var bytes = Array("GVariant".utf8) + [UInt8](repeating: 0, count: 16)
    let tableSize = 8 + 4 + count * 24
    let keyStart = 24 + tableSize
    func put(_ value: UInt32, at offset: Int) {
      for shift in 0..<4 { bytes[offset + shift] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(shift))) }
    }
    bytes += [UInt8](repeating: 0, count: tableSize + 1)
    put(24, at: 16)
    put(UInt32(24 + tableSize), at: 20)
    put(1, at: 28)
    bytes[keyStart] = UInt8(ascii: "a")
    for index in 0..<count {
      let item = 24 + 12 + index * 24
      put(index == 0 ? UInt32.max : UInt32(index - 1), at: item + 4)
      put(UInt32(keyStart), at: item + 8)
      bytes[item + 12] = 1
      bytes[item + 14] = UInt8(ascii: "L")
    }
    XCTAssertThrowsError(try GVDBTable(bytes: bytes)) { error in
      XCTAssertEqual(error as? GVDBTable.Problem, .damaged("an item's hash is wrong"))
    }
  }

  func testDamagedDatabasesAreRefusedInWords() async throws {
    XCTAssertThrowsError(try GVDBTable(bytes: Array(Self.siteDatabase.prefix(10))))
    XCTAssertThrowsError(try GVDBTable(bytes: Array(repeating: 0, count: 100)))
    // Every cut of the file, and every single byte changed: an error or a table, never a crash.
    for length in 0..<Self.siteDatabase.count {
      _ = try? GVDBTable(bytes: Array(Self.siteDatabase.prefix(length)))
    }
    for index in 0..<Self.siteDatabase.count {
      for value: UInt8 in [0x00, 0xff, 0x7f] {
        var bytes = Self.siteDatabase
        bytes[index] = value
        _ = try? GVDBTable(bytes: bytes)
      }
    }
    // An item made its own parent's parent: a loop, refused.
    var looped = Self.siteDatabase
    // Item 6 ("/", at 0xd0) names item 4 ("org/") as its parent, which names item 6.
    looped[0xd4] = 4
    looped[0xd5] = 0
    looped[0xd6] = 0
    looped[0xd7] = 0
    XCTAssertThrowsError(try GVDBTable(bytes: looped))
  }

  /// `siteDatabase` with clock-format holding the int32 0x01020304 instead of '12h' (the same six
  /// bytes: the number, a separator, the type), as a machine of this byte order writes it, or
  /// as one of the other order does. GVDB's structure (offsets, sizes, tables) is little-endian
  /// whoever writes it; a writer of the other order writes the signature's two numbers in its
  /// own order (their bytes read "raVGtnai") and the values in its own order too.
  static func withNumber(otherByteOrder: Bool) -> [UInt8] {
    var bytes = siteDatabase
    let number: [UInt8] = otherByteOrder ? [1, 2, 3, 4] : [4, 3, 2, 1]
    bytes.replaceSubrange(0x160..<0x166, with: number + [0] + Array("i".utf8))
    if otherByteOrder { bytes.replaceSubrange(0..<8, with: Array("raVGtnai".utf8)) }
    return bytes
  }

  func testADatabaseOfTheOtherByteOrderIsReadAlike() async throws {
    let clock = "/org/gnome/desktop/interface/clock-format"
    XCTAssertEqual(Array(Self.siteDatabase[0x160..<0x166]), Array("12h".utf8) + [0, 0] + Array("s".utf8))
    let native = try GVDBTable(bytes: Self.withNumber(otherByteOrder: false))
    let bytes = Self.withNumber(otherByteOrder: true)
    let other = try GVDBTable(bytes: bytes)
    XCTAssertFalse(native.isByteSwapped)
    XCTAssertTrue(other.isByteSwapped, "the signature says the values are of the other order")
    XCTAssertTrue(other.locks(clock))
    XCTAssertEqual(native.value(at: clock).map(Array.init), [4, 3, 2, 1, 0] + Array("i".utf8))
    XCTAssertEqual(
      other.value(at: clock).map(Array.init), [1, 2, 3, 4, 0] + Array("i".utf8),
      "values are kept as written, to be swapped")
    XCTAssertEqual(
      other.value(at: "/org/gnome/desktop/interface/enable-animations"),
      native.value(at: "/org/gnome/desktop/interface/enable-animations"))
    // A signature of neither order is not a database.
    var unsigned = bytes
    unsigned.replaceSubrange(0..<8, with: Array("GVariang".utf8))
    XCTAssertThrowsError(try GVDBTable(bytes: unsigned))
    // Every cut and every byte changed: an error or a table, never a crash.
    for length in 0..<bytes.count { _ = try? GVDBTable(bytes: Array(bytes.prefix(length))) }
    for index in 0..<bytes.count {
      for value: UInt8 in [0x00, 0xff, 0x7f] {
        var changed = bytes
        changed[index] = value
        _ = try? GVDBTable(bytes: changed)
      }
    }
  }

  private func environment(profile: String? = nil) -> DconfProfile.Environment {
    var environment = DconfProfile.Environment(
      uid: 1000, dconfProfile: profile, runtimeDirectory: "/run/user/1000", configDirectory: "/home/u/.config",
      systemDataDirectories: ["/usr/local/share", "/usr/share"])
    environment.sysconfDirectory = "/etc"
    return environment
  }

  func testTheProfileIsFoundWhereDconfLooks() async throws {
    var files: [String: String] = [:]
    let read: (String) -> Result<String, DconfProfile.ProfileFileProblem> = { path in
      files[path].map { .success($0) } ?? .failure(.missing)
    }
    // None anywhere: the user's database alone.
    var found = DconfProfile.find(in: environment(), read: read)
    XCTAssertEqual(found.foundBy, "default")
    XCTAssertEqual(found.databases.map(\.label), ["user-db:user"])
    XCTAssertEqual(found.databases.first?.file, "/home/u/.config/dconf/user")
    // The profile named user in XDG_DATA_DIRS, then /etc's before it.
    files["/usr/share/dconf/profile/user"] = "user-db:user\nsystem-db:vendor\n"
    XCTAssertEqual(
      DconfProfile.find(in: environment(), read: read).databases.map(\.label), ["user-db:user", "system-db:vendor"])
    files["/etc/dconf/profile/user"] = "user-db:user\nsystem-db:site # the site\n\n  # comment\n"
    found = DconfProfile.find(in: environment(), read: read)
    XCTAssertEqual(found.file, "/etc/dconf/profile/user")
    XCTAssertEqual(found.databases.map(\.label), ["user-db:user", "system-db:site"])
    XCTAssertEqual(found.databases.last?.file, "/etc/dconf/db/site")
    // The runtime profile comes before it, DCONF_PROFILE before that, the mandatory one first of all.
    files["/run/user/1000/dconf/profile"] = "user-db:runtime\n"
    XCTAssertEqual(DconfProfile.find(in: environment(), read: read).databases.map(\.label), ["user-db:runtime"])
    files["/tmp/p"] = "file-db:/tmp/site.db\n"
    found = DconfProfile.find(in: environment(profile: "/tmp/p"), read: read)
    XCTAssertEqual(found.foundBy, "DCONF_PROFILE")
    XCTAssertEqual(found.databases.map(\.file), ["/tmp/site.db"])
    files["/usr/local/share/dconf/profile/named"] = "user-db:named\n"
    XCTAssertEqual(
      DconfProfile.find(in: environment(profile: "named"), read: read).databases.map(\.label), ["user-db:named"])
    files["/run/dconf/user/1000"] = "system-db:mandatory\n"
    XCTAssertEqual(
      DconfProfile.find(in: environment(profile: "/tmp/p"), read: read).databases.map(\.label), ["system-db:mandatory"])
  }

  func testBadProfilesAreNamedAndReadAsDconfReadsThem() async throws {
    let missing = DconfProfile.find(in: environment(profile: "/nowhere"), read: { _ in .failure(.missing) })
    XCTAssertEqual(missing.databases, [])
    XCTAssertEqual(missing.problems.count, 1)
    let folder = DconfProfile.find(
      in: environment(profile: "/tmp"), read: { path in path == "/tmp" ? .failure(.folder) : .failure(.missing) })
    XCTAssertTrue(folder.problems.first?.contains("folder") ?? false, "\(folder.problems)")
    let noName = DconfProfile.find(in: environment(profile: "nosuch"), read: { _ in .failure(.missing) })
    XCTAssertTrue(noName.problems.first?.contains("nosuch") ?? false)
    let climbing = DconfProfile.parse(
      "user-db:user\nsystem-db:../../home/u/evil\nbogus-db:x\nsystem-db:\n", environment: environment())
    XCTAssertEqual(climbing.databases.map(\.label), ["user-db:user", "system-db:../../home/u/evil"])
    // dconf opens the file the name leads to: that one is named, with the climb said.
    XCTAssertEqual(climbing.databases.last?.file, "/etc/dconf/db/../../home/u/evil")
    XCTAssertEqual(climbing.problems.count, 3, "\(climbing.problems)")
    let long = DconfProfile.parse("system-db:" + String(repeating: "a", count: 10_000), environment: environment())
    XCTAssertEqual(long.databases.first?.name.count, 10_000)
  }

  func testVendorOverridesApplyInTheOrderOfTheirFilesAndMalformedFilesAreIgnoredWhole() async throws {
    var files: [String: String] = [
      "/s/20_b.gschema.override": "[org.x]\nkey='twenty'\n",
      "/s/10_a.gschema.override": "# vendor\n[org.x]\nkey = 'ten'\nother=1\n",
      "/s/30_c.gschema.override": "[org.x]\nkey='broken'\nnot a line\n",
      "/s/05_d.gschema.override": "[org.x:GNOME]\nkey='gnome'\n",
      "/s/x.gschema.xml": "",
    ]
    let folder = "/tmp/knobs-provenance-test-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (path, text) in files {
      try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + PathText.lastComponent(path)))
    }
    files = [:]
    var overrides = VendorOverrides(folder: folder, desktops: [])
    XCTAssertEqual(overrides.overrides["org.x"]?["key"]?.map(\.value), ["'ten'", "'twenty'"])
    XCTAssertEqual(overrides.winner(schema: "org.x", key: "key")?.file, folder + "/20_b.gschema.override")
    XCTAssertEqual(overrides.winner(schema: "org.x", key: "other")?.value, "1")
    XCTAssertTrue(overrides.problems.contains { $0.contains("30_c") }, "\(overrides.problems)")
    // On GNOME, the desktop's group outranks every plain one.
    overrides = VendorOverrides(folder: folder, desktops: VendorOverrides.desktops("ubuntu:GNOME"))
    XCTAssertEqual(overrides.winner(schema: "org.x", key: "key")?.value, "'gnome'")
  }

  func testTheSchemasOwnDefaultIsFoundInItsXML() async throws {
    let xml = """
      <schemalist><schema id="org.y" path="/org/y/"><key name="k" type="s"><default>'y'</default></key></schema>
      <schema id='org.x' path='/org/x/'>
        <key name='other' type='s'><default>'no'</default></key>
        <key name='k' type='s'><summary>S</summary><default l10n='messages'>'a &amp; &lt;b&gt;'</default></key>
      </schema></schemalist>
      """
    XCTAssertEqual(SchemaXMLDefault.find(schema: "org.x", key: "k", in: xml), "'a & <b>'")
    XCTAssertEqual(SchemaXMLDefault.find(schema: "org.y", key: "k", in: xml), "'y'")
    XCTAssertNil(SchemaXMLDefault.find(schema: "org.x", key: "none", in: xml))
  }

  private func facts(
    databases: [Int: ProvenanceFacts.DatabaseReading], user: String?, value: String?, reset: String? = nil,
    writable: Bool = true, profile: String = "user-db:user\nsystem-db:local\nsystem-db:site\n"
  ) -> ProvenanceFacts {
    ProvenanceFacts(
      key: SettingKey(schema: "org.x", key: "k"), path: "/org/x/k", schemaDefault: "'schema'", schemaOrigin: "org.x",
      vendorOverrides: [VendorOverrides.Override(file: "/s/20.gschema.override", value: "'vendor'", desktop: nil)],
      profile: DconfProfile.parse(profile, environment: environment()), databases: databases, isDconf: true,
      userValue: user, value: value, resetValue: reset ?? value, isWritable: writable)
  }

  func testTheLayersFollowDconfsRules() async throws {
    // Nothing in any database: the vendor's override.
    var found = ValueProvenance.resolve(
      facts(
        databases: [1: .read(value: nil, locks: false), 2: .read(value: nil, locks: false)], user: nil,
        value: "'vendor'"))
    XCTAssertEqual(found.source, .vendor(file: "/s/20.gschema.override"))
    XCTAssertEqual(found.layers.map(\.kind), [.schema, .vendor, .system, .system, .user])
    XCTAssertEqual(found.layers.map(\.origin).suffix(3), ["system-db:site", "system-db:local", "user-db:user"])
    // The first database of the profile wins over the later one.
    found = ValueProvenance.resolve(
      facts(
        databases: [1: .read(value: "'local'", locks: false), 2: .read(value: "'site'", locks: false)], user: nil,
        value: "'local'"))
    XCTAssertEqual(found.source, .system(database: "system-db:local"))
    XCTAssertEqual(found.value, "'local'")
    // The user's value over both.
    found = ValueProvenance.resolve(
      facts(
        databases: [1: .read(value: "'local'", locks: false), 2: .read(value: "'site'", locks: false)], user: "'mine'",
        value: "'mine'", reset: "'local'"))
    XCTAssertEqual(found.source, .user)
    XCTAssertEqual(found.resetValue, "'local'")
    XCTAssertEqual(found.layers.filter(\.wins).map(\.origin), ["user-db:user"])
    // A lock in the lower database: values are read from its level down, the user's is kept.
    found = ValueProvenance.resolve(
      facts(
        databases: [1: .read(value: "'local'", locks: false), 2: .read(value: "'site'", locks: true)], user: "'mine'",
        value: "'site'", writable: false))
    XCTAssertEqual(found.source, .locked(database: "system-db:site", hiddenUserValue: "'mine'"))
    XCTAssertEqual(found.value, "'site'")
    XCTAssertTrue(found.isLocked)
    XCTAssertEqual(found.userValue, "'mine'")
    XCTAssertNotNil(found.layers.last?.note)
    // A lock in a database without a value: the value below it (here the vendor's).
    found = ValueProvenance.resolve(
      facts(
        databases: [1: .read(value: "'local'", locks: true), 2: .read(value: nil, locks: false)], user: nil,
        value: "'local'", writable: false))
    XCTAssertEqual(found.source, .locked(database: "system-db:local", hiddenUserValue: nil))
    XCTAssertEqual(found.value, "'local'")
    // A database's value GSettings does not take (not of the key's type): the one below is in force.
    found = ValueProvenance.resolve(
      facts(
        databases: [
          1: .read(value: "uint32 4", accepted: false, locks: false), 2: .read(value: "'site'", locks: false),
        ],
        user: nil, value: "'vendor'"))
    XCTAssertEqual(found.source, .vendor(file: "/s/20.gschema.override"), "\(found.problems)")
    XCTAssertEqual(found.resetValue, "'vendor'")
  }

  func testADatabaseThatCouldNotBeReadIsNeverNamedWrongly() async throws {
    // The upper database can't be read whole; GSettings gives a value the lower one does not hold.
    var found = ValueProvenance.resolve(
      facts(
        databases: [1: .unreadable("damaged"), 2: .read(value: "'site'", locks: false)], user: nil, value: "'other'"))
    XCTAssertEqual(found.source, .unknown)
    XCTAssertEqual(found.value, "'other'")
    XCTAssertEqual(found.resetValue, "'other'")
    XCTAssertEqual(found.resetSource, .unknown)
    XCTAssertTrue(found.layers.allSatisfy { !$0.wins })
    XCTAssertEqual(found.problems.count, 2, "\(found.problems)")
    // Even when the lower one gives GSettings' value: the damaged one might give it too.
    found = ValueProvenance.resolve(
      facts(
        databases: [1: .unreadable("damaged"), 2: .read(value: "'site'", locks: false)], user: nil, value: "'site'"))
    XCTAssertEqual(found.source, .unknown)
    XCTAssertTrue(found.explanation.contains("Value in force: 'site'"), found.explanation)
    XCTAssertFalse(found.explanation.contains("=>"), found.explanation)
    // A database read (with a value for the key) that dconf does not read so: GSettings gives
    // the default. The case: never "=> system … 42", "Source: system", "Reset gives: 42".
    found = ValueProvenance.resolve(
      facts(
        databases: [1: .read(value: "42", locks: false), 2: .read(value: nil, locks: false)], user: nil, value: "0"))
    XCTAssertEqual(found.source, .unknown)
    XCTAssertEqual(found.value, "0")
    XCTAssertEqual(found.resetValue, "0")
    XCTAssertFalse(found.explanation.contains("=>"), found.explanation)
    // What GSettings alone tells is still told: the user's own value, or a lock (by some database).
    found = ValueProvenance.resolve(
      facts(
        databases: [1: .unreadable("damaged"), 2: .read(value: nil, locks: false)], user: "'mine'", value: "'mine'"))
    XCTAssertEqual(found.source, .user)
    found = ValueProvenance.resolve(
      facts(
        databases: [1: .unreadable("damaged"), 2: .read(value: nil, locks: false)], user: "'mine'", value: "'x'",
        writable: false))
    XCTAssertEqual(found.source, .locked(database: nil, hiddenUserValue: "'mine'"))
    // A database dconf reads nothing from either (its header refused): the lower one is named.
    found = ValueProvenance.resolve(
      facts(
        databases: [1: .empty("it is not a dconf database"), 2: .read(value: "'site'", locks: false)], user: nil,
        value: "'site'"))
    XCTAssertEqual(found.source, .system(database: "system-db:site"))
    XCTAssertEqual(found.problems.count, 1, "\(found.problems)")
  }

  func testAValueThatCantBeToldIsSaidPlainly() async throws {
    var unsafe = facts(databases: [:], user: nil, value: nil)
    unsafe.profile.unsafeFile = "The dconf profile /tmp/fifo is a FIFO, not a regular file."
    unsafe.profile.problems = [unsafe.profile.unsafeFile!]
    let found = ValueProvenance.resolve(unsafe)
    XCTAssertEqual(found.source, .unknown)
    XCTAssertNil(found.value)
    XCTAssertNil(found.resetValue)
    XCTAssertTrue(found.layers.allSatisfy { !$0.wins })
    XCTAssertTrue(found.explanation.contains("Value in force: can't be told"), found.explanation)
    XCTAssertTrue(found.explanation.contains("Reset gives: can't be told"), found.explanation)
    XCTAssertTrue(found.explanation.contains("FIFO"), found.explanation)
  }

  func testAProfileThatIsNotARegularFileIsFoundAsDconfOpensItAndSaidToBeUnsafe() async throws {
    // A FIFO or a device where the mandatory profile is: dconf opens it (and would wait or read
    // forever); it is not passed over for DCONF_PROFILE, and it is said to be unsafe.
    let fifo = DconfProfile.find(
      in: environment(profile: "/tmp/p"),
      read: { path in path == "/run/dconf/user/1000" ? .failure(.notAFile("a FIFO")) : .success("user-db:user\n") })
    XCTAssertEqual(fifo.file, "/run/dconf/user/1000")
    XCTAssertNotNil(fifo.unsafeFile)
    XCTAssertFalse(fifo.isRead)
    // A folder: dconf opens it and reads no line, so no database.
    let folder = DconfProfile.find(
      in: environment(profile: "/tmp/p"),
      read: { path in path == "/run/dconf/user/1000" ? .failure(.folder) : .success("user-db:user\n") })
    XCTAssertEqual(folder.databases, [])
    XCTAssertTrue(folder.isFolder)
    // Too large for Knobs: dconf reads it, so its databases are not known (never "none").
    let large = DconfProfile.find(in: environment(profile: "/tmp/big"), read: { _ in .failure(.tooLarge) })
    XCTAssertFalse(large.isRead)
    XCTAssertFalse(large.problems.joined().contains("reads no database"), "\(large.problems)")
    // The real files: a FIFO and /dev/zero are refused without waiting, by what they are.
    let path = NSTemporaryDirectory() + "knobs-fifo-\(getpid())"
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    defer { unlink(path) }
    XCTAssertEqual(DconfProfile.readFile(path), .failure(.notAFile("a FIFO")))
    XCTAssertEqual(DconfProfile.readFile("/dev/zero"), .failure(.notAFile("a device")))
    let named = DconfProfile.parse("user-db:user\nfile-db:\(path)\n", environment: environment())
    XCTAssertTrue(named.checkingDatabaseFiles().unsafeFile?.contains("FIFO") ?? false)
    XCTAssertNil(
      DconfProfile.parse("file-db:/nonexistent/db\n", environment: environment()).checkingDatabaseFiles().unsafeFile)
  }

  func testWithoutDconfOnlyTheUsersValueAndTheDefaultsCount() async throws {
    var plain = facts(databases: [:], user: "'mine'", value: "'mine'")
    plain.isDconf = false
    let found = ValueProvenance.resolve(plain)
    XCTAssertEqual(found.source, .user)
    XCTAssertEqual(found.resetSource, .vendor(file: "/s/20.gschema.override"))
    XCTAssertTrue(found.explanation.contains("=> user"), found.explanation)
  }
}
