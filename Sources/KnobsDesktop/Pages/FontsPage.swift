import KnobsModel

/// The desktop's fonts and how text is drawn.
@MainActor
func fontsPage() -> Row {
  desktopPage("fonts", tr("Fonts"), icon: "preferences-desktop-font-symbolic") {
    Section("fonts", tr("Fonts")) {
      FontRow("interface", tr("Interface Text"), key: .interfaceFont)
      FontRow("document", tr("Document Text"), key: .documentFont)
      FontRow("monospace", tr("Monospace Text"), key: .monospaceFont, monospaceOnly: true)
        .keywords(tr("fixed width"), tr("terminal"), tr("code"))
      FontRow("window-titles", tr("Legacy Window Titles"), key: .titlebarFont)
        .subtitle(tr("Titles of windows that the window manager decorates"))
        .keywords(tr("titlebar font"))
    }
    Section("rendering", tr("Rendering")) {
      SliderRow("text-size", tr("Text Size"), key: .textScalingFactor, range: 0.5...3.0, step: 0.05, format: .percent)
        .keywords(tr("scaling factor"), tr("zoom"))
      ChoiceRow(
        "hinting", tr("Hinting"), key: .fontHinting,
        options: [("full", tr("Full")), ("medium", tr("Medium")), ("slight", tr("Slight")), ("none", tr("None"))]
      )
      .radio()
      ChoiceRow(
        "antialiasing", tr("Antialiasing"), key: .fontAntialiasing,
        options: [
          ("rgba", tr("Subpixel (for LCD screens)")), ("grayscale", tr("Standard (grayscale)")), ("none", tr("None")),
        ]
      )
      .radio()
      .keywords(tr("smoothing"))
    }
  }
}
