import KnobsModel

/// The pointer, middle-click paste, acceleration and the touchpad.
@MainActor
func mousePage() -> Row {
  desktopPage("mouse", "Mouse & Touchpad", icon: "input-mouse-symbolic") {
    Section("mouse", "Mouse") {
      ToggleRow("pointer-location", "Pointer Location", key: .locatePointer)
        .subtitle("Pressing Ctrl shows where the pointer is")
      ToggleRow("middle-click-paste", "Middle Click Paste", key: .primaryPaste)
      ChoiceRow(
        "acceleration", "Acceleration Profile", key: .mouseAcceleration,
        options: [("default", "Default"), ("flat", "Flat"), ("adaptive", "Adaptive")]
      )
      .radio()
      .keywords("speed")
    }
    Section("touchpad", "Touchpad") {
      ToggleRow("disable-while-typing", "Disable While Typing", key: .touchpadDisableWhileTyping)
      ChoiceRow(
        "click-method", "Click Method", key: .touchpadClickMethod,
        options: [("default", "Default"), ("fingers", "Fingers"), ("areas", "Areas"), ("none", "Disabled")]
      )
      .radio()
      .subtitle("Fingers: two fingers for a secondary click. Areas: the bottom right corner.")
      .keywords("mouse click emulation", "secondary click")
    }
  }
}

/// Emacs keys, the overview key and input sources.
@MainActor
func keyboardPage() -> Row {
  desktopPage("keyboard", "Keyboard", icon: "input-keyboard-symbolic") {
    Section("keyboard", "Keyboard") {
      ToggleRow("emacs-input", "Emacs Input", key: .keyTheme, on: "Emacs", off: "Default")
        .subtitle("Emacs key bindings in text fields of GTK applications")
      ChoiceRow(
        "overview-shortcut", "Overview Shortcut", key: .overlayKey,
        options: [("Super_L", "Left Super"), ("Super_R", "Right Super")]
      )
      .keywords("activities", "super key")
      ToggleRow("extended-input-sources", "Show Extended Input Sources", key: .showAllSources)
        .subtitle("More keyboard layouts to choose from in Settings")
    }
  }
}

/// Over-amplification and the sound theme.
@MainActor
func soundPage(themes: InstalledThemes) -> Row {
  desktopPage("sound", "Sound", icon: "audio-speakers-symbolic") {
    Section("sound", "Sound") {
      ToggleRow("over-amplification", "Over-Amplification", key: .overAmplification)
        .subtitle("Volume above 100 %, which may distort the sound")
      ChoiceRow("theme", "Sound Theme", key: .soundTheme, provider: themes.soundThemeOptions)
      ToggleRow("event-sounds", "Event Sounds", key: .eventSounds)
        .subtitle("Sounds for alerts and events")
      ToggleRow("input-feedback-sounds", "Input Feedback Sounds", key: .inputFeedbackSounds)
        .subtitle("Sounds when keys are pressed and buttons clicked")
    }
  }
}
