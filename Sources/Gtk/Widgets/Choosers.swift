internal import CGtk
internal import CGioGlue
internal import CGtkGlue

/// A GtkFontButton: shows a font in its own face and opens GTK's font chooser.
///
/// GTK 4.10 replaces it with GtkFontDialogButton; on 4.8 it is the font chooser there is.
@MainActor
public final class FontButton: Widget {
  public init(title: String, monospaceOnly: Bool) {
    super.init(widget: gtk_font_button_new())
    gtk_font_button_set_title(c(), title)
    gtk_font_button_set_use_font(c(), 1)
    gtk_font_button_set_use_size(c(), 0)
    gtk_font_button_set_modal(c(), 1)
    if monospaceOnly { knobs_font_chooser_monospace_only(widget) }
  }

  private var isSuppressing = false

  /// The font description shown, e.g. "Cantarell 11". Setting it emits no `onChange` callback.
  public var font: String {
    get {
      guard let font = gtk_font_chooser_get_font(c()) else { return "" }
      defer { g_free(font) }
      return String(cString: font)
    }
    set {
      guard font != newValue else { return }
      isSuppressing = true
      gtk_font_chooser_set_font(c(), newValue)
      isSuppressing = false
    }
  }

  /// Runs when the user picks a font in the chooser.
  @discardableResult
  public func onChange(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
    connect("font-set") { [weak self] in
      guard let self, !self.isSuppressing else { return }
      handler(self.font)
    }
  }

  /// The font families installed on this system, as GTK's font chooser lists them.
  public static func installedFamilies() -> Set<String> {
    var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
    var count: Int32 = 0
    pango_font_map_list_families(pango_cairo_font_map_get_default(), &families, &count)
    guard let families else { return [] }
    defer { g_free(families) }
    return Set(
      (0..<Int(count)).compactMap { index in
        families[index].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
      })
  }

  /// Names the font on the button `text`: for a family that is not installed,
  /// GTK 4.8's button shows “None” where the family's name would be.
  public func showName(_ text: String) {
    nameLabel.map { gtk_label_set_text($0, text) }
  }

  /// The font's name as the button shows it.
  public var shownName: String {
    nameLabel.flatMap { gtk_label_get_text($0) }.map { String(cString: $0) } ?? ""
  }

  /// The button's first label, which shows the font's name (the size has a label of its own).
  private var nameLabel: OpaquePointer? {
    var next = gtk_widget_get_first_child(widget)
    var later: [UnsafeMutablePointer<GtkWidget>] = []
    while let current = next ?? later.popLast() {
      let instance = UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self)
      if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 {
        return OpaquePointer(current)
      }
      if let sibling = gtk_widget_get_next_sibling(current) { later.append(sibling) }
      next = gtk_widget_get_first_child(current)
    }
    return nil
  }

  /// Picks a font as the user would in the chooser: `onChange` runs.
  public func pick(_ font: String) {
    gtk_font_chooser_set_font(c(), font)
    knobs_signal_emit(gobject, "font-set")
  }
}

/// GTK's file chooser as a native dialog (a portal where there is one), for one file or folder.
@MainActor
public final class FileChooser: Object {
  /// - Parameters:
  ///   - mimeTypes: the types offered, e.g. `image/*`; empty for any file.
  ///   - acceptLabel, cancelLabel: the buttons' labels, with “_” before the access key.
  public init(
    title: String, parent: Window?, selectsFolder: Bool, mimeTypes: [String], filterName: String,
    acceptLabel: String, cancelLabel: String
  ) {
    let action = selectsFolder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN
    let dialog = gtk_file_chooser_native_new(title, parent.map { $0.c() }, action, acceptLabel, cancelLabel)!
    super.init(adopting: UnsafeMutableRawPointer(dialog))
    gtk_native_dialog_set_modal(c(), 1)
    if !mimeTypes.isEmpty {
      let filter = gtk_file_filter_new()!
      gtk_file_filter_set_name(filter, filterName)
      mimeTypes.forEach { gtk_file_filter_add_mime_type(filter, $0) }
      gtk_file_chooser_add_filter(c(), filter)
      g_object_unref(UnsafeMutableRawPointer(filter))
    }
  }

  /// A chooser for a new file to save to, offering `suggestedName` in the home folder.
  /// GTK asks before an existing file is replaced.
  public init(saveTitle title: String, parent: Window?, suggestedName: String, acceptLabel: String, cancelLabel: String)
  {
    let dialog = gtk_file_chooser_native_new(
      title, parent.map { $0.c() }, GTK_FILE_CHOOSER_ACTION_SAVE, acceptLabel, cancelLabel)!
    super.init(adopting: UnsafeMutableRawPointer(dialog))
    gtk_native_dialog_set_modal(c(), 1)
    gtk_file_chooser_set_current_name(c(), suggestedName)
  }

  /// Starts in the folder holding `path`, or at `path` itself for a folder chooser.
  public func start(at path: String) {
    let file = g_file_new_for_path(path)
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    var error: UnsafeMutablePointer<GError>?
    _ = gtk_file_chooser_set_file(c(), file, &error)
    if let error { g_error_free(error) }
  }

  /// Shows the dialog; `completion` gets the chosen local path, or nil when the user cancels.
  public func show(completion: @escaping @MainActor (String?) -> Void) {
    let box = SignalBox<Trampolines.WithInt> { [weak self] response in
      guard let self else { return }
      var path: String?
      if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(self.c()) {
        if let chosen = g_file_get_path(file) {
          path = String(cString: chosen)
          g_free(chosen)
        }
        g_object_unref(UnsafeMutableRawPointer(file))
      }
      ChooserActivity.closed()
      completion(path)
    }
    _ = box.connect(to: gobject, signal: "response", trampoline: Trampolines.withInt)
    ChooserActivity.opened()
    gtk_native_dialog_show(c())
  }

  public var isVisible: Bool { gtk_native_dialog_get_visible(c()) != 0 }

  /// Closes the dialog as a cancel would.
  public func hide() { gtk_native_dialog_hide(c()) }
}

/// A GtkMenuButton that opens a popover with content of its own. Its label is
/// cut with an ellipsis rather than widening the row.
@MainActor
public final class MenuButton: Widget {
  private let labelWidget: Label

  public init(label: String) {
    labelWidget = Label(label)
    super.init(widget: gtk_menu_button_new())
    labelWidget.ellipsizesEnd = true
    labelWidget.maximumWidthChars = 24
    let content = Box(.horizontal, spacing: 6)
    content.append(labelWidget)
    let arrow = Image(iconName: "pan-down-symbolic")
    arrow.hideFromAssistiveTechnologies(label: "Opens a menu")
    content.append(arrow)
    gtk_menu_button_set_child(c(), content.widget)
  }

  /// A button showing only an icon (a header bar's main menu); name it with `setAccessibleLabel`.
  public init(iconName: String) {
    labelWidget = Label()
    super.init(widget: gtk_menu_button_new())
    gtk_menu_button_set_icon_name(c(), iconName)
  }

  public var label: String {
    get { labelWidget.text }
    set { labelWidget.text = newValue }
  }

  /// The popover opened by the button; it shows `child`.
  public func setPopover(child: Widget) -> Widget {
    let popover = gtk_popover_new()!
    gtk_popover_set_child(UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkPopover.self), child.widget)
    gtk_menu_button_set_popover(c(), popover)
    return Widget(widget: popover)
  }

  public func popup() { gtk_menu_button_popup(c()) }
  public func popdown() { gtk_menu_button_popdown(c()) }

  public var isOpen: Bool {
    guard let popover = gtk_menu_button_get_popover(c()) else { return false }
    return gtk_widget_get_visible(UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkWidget.self)) != 0
  }
}
