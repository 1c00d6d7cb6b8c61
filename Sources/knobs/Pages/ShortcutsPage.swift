import KnobsModel

/// The desktop's keyboard shortcuts, grouped and named as GNOME Settings has
/// them. Each row captures a new shortcut; one another keybinding uses is
/// reported with an offer to replace it.
@MainActor
func shortcutsPage() -> Row {
  desktopPage("keyboard-shortcuts", "Keyboard Shortcuts", icon: "preferences-desktop-keyboard-shortcuts-symbolic") {
    Section("accessibility", "Accessibility") {
      shortcut(.mediaKeys("decrease-text-size"), "Decrease Text Size")
      shortcut(.mediaKeys("increase-text-size"), "Increase Text Size")
      shortcut(.mediaKeys("toggle-contrast"), "High Contrast On or Off")
      shortcut(.mediaKeys("on-screen-keyboard"), "Turn On-Screen Keyboard On or Off")
      shortcut(.mediaKeys("screenreader"), "Turn Screen Reader On or Off")
      shortcut(.mediaKeys("magnifier"), "Turn Zoom On or Off")
      shortcut(.mediaKeys("magnifier-zoom-in"), "Zoom In")
      shortcut(.mediaKeys("magnifier-zoom-out"), "Zoom Out")
    }
    Section("launchers", "Launchers") {
      shortcut(.mediaKeys("home"), "Home Folder")
      shortcut(.mediaKeys("calculator"), "Launch Calculator")
      shortcut(.mediaKeys("email"), "Launch Email Client")
      shortcut(.mediaKeys("help"), "Launch Help Browser")
      shortcut(.mediaKeys("www"), "Launch Web Browser")
      shortcut(.mediaKeys("search"), "Search")
      shortcut(.mediaKeys("control-center"), "Settings")
    }
    navigationSection()
    Section("screenshots", "Screenshots") {
      shortcut(.shellKeys("show-screen-recording-ui"), "Record a Screencast Interactively")
      shortcut(.shellKeys("screenshot"), "Take a Screenshot")
      shortcut(.shellKeys("screenshot-window"), "Take a Screenshot of a Window")
      shortcut(.shellKeys("show-screenshot-ui"), "Take a Screenshot Interactively")
    }
    Section("sound-and-media", "Sound and Media") {
      shortcut(.mediaKeys("eject"), "Eject")
      shortcut(.mediaKeys("media"), "Launch Media Player")
      shortcut(.mediaKeys("mic-mute"), "Microphone Mute/Unmute")
      shortcut(.mediaKeys("next"), "Next Track")
      shortcut(.mediaKeys("pause"), "Pause Playback")
      shortcut(.mediaKeys("play"), "Play (or Play/Pause)")
      shortcut(.mediaKeys("previous"), "Previous Track")
      shortcut(.mediaKeys("stop"), "Stop Playback")
      shortcut(.mediaKeys("volume-down"), "Volume Down")
      shortcut(.mediaKeys("volume-mute"), "Volume Mute/Unmute")
      shortcut(.mediaKeys("volume-up"), "Volume Up")
    }
    Section("system", "System") {
      shortcut(.shellKeys("focus-active-notification"), "Focus the Active Notification")
      shortcut(.mediaKeys("screensaver"), "Lock Screen")
      shortcut(.mediaKeys("logout"), "Log Out")
      shortcut(.shellKeys("open-application-menu"), "Open the Application Menu")
      shortcut(.mutterWaylandKeys("restore-shortcuts"), "Restore the Keyboard Shortcuts")
      shortcut(.shellKeys("toggle-application-view"), "Show All Applications")
      shortcut(.shellKeys("toggle-message-tray"), "Show the Notification List")
      shortcut(.shellKeys("toggle-overview"), "Show the Overview")
      shortcut(.windowKeys("panel-run-dialog"), "Show the Run Command Prompt")
    }
    Section("typing", "Typing") {
      shortcut(.windowKeys("switch-input-source"), "Switch to Next Input Source")
      shortcut(.windowKeys("switch-input-source-backward"), "Switch to Previous Input Source")
    }
    windowsSection()
  }
}

private func navigationSection() -> Section {
  Section("navigation", "Navigation") {
    shortcut(.windowKeys("show-desktop"), "Hide All Normal Windows")
    shortcut(.windowKeys("switch-to-workspace-left"), "Move to Workspace on the Left")
    shortcut(.windowKeys("switch-to-workspace-right"), "Move to Workspace on the Right")
    for direction in ["down", "left", "right", "up"] {
      shortcut(.windowKeys("move-to-monitor-\(direction)"), "Move Window One Monitor \(direction.capitalized)")
    }
    shortcut(.windowKeys("move-to-workspace-left"), "Move Window One Workspace to the Left")
    shortcut(.windowKeys("move-to-workspace-right"), "Move Window One Workspace to the Right")
    shortcut(.windowKeys("move-to-workspace-last"), "Move Window to Last Workspace")
    for number in 1...4 {
      shortcut(.windowKeys("move-to-workspace-\(number)"), "Move Window to Workspace \(number)")
    }
    shortcut(.windowKeys("switch-applications"), "Switch Applications")
    shortcut(.windowKeys("switch-panels"), "Switch System Controls")
    shortcut(.windowKeys("switch-to-workspace-last"), "Switch to Last Workspace")
    for number in 1...4 {
      shortcut(.windowKeys("switch-to-workspace-\(number)"), "Switch to Workspace \(number)")
    }
    shortcut(.windowKeys("switch-windows"), "Switch Windows")
    shortcut(.windowKeys("cycle-windows"), "Switch Windows Directly")
    shortcut(.windowKeys("cycle-group"), "Switch Windows of an App Directly")
    shortcut(.windowKeys("switch-group"), "Switch Windows of an Application")
  }
}

private func windowsSection() -> Section {
  Section("windows", "Windows") {
    shortcut(.windowKeys("activate-window-menu"), "Activate the Window Menu")
    shortcut(.windowKeys("close"), "Close Window")
    shortcut(.windowKeys("minimize"), "Hide Window")
    shortcut(.windowKeys("lower"), "Lower Window Below Other Windows")
    shortcut(.windowKeys("maximize"), "Maximize Window")
    shortcut(.windowKeys("maximize-horizontally"), "Maximize Window Horizontally")
    shortcut(.windowKeys("maximize-vertically"), "Maximize Window Vertically")
    shortcut(.windowKeys("begin-move"), "Move Window")
    shortcut(.windowKeys("raise"), "Raise Window Above Other Windows")
    shortcut(.windowKeys("raise-or-lower"), "Raise Window If Covered, Otherwise Lower It")
    shortcut(.windowKeys("begin-resize"), "Resize Window")
    shortcut(.windowKeys("unmaximize"), "Restore Window")
    shortcut(.windowKeys("toggle-fullscreen"), "Toggle Fullscreen Mode")
    shortcut(.windowKeys("toggle-maximized"), "Toggle Maximization State")
    shortcut(.windowKeys("toggle-on-all-workspaces"), "Toggle Window on All Workspaces or One")
    shortcut(.mutterKeys("toggle-tiled-left"), "View Split on Left")
    shortcut(.mutterKeys("toggle-tiled-right"), "View Split on Right")
  }
}

/// A shortcut row whose id is the key's name.
private func shortcut(_ key: SettingKey, _ title: String) -> Row {
  ShortcutRow(key.key, title, key: key).row
}

extension SettingKey {
  static func windowKeys(_ key: String) -> SettingKey {
    SettingKey(schema: "org.gnome.desktop.wm.keybindings", key: key)
  }

  static func mutterKeys(_ key: String) -> SettingKey { SettingKey(schema: "org.gnome.mutter.keybindings", key: key) }

  static func mutterWaylandKeys(_ key: String) -> SettingKey {
    SettingKey(schema: "org.gnome.mutter.wayland.keybindings", key: key)
  }

  static func shellKeys(_ key: String) -> SettingKey { SettingKey(schema: "org.gnome.shell.keybindings", key: key) }

  static func mediaKeys(_ key: String) -> SettingKey {
    SettingKey(schema: "org.gnome.settings-daemon.plugins.media-keys", key: key)
  }
}
