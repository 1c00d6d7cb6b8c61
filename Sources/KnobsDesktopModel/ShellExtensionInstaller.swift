import CSystem
import FoundationEssentials
import Glibc
import KnobsModel

/// Installs a GNOME Shell extension from a zip archive for the user, and removes one the
/// user installed. An archive is checked whole first (`ExtensionArchive`); it is then
/// unpacked into a temporary folder beside the user's extensions folder and renamed into
/// place in one step, so the Shell never sees half an extension, and a refused archive
/// leaves nothing behind.
package struct ShellExtensionInstaller: Sendable {
  /// The user's extensions folder, `$XDG_DATA_HOME/gnome-shell/extensions`.
  package let folder: String
  /// Everyone's extensions folders, for telling why a system extension can't be removed.
  package let systemFolders: [String]

  package init(environment: [String: String]) {
    let folders = ShellExtensions.folders(environment: environment)
    folder = folders[0]
    systemFolders = Array(folders.dropFirst())
  }

  package init(folder: String, systemFolders: [String] = []) {
    self.folder = folder
    self.systemFolders = systemFolders
  }

  /// What an install did.
  package struct Installed: Equatable, Sendable {
    package let uuid: String
    package let name: String
    package let path: String
    /// The extension shipped schema sources only, and Knobs compiled them.
    package let compiledSchemas: Bool
    /// An extension of that uuid was there before and was replaced.
    package let replaced: Bool
  }

  /// Why an install or removal did not happen, in a sentence for the user.
  package struct Problem: Error, Equatable, CustomStringConvertible {
    package let description: String
    /// The input's fault (the archive, a uuid), rather than the system's.
    package let isBadInput: Bool
    init(_ description: String, isBadInput: Bool = true) {
      self.description = description
      self.isBadInput = isBadInput
    }
  }

  /// The prefix of the temporary folders an install unpacks into.
  package static let temporaryPrefix = ".knobs-install-"

  /// Checks the archive at `file`, unpacks it and puts it in place; with `replacing`, an
  /// extension of the same uuid already installed for the user is replaced, else refused.
  package func install(file: String, replacing: Bool = false) throws(Problem) -> Installed {
    let data: Data
    do {
      data = try SafeFiles.read(file, followingLinks: true, limit: ExtensionArchive.fileLimit)
    } catch .tooLarge {
      throw Problem(
        tr("%1$s is larger than %2$d MB, too large for an extension.", file, ExtensionArchive.fileLimit >> 20))
    } catch {
      throw Problem(tr("%1$s could not be read: %2$s.", file, "\(error)"), isBadInput: false)
    }
    let archive: ExtensionArchive
    do {
      archive = try ExtensionArchive(bytes: [UInt8](data), claimedUUID: ExtensionArchive.claimedUUID(fileName: file))
    } catch {
      throw Problem(error.description + " " + tr("Nothing was installed."))
    }
    let target = folder + "/" + archive.uuid
    let exists = SafeFiles.node(at: target) != .missing
    if exists && !replacing {
      throw Problem(
        tr(
          "“%1$s” is already installed in %2$s; “knobs extension install --replace” replaces it.", archive.uuid,
          target))
    }
    do {
      try SafeFiles.makeFolder(folder)
    } catch {
      throw Problem(tr("The folder %1$s could not be made: %2$s.", folder, "\(error)"), isBadInput: false)
    }
    let temporary = try makeTemporaryFolder()
    var compiled = false
    do throws(Problem) {
      try unpack(archive, into: temporary)
      compiled = try compileSchemasIfNeeded(temporary + "/schemas")
      if exists {
        // The new folder takes the old one's place in one step; the old one is then removed.
        guard knobs_exchange_paths(temporary, target) == 0 else {
          throw Problem(
            tr("%1$s could not be replaced: %2$s.", target, "\(FileProblem.system(errno))"), isBadInput: false)
        }
      } else {
        guard knobs_rename_no_replace(temporary, target) == 0 else {
          throw Problem(
            tr("%1$s could not be put in place: %2$s.", target, "\(FileProblem.system(errno))"), isBadInput: false)
        }
      }
    } catch {
      SafeFiles.removeTree(temporary)
      throw error
    }
    // After an exchange the old extension is at the temporary path; after a rename nothing is.
    SafeFiles.removeTree(temporary)
    SafeFiles.syncFolder(folder)
    return Installed(
      uuid: archive.uuid, name: archive.name, path: target, compiledSchemas: compiled, replaced: exists)
  }

  private func makeTemporaryFolder() throws(Problem) -> String {
    do {
      return try SafeFiles.makeTemporaryFolder(folder + "/" + Self.temporaryPrefix)
    } catch {
      throw Problem(tr("A temporary folder could not be made in %1$s: %2$s.", folder, "\(error)"), isBadInput: false)
    }
  }

  /// Writes every entry under `root` (an empty folder of Knobs' own), creating each file new.
  private func unpack(_ archive: ExtensionArchive, into root: String) throws(Problem) {
    for entry in archive.entries {
      let path = root + "/" + entry.path
      if entry.isFolder {
        do {
          try SafeFiles.makeFolders(entry.path, under: root)
        } catch {
          throw writeProblem(path, error)
        }
        continue
      }
      let bytes: [UInt8]
      do {
        bytes = try ExtensionArchive.contents(of: entry, in: archive.bytes)
      } catch {
        throw Problem(error.description + " " + tr("Nothing was installed."))
      }
      do {
        try SafeFiles.withMemory(of: bytes) { (bytes) throws(FileProblem) in
          try SafeFiles.writeNewFile(bytes, at: entry.path, under: root, mode: entry.isExecutable ? 0o755 : 0o644)
        }
      } catch {
        throw writeProblem(path, error)
      }
    }
  }

  private func writeProblem(_ path: String, _ problem: FileProblem = .system(errno)) -> Problem {
    Problem(tr("%1$s could not be written: %2$s.", path, "\(problem)"), isBadInput: false)
  }

  /// Compiles `folder`'s schema sources when the extension ships no compiled schemas; true when it did.
  private func compileSchemasIfNeeded(_ folder: String) throws(Problem) -> Bool {
    let names = LocalFiles.names(in: folder) ?? []
    guard names.contains(where: { $0.hasSuffix(".gschema.xml") }), !names.contains("gschemas.compiled") else {
      return false
    }
    let result = Subprocess.run(["glib-compile-schemas", "--strict", folder], keeping: .standardError)
    guard result.status == 0 else {
      let said = String(decoding: result.bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
      throw Problem(
        tr(
          "The extension's settings schemas could not be compiled (glib-compile-schemas: %s). Nothing was installed.",
          result.status == -1 ? tr("not found") : String(said).escapedForMessage))
    }
    return true
  }

  /// The folder of an extension the user installed, which can be removed; one installed for
  /// everyone is refused, saying where it is.
  package func removableFolder(uuid: String) throws(Problem) -> String {
    guard ExtensionArchive.isSafeUUID(uuid) else {
      throw Problem(tr("“%s” is no extension's uuid.", uuid.escapedForMessage))
    }
    let target = folder + "/" + uuid
    guard case .other("folder") = SafeFiles.node(at: target) else {
      if let system = systemFolders.first(where: { LocalFiles.isFolder($0 + "/" + uuid) }) {
        throw Problem(
          tr(
            "“%1$s” is installed for everyone, in %2$s: only an administrator can remove it, with the package that installed it.",
            uuid, system + "/" + uuid))
      }
      throw Problem(tr("No extension “%s” is installed for you.", uuid))
    }
    return target
  }

  /// Removes an extension the user installed (when no Shell runs: a running Shell is asked to,
  /// so it turns the extension off first). One installed for everyone is refused.
  package func uninstall(uuid: String) throws(Problem) -> String {
    let target = try removableFolder(uuid: uuid)
    // Renamed aside first, so the Shell sees it go at once, then removed.
    let aside = try makeTemporaryFolder()
    guard knobs_exchange_paths(target, aside) == 0 else {
      rmdir(aside)
      throw Problem(
        tr("%1$s could not be removed: %2$s.", target, "\(FileProblem.system(errno))"), isBadInput: false)
    }
    rmdir(target)
    SafeFiles.removeTree(aside)
    SafeFiles.syncFolder(folder)
    return target
  }
}
