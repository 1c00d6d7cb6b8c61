internal import CGio

/// One interface of an object exported on the session bus: the interface is
/// described by introspection XML, and each method call goes to a Swift
/// closure on the main loop, which answers it through the `DBusMethodCall`.
///
/// GDBus checks every call's arguments against the XML (a call of another
/// signature is refused with `InvalidArgs` before it gets here) and refuses
/// strings that are not UTF-8 itself. The handler must answer each call once,
/// and should answer at once: the caller waits, and so does the main loop.
@MainActor
public final class DBusObject {
  private let connection: OpaquePointer
  private var registrationID: guint

  /// Exports the first interface of `interfaceXML` (a `<node>`) at `path` on the session bus.
  ///
  /// Exported before a GApplication registers, the object is there once the
  /// app's name is owned: GApplication uses the same shared session connection,
  /// and a call that arrives for an object not yet exported would be refused.
  public init(
    sessionBusPath path: String, interfaceXML: String, handler: @escaping @MainActor (DBusMethodCall) -> Void
  ) throws(GLibError) {
    var error: UnsafeMutablePointer<GError>?
    guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
      throw GLibError(consuming: error)
    }
    guard let node = g_dbus_node_info_new_for_xml(interfaceXML, &error) else {
      g_object_unref(UnsafeMutableRawPointer(connection))
      throw GLibError(consuming: error)
    }
    defer { g_dbus_node_info_unref(node) }
    guard let interface = node.pointee.interfaces?[0] else {
      g_object_unref(UnsafeMutableRawPointer(connection))
      throw GLibError(message: "The introspection XML declares no interface", ioCode: nil)
    }
    let box = Unmanaged.passRetained(MethodBox(handler)).toOpaque()
    var vtable = GDBusInterfaceVTable()
    vtable.method_call = { _, _, _, _, method, parameters, invocation, data in
      guard let data, let method, let parameters, let invocation else { return }
      let box = Unmanaged<MethodBox>.fromOpaque(data).takeUnretainedValue()
      nonisolated(unsafe) let call = (String(cString: method), parameters, invocation)
      // GDBus calls in the thread-default main context of the registration: the main one.
      MainActor.assumeIsolated {
        box.handler(DBusMethodCall(method: call.0, parameters: call.1, invocation: call.2))
      }
    }
    // GDBus copies the vtable; the box is released when the object is unregistered.
    let id = g_dbus_connection_register_object(
      connection, path, interface, &vtable, box,
      { data in
        guard let data else { return }
        Unmanaged<MethodBox>.fromOpaque(data).release()
      }, &error)
    guard id != 0 else {
      Unmanaged<MethodBox>.fromOpaque(box).release()
      g_object_unref(UnsafeMutableRawPointer(connection))
      throw GLibError(consuming: error)
    }
    self.connection = connection
    registrationID = id
  }

  /// Takes the object off the bus; calls after this are refused by GDBus.
  public func unregister() {
    guard registrationID != 0 else { return }
    g_dbus_connection_unregister_object(connection, registrationID)
    registrationID = 0
  }

  isolated deinit {
    unregister()
    g_object_unref(UnsafeMutableRawPointer(connection))
  }

  private final class MethodBox {
    let handler: @MainActor (DBusMethodCall) -> Void
    init(_ handler: @escaping @MainActor (DBusMethodCall) -> Void) { self.handler = handler }
  }
}

/// A method call to a `DBusObject`: its arguments, read by position and type, and
/// one answer. A call not answered is answered with an error when this is freed.
@MainActor
public final class DBusMethodCall {
  public let method: String
  private let parameters: OpaquePointer
  private var invocation: OpaquePointer?

  fileprivate init(method: String, parameters: OpaquePointer, invocation: OpaquePointer) {
    self.method = method
    self.parameters = g_variant_ref(parameters)
    // The invocation is ours: answering it frees it.
    self.invocation = invocation
  }

  isolated deinit {
    if invocation != nil { returnError("The call was not answered") }
    g_variant_unref(parameters)
  }

  /// The string array (`as`) at `index` of the arguments; empty if that argument is of another type.
  public func strings(at index: Int) -> [String] {
    guard let child = child(at: index, type: "as") else { return [] }
    defer { g_variant_unref(child) }
    var result: [String] = []
    let count = g_variant_n_children(child)
    result.reserveCapacity(Int(count))
    for position in 0..<count {
      guard let item = g_variant_get_child_value(child, position) else { continue }
      result.append(String(cString: g_variant_get_string(item, nil)))
      g_variant_unref(item)
    }
    return result
  }

  /// The string (`s`) at `index` of the arguments; nil if that argument is of another type.
  public func string(at index: Int) -> String? {
    guard let child = child(at: index, type: "s") else { return nil }
    defer { g_variant_unref(child) }
    return String(cString: g_variant_get_string(child, nil))
  }

  private func child(at index: Int, type: String) -> OpaquePointer? {
    guard index >= 0, index < Int(g_variant_n_children(parameters)),
      let child = g_variant_get_child_value(parameters, gsize(index))
    else { return nil }
    guard String(cString: g_variant_get_type_string(child)) == type else {
      g_variant_unref(child)
      return nil
    }
    return child
  }

  /// Answers with no value.
  public func returnNothing() {
    answer(g_variant_new_tuple(nil, 0))
  }

  /// Answers with one string array (`(as)`).
  public func returnStrings(_ strings: [String]) {
    answer(g_variant_new_tuple([Self.stringArray(strings)], 1))
  }

  /// Answers with one array of dictionaries of string values (`(aa{sv})`), each dictionary's
  /// entries in order.
  public func returnDictionaries(_ dictionaries: [[(key: String, value: String)]]) {
    let builder = Self.builder("aa{sv}")
    for dictionary in dictionaries {
      let entries = Self.builder("a{sv}")
      for (key, value) in dictionary {
        let entry = g_variant_new_dict_entry(
          g_variant_new_string(key), g_variant_new_variant(g_variant_new_string(value)))
        g_variant_builder_add_value(entries, entry)
      }
      g_variant_builder_add_value(builder, g_variant_builder_end(entries))
      g_variant_builder_unref(entries)
    }
    let array = g_variant_builder_end(builder)
    g_variant_builder_unref(builder)
    answer(g_variant_new_tuple([array], 1))
  }

  /// Answers with a `org.freedesktop.DBus.Error.Failed` error saying `message`.
  public func returnError(_ message: String) {
    guard let invocation else { return }
    self.invocation = nil
    g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.Failed", message)
  }

  private func answer(_ value: OpaquePointer?) {
    guard let invocation else { return }
    self.invocation = nil
    g_dbus_method_invocation_return_value(invocation, value)
  }

  private static func builder(_ type: String) -> UnsafeMutablePointer<GVariantBuilder>? {
    let variantType = g_variant_type_new(type)
    defer { g_variant_type_free(variantType) }
    return g_variant_builder_new(variantType)
  }

  private static func stringArray(_ strings: [String]) -> OpaquePointer? {
    let builder = builder("as")
    // A Swift String is valid UTF-8 (invalid bytes became U+FFFD when it was made).
    for string in strings { g_variant_builder_add_value(builder, g_variant_new_string(string)) }
    let array = g_variant_builder_end(builder)
    g_variant_builder_unref(builder)
    return array
  }
}
