// `import KnobsUI` is all an application needs: the declaration API (Panel, Section, the rows,
// SettingKey, the stores) comes with it.
@_exported import KnobsModel
