/// Where a setting's value comes from: the layer that wins.
public enum ValueSource: Hashable, Sendable {
  /// The schema's own default.
  case schemaDefault
  /// A vendor override (`*.gschema.override`) compiled into the schema: the file.
  case vendor(file: String)
  /// A database of the dconf profile below the user's (`system-db:site`, `file-db:/path`);
  /// nil when dconf gives a value Knobs could not trace to one database.
  case system(database: String?)
  /// The user's own database.
  case user
  /// A lock of the database named (nil when dconf says the key is locked but the database that
  /// locks it could not be told): the user's own value, if any, is kept but not used.
  case locked(database: String?, hiddenUserValue: String?)
  /// Where the value comes from could not be told (a database could not be read whole, or
  /// the value in force itself could not be).
  case unknown

  /// The word scripts read (`knobs list --json`'s `source`).
  public var name: String {
    switch self {
    case .schemaDefault: return "default"
    case .vendor: return "vendor"
    case .system: return "system"
    case .user: return "user"
    case .locked: return "locked"
    case .unknown: return "unknown"
    }
  }

  /// The sentence a row shows under its title or in its tooltip; nil for the schema's default
  /// and the user's own value, which need none.
  public var sentence: String? {
    switch self {
    case .schemaDefault, .user: return nil
    case .vendor(let file):
      return tr("Set by the system's vendor (%s).", PathText.lastComponent(file))
    case .system(let database?):
      return tr("Set for this computer by its administrator (%s).", database)
    case .system(nil):
      return tr("Set for this computer by its administrator.")
    case .locked(let database?, let hidden):
      return hidden == nil
        ? tr("Locked by the administrator (%s).", database)
        : tr(
          "Locked by the administrator (%s). Your own value is kept and used again when the lock is lifted.", database)
    case .locked(nil, let hidden):
      return hidden == nil
        ? tr("Locked by the administrator.")
        : tr("Locked by the administrator. Your own value is kept and used again when the lock is lifted.")
    case .unknown:
      return tr("Where this value comes from could not be told.")
    }
  }
}

/// One place a value may come from, as `knobs explain` lists them from the bottom up.
public struct ValueLayer: Hashable, Sendable {
  /// Which kind of place a layer is.
  public enum Kind: String, Hashable, Sendable {
    /// The schema's default.
    case schema = "default"
    /// A vendor override, a system database or the user's own database.
    case vendor, system, user
  }

  /// Which kind of place this layer is.
  public var kind: Kind
  /// What names it: the schema's file or id, the override file, the profile's line.
  public var origin: String
  /// Its value as GVariant text; nil when it does not set the key.
  public var value: String?
  /// Whether this database locks the key.
  public var locks = false
  /// Whether its value is the one in force.
  public var wins = false
  /// Why it could not be read, or why its value is not used.
  public var note: String?

  /// A layer of this kind, named by `origin`, with its value as GVariant text.
  public init(kind: Kind, origin: String, value: String?, locks: Bool = false, note: String? = nil) {
    self.kind = kind
    self.origin = origin
    self.value = value
    self.locks = locks
    self.note = note
  }
}

/// Every layer of one key and the one that wins.
public struct ValueProvenance: Hashable, Sendable {
  /// The key.
  public var key: SettingKey
  /// The key's dconf path, `/org/gnome/desktop/interface/clock-format`.
  public var path: String
  /// Where the value in force comes from.
  public var source: ValueSource
  /// The value in force, as GVariant text.
  public var value: String?
  /// The user's own value, set even when a lock hides it; nil when the user set none.
  public var userValue: String?
  /// What resetting the key gives (the site's default, which may not be the schema's), and from where.
  public var resetValue: String?
  /// Where the value after a reset comes from.
  public var resetSource: ValueSource
  /// From the bottom (the schema's default) to the top (the user's database).
  public var layers: [ValueLayer]
  /// The profile in use, as found (`DCONF_PROFILE`, `/etc/dconf/profile/user`, `default`).
  public var profile: String
  /// What is wrong with the profile, the databases or the overrides, in words.
  public var problems: [String]

  /// Whether a lock keeps the key at its value.
  public var isLocked: Bool {
    if case .locked = source { return true }
    return false
  }
}

/// Finds where keys' values come from; KnobsUI reads dconf (libdconf) and the schema folders.
@MainActor
public protocol ProvenanceReading: AnyObject {
  /// The key's layers; nil when the key is not available or its store is not GSettings.
  func provenance(of key: SettingKey) -> ValueProvenance?
  /// Whether the user set a value of their own (dconf's `DCONF_READ_USER_VALUE`: even one
  /// equal to the default, or hidden by a lock); nil when the key is not GSettings'.
  func hasUserValue(_ key: SettingKey) -> Bool?
}

/// What a key's layers were read as: the facts `ValueProvenance.resolve` puts in dconf's order.
package struct ProvenanceFacts: Sendable {
  /// What one database of the profile says of the key.
  package enum DatabaseReading: Hashable, Sendable {
    /// Its value for the key as GVariant text (nil when it sets none), whether GSettings takes
    /// that value (of the key's type, in its range), and whether it locks the key.
    case read(value: String?, accepted: Bool = true, locks: Bool)
    /// The file can't be read, and dconf reads nothing from it either (it does not exist, it
    /// can't be opened, or GVDB refuses its header): why.
    case empty(String)
    /// The database could not be read whole (damaged, too large, not a regular file): why.
    /// What dconf reads from it can't be told, so nothing is told from it.
    case unreadable(String)
  }

  package var key: SettingKey
  package var path: String
  /// The schema's own `<default>` when known; the compiled default otherwise.
  package var schemaDefault: String?
  /// Where the schema's default is written (a `.gschema.xml` file or the schema's folder).
  package var schemaOrigin: String
  /// The overrides that set the key, in the order they apply.
  package var vendorOverrides: [VendorOverrides.Override]
  package var profile: DconfProfile
  /// One reading for each of `profile.databases` but the first writable one, by index.
  package var databases: [Int: DatabaseReading]
  /// Whether the backend is dconf: with another one (memory, keyfile), only the user's value and the defaults count.
  package var isDconf: Bool
  /// GSettings' user value (libdconf's `DCONF_READ_USER_VALUE`, of the key's type).
  package var userValue: String?
  /// The value GSettings gives (`g_settings_get_value`): the truth Knobs explains; nil when it
  /// can't be told (the profile or a database is a file dconf would wait on or read forever).
  package var value: String?
  /// What GSettings gives after a reset (`g_settings_get_default_value`); nil when it can't be told.
  package var resetValue: String?
  /// Whether GSettings (libdconf) says the key is writable.
  package var isWritable: Bool
  /// Problems found while reading (overrides, the schema's file).
  package var problems: [String] = []

  package init(
    key: SettingKey, path: String, schemaDefault: String?, schemaOrigin: String,
    vendorOverrides: [VendorOverrides.Override], profile: DconfProfile, databases: [Int: DatabaseReading],
    isDconf: Bool, userValue: String?, value: String?, resetValue: String?, isWritable: Bool,
    problems: [String] = []
  ) {
    self.key = key
    self.path = path
    self.schemaDefault = schemaDefault
    self.schemaOrigin = schemaOrigin
    self.vendorOverrides = vendorOverrides
    self.profile = profile
    self.databases = databases
    self.isDconf = isDconf
    self.userValue = userValue
    self.value = value
    self.resetValue = resetValue
    self.isWritable = isWritable
    self.problems = problems
  }
}

extension ValueProvenance {
  /// The layers in dconf's order and the one that wins, by dconf's rules (`dconf_engine_read`):
  /// the first database is the user's when it is writable; the last database (below the first)
  /// that locks the key sets the level values are read from; otherwise the first database with
  /// a value wins. Below every database are the vendor override, then the schema's default.
  /// GSettings then uses the value only when it is of the key's type and in its range.
  ///
  /// The value and what a reset gives are always GSettings' own (`facts.value`, `facts.resetValue`).
  /// A database is named only when every database was read whole and the layers, by those rules,
  /// give exactly GSettings' value, reset value and lock; otherwise the source is said to be
  /// unknown (or the user's, or locked, when GSettings alone tells so): never a wrong one.
  package static func resolve(_ facts: ProvenanceFacts) -> ValueProvenance {
    var problems = facts.profile.problems + facts.problems
    var layers: [ValueLayer] = []
    layers.append(ValueLayer(kind: .schema, origin: facts.schemaOrigin, value: facts.schemaDefault))
    for override in facts.vendorOverrides {
      layers.append(ValueLayer(kind: .vendor, origin: override.file, value: override.value))
    }
    let vendorWinner = facts.vendorOverrides.last
    let belowDatabases: (value: String?, source: ValueSource, layer: Int) =
      vendorWinner.map { ($0.value, .vendor(file: $0.file), layers.count - 1) } ?? (
        facts.schemaDefault, .schemaDefault, 0
      )

    guard facts.isDconf else {
      layers.append(ValueLayer(kind: .user, origin: "GSettings", value: facts.userValue))
      let winner = facts.userValue != nil ? layers.count - 1 : belowDatabases.layer
      layers[winner].wins = true
      return ValueProvenance(
        key: facts.key, path: facts.path, source: facts.userValue != nil ? .user : belowDatabases.source,
        value: facts.userValue ?? belowDatabases.value, userValue: facts.userValue, resetValue: belowDatabases.value,
        resetSource: belowDatabases.source, layers: layers, profile: facts.profile.name, problems: problems)
    }

    let databases = facts.profile.databases
    let firstIsWritable = databases.first.map { $0.kind == .user || $0.kind == .service } ?? false
    let systemStart = firstIsWritable ? 1 : 0
    // Whether every database was read whole (or is one dconf reads nothing from).
    var allRead = facts.profile.isRead
    // The databases below the user's, from the lowest (last in the profile) up.
    var systemLayers: [Int: Int] = [:]
    var accepted: [Int: Bool] = [:]
    for index in stride(from: databases.count - 1, through: systemStart, by: -1) {
      let database = databases[index]
      var layer = ValueLayer(kind: .system, origin: database.label, value: nil)
      switch facts.databases[index] {
      case .read(let value, let isAccepted, let locks)?:
        layer.value = value
        layer.locks = locks && index > 0
        accepted[layers.count] = isAccepted
        if value != nil, !isAccepted { layer.note = tr("not used: not a value of this key") }
      case .empty(let why)?:
        layer.note = why
        problems.append(tr("The dconf database %1$s can't be read: %2$s.", database.label, why))
      case .unreadable(let why)?:
        layer.note = why
        allRead = false
        problems.append(
          tr(
            "The dconf database %1$s can't be read whole: %2$s. Nothing is told from it.", database.label, why))
      case nil:
        layer.note = tr("not read")
        allRead = false
      }
      systemLayers[index] = layers.count
      layers.append(layer)
    }
    var userLayer: Int?
    if firstIsWritable, let user = databases.first {
      userLayer = layers.count
      layers.append(ValueLayer(kind: .user, origin: user.label, value: facts.userValue))
    }

    guard let knownValue = facts.value else {
      // The value in force can't be told (the profile says why): nothing wins, nothing is reset to.
      problems.append(tr("The value in force can't be told."))
      return ValueProvenance(
        key: facts.key, path: facts.path, source: .unknown, value: nil, userValue: nil, resetValue: nil,
        resetSource: .unknown, layers: layers, profile: facts.profile.name, problems: problems)
    }

    // dconf's step 1: the lock of the highest index wins (locks of the first database never count).
    let lockLevel = stride(from: databases.count - 1, through: 1, by: -1).first { index in
      systemLayers[index].map { layers[$0].locks } ?? false
    }
    /// The first database from `start` with a value, as dconf's step 5 reads them.
    func firstDatabase(from start: Int) -> Int? {
      guard start < databases.count else { return nil }
      for index in start..<databases.count {
        if let layer = systemLayers[index], layers[layer].value != nil { return layer }
      }
      return nil
    }
    // What reset gives: dconf's value from the lock's level (or below the user's), when GSettings takes it.
    let dconfDefault = firstDatabase(from: lockLevel ?? systemStart)
    let reset: Int? = dconfDefault.flatMap { accepted[$0] == false ? nil : $0 }
    var resetValue = reset.map { layers[$0].value } ?? belowDatabases.value
    var resetSource: ValueSource = reset.map { .system(database: layers[$0].origin) } ?? belowDatabases.source
    var source: ValueSource
    var value: String?
    var winner: Int?
    if let lockLevel {
      let lockLayer = systemLayers[lockLevel]!
      source = .locked(database: layers[lockLayer].origin, hiddenUserValue: facts.userValue)
      value = resetValue
      winner = reset ?? belowDatabases.layer
      if let userLayer, facts.userValue != nil {
        layers[userLayer].note = tr("kept, but not used while the key is locked")
      }
    } else if let userLayer, let user = facts.userValue {
      source = .user
      value = user
      winner = userLayer
    } else {
      source = resetSource
      value = resetValue
      winner = reset ?? belowDatabases.layer
    }
    // GSettings' own answer is the truth: the layers name a source only when they give it exactly.
    let locksAgree = !firstIsWritable || (lockLevel != nil) == !facts.isWritable
    if !allRead || value != knownValue || resetValue != facts.resetValue || !locksAgree {
      problems.append(
        tr(
          "Which dconf database gives this value could not be told: the databases as read here do not give dconf's.")
      )
      value = knownValue
      resetValue = facts.resetValue
      resetSource = .unknown
      winner = nil
      if firstIsWritable && !facts.isWritable {
        source = .locked(database: nil, hiddenUserValue: facts.userValue)
      } else if let userLayer, let user = facts.userValue, user == knownValue {
        source = .user
        winner = userLayer
      } else {
        source = .unknown
      }
    } else if !facts.isWritable, lockLevel == nil, !databases.isEmpty {
      problems.append(tr("dconf says the key can't be changed, though no database of the profile locks it."))
    }
    if let winner { layers[winner].wins = true }
    return ValueProvenance(
      key: facts.key, path: facts.path, source: source, value: value, userValue: facts.userValue,
      resetValue: resetValue, resetSource: resetSource, layers: layers, profile: facts.profile.name,
      problems: problems)
  }

  /// `knobs explain`'s text: the layers from the bottom up, each with its origin and value, the winner marked.
  public var explanation: String {
    var lines: [String] = []
    lines.append("\(key.schema) \(key.key)  (\(path))")
    for layer in layers {
      let mark = layer.wins ? "=>" : "  "
      let kind: String
      switch layer.kind {
      case .schema: kind = "default"
      case .vendor: kind = "vendor"
      case .system: kind = "system"
      case .user: kind = "user"
      }
      var line = "\(mark) \(kind.padding(7))  \(layer.origin.escapedForTerminal)  "
      line += layer.value.map { $0.shortenedForMessage.escapedForTerminal } ?? "(" + tr("not set") + ")"
      if layer.locks { line += "  [" + tr("locked") + "]" }
      if let note = layer.note { line += "  (" + note.escapedForTerminal + ")" }
      lines.append(line)
    }
    if let value {
      if !layers.contains(where: \.wins) {
        lines.append(tr("Value in force: %s", value.shortenedForMessage.escapedForTerminal))
      }
    } else {
      lines.append(tr("Value in force: can't be told"))
    }
    lines.append(tr("Source: %s", source.name) + (source.sentence.map { " — " + $0 } ?? ""))
    if let resetValue {
      lines.append(
        tr("Reset gives: %1$s (%2$s)", resetValue.shortenedForMessage.escapedForTerminal, resetSource.name))
    } else {
      lines.append(tr("Reset gives: can't be told"))
    }
    lines.append(tr("dconf profile: %s", profile))
    for problem in problems { lines.append(tr("Problem: %s", problem.escapedForTerminal)) }
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
