package import CGio

/// A GError turned into a Swift error; the GError is freed.
public struct GLibError: Error, CustomStringConvertible, Sendable {
  public let message: String
  /// The GIO error code when the error is in the GIO domain.
  public let ioCode: Int32?

  package init(consuming error: UnsafeMutablePointer<GError>?) {
    guard let error else {
      message = "Unknown error"
      ioCode = nil
      return
    }
    message = String(cString: error.pointee.message)
    ioCode = error.pointee.domain == g_io_error_quark() ? error.pointee.code : nil
    g_error_free(error)
  }

  package init(message: String, ioCode: Int32?) {
    self.message = message
    self.ioCode = ioCode
  }

  /// The error GIO gives when no application handles a URI's scheme.
  public static let notSupported = GLibError(
    message: "Operation not supported", ioCode: Int32(G_IO_ERROR_NOT_SUPPORTED.rawValue))

  public var description: String { message }

  /// No application is installed for this kind of URI.
  public var isNotSupported: Bool { ioCode == Int32(G_IO_ERROR_NOT_SUPPORTED.rawValue) }
}
