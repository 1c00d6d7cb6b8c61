/// GVariant type strings (`b`, `as`, `(ii)`, `a{sv}`), read without GLib so a
/// panel's declared types are checked wherever the panel is checked.
package enum GVariantType {
  /// Whether `type` is one complete, definite GVariant type: basic types, `v`, arrays, maybes, tuples and
  /// dictionary entries, with no indefinite `*`, `?` or `r`.
  package static func isValid(_ type: String) -> Bool {
    let scalars = Array(type.unicodeScalars)
    var index = 0
    return readOne(scalars, &index, depth: 0) && index == scalars.count
  }

  private static let basic: Set<Unicode.Scalar> = ["b", "y", "n", "q", "i", "u", "x", "t", "h", "d", "s", "o", "g"]

  private static func readOne(_ scalars: [Unicode.Scalar], _ index: inout Int, depth: Int) -> Bool {
    // GLib nests at most 128 containers deep.
    guard index < scalars.count, depth < 128 else { return false }
    let scalar = scalars[index]
    index += 1
    switch scalar {
    case _ where basic.contains(scalar), "v":
      return true
    case "a", "m":
      return readOne(scalars, &index, depth: depth + 1)
    case "(":
      while index < scalars.count, scalars[index] != ")" {
        guard readOne(scalars, &index, depth: depth + 1) else { return false }
      }
      guard index < scalars.count else { return false }
      index += 1
      return true
    case "{":
      guard index < scalars.count, basic.contains(scalars[index]) else { return false }
      index += 1
      guard readOne(scalars, &index, depth: depth + 1), index < scalars.count, scalars[index] == "}" else {
        return false
      }
      index += 1
      return true
    default:
      return false
    }
  }
}
