// `import KnobsUI` is all an application needs: the declaration API (Panel, Section, the rows,
// SettingKey, the stores) comes with it, and GTK 4's C API (`gtk_window_new`, `GtkWidget`, …)
// for an app that makes a window of its own to put a `PanelView` in.
@_exported import CGtk
@_exported import KnobsModel
@_exported import KnobsSettings
