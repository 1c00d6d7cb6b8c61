import Gio
import KnobsDesktopModel
import KnobsModel
import KnobsSettings

/// `knobs profile …`: named sets of settings to switch to and back (`SettingsProfiles`).
extension CommandLineTool {
  var profiles: SettingsProfiles { SettingsProfiles(folder: SettingsProfiles.defaultFolder()) }

  /// 0 done, 1 the system refused (a file, the settings database), 2 bad input (a name, a scope, a profile's line).
  func runProfile(_ command: ProfileCommand) -> Int32 {
    switch command {
    case .save(let name, let scopes):
      return saveProfile(name, scopes)
    case .apply(let name, let dryRun):
      return applyProfile(name, dryRun: dryRun)
    case .list:
      let names = profiles.names()
      if names.isEmpty { print(tr("No profiles yet: “knobs profile save NAME” keeps the values you set as one.")) }
      for name in names { print(name.escapedForTerminal) }
      return 0
    case .delete(let name):
      if let problem = profiles.delete(name) {
        printError("knobs: " + problem.escapedForTerminal)
        return LocalFiles.exists(profiles.file(of: name)) ? 1 : 2
      }
      return 0
    }
  }

  private func saveProfile(_ name: String, _ scopes: [RowPath]) -> Int32 {
    if let problem = SettingsProfiles.problem(withName: name) {
      printError("knobs: " + problem.escapedForTerminal)
      return 2
    }
    if let problem = scopes.lazy.compactMap({ SettingsProfiles.problem(withScope: $0.description) }).first {
      printError("knobs: " + problem)
      return 2
    }
    let entries: [DconfEntry]
    do {
      entries = try exportedEntries(scopes, all: false)
    } catch {
      return error.status
    }
    let profile = SettingsProfiles.Profile(scopes: scopes.map(\.description), keyfile: DconfKeyfile.text(entries))
    if let problem = profiles.save(name, profile) {
      printError("knobs: " + problem.escapedForTerminal)
      return 1
    }
    print(
      trn(
        "The profile %1$s holds %2$d setting.", "The profile %1$s holds %2$d settings.", entries.count,
        name.escapedForTerminal, entries.count))
    return 0
  }

  /// Sets what the profile holds and resets what is set now in its scopes and was not then: one
  /// plan, checked whole as an import is, written whole, one group of the history.
  private func applyProfile(_ name: String, dryRun: Bool) -> Int32 {
    let profile: SettingsProfiles.Profile
    do {
      profile = try profiles.read(name)
    } catch {
      printError("knobs: " + error.description.escapedForTerminal)
      return 2
    }
    let parsed = DconfKeyfile.parse(profile.keyfile)
    let schemas = SchemaCommands(schemaDirectories: schemaDirectories)
    var plan = schemas.store.importPlan(parsed.lines)
    let setNow: [DconfEntry]
    do {
      setNow = try exportedEntries(profile.scopes.map(RowPath.init(parsing:)), all: false)
    } catch {
      return error.status
    }
    schemas.store.addResets(of: setNow, keeping: parsed.lines, to: &plan)
    plan.problems = (parsed.problems + plan.problems).sorted { $0.line < $1.line }
    guard plan.problems.isEmpty else {
      let file = profiles.file(of: name).escapedForTerminal
      // The first few, then how many more: a profile of a million mistakes is not echoed a million times.
      let lines = plan.problems.lazy.map { problem in
        let message = problem.message.escapedForTerminal
        return problem.line > 0 ? "\(file):\(problem.line): \(message)" : "knobs: \(message)"
      }
      String.boundedLines(lines).forEach(printError)
      printError("knobs: " + tr("nothing was changed."))
      return 2
    }
    for change in plan.changes {
      let new = change.resets ? tr("(default)") : change.new.escapedForMessage
      print("\(change.path.escapedForTerminal): \(change.old.escapedForMessage) → \(new)")
    }
    if plan.changes.isEmpty { print(tr("Nothing to change: every setting is already as the profile has it.")) }
    guard !dryRun else { return 0 }
    return write(plan, to: schemas.store, refused: tr("Nothing was changed."))
  }
}
