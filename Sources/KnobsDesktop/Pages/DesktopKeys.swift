import KnobsModel

/// The desktop's keys the shipped panel edits, by schema.
extension SettingKey {
  static func interface(_ key: String) -> SettingKey {
    SettingKey(schema: "org.gnome.desktop.interface", key: key)
  }

  static func windowManager(_ key: String) -> SettingKey {
    SettingKey(schema: "org.gnome.desktop.wm.preferences", key: key)
  }

  static func mutter(_ key: String) -> SettingKey {
    SettingKey(schema: "org.gnome.mutter", key: key)
  }

  static func background(_ key: String) -> SettingKey {
    SettingKey(schema: "org.gnome.desktop.background", key: key)
  }

  static func sound(_ key: String) -> SettingKey {
    SettingKey(schema: "org.gnome.desktop.sound", key: key)
  }

  static let colorScheme = interface("color-scheme")
  static let textScalingFactor = interface("text-scaling-factor")
  static let enableAnimations = interface("enable-animations")
  static let cursorSize = interface("cursor-size")
  static let clockShowWeekday = interface("clock-show-weekday")
  static let clockShowDate = interface("clock-show-date")
  static let clockShowSeconds = interface("clock-show-seconds")
  static let clockFormat = interface("clock-format")
  static let iconTheme = interface("icon-theme")
  static let cursorTheme = interface("cursor-theme")
  static let gtkTheme = interface("gtk-theme")
  static let interfaceFont = interface("font-name")
  static let documentFont = interface("document-font-name")
  static let monospaceFont = interface("monospace-font-name")
  static let fontHinting = interface("font-hinting")
  static let fontAntialiasing = interface("font-antialiasing")
  static let hotCorners = interface("enable-hot-corners")
  static let batteryPercentage = interface("show-battery-percentage")
  static let locatePointer = interface("locate-pointer")
  static let primaryPaste = interface("gtk-enable-primary-paste")
  static let keyTheme = interface("gtk-key-theme")
  static let weekNumbers = SettingKey(schema: "org.gnome.desktop.calendar", key: "show-weekdate")

  static let titlebarFont = windowManager("titlebar-font")
  static let doubleClickAction = windowManager("action-double-click-titlebar")
  static let middleClickAction = windowManager("action-middle-click-titlebar")
  static let secondaryClickAction = windowManager("action-right-click-titlebar")
  static let buttonLayout = windowManager("button-layout")
  static let resizeWithSecondaryClick = windowManager("resize-with-right-button")
  static let windowActionKey = windowManager("mouse-button-modifier")
  static let focusMode = windowManager("focus-mode")
  static let raiseOnFocus = windowManager("auto-raise")
  static let workspaceCount = windowManager("num-workspaces")
  static let workspaceNames = windowManager("workspace-names")

  static let attachModalDialogs = mutter("attach-modal-dialogs")
  static let centerNewWindows = mutter("center-new-windows")
  static let dynamicWorkspaces = mutter("dynamic-workspaces")
  static let workspacesOnPrimary = mutter("workspaces-only-on-primary")
  static let overlayKey = mutter("overlay-key")

  static let backgroundPicture = background("picture-uri")
  static let backgroundPictureDark = background("picture-uri-dark")
  static let backgroundAdjustment = background("picture-options")

  static let mouseAcceleration = SettingKey(schema: "org.gnome.desktop.peripherals.mouse", key: "accel-profile")
  static let touchpadDisableWhileTyping = SettingKey(
    schema: "org.gnome.desktop.peripherals.touchpad", key: "disable-while-typing")
  static let touchpadClickMethod = SettingKey(schema: "org.gnome.desktop.peripherals.touchpad", key: "click-method")
  static let touchpadAcceleration = SettingKey(schema: "org.gnome.desktop.peripherals.touchpad", key: "accel-profile")
  static let pointingStickAcceleration = SettingKey(
    schema: "org.gnome.desktop.peripherals.pointingstick", key: "accel-profile")
  static let pointingStickScrolling = SettingKey(
    schema: "org.gnome.desktop.peripherals.pointingstick", key: "scroll-method")
  static let showAllSources = SettingKey(schema: "org.gnome.desktop.input-sources", key: "show-all-sources")
  static let xkbOptions = SettingKey(schema: "org.gnome.desktop.input-sources", key: "xkb-options")

  static let overAmplification = sound("allow-volume-above-100-percent")
  static let soundTheme = sound("theme-name")
  static let eventSounds = sound("event-sounds")
  static let inputFeedbackSounds = sound("input-feedback-sounds")

  static let shellTheme = SettingKey(schema: "org.gnome.shell.extensions.user-theme", key: "name")
  static let enabledExtensions = SettingKey(schema: "org.gnome.shell", key: "enabled-extensions")
}
