/// Row ids for things found at run time (apps, extensions, shortcuts), made from
/// their names or file names so that paths stay readable and stable.
package enum FoundRowIDs {
  /// `org.gnome.Evolution-alarm-notify` is `org-gnome-evolution-alarm-notify`: lowercase ASCII
  /// letters and digits, anything else one dash; `fallback` when nothing is left.
  package static func slug(_ name: String, fallback: String) -> String {
    var slug = ""
    for scalar in name.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        slug.unicodeScalars.append(scalar)
      } else if !slug.isEmpty && !slug.hasSuffix("-") {
        slug += "-"
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    return slug.isEmpty ? fallback : slug
  }

  /// A unique id for each of `names`, keyed by name: clashes, with each other or with
  /// `reserved`, get `-2`, `-3` in the names' sorted order.
  package static func unique(
    _ names: [String], reserved: Set<String> = [], slug: (String) -> String
  ) -> [String: String] {
    var used = reserved
    var result: [String: String] = [:]
    for name in names.sorted() where result[name] == nil {
      let base = slug(name)
      var candidate = base
      var number = 2
      while !used.insert(candidate).inserted {
        candidate = "\(base)-\(number)"
        number += 1
      }
      result[name] = candidate
    }
    return result
  }
}
