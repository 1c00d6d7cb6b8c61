internal import CGtk

/// A GtkEventController attached to a widget with `Widget.add(_:)`.
@MainActor
public class EventController: Object {
  var controller: OpaquePointer { c() }

  init(_ pointer: OpaquePointer) {
    super.init(retaining: UnsafeMutableRawPointer(pointer))
  }

}

/// Key presses. The handler returns true when it handled the key.
@MainActor
public final class KeyController: EventController {
  /// - Parameter capturing: handle keys before the focused widget does (GTK's capture phase).
  public init(capturing: Bool = false) {
    super.init(gtk_event_controller_key_new())
    if capturing { gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE) }
  }

  @discardableResult
  public func onKeyPressed(_ handler: @escaping @MainActor (Key) -> Bool) -> SignalConnection {
    let box = SignalBox<Trampolines.Key> { keyval, state in
      handler(Key(keyval: keyval, modifiers: state.rawValue))
    }
    return box.connect(to: gobject, signal: "key-pressed", trampoline: Trampolines.key)
  }
}

/// A pressed key: what it is and which modifiers were held.
public struct Key: Sendable {
  public let keyval: UInt32
  let modifiers: UInt32

  init(keyval: UInt32, modifiers: UInt32) {
    self.keyval = keyval
    self.modifiers = modifiers
  }

  /// A key as a key event would carry it, for tests: `Key(name: "h", super: true)`.
  /// Nil when GDK has no key of that name.
  public init?(name: String, shift: Bool = false, control: Bool = false, alt: Bool = false, super: Bool = false) {
    let keyval = gdk_keyval_from_name(name)
    guard keyval != 0, keyval != UInt32(GDK_KEY_VoidSymbol) else { return nil }
    var modifiers: UInt32 = 0
    if shift { modifiers |= GDK_SHIFT_MASK.rawValue }
    if control { modifiers |= GDK_CONTROL_MASK.rawValue }
    if alt { modifiers |= GDK_ALT_MASK.rawValue }
    if `super` { modifiers |= GDK_SUPER_MASK.rawValue }
    self.init(keyval: keyval, modifiers: modifiers)
  }

  public var control: Bool { modifiers & GDK_CONTROL_MASK.rawValue != 0 }
  public var alt: Bool { modifiers & GDK_ALT_MASK.rawValue != 0 }
  public var shift: Bool { modifiers & GDK_SHIFT_MASK.rawValue != 0 }
  public var `super`: Bool { modifiers & GDK_SUPER_MASK.rawValue != 0 }
  public var hyper: Bool { modifiers & GDK_HYPER_MASK.rawValue != 0 }
  public var meta: Bool { modifiers & GDK_META_MASK.rawValue != 0 }

  /// The key's name in an accelerator, lowercase for letters: `h`, `Page_Up`, `F1`,
  /// `XF86AudioMute` (GDK names media keys without the `XF86` that keybindings use).
  public var acceleratorKeyName: String? {
    if keyval == UInt32(GDK_KEY_ISO_Left_Tab) { return "Tab" }
    guard let name = gdk_keyval_name(gdk_keyval_to_lower(keyval)) else { return nil }
    let text = String(cString: name)
    return (0x1008_0000...0x1008_ffff).contains(keyval) && !text.hasPrefix("XF86") ? "XF86" + text : text
  }

  /// A modifier key pressed on its own (Shift, Control, Alt, Super, AltGr…): no shortcut yet.
  public var isModifier: Bool {
    (0xffe1...0xffee).contains(keyval) || (0xfe01...0xfe0f).contains(keyval) || keyval == 0xff7e
  }

  public var isBackSpace: Bool { keyval == UInt32(GDK_KEY_BackSpace) }

  public var isEscape: Bool { keyval == UInt32(GDK_KEY_Escape) }
  /// Space, with no modifier.
  public var isSpace: Bool {
    (keyval == UInt32(GDK_KEY_space) || keyval == UInt32(GDK_KEY_KP_Space)) && !control && !alt && !shift
  }
  public var isLeft: Bool { keyval == UInt32(GDK_KEY_Left) || keyval == UInt32(GDK_KEY_KP_Left) }
  public var isUp: Bool { keyval == UInt32(GDK_KEY_Up) || keyval == UInt32(GDK_KEY_KP_Up) }
  public var isDown: Bool { keyval == UInt32(GDK_KEY_Down) || keyval == UInt32(GDK_KEY_KP_Down) }
  public var isPageUp: Bool { keyval == UInt32(GDK_KEY_Page_Up) || keyval == UInt32(GDK_KEY_KP_Page_Up) }
  public var isPageDown: Bool { keyval == UInt32(GDK_KEY_Page_Down) || keyval == UInt32(GDK_KEY_KP_Page_Down) }
  public var isDelete: Bool { keyval == UInt32(GDK_KEY_Delete) || keyval == UInt32(GDK_KEY_KP_Delete) }
  /// The Menu key, or Shift+F10: both open a context menu.
  public var opensContextMenu: Bool {
    keyval == UInt32(GDK_KEY_Menu) || (shift && keyval == UInt32(GDK_KEY_F10))
  }
}

/// Mouse or touch presses of one button.
@MainActor
public final class ClickGesture: EventController {
  /// - Parameter button: 1 for the primary button, 3 for the secondary (context menu), 0 for any.
  public init(button: UInt32) {
    super.init(gtk_gesture_click_new())
    gtk_gesture_single_set_button(c(), button)
  }

  /// Runs with the number of presses and where the press happened.
  @discardableResult
  public func onPressed(_ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> SignalConnection {
    SignalBox<Trampolines.Press>(handler).connect(to: gobject, signal: "pressed", trampoline: Trampolines.press)
  }

  /// Runs when the button is released, unless a widget inside claimed the press.
  @discardableResult
  public func onReleased(_ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> SignalConnection {
    SignalBox<Trampolines.Press>(handler).connect(to: gobject, signal: "released", trampoline: Trampolines.press)
  }
}

/// A touch long press.
@MainActor
public final class LongPressGesture: EventController {
  public init() {
    super.init(gtk_gesture_long_press_new())
    gtk_gesture_single_set_touch_only(c(), 1)
  }

  @discardableResult
  public func onPressed(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
    SignalBox<Trampolines.Point>(handler).connect(to: gobject, signal: "pressed", trampoline: Trampolines.point)
  }
}
