/// A page of settings: an ordered list of sections. Detail rows open panels of their own.
public struct Panel {
  /// The panel's title, shown at the top of its window.
  public var title: String
  /// The panel's sections, in order.
  public var sections: [Section]
  /// The gettext domain of the panel's texts, for a panel an application
  /// declares in its own language: the texts are the English msgids, and
  /// `translated()` shows them in the user's language. Nil for texts already
  /// in the user's language (Knobs' own, through `tr`). A detail page without
  /// a domain of its own uses its panel's.
  public var translationDomain: TranslationDomain?
  /// Set on the panel `translated()` gives, so it is not translated twice.
  var isTranslated = false

  /// A panel titled `title` with the sections the builder lists; texts are translated in
  /// `translationDomain` when given.
  public init(
    _ title: String, translationDomain: TranslationDomain? = nil, @SectionBuilder sections: () -> [Section]
  ) {
    self.title = title
    self.sections = sections()
    self.translationDomain = translationDomain
  }

  /// A panel titled `title` with these sections; texts are translated in `translationDomain` when given.
  public init(title: String, sections: [Section], translationDomain: TranslationDomain? = nil) {
    self.title = title
    self.sections = sections
    self.translationDomain = translationDomain
  }
}
