import Gtk

/// The frame Knobs' small windows share: a padded column under a bold heading,
/// and modal over `parent` when there is one. Escape runs `onEscape`, which
/// closes the window. The caller appends the rest of the window's content to
/// `column`.
@MainActor
package struct DialogFrame {
  package let column = Box(.vertical, spacing: 12)
  package let heading: Label

  package init(
    window: Window, title: String, heading text: String, width: Int32, height: Int32 = -1, parent: Window?,
    onEscape: @escaping @MainActor () -> Void
  ) {
    window.title = title
    if let parent {
      window.isModal = true
      window.destroysWithParent = true
      window.setTransient(for: parent)
    }
    window.setDefaultSize(width: width, height: height)
    column.setMargins(top: 24, bottom: 24, start: 24, end: 24)
    heading = Label(text)
    heading.addCSSClass("knobs-dialog-title")
    heading.wraps = true
    column.append(heading)
    window.setChild(column)
    let keys = KeyController()
    keys.onKeyPressed { key in
      guard key.isEscape else { return false }
      onEscape()
      return true
    }
    window.add(keys)
  }
}
