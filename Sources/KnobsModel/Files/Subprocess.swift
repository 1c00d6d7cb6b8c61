import Glibc

/// Runs a program found on `PATH` to its end and keeps one of its outputs; the other goes
/// to /dev/null. Nothing but the pipe's end reaches the child: every other descriptor Knobs
/// holds is close-on-exec.
package enum Subprocess {
  package enum Output {
    case standardOutput, standardError
  }

  /// The most bytes `run` reads from a program unless told otherwise: far more than a version
  /// or a compiler's messages take.
  package static let defaultLimit = 64 * 1024

  /// The status `run` gives a program that wrote more than its limit (it is killed, and what it
  /// wrote is not to be used).
  package static let overLimit: Int32 = -2

  /// Why a program's output was not used, when it wrote more than `limit` bytes.
  package static func overLimitProblem(_ program: String, limit: Int) -> String {
    tr("%1$s wrote more than %2$d KB; it was stopped and what it wrote was not used.", program, limit / 1024)
  }

  /// The exit status (-1 when the program could not be started or did not exit normally) and
  /// the bytes it wrote to `output`. The output is read as it comes, so a long output cannot
  /// fill the pipe and block the program; past `limit` bytes the program is killed and the
  /// status is `overLimit`, with the first `limit` bytes: a program that writes without end
  /// (`yes`) costs a moment and `limit` bytes, not all the memory there is.
  package static func run(_ arguments: [String], keeping output: Output, limit: Int = defaultLimit) -> (
    status: Int32, bytes: [UInt8]
  ) {
    guard !arguments.isEmpty else { return (-1, []) }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return (-1, []) }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    // Neither end may reach another child started meanwhile (the duplicate on 1 or 2 does reach this one).
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let kept: Int32 = output == .standardOutput ? 1 : 2
    let silenced: Int32 = output == .standardOutput ? 2 : 1
    posix_spawn_file_actions_adddup2(&actions, writeEnd, kept)
    posix_spawn_file_actions_addopen(&actions, silenced, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
    close(writeEnd)
    guard spawned == 0 else {
      close(readEnd)
      return (-1, [])
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    var tooMuch = false
    while true {
      let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      if count > 0 {
        guard bytes.count + count <= limit else {
          bytes += buffer[0..<(limit - bytes.count)]
          tooMuch = true
          break
        }
        bytes += buffer[0..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    // Killed before the pipe closes: it can't block on a full pipe meanwhile, and a child of it
    // still writing gets SIGPIPE once the read end is closed.
    if tooMuch { kill(pid, SIGKILL) }
    close(readEnd)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return (tooMuch ? overLimit : -1, bytes) }
    }
    if tooMuch { return (overLimit, bytes) }
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    let exited = status & 0x7f == 0
    return (exited ? (status >> 8) & 0xff : -1, bytes)
  }
}
