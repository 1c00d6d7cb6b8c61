import Gio
import KnobsModel

/// Whether GVariant text is a value of a type, said in Knobs' words with the line and column
/// of the fault, never in GLib's (“unknown keyword”). Knobs' own reader speaks first; GLib's
/// parser, which the store writes with, has the last word.
@MainActor
public enum GVariantCheck {
  /// Why `text` is not a value of `type`; nil when it is one.
  public static func problem(_ text: String, type: String) -> String? {
    do {
      _ = try GVariantValue.parse(text, typeString: type)
    } catch {
      return error.description
    }
    switch Variant.parse(text, type: type) {
    case .success: return nil
    case .failure: return tr("It is not a value of type %s.", type)
    }
  }

  /// The GVariant of `type` that `text` stands for, or why there is none.
  static func parse(_ text: String, type: String) -> Result<Variant, VariantTextRefusal> {
    if let problem = problem(text, type: type) { return .failure(VariantTextRefusal(description: problem)) }
    return Variant.parse(text, type: type).mapError { _ in
      VariantTextRefusal(description: tr("It is not a value of type %s.", type))
    }
  }
}

/// Why GVariant text was refused, in Knobs' words.
struct VariantTextRefusal: Error, CustomStringConvertible {
  let description: String
}
