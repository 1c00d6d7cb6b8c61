import FoundationEssentials

/// A color as settings keep it: `#3465a4`, `#36a`, `rgb(52, 101, 164)`,
/// `rgba(52, 101, 164, 0.5)`, a CSS color name such as `black`, or GVariant
/// text of three or four doubles from 0 to 1, `(0.2, 0.4, 0.64, 0.5)`.
public struct RGBColor: Hashable, Sendable {
  /// The red channel, 0 to 255.
  public var red: UInt8
  /// The green channel, 0 to 255.
  public var green: UInt8
  /// The blue channel, 0 to 255.
  public var blue: UInt8
  /// From 0 (transparent) to 1 (opaque).
  public var alpha: Double

  /// A color of these channels; `alpha` from 0 (clear) to 1 (opaque).
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = min(max(alpha, 0), 1)
  }

  /// Parses color text; throws with the reason for anything else (`blue-ish`, `#12345`).
  public init(parsing text: String) throws(ColorError) {
    let trimmed = text.trimmingWhitespace
    guard !trimmed.isEmpty else { throw .empty }
    let folded = trimmed.lowercased()
    if folded.hasPrefix("#") {
      self = try Self.hex(String(folded.dropFirst()), text: trimmed)
    } else if folded.hasPrefix("rgb(") || folded.hasPrefix("rgba("), folded.hasSuffix(")") {
      self = try Self.function(folded, text: trimmed)
    } else if folded.hasPrefix("("), folded.hasSuffix(")") {
      self = try Self.doubles(folded, text: trimmed)
    } else if let named = Self.names[folded] {
      self = named
    } else {
      throw .unparsable(trimmed)
    }
  }

  private static func hex(_ digits: String, text: String) throws(ColorError) -> RGBColor {
    guard digits.allSatisfy(\.isHexDigit), [3, 6, 8].contains(digits.count) else { throw .unparsable(text) }
    let values = Array(digits)
    func byte(_ index: Int, width: Int) -> UInt8 {
      let part = String(values[index..<index + width])
      let value = UInt8(part, radix: 16) ?? 0
      return width == 1 ? value * 17 : value
    }
    if digits.count == 3 { return RGBColor(red: byte(0, width: 1), green: byte(1, width: 1), blue: byte(2, width: 1)) }
    let alpha = digits.count == 8 ? Double(byte(6, width: 2)) / 255 : 1
    return RGBColor(red: byte(0, width: 2), green: byte(2, width: 2), blue: byte(4, width: 2), alpha: alpha)
  }

  private static func function(_ folded: String, text: String) throws(ColorError) -> RGBColor {
    let hasAlpha = folded.hasPrefix("rgba(")
    let inside = folded.drop { $0 != "(" }.dropFirst().dropLast()
    let parts = inside.split(separator: ",").map { String($0).trimmingWhitespace }
    guard parts.count == (hasAlpha ? 4 : 3) else { throw .unparsable(text) }
    var channels: [UInt8] = []
    for part in parts.prefix(3) {
      guard let value = Double(part), value.isFinite, (0...255).contains(value) else { throw .unparsable(text) }
      channels.append(UInt8(value.rounded()))
    }
    var alpha = 1.0
    if hasAlpha {
      guard let value = Double(parts[3]), value.isFinite, (0...1).contains(value) else { throw .unparsable(text) }
      alpha = value
    }
    return RGBColor(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
  }

  private static func doubles(_ folded: String, text: String) throws(ColorError) -> RGBColor {
    let parts = folded.dropFirst().dropLast().split(separator: ",").map { String($0).trimmingWhitespace }
    guard parts.count == 3 || parts.count == 4 else { throw .unparsable(text) }
    var values: [Double] = []
    for part in parts {
      guard let value = Double(part), value.isFinite, (0...1).contains(value) else { throw .unparsable(text) }
      values.append(value)
    }
    func byte(_ value: Double) -> UInt8 { UInt8((value * 255).rounded()) }
    return RGBColor(
      red: byte(values[0]), green: byte(values[1]), blue: byte(values[2]), alpha: values.count == 4 ? values[3] : 1)
  }

  /// The color written in `format`.
  public func text(in format: ColorFormat) -> String {
    switch format {
    case .hex: return "#" + [red, green, blue].map(Self.twoDigits).joined()
    case .hexWithAlpha: return "#" + [red, green, blue, UInt8((alpha * 255).rounded())].map(Self.twoDigits).joined()
    case .rgb: return "rgb(\(red),\(green),\(blue))"
    case .rgba: return "rgba(\(red),\(green),\(blue),\(Row.plainNumber((alpha * 1000).rounded() / 1000)))"
    case .doubles: return "(" + [red, green, blue].map(Self.fraction).joined(separator: ", ") + ")"
    case .doublesWithAlpha:
      return "(" + ([red, green, blue].map(Self.fraction) + [Self.double(alpha)]).joined(separator: ", ") + ")"
    }
  }

  /// A channel as a double from 0 to 1, in GVariant text: `1.0`, `0.2`.
  private static func fraction(_ value: UInt8) -> String { double(Double(value) / 255) }

  private static func double(_ value: Double) -> String {
    let text = String(value)
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  private static func twoDigits(_ value: UInt8) -> String {
    let digits = String(value, radix: 16)
    return digits.count == 1 ? "0" + digits : digits
  }

  /// CSS's basic color names.
  static let names: [String: RGBColor] = [
    "black": RGBColor(red: 0, green: 0, blue: 0), "white": RGBColor(red: 255, green: 255, blue: 255),
    "red": RGBColor(red: 255, green: 0, blue: 0), "green": RGBColor(red: 0, green: 128, blue: 0),
    "blue": RGBColor(red: 0, green: 0, blue: 255), "yellow": RGBColor(red: 255, green: 255, blue: 0),
    "gray": RGBColor(red: 128, green: 128, blue: 128), "grey": RGBColor(red: 128, green: 128, blue: 128),
    "silver": RGBColor(red: 192, green: 192, blue: 192), "maroon": RGBColor(red: 128, green: 0, blue: 0),
    "purple": RGBColor(red: 128, green: 0, blue: 128), "fuchsia": RGBColor(red: 255, green: 0, blue: 255),
    "lime": RGBColor(red: 0, green: 255, blue: 0), "olive": RGBColor(red: 128, green: 128, blue: 0),
    "navy": RGBColor(red: 0, green: 0, blue: 128), "teal": RGBColor(red: 0, green: 128, blue: 128),
    "aqua": RGBColor(red: 0, green: 255, blue: 255), "orange": RGBColor(red: 255, green: 165, blue: 0),
  ]
}

/// How a color key writes its colors.
public enum ColorFormat: Hashable, Sendable {
  /// `#rrggbb`, as the desktop's background colors are kept.
  case hex
  /// `#rrggbbaa`.
  case hexWithAlpha
  /// `rgb(r,g,b)`.
  case rgb
  /// `rgba(r,g,b,a)`.
  case rgba
  /// Three doubles from 0 to 1, in a `(ddd)` key.
  case doubles
  /// Four doubles from 0 to 1, the last the alpha, in a `(dddd)` key.
  case doublesWithAlpha

  /// The GVariant type of a key that holds the color, for the formats kept as other than a string.
  public var variantType: String? {
    switch self {
    case .hex, .hexWithAlpha, .rgb, .rgba: nil
    case .doubles: "(ddd)"
    case .doublesWithAlpha: "(dddd)"
    }
  }

  /// Whether the format writes a color's alpha; the others write every color opaque.
  public var keepsAlpha: Bool {
    switch self {
    case .hexWithAlpha, .rgba, .doublesWithAlpha: true
    case .hex, .rgb, .doubles: false
    }
  }

  /// The format `text` is written in; nil when it is no color. Short hex and names read as `#rrggbb`.
  public init?(of text: String) {
    let folded = text.trimmingWhitespace.lowercased()
    guard (try? RGBColor(parsing: folded)) != nil else { return nil }
    if folded.hasPrefix("(") {
      self = folded.split(separator: ",").count == 4 ? .doublesWithAlpha : .doubles
    } else if folded.hasPrefix("rgba(") {
      self = .rgba
    } else if folded.hasPrefix("rgb(") {
      self = .rgb
    } else if folded.hasPrefix("#"), folded.count == 9 {
      self = .hexWithAlpha
    } else {
      self = .hex
    }
  }
}

/// Why text is not a color.
public enum ColorError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text is empty.
  case empty
  /// The text is no color.
  case unparsable(String)

  public var description: String {
    switch self {
    case .empty: return tr("A color can't be empty.")
    case .unparsable(let text):
      return tr("“%s” is not a color; write it like #3465a4 or rgb(52,101,164).", text.escapedForMessage)
    }
  }
}
