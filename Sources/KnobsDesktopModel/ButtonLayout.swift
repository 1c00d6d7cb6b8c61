import KnobsModel

/// The titlebar's `button-layout` string (`appmenu:minimize,maximize,close`):
/// the names left of the colon go on the left, the rest on the right.
///
/// Knobs edits it as separate controls, as GNOME Tweaks does: whether the
/// minimize and maximize buttons show, and on which side the window buttons
/// sit. Names it does not know (`appmenu`, `spacer`, `icon`) are kept.
package struct ButtonLayout: Hashable, Sendable {
  package var left: [String]
  package var right: [String]

  /// Whether `text` has the form `button-layout` takes: names of lowercase letters separated
  /// by commas, with at most one colon between the left side and the right (`appmenu:close`).
  package static func isWellFormed(_ text: String) -> Bool {
    var colons = 0
    for scalar in text.unicodeScalars {
      if scalar == ":" {
        colons += 1
      } else if !(("a"..."z").contains(scalar) || scalar == ",") {
        return false
      }
    }
    return colons <= 1
  }

  /// The buttons the switches and the placement move, in the order they take on the right.
  static let windowButtons = ["minimize", "maximize", "close"]

  package init(left: [String], right: [String]) {
    self.left = left
    self.right = right
  }

  /// Reads a layout string; spaces and empty names are dropped, and a string
  /// without a colon has all its buttons on the left, as the window manager reads it.
  package init(parsing text: String) {
    let sides = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    func names(_ side: Substring?) -> [String] {
      guard let side else { return [] }
      return side.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty && $0 != ":" }
    }
    left = names(sides.first)
    right = names(sides.count > 1 ? sides[1] : nil)
  }

  package var text: String { left.joined(separator: ",") + ":" + right.joined(separator: ",") }

  package func contains(_ button: String) -> Bool { left.contains(button) || right.contains(button) }

  /// Where the window buttons sit: on the left when close (or any of them) is there.
  package var placement: Placement {
    if left.contains("close") { return .left }
    if right.contains("close") { return .right }
    let onLeft = Self.windowButtons.filter(left.contains).count
    return onLeft > Self.windowButtons.filter(right.contains).count ? .left : .right
  }

  package enum Placement: String, Sendable {
    case left, right
  }

  /// The layout with `button` shown or not, on the side the window buttons are on.
  package func setting(_ button: String, shown: Bool) -> ButtonLayout {
    var buttons = Self.windowButtons.filter(contains)
    if shown {
      if !buttons.contains(button) { buttons.append(button) }
    } else {
      buttons.removeAll { $0 == button }
    }
    return arranged(buttons, on: placement)
  }

  /// The layout with the window buttons moved to `side`; other items go to the other side.
  package func placing(on side: Placement) -> ButtonLayout {
    arranged(Self.windowButtons.filter(contains), on: side)
  }

  /// Puts `buttons` on `side`, close outermost. Other items stay where they
  /// are, unless the buttons change sides: then they take the other side.
  private func arranged(_ buttons: [String], on side: Placement) -> ButtonLayout {
    let otherLeft = left.filter { !Self.windowButtons.contains($0) }
    let otherRight = right.filter { !Self.windowButtons.contains($0) }
    let isMoving = side != placement
    switch side {
    case .right:
      let ordered = Self.windowButtons.filter(buttons.contains)
      return isMoving
        ? ButtonLayout(left: otherLeft + otherRight, right: ordered)
        : ButtonLayout(left: otherLeft, right: otherRight + ordered)
    case .left:
      let ordered = ["close", "minimize", "maximize"].filter(buttons.contains)
      return isMoving
        ? ButtonLayout(left: ordered, right: otherLeft + otherRight)
        : ButtonLayout(left: ordered + otherLeft, right: otherRight)
    }
  }
}

extension ButtonLayout {
  /// A switch's part: whether `button` shows in a `button-layout` string key.
  package static func shows(_ button: String) -> ValuePart {
    ValuePart(
      read: { value in .bool(ButtonLayout(parsing: value?.stringValue ?? "").contains(button)) },
      write: { shown, current in
        let layout = ButtonLayout(parsing: current?.stringValue ?? "")
        return .string(layout.setting(button, shown: shown.boolValue ?? false).text)
      })
  }

  /// A choice's part: "left" or "right", where the window buttons sit.
  package static var placementPart: ValuePart {
    ValuePart(
      read: { value in .string(ButtonLayout(parsing: value?.stringValue ?? "").placement.rawValue) },
      write: { side, current in
        let layout = ButtonLayout(parsing: current?.stringValue ?? "")
        return .string(layout.placing(on: Placement(rawValue: side.stringValue ?? "") ?? .right).text)
      })
  }
}
