/// A page made when it is first opened rather than with the panel: pages too
/// big to build at start-up (every installed schema) or that change while the
/// window is open (the settings that differ from their defaults).
///
/// The panel's own paths, validation and resets stop at such a row; the window
/// resolves its path when navigating, and search reaches into kept pages once
/// the window is on screen.
@MainActor
public final class PageLink {
  /// The title of the row that opens the page, and of the page.
  public let title: String
  /// Whether a made page is kept; a page that is not is made again on every use.
  public let keepsPage: Bool
  private let make: @MainActor () -> Panel
  private var made: Panel?

  /// A link whose page `make` builds when it is first opened.
  public init(title: String, keepsPage: Bool = true, make: @escaping @MainActor () -> Panel) {
    self.title = title
    self.keepsPage = keepsPage
    self.make = make
  }

  /// The page: made now if it is not kept or has not been made yet.
  public var page: Panel {
    if let made { return made }
    let page = make()
    if keepsPage { made = page }
    return page
  }

  /// Whether the page has been made and kept.
  public var isMade: Bool { made != nil }

  /// Forgets a kept page, so the next use makes it again.
  public func forget() { made = nil }
}
