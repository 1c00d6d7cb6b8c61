extension Panel {
  /// The panel as shown: with a translation domain, its titles, subtitles,
  /// section titles, headers and footers, keywords, option labels,
  /// placeholders, hints, units, button labels and confirmations in the
  /// user's language, also on its detail pages and on pages made when opened.
  /// Text computed by code (live subtitles and footers, option providers, rows
  /// found at run time) is the code's to translate, with `TranslationDomain.text`.
  /// A panel without a domain comes back as it is, apart from detail pages
  /// naming a domain of their own.
  @MainActor
  public func translated() -> Panel {
    translated(in: nil)
  }

  @MainActor
  func translated(in inherited: TranslationDomain?) -> Panel {
    guard !isTranslated else { return self }
    guard let domain = translationDomain ?? inherited else {
      guard hasDomainInside else { return self }
      var copy = self
      copy.sections = sections.map { section in
        var section = section
        section.rows = section.rows.map { row in
          guard case .detail(let page) = row.kind.form else { return row }
          var row = row
          row.kind = .detail(page.translated(in: nil))
          return row
        }
        return section
      }
      return copy
    }
    var copy = self
    copy.title = domain.text(title)
    copy.sections = sections.map { $0.translated(domain) }
    copy.translationDomain = nil
    copy.isTranslated = true
    return copy
  }

  /// Whether a detail page below names a translation domain.
  private var hasDomainInside: Bool {
    sections.contains { section in
      section.rows.contains { row in
        guard case .detail(let page) = row.kind.form else { return false }
        return page.translationDomain != nil || page.hasDomainInside
      }
    }
  }
}

extension Section {
  @MainActor
  fileprivate func translated(_ domain: TranslationDomain) -> Section {
    var copy = self
    copy.title = title.map(domain.text)
    copy.header = header?.translated(domain)
    copy.footer = footer?.translated(domain)
    copy.rows = rows.map { $0.translated(domain) }
    return copy
  }
}

extension LiveText {
  /// Fixed text translated; live text is computed by code, which translates it.
  fileprivate func translated(_ domain: TranslationDomain) -> LiveText {
    guard case .fixed(let text) = self else { return self }
    return .fixed(domain.text(text))
  }
}

extension Row {
  @MainActor
  fileprivate func translated(_ domain: TranslationDomain) -> Row {
    var row = self
    row.title = domain.text(title)
    row.subtitle = subtitle?.translated(domain)
    row.keywords = keywords.map(domain.text)
    if let label = button?.label { row.button?.label = domain.text(label) }
    row.kind = kind.translated(domain)
    return row
  }
}

extension Row.Kind {
  @MainActor
  fileprivate func translated(_ domain: TranslationDomain) -> Row.Kind {
    switch form {
    case .detail(let page):
      return .detail(page.translated(in: domain))
    case .page(let link):
      let made = PageLink(title: domain.text(link.title), keepsPage: link.keepsPage) {
        link.page.translated(in: domain)
      }
      return .page(made)
    case .value(let text):
      return .value(text.translated(domain))
    case .slider(var slider):
      if case .number(let decimals, let unit) = slider.format {
        slider.format = .number(decimals: decimals, unit: domain.text(unit))
      }
      return .slider(slider)
    case .choice(var choice):
      choice.options = choice.options.map { Row.Choice.Option($0.value, domain.text($0.label)) }
      return .choice(choice)
    case .multiSelect(var multiSelect):
      multiSelect.options = multiSelect.options.map { Row.MultiSelect.Option($0.value, domain.text($0.label)) }
      return .multiSelect(multiSelect)
    case .text(var text):
      text.placeholder = text.placeholder.map(domain.text)
      text.rule = text.rule.translated(domain)
      return .text(text)
    case .number(var number):
      number.unit = domain.text(number.unit)
      return .number(number)
    case .list(var list):
      list.placeholder = list.placeholder.map(domain.text)
      list.itemRule = list.itemRule.translated(domain)
      return .list(list)
    case .action(var action):
      action.confirmation = action.confirmation.map { confirmation in
        Confirmation(
          title: domain.text(confirmation.title), message: domain.text(confirmation.message),
          confirmLabel: domain.text(confirmation.confirmLabel))
      }
      return .action(action)
    case .toggle, .link, .email, .font, .file, .shortcut, .color:
      return self
    }
  }
}

extension TextRule {
  fileprivate func translated(_ domain: TranslationDomain) -> TextRule {
    var rule = self
    rule.patternHint = patternHint.map(domain.text)
    return rule
  }
}
