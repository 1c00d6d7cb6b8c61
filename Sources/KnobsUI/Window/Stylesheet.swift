import Gtk

/// Knobs' boxed-list look for GTK without libadwaita: rounded cards with
/// separators, heading-style section titles, dim subtitles and footers. Colours
/// come from the theme's named colours, so light, dark and high-contrast themes
/// all stay correct.
///
/// A card's border has one colour on every side, and the lighter separator
/// between rows is an inset shadow: with the cairo renderer, a border whose
/// sides differ in colour is drawn side by side as paths, which is slow (see
/// docs/design/performance.md).
@MainActor
public enum Stylesheet {
  /// The least a row takes up: `.knobs-row-content`'s minimum height and its
  /// padding above and below.
  static let minimumRowHeight = 36 + 2 * 8

  /// The least room above a section's first row: `.knobs-section-start`'s padding.
  static let minimumSectionStart = 24

  /// Less than a header bar takes up in any theme GTK ships (Adwaita's is 46 pixels tall).
  static let minimumHeaderBarHeight = 32

  /// How many rows to build for a list `height` pixels tall before its first
  /// frame: as many as the shortest rows would need to fill it, and two more.
  static func rowsFilling(height: Int) -> Int { max(8, height / minimumRowHeight + 2) }

  static let css = """
    .knobs-section-title { font-weight: bold; margin: 0 6px 2px 6px; }
    .knobs-section-header, .knobs-section-footer { font-size: smaller; margin: 0 6px; }
    .knobs-section-footer { margin-top: 4px; }
    listview.knobs-page-list { background: none; }
    listview.knobs-page-list > row {
      padding: 0; margin: 0; background: none; border: none; outline-style: none; box-shadow: none;
    }
    .knobs-cell.knobs-section-start { padding-top: 24px; }
    .knobs-cell.knobs-page-end { padding-bottom: 24px; }
    .knobs-cell > .knobs-section-title, .knobs-cell > .knobs-section-header { margin-bottom: 6px; }
    .knobs-cell > .knobs-section-footer { margin-top: 10px; }
    .knobs-row-card {
      background-color: @theme_base_color;
      border: 0 solid alpha(@borders, 0.8);
      border-left-width: 1px; border-right-width: 1px;
      box-shadow: inset 0 1px alpha(@borders, 0.45);
      transition: background-color 300ms ease-out;
    }
    .knobs-row-card.knobs-first {
      border-top-width: 1px;
      box-shadow: none;
      border-top-left-radius: 12px; border-top-right-radius: 12px;
    }
    .knobs-row-card.knobs-last {
      border-bottom-width: 1px;
      border-bottom-left-radius: 12px; border-bottom-right-radius: 12px;
    }
    .knobs-row-card.activatable:hover { background-color: mix(@theme_base_color, @theme_fg_color, 0.04); }
    .knobs-row-card.activatable:active { background-color: mix(@theme_base_color, @theme_fg_color, 0.08); }
    listview.knobs-page-list > row:focus-visible .knobs-row-card {
      outline: 2px solid alpha(@theme_selected_bg_color, 0.6); outline-offset: -2px;
    }
    .knobs-row-card.knobs-highlight { background-color: alpha(@theme_selected_bg_color, 0.25); }
    .knobs-row-content { padding: 8px 12px; min-height: 36px; }
    .knobs-row-subtitle { font-size: smaller; }
    .knobs-row-icon { -gtk-icon-size: 16px; }
    .knobs-app-list { background: none; }
    .knobs-slider-value { min-width: 48px; font-feature-settings: "tnum"; }
    /* The theme's error red, moved towards the text colour: readable on dark cards as on light ones. */
    .knobs-destructive { color: mix(@error_color, @theme_fg_color, 0.35); }
    .knobs-modified { color: @theme_selected_bg_color; font-weight: bold; }
    .knobs-shortcut .keycap {
      min-width: 16px; padding: 1px 6px 3px 6px; border-radius: 5px; font-size: smaller;
      border: 1px solid alpha(@borders, 0.8); box-shadow: inset 0 -2px alpha(@borders, 0.5);
      background-color: @theme_base_color;
    }
    .knobs-toast {
      background-color: rgba(30, 30, 30, 0.92);
      color: white;
      border-radius: 999px;
      padding: 6px 6px 6px 18px;
      margin: 12px;
    }
    .knobs-toast button { color: white; }
    .knobs-banner { background-color: alpha(@warning_color, 0.3); padding: 8px 12px; }
    .knobs-empty-icon { -gtk-icon-size: 64px; opacity: 0.5; margin-bottom: 12px; }
    .knobs-empty-title { font-size: larger; font-weight: bold; }
    .knobs-dialog-title { font-weight: bold; font-size: larger; }
    .knobs-menu-item { padding: 6px 12px; }
    .knobs-menu-item > label { font-weight: normal; }
    """

  /// Adds the stylesheet to the default display, once: a `PanelView` installs it too.
  public static func install() {
    guard !isInstalled else { return }
    isInstalled = true
    Style.addStylesheet(css)
  }

  private static var isInstalled = false
}
