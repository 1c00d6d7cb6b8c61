import KnobsDesktopModel
import KnobsModel

/// The pointer, middle-click paste, acceleration and the touchpad.
@MainActor
func mousePage() -> Row {
  desktopPage("mouse", tr("Mouse & Touchpad"), icon: "input-mouse-symbolic") {
    Section("mouse", tr("Mouse")) {
      ToggleRow("pointer-location", tr("Pointer Location"), key: .locatePointer)
        .subtitle(tr("Pressing Ctrl shows where the pointer is"))
      ToggleRow("middle-click-paste", tr("Middle Click Paste"), key: .primaryPaste)
      ChoiceRow(
        "acceleration", tr("Acceleration Profile"), key: .mouseAcceleration,
        options: [("default", tr("Default")), ("flat", tr("Flat")), ("adaptive", tr("Adaptive"))]
      )
      .radio()
      .keywords(tr("speed"))
    }
    Section("touchpad", tr("Touchpad")) {
      ToggleRow("disable-while-typing", tr("Disable While Typing"), key: .touchpadDisableWhileTyping)
      ChoiceRow(
        "click-method", tr("Click Method"), key: .touchpadClickMethod,
        options: [
          ("default", tr("Default")), ("fingers", tr("Fingers")), ("areas", tr("Areas")), ("none", tr("Disabled")),
        ]
      )
      .radio()
      .subtitle(tr("Fingers: two fingers for a secondary click. Areas: the bottom right corner."))
      .keywords(tr("mouse click emulation"), tr("secondary click"))
      ChoiceRow(
        "touchpad-acceleration", tr("Acceleration Profile"), key: .touchpadAcceleration,
        options: [("default", tr("Default")), ("flat", tr("Flat")), ("adaptive", tr("Adaptive"))]
      )
      .radio()
      .keywords(tr("speed"))
    }
    Section("pointing-stick", tr("Pointing Stick")) {
      ChoiceRow(
        "stick-acceleration", tr("Acceleration Profile"), key: .pointingStickAcceleration,
        options: [("default", tr("Default")), ("flat", tr("Flat")), ("adaptive", tr("Adaptive"))]
      )
      .radio()
      .keywords(tr("speed"), tr("trackpoint"))
      ChoiceRow(
        "stick-scrolling", tr("Scrolling"), key: .pointingStickScrolling,
        options: [
          ("default", tr("Default")), ("none", tr("Disabled")), ("on-button-down", tr("While a Button Is Held")),
        ]
      )
      .radio()
      .keywords(tr("trackpoint"), tr("scroll"))
    }
  }
}

/// Emacs keys, the overview key and input sources.
@MainActor
func keyboardPage() -> Row {
  desktopPage("keyboard", tr("Keyboard"), icon: "input-keyboard-symbolic") {
    Section("keyboard", tr("Keyboard")) {
      ToggleRow("emacs-input", tr("Emacs Input"), key: .keyTheme, on: "Emacs", off: "Default")
        .subtitle(tr("Emacs key bindings in text fields of GTK applications"))
      ChoiceRow(
        "overview-shortcut", tr("Overview Shortcut"), key: .overlayKey,
        options: [("Super_L", tr("Left Super")), ("Super_R", tr("Right Super"))]
      )
      .subtitle { _ in CurrentDesktop.onlyInGNOMENote }
      .keywords(tr("activities"), tr("super key"))
      ToggleRow("extended-input-sources", tr("Show Extended Input Sources"), key: .showAllSources)
        .subtitle(tr("More keyboard layouts to choose from in Settings"))
      layoutOptionsRow()
    }
  }
}

/// Over-amplification and the sound theme.
@MainActor
func soundPage(themes: InstalledThemes) -> Row {
  desktopPage("sound", tr("Sound"), icon: "audio-speakers-symbolic") {
    Section("sound", tr("Sound")) {
      ToggleRow("over-amplification", tr("Over-Amplification"), key: .overAmplification)
        .subtitle(tr("Volume above 100 %%, which may distort the sound"))
      ChoiceRow("theme", tr("Sound Theme"), key: .soundTheme, provider: themes.soundThemeOptions)
      ToggleRow("event-sounds", tr("Event Sounds"), key: .eventSounds)
        .subtitle(tr("Sounds for alerts and events"))
      ToggleRow("input-feedback-sounds", tr("Input Feedback Sounds"), key: .inputFeedbackSounds)
        .subtitle(tr("Sounds when keys are pressed and buttons clicked"))
    }
  }
}

/// XKB's keyboard options, a row for each of their groups, on a page of their
/// own; a rules file that can't be read is said on that page instead.
@MainActor
func layoutOptionsRow() -> Row {
  let title = tr("Additional Layout Options")
  let sections: [Section]
  do {
    let options = try KeyboardOptions.load()
    sections = [
      Section("options", footer: .fixed(tr("Each group keeps the options of the others as they are."))) {
        for group in options.groups { layoutOptionGroupRow(group) }
      }
    ]
  } catch {
    sections = [Section("options") { ValueRow("unavailable", tr("Keyboard Options"), value: error.description) }]
  }
  var row = Row(id: "layout-options", title: title, kind: .detail(Panel(title: title, sections: sections)))
  row.keywords = ["xkb", "caps lock", "compose", "keyboard options"]
  return row
}

/// XKB's texts come translated in their own gettext domain, which Debian ships.
private let xkbTexts = TranslationDomain("xkeyboard-config")

@MainActor
private func layoutOptionGroupRow(_ group: KeyboardOptions.Group) -> Row {
  let options = group.options.map { ($0.name, xkbTexts.text($0.description)) }
  let title = xkbTexts.text(group.description)
  guard group.allowsSeveral else {
    return ChoiceRow(
      group.rowID, title, key: .xkbOptions, part: group.exclusivePart,
      options: [(SettingValue.string(""), tr("Default"))] + options.map { (SettingValue.string($0.0), $0.1) }
    ).row
  }
  var row = MultiSelectRow(group.rowID, title, key: .xkbOptions, options: options).row
  if case .multiSelect(var multiSelect) = row.kind.form {
    multiSelect.showsOtherValues = false
    row.kind = .multiSelect(multiSelect)
  }
  return row
}
