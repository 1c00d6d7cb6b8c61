import CLibYAML

/// A YAML document as a panel file's reader sees it: scalars with their text and style,
/// sequences and mappings (keys in file order), each at the line and column it starts.
/// Composed from libyaml's events by `Node.compose`; anchors and aliases never get this
/// far (`YAMLGuard` refuses them first).
indirect enum Node {
  case scalar(Scalar)
  case sequence(Sequence)
  case mapping(Mapping)

  /// Where a node starts, 1-based, in Unicode scalars.
  struct Mark: Equatable {
    let line: Int
    let column: Int
  }

  struct Scalar {
    enum Style { case any, plain, singleQuoted, doubleQuoted, literal, folded }
    let string: String
    let style: Style
    let mark: Mark
  }

  struct Sequence: RandomAccessCollection {
    let nodes: [Node]
    let mark: Mark
    var startIndex: Int { nodes.startIndex }
    var endIndex: Int { nodes.endIndex }
    subscript(position: Int) -> Node { nodes[position] }
  }

  struct Mapping: RandomAccessCollection {
    let pairs: [(key: Node, value: Node)]
    let mark: Mark
    var startIndex: Int { pairs.startIndex }
    var endIndex: Int { pairs.endIndex }
    subscript(position: Int) -> (key: Node, value: Node) { pairs[position] }

    /// The value of the first key whose text is `key`.
    subscript(key: String) -> Node? { pairs.first { $0.key.string == key }?.value }
  }

  var mark: Mark? {
    switch self {
    case .scalar(let scalar): return scalar.mark
    case .sequence(let sequence): return sequence.mark
    case .mapping(let mapping): return mapping.mark
    }
  }

  var scalar: Scalar? {
    if case .scalar(let scalar) = self { return scalar }
    return nil
  }

  var sequence: Sequence? {
    if case .sequence(let sequence) = self { return sequence }
    return nil
  }

  var mapping: Mapping? {
    if case .mapping(let mapping) = self { return mapping }
    return nil
  }

  /// A scalar's text; nil for a sequence or mapping.
  var string: String? { scalar?.string }
}

/// Why a text is not YAML a panel can be read from: libyaml's words, or keys given twice.
enum YAMLProblem: Error {
  /// libyaml's problem and what it was doing (`found unexpected end of stream`, `while
  /// scanning a quoted scalar`), at the problem's position; the start of the file for a
  /// reader error.
  case syntax(problem: String, context: String?, Node.Mark?)
  /// Keys a mapping has more than once, sorted, at the first of the first one.
  case duplicateKeys([String], Node.Mark)
  /// A second document after the first.
  case secondDocument(Node.Mark)
}

extension Node {
  /// The first document of `text`, or nil when the text holds none.
  static func compose(_ text: String) throws(YAMLProblem) -> Node? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      throw .syntax(problem: "the YAML parser could not start", context: nil, nil)
    }
    defer { yaml_parser_delete(&parser) }
    var bytes = Array(text.utf8)
    return try bytes.withUnsafeMutableBufferPointer { buffer throws(YAMLProblem) -> Node? in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var composer = Composer()
      while true {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { throw Self.problem(of: parser) }
        defer { yaml_event_delete(&event) }
        if try composer.take(event) { return composer.root }
      }
    }
  }

  private static func problem(of parser: yaml_parser_t) -> YAMLProblem {
    func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
    let problem = text(parser.problem) ?? "the text could not be read"
    guard parser.error != YAML_READER_ERROR else { return .syntax(problem: problem, context: nil, nil) }
    return .syntax(problem: problem, context: text(parser.context), mark(parser.problem_mark))
  }

  fileprivate static func mark(_ mark: yaml_mark_t) -> Mark {
    Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
  }
}

/// Builds nodes from events: the collections open now, innermost last.
private struct Composer {
  private enum Open {
    case sequence([Node], Node.Mark)
    case mapping([(key: Node, value: Node)], pendingKey: Node?, Node.Mark)
  }

  private var open: [Open] = []
  private(set) var root: Node?
  private var documents = 0

  /// Takes one event; true once the stream ends.
  mutating func take(_ event: yaml_event_t) throws(YAMLProblem) -> Bool {
    let mark = Node.mark(event.start_mark)
    switch event.type {
    case YAML_STREAM_END_EVENT:
      return true
    case YAML_DOCUMENT_START_EVENT:
      documents += 1
      if documents > 1 { throw .secondDocument(mark) }
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      let text = scalar.value.map {
        String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
      }
      try add(.scalar(Node.Scalar(string: text ?? "", style: Self.style(scalar.style), mark: mark)))
    case YAML_SEQUENCE_START_EVENT:
      open.append(.sequence([], mark))
    case YAML_MAPPING_START_EVENT:
      open.append(.mapping([], pendingKey: nil, mark))
    case YAML_SEQUENCE_END_EVENT:
      guard case .sequence(let nodes, let start)? = open.popLast() else { break }
      try add(.sequence(Node.Sequence(nodes: nodes, mark: start)))
    case YAML_MAPPING_END_EVENT:
      guard case .mapping(let pairs, _, let start)? = open.popLast() else { break }
      try Self.checkKeys(pairs)
      try add(.mapping(Node.Mapping(pairs: pairs, mark: start)))
    case YAML_ALIAS_EVENT:
      // YAMLGuard refuses aliases before a text is composed; should one get here, it is refused too.
      throw .syntax(problem: "found an alias", context: nil, mark)
    default:
      break
    }
    return false
  }

  private mutating func add(_ node: Node) throws(YAMLProblem) {
    guard let last = open.popLast() else {
      if root == nil { root = node }
      return
    }
    switch last {
    case .sequence(var nodes, let mark):
      nodes.append(node)
      open.append(.sequence(nodes, mark))
    case .mapping(var pairs, let key?, let mark):
      pairs.append((key, node))
      open.append(.mapping(pairs, pendingKey: nil, mark))
    case .mapping(let pairs, nil, let mark):
      open.append(.mapping(pairs, pendingKey: node, mark))
    }
  }

  /// A key given twice is refused: which of the two a reader would take is anybody's guess.
  private static func checkKeys(_ pairs: [(key: Node, value: Node)]) throws(YAMLProblem) {
    var seen: [String: Node.Mark] = [:]
    var repeated: Set<String> = []
    for pair in pairs {
      guard let key = pair.key.string, let mark = pair.key.mark else { continue }
      if seen[key] == nil { seen[key] = mark } else { repeated.insert(key) }
    }
    guard let first = repeated.min(), let mark = seen[first] else { return }
    throw .duplicateKeys(repeated.sorted(), mark)
  }

  private static func style(_ style: yaml_scalar_style_t) -> Node.Scalar.Style {
    switch style {
    case YAML_PLAIN_SCALAR_STYLE: return .plain
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: return .literal
    case YAML_FOLDED_SCALAR_STYLE: return .folded
    default: return .any
    }
  }
}
