extension Row {
  /// A URL to open. Only `https` and `http` are opened unless the row names
  /// another scheme in `extraSchemes`.
  public struct Link {
    /// The address the link opens.
    public var url: String
    /// URL schemes the link may open beyond `https` and `http`.
    public var extraSchemes: Set<String>

    /// A link to `url`, which must use `https`, `http` or one of `extraSchemes`.
    public init(url: String, extraSchemes: Set<String> = []) {
      self.url = url
      self.extraSchemes = Set(extraSchemes.map { $0.lowercased() })
    }
  }
}
