package import CGio

/// The texts of a NULL-terminated C array of strings (a GStrv), in order; the array stays the caller's.
package func stringArray(_ array: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>) -> [String] {
  var result: [String] = []
  var index = 0
  while let item = array[index] {
    result.append(String(cString: item))
    index += 1
  }
  return result
}
