import KnobsDesktopModel
import KnobsModel

/// The desktop's keyboard shortcuts, grouped and named as GNOME Settings has
/// them. Each row captures a new shortcut; one another keybinding uses is
/// reported with an offer to replace it.
@MainActor
func shortcutsPage(custom: CustomShortcutRows) -> Row {
  desktopPage("keyboard-shortcuts", tr("Keyboard Shortcuts"), icon: "preferences-desktop-keyboard-shortcuts-symbolic") {
    Section(
      "custom", tr("Custom Shortcuts"),
      footer: .fixed(tr("Your own shortcuts: each runs a command. Resetting this page leaves them as they are.")),
      rows: custom)
    Section("accessibility", tr("Accessibility")) {
      shortcut(.mediaKeys("decrease-text-size"), tr("Decrease Text Size"))
      shortcut(.mediaKeys("increase-text-size"), tr("Increase Text Size"))
      shortcut(.mediaKeys("toggle-contrast"), tr("High Contrast On or Off"))
      shortcut(.mediaKeys("on-screen-keyboard"), tr("Turn On-Screen Keyboard On or Off"))
      shortcut(.mediaKeys("screenreader"), tr("Turn Screen Reader On or Off"))
      shortcut(.mediaKeys("magnifier"), tr("Turn Zoom On or Off"))
      shortcut(.mediaKeys("magnifier-zoom-in"), tr("Zoom In"))
      shortcut(.mediaKeys("magnifier-zoom-out"), tr("Zoom Out"))
    }
    Section("launchers", tr("Launchers")) {
      shortcut(.mediaKeys("home"), tr("Home Folder"))
      shortcut(.mediaKeys("calculator"), tr("Launch Calculator"))
      shortcut(.mediaKeys("email"), tr("Launch Email Client"))
      shortcut(.mediaKeys("help"), tr("Launch Help Browser"))
      shortcut(.mediaKeys("www"), tr("Launch Web Browser"))
      shortcut(.mediaKeys("search"), tr("Search"))
      shortcut(.mediaKeys("control-center"), tr("Settings"))
    }
    navigationSection()
    Section("screenshots", tr("Screenshots")) {
      shortcut(.shellKeys("show-screen-recording-ui"), tr("Record a Screencast Interactively"))
      shortcut(.shellKeys("screenshot"), tr("Take a Screenshot"))
      shortcut(.shellKeys("screenshot-window"), tr("Take a Screenshot of a Window"))
      shortcut(.shellKeys("show-screenshot-ui"), tr("Take a Screenshot Interactively"))
    }
    Section("sound-and-media", tr("Sound and Media")) {
      shortcut(.mediaKeys("eject"), tr("Eject"))
      shortcut(.mediaKeys("media"), tr("Launch Media Player"))
      shortcut(.mediaKeys("mic-mute"), tr("Microphone Mute/Unmute"))
      shortcut(.mediaKeys("next"), tr("Next Track"))
      shortcut(.mediaKeys("pause"), tr("Pause Playback"))
      shortcut(.mediaKeys("play"), tr("Play (or Play/Pause)"))
      shortcut(.mediaKeys("previous"), tr("Previous Track"))
      shortcut(.mediaKeys("stop"), tr("Stop Playback"))
      shortcut(.mediaKeys("volume-down"), tr("Volume Down"))
      shortcut(.mediaKeys("volume-mute"), tr("Volume Mute/Unmute"))
      shortcut(.mediaKeys("volume-up"), tr("Volume Up"))
    }
    Section("system", tr("System")) {
      shortcut(.shellKeys("focus-active-notification"), tr("Focus the Active Notification"))
      shortcut(.mediaKeys("screensaver"), tr("Lock Screen"))
      shortcut(.mediaKeys("logout"), tr("Log Out"))
      shortcut(.shellKeys("open-application-menu"), tr("Open the Application Menu"))
      shortcut(.mutterWaylandKeys("restore-shortcuts"), tr("Restore the Keyboard Shortcuts"))
      shortcut(.shellKeys("toggle-application-view"), tr("Show All Applications"))
      shortcut(.shellKeys("toggle-message-tray"), tr("Show the Notification List"))
      shortcut(.shellKeys("toggle-overview"), tr("Show the Overview"))
      shortcut(.windowKeys("panel-run-dialog"), tr("Show the Run Command Prompt"))
    }
    Section("typing", tr("Typing")) {
      shortcut(.windowKeys("switch-input-source"), tr("Switch to Next Input Source"))
      shortcut(.windowKeys("switch-input-source-backward"), tr("Switch to Previous Input Source"))
    }
    windowsSection()
  }
}

private func navigationSection() -> Section {
  Section("navigation", tr("Navigation")) {
    shortcut(.windowKeys("show-desktop"), tr("Hide All Normal Windows"))
    shortcut(.windowKeys("switch-to-workspace-left"), tr("Move to Workspace on the Left"))
    shortcut(.windowKeys("switch-to-workspace-right"), tr("Move to Workspace on the Right"))
    shortcut(.windowKeys("move-to-monitor-down"), tr("Move Window One Monitor Down"))
    shortcut(.windowKeys("move-to-monitor-left"), tr("Move Window One Monitor Left"))
    shortcut(.windowKeys("move-to-monitor-right"), tr("Move Window One Monitor Right"))
    shortcut(.windowKeys("move-to-monitor-up"), tr("Move Window One Monitor Up"))
    shortcut(.windowKeys("move-to-workspace-left"), tr("Move Window One Workspace to the Left"))
    shortcut(.windowKeys("move-to-workspace-right"), tr("Move Window One Workspace to the Right"))
    shortcut(.windowKeys("move-to-workspace-last"), tr("Move Window to Last Workspace"))
    for number in 1...4 {
      shortcut(.windowKeys("move-to-workspace-\(number)"), tr("Move Window to Workspace %d", number))
    }
    shortcut(.windowKeys("switch-applications"), tr("Switch Applications"))
    shortcut(.windowKeys("switch-panels"), tr("Switch System Controls"))
    shortcut(.windowKeys("switch-to-workspace-last"), tr("Switch to Last Workspace"))
    for number in 1...4 {
      shortcut(.windowKeys("switch-to-workspace-\(number)"), tr("Switch to Workspace %d", number))
    }
    shortcut(.windowKeys("switch-windows"), tr("Switch Windows"))
    shortcut(.windowKeys("cycle-windows"), tr("Switch Windows Directly"))
    shortcut(.windowKeys("cycle-group"), tr("Switch Windows of an App Directly"))
    shortcut(.windowKeys("switch-group"), tr("Switch Windows of an Application"))
  }
}

private func windowsSection() -> Section {
  Section("windows", tr("Windows")) {
    shortcut(.windowKeys("activate-window-menu"), tr("Activate the Window Menu"))
    shortcut(.windowKeys("close"), tr("Close Window"))
    shortcut(.windowKeys("minimize"), tr("Hide Window"))
    shortcut(.windowKeys("lower"), tr("Lower Window Below Other Windows"))
    shortcut(.windowKeys("maximize"), tr("Maximize Window"))
    shortcut(.windowKeys("maximize-horizontally"), tr("Maximize Window Horizontally"))
    shortcut(.windowKeys("maximize-vertically"), tr("Maximize Window Vertically"))
    shortcut(.windowKeys("begin-move"), tr("Move Window"))
    shortcut(.windowKeys("raise"), tr("Raise Window Above Other Windows"))
    shortcut(.windowKeys("raise-or-lower"), tr("Raise Window If Covered, Otherwise Lower It"))
    shortcut(.windowKeys("begin-resize"), tr("Resize Window"))
    shortcut(.windowKeys("unmaximize"), tr("Restore Window"))
    shortcut(.windowKeys("toggle-fullscreen"), tr("Toggle Fullscreen Mode"))
    shortcut(.windowKeys("toggle-maximized"), tr("Toggle Maximization State"))
    shortcut(.windowKeys("toggle-on-all-workspaces"), tr("Toggle Window on All Workspaces or One"))
    shortcut(.mutterKeys("toggle-tiled-left"), tr("View Split on Left"))
    shortcut(.mutterKeys("toggle-tiled-right"), tr("View Split on Right"))
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
