internal import CGio
internal import CGioGlue

/// A GVariant value, owned.
@MainActor
public final class Variant {
  let variant: OpaquePointer

  init(adopting variant: OpaquePointer) {
    self.variant = variant
  }

  public convenience init(_ value: Bool) { self.init(sinking: g_variant_new_boolean(value ? 1 : 0)) }
  public convenience init(_ value: Double) { self.init(sinking: g_variant_new_double(value)) }
  public convenience init(_ value: String) { self.init(sinking: g_variant_new_string(value)) }
  public convenience init(int32 value: Int32) { self.init(sinking: g_variant_new_int32(value)) }
  public convenience init(uint32 value: UInt32) { self.init(sinking: g_variant_new_uint32(value)) }

  /// An array of strings (`as`).
  public convenience init(strings: [String]) {
    var cStrings: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
    defer { cStrings.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    self.init(sinking: g_variant_new_strv(&cStrings, gssize(strings.count)))
  }

  /// An integer of GVariant type `type` ("i", "u", "n", "q", "x", "t" or "y"); nil when it doesn't fit.
  public convenience init?(integer value: Int, type: String) {
    let variant: OpaquePointer?
    switch type {
    case "i": variant = Int32(exactly: value).map { g_variant_new_int32($0) }
    case "u": variant = UInt32(exactly: value).map { g_variant_new_uint32($0) }
    case "n": variant = Int16(exactly: value).map { g_variant_new_int16($0) }
    case "q": variant = UInt16(exactly: value).map { g_variant_new_uint16($0) }
    case "x": variant = g_variant_new_int64(value)
    case "t": variant = UInt(exactly: value).map { g_variant_new_uint64($0) }
    case "y": variant = UInt8(exactly: value).map { g_variant_new_byte($0) }
    default: variant = nil
    }
    guard let variant else { return nil }
    self.init(sinking: variant)
  }

  private convenience init(sinking variant: OpaquePointer) {
    self.init(adopting: g_variant_ref_sink(variant))
  }

  isolated deinit {
    g_variant_unref(variant)
  }

  /// The text of a value stored as a serialized GVariant of type `v` (a dconf database's
  /// value), byte-swapped first for a file of the other byte order; nil when the bytes are
  /// not a valid value (GLib checks them: the file may be damaged).
  public static func textOfSerializedVariant(_ bytes: [UInt8], byteSwapped: Bool) -> String? {
    ofSerializedVariant(bytes, byteSwapped: byteSwapped)?.text
  }

  /// The value stored as a serialized GVariant of type `v`, byte-swapped first for a file of the
  /// other byte order; nil unless the bytes are the one normal form of a `v` (GLib checks them).
  public static func ofSerializedVariant<Bytes: Collection<UInt8>>(_ bytes: Bytes, byteSwapped: Bool) -> Variant? {
    let data = Array(bytes).withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(data) }
    let type = g_variant_type_new("v")
    defer { g_variant_type_free(type) }
    var boxed = g_variant_ref_sink(g_variant_new_from_bytes(type, data, 0))!
    if byteSwapped {
      let swapped = g_variant_ref_sink(g_variant_byteswap(boxed))!
      g_variant_unref(boxed)
      boxed = swapped
    }
    defer { g_variant_unref(boxed) }
    guard g_variant_is_normal_form(boxed) != 0, let inner = g_variant_get_variant(boxed) else { return nil }
    return Variant(adopting: inner)
  }

  /// The GVariant type string, e.g. "b", "i", "d", "s".
  public var typeString: String { String(cString: g_variant_get_type_string(variant)) }

  public var bool: Bool? { typeString == "b" ? g_variant_get_boolean(variant) != 0 : nil }
  public var double: Double? { typeString == "d" ? g_variant_get_double(variant) : nil }
  public var int: Int? { Settings.integer(variant) }
  public var string: String? { typeString == "s" ? String(cString: g_variant_get_string(variant, nil)) : nil }

  /// The strings of an `as` value.
  public var strings: [String]? {
    guard typeString == "as" else { return nil }
    return (0..<g_variant_n_children(variant)).map { index in
      let child = g_variant_get_child_value(variant, index)!
      defer { g_variant_unref(child) }
      return String(cString: g_variant_get_string(child, nil))
    }
  }

  /// Parses GVariant text as a value of type `type` (`(1, 2)` for `(ii)`, `just true` for `mb`);
  /// the error says what is wrong in the parser's words.
  public static func parse(_ text: String, type: String) -> Result<Variant, VariantParseError> {
    guard g_variant_type_string_is_valid(type) != 0 else {
      return .failure(VariantParseError("“\(type)” is not a GVariant type."))
    }
    let variantType = g_variant_type_new(type)!
    defer { g_variant_type_free(variantType) }
    var error: UnsafeMutablePointer<GError>?
    guard let parsed = g_variant_parse(variantType, text, nil, nil, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "it can't be read"
      if let error { g_error_free(error) }
      return .failure(VariantParseError(VariantParseError.withoutOffsets(message)))
    }
    // g_variant_parse returns a reference of our own, not a floating one.
    return .success(Variant(adopting: parsed))
  }

  /// The value in GVariant text format, as `gsettings get` prints it.
  public var text: String {
    let printed = g_variant_print(variant, 0)!
    defer { g_free(printed) }
    return String(cString: printed)
  }

  /// The value in GVariant text format with the type annotations that make it read back as
  /// the same type without a schema (`uint32 60`, `@as []`), as `dconf dump` writes it.
  public var annotatedText: String {
    let printed = g_variant_print(variant, 1)!
    defer { g_free(printed) }
    return String(cString: printed)
  }
}

/// Why GVariant text was refused, in the parser's words.
public struct VariantParseError: Error, Hashable, Sendable, CustomStringConvertible {
  public let description: String

  init(_ description: String) { self.description = description }

  /// GLib starts its messages with the offsets of the fault (`0-3:`); people want the words.
  static func withoutOffsets(_ message: String) -> String {
    let prefix = message.prefix { $0.isNumber || $0 == "-" }
    guard !prefix.isEmpty, message.dropFirst(prefix.count).first == ":" else { return message }
    return String(message.dropFirst(prefix.count + 1).drop { $0 == " " })
  }
}
