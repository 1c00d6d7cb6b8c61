import FoundationEssentials
import Gtk
import KnobsModel

/// The pages: the one shown, detail pages pushed and left, search opened on top of them.
extension PanelView {
  var currentPage: PageView { pages[pages.count - 1] }
  /// Whether the stack shows the current page (and not a view of it still sliding out).
  var showsCurrentPage: Bool { stack.isShowing(currentPage.scroller) }

  /// The title of the page shown: the panel's on its first page, a detail row's on the page it opens.
  public var pageTitle: String { currentPage.page.title }

  /// Whether a page opened from a detail row is shown, so that ``goBack()`` has somewhere to go.
  public var canGoBack: Bool { pages.count > 1 }

  /// Whether search is open. Setting it opens search with the keyboard in its entry, or closes it.
  public var isSearching: Bool {
    get { search.isActive }
    set { newValue ? search.begin() : search.end() }
  }

  func push(_ page: PageView, animated: Bool) {
    // The same page opened again while its last view still slides out: that view goes now, as the
    // stack names each page by its path.
    for leaving in leavingPages where leaving.path == page.path { stack.remove(leaving.scroller) }
    leavingPages.removeAll { $0.path == page.path }
    pages.append(page)
    stack.addNamed(page.scroller, name: page.path.isEmpty ? "root" : page.path.description, title: page.page.title)
    stack.show(page.scroller, transition: animated ? .slideLeft : .none)
    pageChanged()
  }

  func openDetail(_ page: Panel, path: RowPath) {
    if search.isActive { search.end(restoring: false) }
    let view = PageView(page: page.preparingFoundRows(), path: path, host: self)
    push(view, animated: true)
    view.focusFirstRow()
  }

  /// Returns to the previous page, focusing the row that opened the page left.
  public func goBack() {
    guard pages.count > 1 else { return }
    let leaving = pages.removeLast()
    stack.show(currentPage.scroller, transition: .slideRight)
    pageChanged()
    let page = currentPage
    if let address = page.address(of: leaving.path) { Task { await page.focus(address) } }
    leavingPages.append(leaving)
    runOnMainLoop(after: 0.4) { [weak self, stack] in
      guard let self, self.leavingPages.contains(where: { $0 === leaving }) else { return }
      self.leavingPages.removeAll { $0 === leaving }
      stack.remove(leaving.scroller)
      self.returnFreeMemory()
    }
  }

  /// Returns to the first page at once.
  func popToRoot() {
    let wasOnRoot = pages.count == 1
    while pages.count > 1 {
      let leaving = pages.removeLast()
      stack.remove(leaving.scroller)
    }
    returnFreeMemory()
    stack.show(currentPage.scroller, transition: .none)
    if !wasOnRoot { pageChanged() }
  }

  func pushWithoutAnimation(_ page: Panel, path: RowPath) {
    push(PageView(page: page.preparingFoundRows(), path: path, host: self), animated: false)
  }

  private func pageChanged() {
    if let header {
      header.backButton.isVisible = canGoBack
      header.title.text = pageTitle
    }
    onPageChanged?()
  }

  /// Opens search with `text` typed and shows the results at once, without the
  /// entry's typing delay; returns how many rows are listed.
  @discardableResult
  func showSearchResults(for text: String) -> Int {
    search.show(text: text)
    return search.resultCount
  }
}
