/// A page of settings: an ordered list of sections. Detail rows open panels of their own.
public struct Panel {
  public var title: String
  public var sections: [Section]

  public init(_ title: String, @SectionBuilder sections: () -> [Section]) {
    self.title = title
    self.sections = sections()
  }

  public init(title: String, sections: [Section]) {
    self.title = title
    self.sections = sections
  }
}
