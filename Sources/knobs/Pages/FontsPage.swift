import KnobsModel

/// The desktop's fonts and how text is drawn.
@MainActor
func fontsPage() -> Row {
  desktopPage("fonts", "Fonts", icon: "preferences-desktop-font-symbolic") {
    Section("fonts", "Fonts") {
      FontRow("interface", "Interface Text", key: .interfaceFont)
      FontRow("document", "Document Text", key: .documentFont)
      FontRow("monospace", "Monospace Text", key: .monospaceFont, monospaceOnly: true)
        .keywords("fixed width", "terminal", "code")
      FontRow("window-titles", "Legacy Window Titles", key: .titlebarFont)
        .subtitle("Titles of windows that the window manager decorates")
        .keywords("titlebar font")
    }
    Section("rendering", "Rendering") {
      SliderRow("text-size", "Text Size", key: .textScalingFactor, range: (0.5, 3.0), step: 0.05, format: .percent)
        .keywords("scaling factor", "zoom")
      ChoiceRow(
        "hinting", "Hinting", key: .fontHinting,
        options: [("full", "Full"), ("medium", "Medium"), ("slight", "Slight"), ("none", "None")]
      )
      .radio()
      ChoiceRow(
        "antialiasing", "Antialiasing", key: .fontAntialiasing,
        options: [("rgba", "Subpixel (for LCD screens)"), ("grayscale", "Standard (grayscale)"), ("none", "None")]
      )
      .radio()
      .keywords("smoothing")
    }
  }
}
