import KnobsModel

/// A page of the desktop's settings, reached from the first page by a row
/// with an icon, as GNOME Settings reaches its panels. It ends with a reset
/// of every setting on it.
@MainActor
func desktopPage(_ id: String, _ title: String, icon: String, @SectionBuilder sections: () -> [Section]) -> Row {
  let content = sections()
  let page = Panel(title: title, sections: content)
  let reset = Section("reset", footer: .fixed(tr("Returns every setting on this page to its default."))) {
    ActionRow(
      "reset-page",
      tr(
        // TRANSLATORS: %s is the title of a page, such as Appearance.
        "Reset %s Settings", title),
      confirmation: Confirmation(
        title: tr(
          // TRANSLATORS: %s is the title of a page, such as Appearance.
          "Reset %s Settings?", title),
        message: tr("Every setting on this page returns to its default. You can undo this right after."),
        confirmLabel: tr("Reset")),
      isDestructive: true
    ) { context in
      page.resetAll(in: context.store)
    }
  }
  var row = Row(id: id, title: title, kind: .detail(Panel(title: title, sections: content + [reset])))
  row.iconName = icon
  return row
}
