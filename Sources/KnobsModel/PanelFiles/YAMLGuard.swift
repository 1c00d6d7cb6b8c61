import CLibYAML

/// Looks at a panel file's YAML events before it is composed into nodes, and
/// refuses what a panel never needs but an attacker uses: anchors and aliases
/// (a “billion laughs” file repeats one part of itself exponentially) and
/// more values than any panel has.
///
/// libyaml's event stream is linear in the file's size, so this pass is cheap
/// whatever the file holds; only a file it lets through is composed.
enum YAMLGuard {
  /// More values than this is not a settings panel (the biggest shipped has about 2,000).
  static let maximumValues = 100_000

  enum Refusal: Equatable {
    case anchor(name: String, FilePosition)
    case alias(name: String, FilePosition)
    case tooManyValues(FilePosition)
  }

  /// The first reason to refuse `text`, or nil. A syntax error is not a refusal
  /// here: the composer reports it with its position.
  static func check(_ text: String) -> Refusal? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return nil }
    defer { yaml_parser_delete(&parser) }
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer -> Refusal? in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var values = 0
      while true {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
        defer { yaml_event_delete(&event) }
        let position = FilePosition(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_STREAM_END_EVENT:
          return nil
        case YAML_ALIAS_EVENT:
          return .alias(name: name(event.data.alias.anchor), position)
        case YAML_SCALAR_EVENT:
          if let anchor = event.data.scalar.anchor { return .anchor(name: name(anchor), position) }
          values += 1
        case YAML_SEQUENCE_START_EVENT:
          if let anchor = event.data.sequence_start.anchor { return .anchor(name: name(anchor), position) }
          values += 1
        case YAML_MAPPING_START_EVENT:
          if let anchor = event.data.mapping_start.anchor { return .anchor(name: name(anchor), position) }
          values += 1
        default:
          continue
        }
        if values > maximumValues { return .tooManyValues(position) }
      }
    }
  }

  private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String {
    guard let pointer else { return "" }
    return String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
  }
}
