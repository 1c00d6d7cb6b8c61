/// A titled group of rows, drawn as one boxed list.
public struct Section: Identifiable {
  /// Unique within its panel; the first part of a row's path.
  public let id: String
  /// The section's heading; nil for none.
  public var title: String?
  /// A dim description under the title.
  public var header: LiveText?
  /// Dim text under the list.
  public var footer: LiveText?
  /// The section's rows, in order.
  public var rows: [Row]
  /// The section is hidden while this does not hold.
  public var visibleWhen: Condition?
  /// Finds the rows at run time; nil for a section whose rows are declared.
  public var rowSource: (any RowSource)?

  /// A section with this id and heading, its rows listed by the builder.
  public init(
    _ id: String, _ title: String? = nil, header: LiveText? = nil, footer: LiveText? = nil,
    @RowBuilder rows: () -> [Row]
  ) {
    self.id = id
    self.title = title
    self.header = header
    self.footer = footer
    self.rows = rows()
  }

  /// The same section with a footer computed from the current settings.
  public func footer(_ compute: @escaping @MainActor (SettingsReader) -> String) -> Section {
    var copy = self
    copy.footer = .live(compute)
    return copy
  }

  /// The section, shown only while `condition` holds.
  public func visible(when condition: Condition) -> Section {
    var copy = self
    copy.visibleWhen = condition
    return copy
  }
}
