import CIntl
import Synchronization

/// Another application's gettext domain, for the texts of the panel it
/// declares: `Panel("Pizza", translationDomain: TranslationDomain("org.example.Pizza")) { … }`.
///
/// The panel's texts are written in English and are the msgids; Knobs looks
/// each one up with `dgettext` when the panel is shown (`Panel.translated()`),
/// as GtkBuilder does for a UI file's translatable texts. Mark them with `N_`
/// so `xgettext -L C --keyword=N_` extracts them from the Swift source (see
/// po/README.md). A text the domain doesn't translate, or a missing `.mo`
/// file, leaves the English text.
public struct TranslationDomain: Hashable, Sendable {
  /// The domain: the `.mo` files' name, such as `org.example.Pizza`.
  public var name: String
  /// The folder holding `LANG/LC_MESSAGES/NAME.mo`; nil for the system's
  /// (`/usr/share/locale`).
  public var localeDirectory: String?

  /// The gettext domain `name`, its catalogs in `localeDirectory` or else the system's locale folder.
  public init(_ name: String, localeDirectory: String? = nil) {
    self.name = name
    self.localeDirectory = localeDirectory
  }

  /// Domains bound so far, so each is bound once.
  private static let bound = Mutex(Set<TranslationDomain>())

  /// `english` in the user's language, through the domain. Search matches the
  /// English text of what it gives too (`Translation.englishTexts(of:)`).
  public func text(_ english: String) -> String {
    guard !english.isEmpty else { return english }
    let isNew = Self.bound.withLock { $0.insert(self).inserted }
    if isNew { knobs_intl_bind(name, localeDirectory) }
    let translated = english.withCString { msgid in String(cString: knobs_dgettext(name, msgid)) }
    guard translated != english, !translated.isEmpty else { return english }
    Translation.remember(translated, english: english)
    return translated
  }
}

/// Marks a panel's text for `xgettext` and returns it unchanged:
/// `ToggleRow("bacon", N_("Bacon"), key: bacon)`. The panel's translation
/// domain translates it when the panel is shown. Extract with
/// `xgettext -L C --from-code=UTF-8 --keyword=N_ Sources/*.swift` (xgettext has
/// no Swift parser; its C parser reads the calls, so the text must be a literal
/// on one line).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func N_<Text: ExpressibleByStringLiteral>(_ text: StaticString) -> Text where Text.StringLiteralType == String {
  Text(stringLiteral: text.description)
}
