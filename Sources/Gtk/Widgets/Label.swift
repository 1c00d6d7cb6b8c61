internal import CGtk

/// A GtkLabel: plain text that can wrap, be dimmed and be selected.
@MainActor
public final class Label: Widget {
  public init(_ text: String = "") {
    super.init(widget: gtk_label_new(Self.shown(text)))
  }

  /// The text shown: at most `longestText` characters, the rest cut off with an ellipsis.
  public var text: String {
    get { String(cString: gtk_label_get_text(c())) }
    set {
      let shown = Self.shown(newValue)
      // Setting the same text would still queue a resize and an accessibility event.
      if text != shown { gtk_label_set_text(c(), shown) }
    }
  }

  /// The most Unicode scalars a label shows. Texts from other programs (an autostart entry's name, a value
  /// in a file) can be any length, and Pango takes far too long to lay out a very long label.
  public static let longestText = 2000

  /// `text` cut to `longestText` scalars with an ellipsis; most texts are returned as they are.
  public static func shown(_ text: String) -> String {
    guard text.utf8.count > longestText, text.unicodeScalars.count > longestText else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.prefix(longestText - 1))) + "…"
  }

  public var wraps: Bool {
    get { gtk_label_get_wrap(c()) != 0 }
    set {
      gtk_label_set_wrap(c(), newValue ? 1 : 0)
      gtk_label_set_wrap_mode(c(), PANGO_WRAP_WORD_CHAR)
    }
  }

  /// Wraps the label's text only when it has more than `characters` characters.
  ///
  /// A wrapping label is measured by laying its text out again at each width
  /// GTK tries, and Pango shapes the text anew each time, which is costly on a
  /// page of short titles. A text too short to break usefully doesn't wrap and
  /// asks for its whole width instead.
  ///
  /// A wrapping line holds at least `Label.narrowestWrap` characters. GTK
  /// finds a wrapping label's minimum width by laying it out at the narrowest
  /// width it may take; with no floor that is a few pixels, a line per letter,
  /// each shaped anew (see docs/design/performance.md).
  public func wrapsWhenLonger(than characters: Int) {
    let wanted = text.count > characters
    if wraps != wanted { wraps = wanted }
    let narrowest: Int32 = wanted ? Self.narrowestWrap : -1
    if gtk_label_get_width_chars(c()) != narrowest { gtk_label_set_width_chars(c(), narrowest) }
  }

  /// The fewest characters a wrapping line holds.
  public static let narrowestWrap: Int32 = 8

  /// The widest the label asks to be, in characters; -1 for no limit.
  public var maximumWidthChars: Int32 {
    get { gtk_label_get_max_width_chars(c()) }
    set { gtk_label_set_max_width_chars(c(), newValue) }
  }

  /// The fewest characters the label asks to be wide; -1 for no floor. For a wrapping label
  /// this is also the narrowest width GTK lays it out at to find its minimum width.
  public var widthChars: Int32 {
    get { gtk_label_get_width_chars(c()) }
    set { gtk_label_set_width_chars(c(), newValue) }
  }

  /// 0 is the start, 1 the end.
  public var xAlign: Float {
    get { gtk_label_get_xalign(c()) }
    set { gtk_label_set_xalign(c(), newValue) }
  }

  /// Whether the text can be selected and copied.
  public var isSelectable: Bool {
    get { gtk_label_get_selectable(c()) != 0 }
    set { gtk_label_set_selectable(c(), newValue ? 1 : 0) }
  }

  /// Selects nothing (a selectable label selects all its text when it first gets the focus).
  public func clearSelection() { gtk_label_select_region(c(), 0, 0) }

  public var ellipsizesEnd: Bool {
    get { gtk_label_get_ellipsize(c()) == PANGO_ELLIPSIZE_END }
    set { gtk_label_set_ellipsize(c(), newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE) }
  }

}
