internal import CGtk
internal import CGioGlue
internal import CGtkGlue

/// A GtkColorButton: a swatch of the color that opens GTK's color chooser.
///
/// GTK 4.10 replaces it with GtkColorDialogButton; on 4.8 it is the color chooser there is.
@MainActor
public final class ColorButton: Widget {
  /// A color as red, green, blue and alpha from 0 to 1.
  public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
      self.red = red
      self.green = green
      self.blue = blue
      self.alpha = alpha
    }
  }

  public init(title: String, usesAlpha: Bool) {
    super.init(widget: gtk_color_button_new())
    gtk_color_button_set_title(c(), title)
    gtk_color_button_set_modal(c(), 1)
    gtk_color_chooser_set_use_alpha(c(), usesAlpha ? 1 : 0)
  }

  private var isSuppressing = false

  /// The color shown. Setting it emits no `onChange` callback.
  public var color: Color {
    get {
      var rgba = GdkRGBA()
      gtk_color_chooser_get_rgba(c(), &rgba)
      return Color(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }
    set {
      guard color != newValue else { return }
      isSuppressing = true
      var rgba = GdkRGBA(
        red: Float(newValue.red), green: Float(newValue.green), blue: Float(newValue.blue),
        alpha: Float(newValue.alpha))
      gtk_color_chooser_set_rgba(c(), &rgba)
      isSuppressing = false
    }
  }

  /// Runs when the user picks a color in the chooser.
  @discardableResult
  public func onChange(_ handler: @escaping @MainActor (Color) -> Void) -> SignalConnection {
    connect("color-set") { [weak self] in
      ChooserActivity.used()
      guard let self, !self.isSuppressing else { return }
      handler(self.color)
    }
  }

  /// Picks a color as the user would in the chooser: `onChange` runs.
  public func pick(_ color: Color) {
    var rgba = GdkRGBA(
      red: Float(color.red), green: Float(color.green), blue: Float(color.blue), alpha: Float(color.alpha))
    gtk_color_chooser_set_rgba(c(), &rgba)
    knobs_signal_emit(gobject, "color-set")
  }
}
