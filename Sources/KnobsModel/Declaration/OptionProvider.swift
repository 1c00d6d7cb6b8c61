/// Finds a choice's options when the row is shown: installed themes, fonts, devices.
public struct OptionProvider: Sendable {
  private let find: @MainActor @Sendable () throws -> [Row.Choice.Option]

  /// A provider that finds its options with `find`, which may throw to say why it found none.
  public init(_ find: @escaping @MainActor @Sendable () throws -> [Row.Choice.Option]) {
    self.find = find
  }

  /// The options found now; an error or an empty answer is an `OptionProviderError`.
  @MainActor
  public func options() throws(OptionProviderError) -> [Row.Choice.Option] {
    let found: [Row.Choice.Option]
    do {
      found = try find()
    } catch {
      throw .failed(String(describing: error))
    }
    guard !found.isEmpty else { throw .nothingFound }
    return found
  }
}

/// Why a provider gave no options.
public enum OptionProviderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Finding the options failed; the text says why.
  case failed(String)
  /// The provider found no options.
  case nothingFound

  public var description: String {
    switch self {
    case .failed(let reason): return tr("The options couldn't be listed: %s", reason)
    case .nothingFound: return tr("No options were found on this system.")
    }
  }
}
