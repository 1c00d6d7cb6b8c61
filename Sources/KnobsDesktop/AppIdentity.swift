// Written by meson-helpers/generate-app-identity from VERSION and APP_ID; edit those, then run it.
extension AppInfo {
  package static let id = "dev.knobs.Knobs"
  package static let version = "0.1.0"
}
