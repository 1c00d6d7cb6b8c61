import Gtk
import KnobsModel

/// The suffix of a row, by kind: an editor (`RowEditor`: a switch, a scale with its value, text,
/// numbers, fonts, files, choices, lists …), a dim value, or an icon saying where activation leads.
@MainActor
final class RowControl {
  private enum Part {
    case editor(any RowEditor)
    case value(Label, LiveText)
    case icon(Image)
    case none
  }

  private let part: Part
  /// The widget placed at the end of the row, if any.
  let widget: Widget?
  /// Whether a click on the row itself does something.
  let isActivatable: Bool

  init(kind: Row.Kind) {
    switch kind.form {
    case .toggle(let toggle):
      (part, widget, isActivatable) = Self.editor(ToggleEditor(toggle))
    case .slider(let slider):
      (part, widget, isActivatable) = Self.editor(SliderEditor(slider))
    case .choice(let choice):
      (part, widget, isActivatable) = Self.editor(
        choice.presentation == .radio ? RadioEditor(choice) : ChoiceEditor(choice))
    case .text(let text):
      (part, widget, isActivatable) = Self.editor(Self.textEditor(text))
    case .number(let number):
      (part, widget, isActivatable) = Self.editor(NumberEditor(number))
    case .font(let font):
      (part, widget, isActivatable) = Self.editor(FontEditor(font))
    case .file(let file):
      (part, widget, isActivatable) = Self.editor(FileEditor(file))
    case .multiSelect(let multiSelect):
      (part, widget, isActivatable) = Self.editor(MultiSelectEditor(multiSelect))
    case .list(let list):
      (part, widget, isActivatable) = Self.editor(ListEditor(list))
    case .shortcut(let shortcut):
      (part, widget, isActivatable) = Self.editor(ShortcutEditor(shortcut))
    case .color(let color):
      (part, widget, isActivatable) = Self.editor(ColorEditor(color))
    case .value(let text):
      let label = Label()
      label.addCSSClass("dim-label")
      label.addCSSClass("knobs-value")
      label.xAlign = 1
      // A wrapping label asks for almost no width and would break "0.1.0" into slivers.
      label.ellipsizesEnd = true
      label.maximumWidthChars = 40
      part = .value(label, text)
      widget = label
      isActivatable = false
    case .link:
      (part, widget, isActivatable) = Self.icon("send-to-symbolic", meaning: tr("Opens in another app"))
    case .email:
      (part, widget, isActivatable) = Self.icon("mail-unread-symbolic", meaning: tr("Writes an email"))
    case .detail, .page:
      (part, widget, isActivatable) = Self.icon("go-next-symbolic", meaning: tr("Opens a page"))
    case .action:
      part = .none
      widget = nil
      isActivatable = true
    }
  }

  /// The editor of a text row: an entry, JSON text of several lines, or for a structured GVariant value the
  /// table, pair or GVariant text editor the model chose (`Row.Text.Editor`).
  private static func textEditor(_ text: Row.Text) -> any RowEditor {
    guard case .gvariant(let type) = text.format else {
      return text.isJSON ? PopoverTextEditor.json(text) : TextEditor(text)
    }
    switch text.editor {
    case .entry: return TextEditor(text)
    case .table(let table) where table.typeString == type: return TableEditor(text, table: table)
    case .pair(let pair) where pair.typeString == type: return PairEditor(text, pair: pair)
    case .table, .pair, .variant: return PopoverTextEditor.variant(text, type: type)
    }
  }

  /// An editor at the end of the row. Enter on the row flips the switch, focuses the field or opens
  /// the chooser, so keyboard users reach every editor.
  private static func editor(_ editor: any RowEditor) -> (Part, Widget?, Bool) {
    (.editor(editor), editor.suffix, editor.isActivatable)
  }

  /// A dim icon that says where activation leads; the row's own description
  /// already says it to screen readers, so the icon is hidden from them.
  private static func icon(_ name: String, meaning: String) -> (Part, Widget?, Bool) {
    let image = Image(iconName: name)
    image.addCSSClass("dim-label")
    image.hideFromAssistiveTechnologies(label: meaning)
    return (.icon(image), image, true)
  }

  /// What the suffix is, for tests and diagnostics: "switch", "scale", an editor's kind
  /// ("drop-down", "entry", …), "value", "icon:NAME" or "none".
  var suffixDescription: String {
    switch part {
    case .editor(let editor): return editor.kind
    case .value: return "value"
    case .icon(let image): return "icon:" + (image.iconName ?? "")
    case .none: return "none"
    }
  }

  /// The interactive widget itself: the switch, scale or the editor's focus widget.
  var interactiveWidget: Widget? {
    switch part {
    case .editor(let editor): return editor.focusWidget
    case .value, .icon, .none: return nil
    }
  }

  /// The text beside a slider, or of a value row; nil for other controls.
  var shownValue: String? {
    switch part {
    case .editor(let editor): return editor.shownValue
    case .value(let label, _): return label.text
    case .icon, .none: return nil
    }
  }

  /// The editor, for the kinds that have one.
  var editor: (any RowEditor)? {
    if case .editor(let editor) = part { return editor }
    return nil
  }

  /// What goes under the title: radio buttons.
  var belowWidget: Widget? { editor?.below }

  /// Names the control after its row, so a screen reader says "Dark Style, switch", never "GtkSwitch".
  func label(title: String) {
    switch part {
    case .editor(let editor): editor.label(title: title)
    case .value, .icon, .none: break
    }
  }

  /// Sends the user's changes to the row, which writes them.
  func connect(to rowView: RowView) {
    editor?.connect(to: rowView)
  }

  /// Shows the current setting; never calls back into `connect`'s handlers.
  func refresh(_ settings: SettingsReader) {
    switch part {
    case .editor(let editor):
      editor.refresh(settings)
    case .value(let label, let text):
      label.text = text.text(settings)
    case .icon, .none:
      break
    }
  }
}
