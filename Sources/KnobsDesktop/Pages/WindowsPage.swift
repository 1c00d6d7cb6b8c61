import KnobsDesktopModel
import KnobsModel

/// Titlebars, focus, window behaviour and workspaces.
@MainActor
func windowsPage() -> Row {
  let actions: [(SettingValue, String)] = [
    ("toggle-maximize", tr("Toggle Maximize")), ("toggle-maximize-horizontally", tr("Maximize Horizontally")),
    ("toggle-maximize-vertically", tr("Maximize Vertically")), ("minimize", tr("Minimize")), ("lower", tr("Lower")),
    ("menu", tr("Menu")), ("toggle-shade", tr("Shade")), ("none", tr("None")),
  ]
  return desktopPage("windows", tr("Windows"), icon: "focus-windows-symbolic") {
    Section("titlebar-actions", tr("Titlebar Actions")) {
      ChoiceRow("double-click", tr("Double-Click"), key: .doubleClickAction, options: actions)
      ChoiceRow("middle-click", tr("Middle-Click"), key: .middleClickAction, options: actions)
      ChoiceRow("secondary-click", tr("Secondary-Click"), key: .secondaryClickAction, options: actions)
        .keywords(tr("right click"))
    }
    Section("titlebar-buttons", tr("Titlebar Buttons")) {
      ToggleRow("maximize", tr("Maximize"), key: .buttonLayout, part: ButtonLayout.shows("maximize"))
      ToggleRow("minimize", tr("Minimize"), key: .buttonLayout, part: ButtonLayout.shows("minimize"))
      ChoiceRow(
        "placement", tr("Placement"), key: .buttonLayout, part: ButtonLayout.placementPart,
        options: [("left", tr("Left")), ("right", tr("Right"))]
      )
      .radio()
      .subtitle { settings in
        windowButtonsShown(settings) ? tr("Where the window buttons sit") : tr("No window buttons are shown")
      }
      .enabled(when: Condition(windowButtonsShown))
      TextRow(
        "layout", tr("Button Layout"), key: .buttonLayout, placeholder: "appmenu:close",
        rule: TextRule(
          maximumLength: 200,
          patternHint: tr(
            // TRANSLATORS: the button names are the setting's own words; keep them in English.
            "button names such as close, minimize, maximize and appmenu, separated by commas, with one colon between the left and the right side"
          ), test: ButtonLayout.isWellFormed)
      )
      .subtitle(tr("The buttons left and right of the colon, e.g. appmenu:minimize,maximize,close"))
      .keywords(tr("button layout"), tr("close"))
    }
    Section("behavior", tr("Behavior")) {
      ToggleRow("attach-modal-dialogs", tr("Attach Modal Dialogs"), key: .attachModalDialogs)
        .subtitle(tr("Dialogs stay attached to the window that opened them"))
      ToggleRow("center-new-windows", tr("Center New Windows"), key: .centerNewWindows)
      ToggleRow("resize-with-secondary-click", tr("Resize with Secondary-Click"), key: .resizeWithSecondaryClick)
      ChoiceRow(
        "action-key", tr("Window Action Key"), key: .windowActionKey,
        options: [("<Super>", tr("Super")), ("<Alt>", tr("Alt")), ("", tr("Disabled"))]
      )
      .subtitle(tr("Held while dragging or clicking a window to move or resize it"))
    }
    Section("focus", tr("Window Focus")) {
      ChoiceRow(
        "focus-mode", tr("Focus Mode"), key: .focusMode,
        options: [
          ("click", tr("Click to Focus")), ("sloppy", tr("Focus on Hover")), ("mouse", tr("Focus Follows Mouse")),
        ]
      )
      .radio()
      ToggleRow("raise-on-focus", tr("Raise Windows When Focused"), key: .raiseOnFocus)
        .subtitle { settings in
          settings.string(.focusMode) == "click"
            ? tr("Only when windows are focused on hover") : tr("A window comes to the front when it gets the focus")
        }
        .enabled(when: !Condition.equals(.focusMode, "click"))
    }
    Section("workspaces", tr("Workspaces")) {
      ToggleRow("dynamic", tr("Dynamic Workspaces"), key: .dynamicWorkspaces)
        .subtitle(tr("Add and remove workspaces as they are needed"))
      NumberRow("count", tr("Number of Workspaces"), key: .workspaceCount, range: 1...36)
        .subtitle { settings in
          settings.bool(.dynamicWorkspaces)
            ? tr("Only when workspaces are not dynamic") : tr("Workspaces there always are")
        }
        .enabled(when: !Condition.isOn(.dynamicWorkspaces))
        .keywords(tr("desktops"), tr("virtual"))
      ListRow(
        "names", tr("Workspace Names"), key: .workspaceNames, itemRule: TextRule(nonEmpty: true, maximumLength: 100)
      )
      .keywords(tr("desktops"), tr("virtual"))
      ToggleRow("primary-only", tr("Workspaces on Primary Display Only"), key: .workspacesOnPrimary)
        .keywords(tr("monitor"), tr("screen"))
    }
  }
}

/// Whether the titlebar shows any of the window buttons, so their placement matters.
@MainActor
func windowButtonsShown(_ settings: SettingsReader) -> Bool {
  let layout = ButtonLayout(parsing: settings.string(.buttonLayout))
  return ["close", "minimize", "maximize"].contains(where: layout.contains)
}
