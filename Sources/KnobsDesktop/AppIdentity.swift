// Written by meson-helpers/generate-app-identity from VERSION and APP_ID; edit those, then run it.
extension AppInfo {
  static let id = "dev.knobs.Knobs"
  static let version = "0.1.0"
}
