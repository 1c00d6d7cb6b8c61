import Gio
import KnobsModel
import KnobsSettings

/// `knobs custom-shortcut add|remove`: the same custom shortcuts the Keyboard Shortcuts
/// page shows, kept where GNOME Settings keeps them.
extension CommandLineTool {
  /// 0 added, 1 the system refused, 2 bad input (a name, command or accelerator, or one already used).
  func addCustomShortcut(name: String, command: String, accelerator text: String, replacing: Bool) -> Int32 {
    for problem in [CustomShortcuts.problem(withName: name, in: store), CustomShortcuts.problem(withCommand: command)] {
      if let problem {
        printError("knobs: \(problem) " + tr("Nothing was changed."))
        return 2
      }
    }
    let accelerator: Accelerator?
    do {
      accelerator = text.isEmpty ? nil : try Accelerator(parsing: text)
    } catch {
      printError("knobs: \(error) " + tr("Nothing was changed."))
      return 2
    }
    let shortcut = CustomShortcut(folder: "", name: name, command: command, binding: accelerator?.text ?? "")
    // Where it goes must be writable before a conflicting shortcut is taken from another binding.
    if case .failure(let problem) = CustomShortcuts.placing(shortcut, in: store) {
      printError("knobs: \(problem)")
      return 1
    }
    guard isPersistent(CustomShortcuts.listKey) else { return 1 }
    // The conflicts step of the one write (`SettingEdit`), before the several keys of a new shortcut are written.
    let conflicts = SettingEdit.Conflicts.of(
      Row.Shortcut(key: CustomShortcuts.listKey), in: { keybindings }, replacing: replacing)
    do throws(SettingEdit.Refusal) {
      try conflicts?.settle(for: .strings(accelerator.map { [$0.text] } ?? []), in: store)
    } catch .conflicts(let found) {
      found.forEach { printError("knobs: \($0) " + tr("Nothing was changed; --replace takes it from there.")) }
      return 2
    } catch {
      printError("knobs: \(error)")
      return 1
    }
    do {
      try CustomShortcuts.add(shortcut, to: store)
    } catch {
      printError("knobs: \(error)")
      return 1
    }
    Settings.sync()
    return 0
  }

  /// 0 removed, 1 the system refused, 2 no shortcut (or more than one) has that name.
  func removeCustomShortcut(named name: String) -> Int32 {
    if let problem = CustomShortcuts.problem(in: store) {
      printError("knobs: \(problem)")
      return 1
    }
    let shortcuts = CustomShortcuts.read(from: store)
    let named = shortcuts.filter { $0.name == name }
    guard named.count == 1, let shortcut = named.first else {
      if named.isEmpty {
        let names = shortcuts.map { "“\($0.name.escapedForMessage)”" }
        printError(
          "knobs: "
            + (names.isEmpty
              ? tr("there is no custom shortcut “%s”; there are none.", name.escapedForMessage)
              : tr(
                "there is no custom shortcut “%1$s”; there are %2$s.", name.escapedForMessage,
                names.joined(separator: ", "))))
      } else {
        printError(
          "knobs: "
            + tr(
              "several custom shortcuts are called “%s”; remove the others in the window first.",
              name.escapedForMessage))
      }
      return 2
    }
    guard isPersistent(CustomShortcuts.listKey) else { return 1 }
    do {
      try CustomShortcuts.remove(shortcut, from: store)
    } catch {
      printError("knobs: \(error)")
      return 1
    }
    Settings.sync()
    return 0
  }
}
