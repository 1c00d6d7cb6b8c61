import KnobsModel

/// Titlebars, focus, window behaviour and workspaces.
@MainActor
func windowsPage() -> Row {
  let actions: [(SettingValue, String)] = [
    ("toggle-maximize", "Toggle Maximize"), ("toggle-maximize-horizontally", "Maximize Horizontally"),
    ("toggle-maximize-vertically", "Maximize Vertically"), ("minimize", "Minimize"), ("lower", "Lower"),
    ("menu", "Menu"), ("toggle-shade", "Shade"), ("none", "None"),
  ]
  return desktopPage("windows", "Windows", icon: "focus-windows-symbolic") {
    Section("titlebar-actions", "Titlebar Actions") {
      ChoiceRow("double-click", "Double-Click", key: .doubleClickAction, options: actions)
      ChoiceRow("middle-click", "Middle-Click", key: .middleClickAction, options: actions)
      ChoiceRow("secondary-click", "Secondary-Click", key: .secondaryClickAction, options: actions)
        .keywords("right click")
    }
    Section("titlebar-buttons", "Titlebar Buttons") {
      ToggleRow("maximize", "Maximize", key: .buttonLayout, part: ButtonLayout.shows("maximize"))
      ToggleRow("minimize", "Minimize", key: .buttonLayout, part: ButtonLayout.shows("minimize"))
      ChoiceRow(
        "placement", "Placement", key: .buttonLayout, part: ButtonLayout.placementPart,
        options: [("left", "Left"), ("right", "Right")]
      )
      .radio()
      .subtitle { settings in
        windowButtonsShown(settings) ? "Where the window buttons sit" : "No window buttons are shown"
      }
      .enabled(when: Condition(windowButtonsShown))
      TextRow(
        "layout", "Button Layout", key: .buttonLayout, placeholder: "appmenu:close",
        rule: TextRule(
          maximumLength: 200, pattern: "[a-z,]*(:[a-z,]*)?",
          patternHint: "button names such as close, minimize, maximize and appmenu, separated by commas, "
            + "with one colon between the left and the right side")
      )
      .subtitle("The buttons left and right of the colon, e.g. appmenu:minimize,maximize,close")
      .keywords("button layout", "close")
    }
    Section("behavior", "Behavior") {
      ToggleRow("attach-modal-dialogs", "Attach Modal Dialogs", key: .attachModalDialogs)
        .subtitle("Dialogs stay attached to the window that opened them")
      ToggleRow("center-new-windows", "Center New Windows", key: .centerNewWindows)
      ToggleRow("resize-with-secondary-click", "Resize with Secondary-Click", key: .resizeWithSecondaryClick)
      ChoiceRow(
        "action-key", "Window Action Key", key: .windowActionKey,
        options: [("<Super>", "Super"), ("<Alt>", "Alt"), ("", "Disabled")]
      )
      .subtitle("Held while dragging or clicking a window to move or resize it")
    }
    Section("focus", "Window Focus") {
      ChoiceRow(
        "focus-mode", "Focus Mode", key: .focusMode,
        options: [("click", "Click to Focus"), ("sloppy", "Focus on Hover"), ("mouse", "Focus Follows Mouse")]
      )
      .radio()
      ToggleRow("raise-on-focus", "Raise Windows When Focused", key: .raiseOnFocus)
        .subtitle { settings in
          settings.string(.focusMode) == "click"
            ? "Only when windows are focused on hover" : "A window comes to the front when it gets the focus"
        }
        .enabled(when: !Condition.equals(.focusMode, "click"))
    }
    Section("workspaces", "Workspaces") {
      ToggleRow("dynamic", "Dynamic Workspaces", key: .dynamicWorkspaces)
        .subtitle("Add and remove workspaces as they are needed")
      NumberRow("count", "Number of Workspaces", key: .workspaceCount, range: (1, 36))
        .subtitle { settings in
          settings.bool(.dynamicWorkspaces) ? "Only when workspaces are not dynamic" : "Workspaces there always are"
        }
        .enabled(when: !Condition.isOn(.dynamicWorkspaces))
        .keywords("desktops", "virtual")
      ListRow("names", "Workspace Names", key: .workspaceNames, itemRule: TextRule(nonEmpty: true, maximumLength: 100))
        .keywords("desktops", "virtual")
      ToggleRow("primary-only", "Workspaces on Primary Display Only", key: .workspacesOnPrimary)
        .keywords("monitor", "screen")
    }
  }
}

/// Whether the titlebar shows any of the window buttons, so their placement matters.
@MainActor
func windowButtonsShown(_ settings: SettingsReader) -> Bool {
  let layout = ButtonLayout(parsing: settings.string(.buttonLayout))
  return ["close", "minimize", "maximize"].contains(where: layout.contains)
}
