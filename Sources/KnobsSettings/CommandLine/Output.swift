import Glibc

/// Says `message` on standard error, as one line.
package func printError(_ message: String) {
  writeWhole(message + "\n", to: STDERR_FILENO)
}

/// Writes `text` at once to a file descriptor (standard output or error), unbuffered, so that
/// a run cut short has written it.
package func writeWhole(_ text: String, to descriptor: Int32) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written < 0 && errno == EINTR { continue }
    guard written > 0 else { return }
    bytes = bytes.dropFirst(written)
  }
}
