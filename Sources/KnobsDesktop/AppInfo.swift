/// Who Knobs is and how to reach its maintainers: the one place a distributor edits. The id and
/// the version come from the files APP_ID and VERSION (`AppIdentity.swift`, written from them).
package enum AppInfo {
  package static let name = "Knobs"

  static let maintainersAddress = "maintainers@knobs.dev"
  static let website = "https://knobs.dev"
  static let issues = "https://knobs.dev/issues"
  static let license = "https://www.gnu.org/licenses/gpl-3.0.html"
  static let source = "https://knobs.dev/source"
  static let privacy = "https://knobs.dev/privacy"
}
