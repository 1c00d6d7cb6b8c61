extension Row {
  /// A URL to open. Only `https` and `http` are opened unless the row names
  /// another scheme in `extraSchemes`.
  public struct Link {
    public var url: String
    public var extraSchemes: Set<String>

    public init(url: String, extraSchemes: Set<String> = []) {
      self.url = url
      self.extraSchemes = Set(extraSchemes.map { $0.lowercased() })
    }
  }
}
