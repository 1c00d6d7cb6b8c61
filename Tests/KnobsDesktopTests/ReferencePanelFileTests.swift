import Foundation
import Gtk
import KnobsModel
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// The reference panel's rows that a panel file can express, written as a file,
/// read as the same `Panel` the Swift declaration gives.
///
/// Left out, because only Swift can declare them: the pages' reset actions
/// (closures with confirmations), choices whose options are found at run time
/// (installed themes), rows over one part of a key (`ValuePart`), live text
/// computed by code (the clock preview, the GTK version), the startup
/// applications (a `RowSource`) and All Settings (a `PageLink`).
@MainActor
final class ReferencePanelFileTests: XCTestCase {
  static let file = """
    id: dev.knobs.Reference
    name: Knobs
    sections:
      - id: desktop
        rows:
          - kind: detail
            id: fonts
            title: Fonts
            icon: preferences-desktop-font-symbolic
            sections:
              - id: fonts
                title: Fonts
                rows:
                  - {kind: font, id: interface, title: Interface Text, setting: {schema: org.gnome.desktop.interface, key: font-name}}
                  - {kind: font, id: document, title: Document Text, setting: {schema: org.gnome.desktop.interface, key: document-font-name}}
                  - kind: font
                    id: monospace
                    title: Monospace Text
                    setting: {schema: org.gnome.desktop.interface, key: monospace-font-name}
                    monospace: true
                    keywords: [fixed width, terminal, code]
                  - kind: font
                    id: window-titles
                    title: Legacy Window Titles
                    subtitle: Titles of windows that the window manager decorates
                    keywords: [titlebar font]
                    setting: {schema: org.gnome.desktop.wm.preferences, key: titlebar-font}
              - id: rendering
                title: Rendering
                rows:
                  - kind: slider
                    id: text-size
                    title: Text Size
                    setting: {schema: org.gnome.desktop.interface, key: text-scaling-factor}
                    min: 0.5
                    max: 3.0
                    step: 0.05
                    format: percent
                    keywords: [scaling factor, zoom]
                  - kind: choice
                    id: hinting
                    title: Hinting
                    style: radio
                    setting: {schema: org.gnome.desktop.interface, key: font-hinting}
                    options:
                      - {value: full, label: Full}
                      - {value: medium, label: Medium}
                      - {value: slight, label: Slight}
                      - {value: none, label: None}
                  - kind: choice
                    id: antialiasing
                    title: Antialiasing
                    style: radio
                    keywords: [smoothing]
                    setting: {schema: org.gnome.desktop.interface, key: font-antialiasing}
                    options:
                      - {value: rgba, label: Subpixel (for LCD screens)}
                      - {value: grayscale, label: Standard (grayscale)}
                      - {value: none, label: None}
      - id: reach-out
        title: Reach Out
        rows:
          - kind: email
            id: feedback
            title: Send Feedback
            subtitle: Write to the maintainers
            to: maintainers@knobs.dev
            subject: Knobs feedback
            body: "\\n\\n--\\nKnobs 0.1.0"
          - {kind: link, id: website, title: Website, url: "https://knobs.dev"}
          - {kind: link, id: report-issue, title: Report an Issue, url: "https://knobs.dev/issues", keywords: [bug, problem]}
      - id: help
        title: Help
        rows:
          - kind: detail
            id: shortcuts
            title: Shortcuts in Knobs
            sections:
              - id: shortcuts
                title: General
                rows:
                  - {kind: value, id: search, title: Search, value: Ctrl+F}
                  - {kind: value, id: back, title: Go Back, value: Alt+Left or Escape}
                  - {kind: value, id: context-menu, title: Row Menu, value: Menu or Shift+F10}
                  - {kind: value, id: main-menu, title: Main Menu, value: F10}
                  - {kind: value, id: close, title: Close Window, value: Ctrl+W}
                  - {kind: value, id: quit, title: Quit, value: Ctrl+Q}
          - {kind: link, id: privacy, title: Privacy Policy, url: "https://knobs.dev/privacy"}
    """

  /// The same rows taken from the panel Knobs ships.
  static func swiftSubset() throws -> Panel {
    let reference = ReferencePanelTests.panel()
    func row(_ path: RowPath) throws -> Row { try XCTUnwrap(reference.entry(at: path)?.row, path.description) }
    var fonts = try row("desktop/fonts")
    if case .detail(var page) = fonts.kind.form {
      page.sections.removeAll { $0.id == "reset" }
      fonts.kind = .detail(page)
    }
    let reachOut = try XCTUnwrap(reference.sections.first { $0.id == "reach-out" })
    var help = try XCTUnwrap(reference.sections.first { $0.id == "help" })
    help.rows = try [row("help/shortcuts"), row("help/privacy")]
    var desktop = try XCTUnwrap(reference.sections.first { $0.id == "desktop" })
    desktop.rows = [fonts]
    return Panel(title: reference.title, sections: [desktop, reachOut, help])
  }

  func testReferencePanelWrittenAsAFileIsTheSamePanel() async throws {
    let file = try PanelFile.parse(Self.file, file: "reference.yaml")
    let gsettings = GSettingsStore(source: SchemaSource())
    XCTAssertEqual(file.problems(against: gsettings), [])
    let settings = SettingsReader(gsettings)
    let swift = try Self.swiftSubset()
    XCTAssertEqual(file.panel.outline(settings), swift.outline(settings))
    XCTAssertEqual(file.panel.entries.count, 19)
  }
}
