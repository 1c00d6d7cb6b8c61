import CIntl
import FoundationEssentials
import KnobsModel

/// The user's own schema folders: `$XDG_DATA_HOME/glib-2.0/schemas` and the
/// `schemas` folder of each GNOME Shell extension under
/// `$XDG_DATA_HOME/gnome-shell/extensions`. A folder with only XML is compiled
/// into Knobs' cache, the way GNOME Shell compiles an extension's schemas for itself.
package struct UserSchemaFolders: Sendable {
  /// Folders holding a `gschemas.compiled`, in the order they are searched.
  package private(set) var compiledFolders: [String] = []
  /// What could not be read, in words for the All Settings page.
  package private(set) var problems: [String] = []
  /// The gettext domains of extensions' schemas, with the `locale` folder the
  /// extension ships its translations in (`bindTextDomains()`).
  package private(set) var textDomains: [String: String] = [:]

  package init(compiledFolders: [String] = [], problems: [String] = []) {
    self.compiledFolders = compiledFolders
    self.problems = problems
  }

  /// Finds the folders, compiling XML-only ones into `$XDG_CACHE_HOME/knobs/schemas`.
  package static func find(environment: [String: String] = LocalFiles.environment()) -> UserSchemaFolders {
    let home = LocalFiles.home(environment: environment)
    let dataHome = nonEmpty(environment["XDG_DATA_HOME"]) ?? home + "/.local/share"
    let cacheHome = nonEmpty(environment["XDG_CACHE_HOME"]) ?? home + "/.cache"
    var folders = UserSchemaFolders()
    folders.add(dataHome + "/glib-2.0/schemas", cacheName: "user")
    let extensions = dataHome + "/gnome-shell/extensions"
    let uuids = LocalFiles.names(in: extensions) ?? []
    for uuid in uuids.sorted() {
      // An extension without settings has no schemas folder; that is no problem.
      let folder = extensions + "/" + uuid
      let found = folders.compiledFolders.count
      folders.add(folder + "/schemas", cacheName: "extension-" + uuid, cacheHome: cacheHome)
      if folders.compiledFolders.count > found { folders.findTextDomains(of: folder) }
    }
    return folders
  }

  /// Binds the extensions' domains to their `locale` folders, so GIO translates
  /// their schemas' summaries and descriptions (it does when it first reads
  /// them, through the gettext domain the schema names).
  package func bindTextDomains() {
    for (domain, folder) in textDomains { knobs_intl_bind(domain, folder) }
  }

  /// The gettext domains an extension's schemas name, if it ships a `locale` folder.
  private mutating func findTextDomains(of extensionFolder: String) {
    let locale = extensionFolder + "/locale"
    guard LocalFiles.isFolder(locale), let names = LocalFiles.names(in: extensionFolder + "/schemas") else { return }
    for name in names where name.hasSuffix(".gschema.xml") {
      guard let text = LocalFiles.text(at: extensionFolder + "/schemas/" + name) else {
        continue
      }
      for domain in Self.gettextDomains(in: text) where textDomains[domain] == nil { textDomains[domain] = locale }
    }
  }

  /// The values of the `gettext-domain` attributes of a schema file.
  static func gettextDomains(in xml: String) -> [String] {
    xml.matches(of: #/gettext-domain\s*=\s*(?:"([^"]*)"|'([^']*)')/#).compactMap { match in
      let domain = String(match.output.1 ?? match.output.2 ?? "")
      return domain.isEmpty ? nil : domain
    }
  }

  private mutating func add(_ folder: String, cacheName: String, cacheHome: String? = nil) {
    guard let names = LocalFiles.names(in: folder) else { return }
    if names.contains("gschemas.compiled") {
      compiledFolders.append(folder)
      return
    }
    guard names.contains(where: { $0.hasSuffix(".gschema.xml") }), let cacheHome else { return }
    let target = cacheHome + "/knobs/schemas/" + cacheName
    switch Self.compile(folder, into: target) {
    case .success(let warnings):
      compiledFolders.append(target)
      if !warnings.isEmpty { problems.append(tr("Some schemas in %1$s were left out: %2$s", folder, warnings)) }
    case .failure(let failure):
      problems.append(tr("The schemas in %1$s could not be compiled: %2$s", folder, failure.message))
    }
  }

  /// Runs `glib-compile-schemas` unless the cached result is newer than every XML file;
  /// succeeds with its warnings about files it left out (a cached result has none).
  static func compile(_ folder: String, into target: String) -> Result<String, CompileFailure> {
    let files = FileManager.default
    let compiled = target + "/gschemas.compiled"
    if let built = LocalFiles.modificationTime(compiled), let sources = LocalFiles.names(in: folder),
      sources.compactMap({ LocalFiles.modificationTime(folder + "/" + $0) }).allSatisfy({ $0 <= built })
    {
      return .success("")
    }
    // GIO reads summaries and descriptions from the XML beside the compiled file: copy it along.
    do {
      try? files.removeItem(atPath: target)
      try files.createDirectory(atPath: target, withIntermediateDirectories: true)
      for name in try files.contentsOfDirectory(atPath: folder) where name.hasSuffix(".xml") {
        try files.copyItem(atPath: folder + "/" + name, toPath: target + "/" + name)
      }
    } catch {
      return .failure(CompileFailure(message: "the cache folder \(target) can't be written."))
    }
    let (status, output) = Subprocess.run(["glib-compile-schemas", target], keeping: .standardError)
    if status == Subprocess.overLimit {
      return .failure(
        CompileFailure(message: Subprocess.overLimitProblem("glib-compile-schemas", limit: Subprocess.defaultLimit)))
    }
    let text = String(decoding: output, as: UTF8.self).trimmingWhitespace
    if status == -1 && text.isEmpty {
      return .failure(CompileFailure(message: "glib-compile-schemas could not be run."))
    }
    guard status == 0 else {
      return .failure(CompileFailure(message: text.isEmpty ? "glib-compile-schemas failed." : text))
    }
    return .success(text)
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }

  /// `glib-compile-schemas`' complaint, or why it could not run.
  package struct CompileFailure: Error, Sendable {
    package var message: String
  }
}
