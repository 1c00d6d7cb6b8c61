import Gtk
import KnobsModel

/// Remembers the window's size in Knobs' own schema.
@MainActor
struct WindowState {
  /// The size of a first start, and of every start when Knobs' schema is missing.
  static let defaultWidth: Int32 = 640
  static let defaultHeight: Int32 = 720
  let settings: Settings

  /// Sizes the window as it was; true when it opens maximized.
  @discardableResult
  func restore(_ window: Window) -> Bool {
    let width = settings.hasKey("window-width") ? settings.int("window-width") : Int(Self.defaultWidth)
    let height = settings.hasKey("window-height") ? settings.int("window-height") : Int(Self.defaultHeight)
    window.setDefaultSize(width: Int32(clamping: max(width, 360)), height: Int32(clamping: max(height, 360)))
    guard settings.hasKey("window-maximized"), settings.bool("window-maximized") else { return false }
    window.maximize()
    return true
  }

  func save(_ window: Window) {
    let size = window.defaultSize
    settings.set("window-width", Variant(int32: size.width))
    settings.set("window-height", Variant(int32: size.height))
    settings.set("window-maximized", Variant(window.isMaximized))
  }
}
