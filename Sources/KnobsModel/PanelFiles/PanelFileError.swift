/// A mistake in a panel file, with where it is: the file, the line and column
/// (both from 1) and the row path (`section/row`, empty for the panel itself).
public struct PanelFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file the mistake is in.
  public var file: String
  /// The line of the mistake, from 1.
  public var line: Int
  /// The column of the mistake, from 1.
  public var column: Int
  /// The path of the section or row with the mistake.
  public var path: RowPath
  /// One sentence a panel author understands.
  public var message: String

  /// A mistake at this place of a panel file.
  public init(file: String, line: Int, column: Int, path: RowPath, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.path = path
    self.message = message
  }

  /// `file:line:column: path: message`, the form compilers use, so editors can jump to it.
  /// The file's name is escaped (`escapedForTerminal`) and kept whole, so an editor can still jump
  /// to it, unless it is longer than any real file's path (then cut as `escapedForMessage` cuts);
  /// the path is cut and escaped, the message escaped: none of them is written raw to a terminal,
  /// however the file or its text was named.
  public var description: String {
    let fileName = file.utf8.count > 4096 ? file.escapedForMessage : file.escapedForTerminal
    return "\(fileName):\(line):\(column): " + (path.isEmpty ? "" : "\(path.description.escapedForMessage): ")
      + message.escapedForTerminal
  }
}

/// Every mistake found in a panel file, in the file's order; never empty.
public struct PanelFileErrors: Error, Sendable, CustomStringConvertible {
  /// The mistakes, in the order they were found.
  public var errors: [PanelFileError]

  /// The mistakes found in one file.
  public init(_ errors: [PanelFileError]) {
    self.errors = errors
  }

  /// One line each, at most `String.listedLimit` of them, then how many more there are.
  public var description: String {
    String.boundedLines(errors.map(\.description)).joined(separator: "\n")
  }
}

/// A place in a panel file: line and column, both from 1.
package struct FilePosition: Hashable, Sendable {
  package var line: Int
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  static let start = FilePosition(line: 1, column: 1)
}
