import KnobsModel

extension Row {
  /// What a link or email row leads to, as people read it: the URL or the addresses; nil for other kinds.
  var destinationText: String? {
    switch kind.form {
    case .link(let link): link.displayURL
    case .email(let email): email.displayAddress
    case .toggle, .detail, .page, .value, .slider, .choice, .action, .text, .number, .font, .file, .multiSelect, .list,
      .shortcut, .color:
      nil
    }
  }

  /// What a link or email row offers to copy, with the label of the menu entry or button; nil for other kinds.
  var copyableText: (label: String, text: String)? {
    switch kind.form {
    case .link(let link): (tr("Copy Link"), link.url)
    case .email(let email): (tr("Copy Address"), email.displayAddress)
    case .toggle, .detail, .page, .value, .slider, .choice, .action, .text, .number, .font, .file, .multiSelect, .list,
      .shortcut, .color:
      nil
    }
  }
}
