import CGtk

/// Anything that points at a GObject instance, whatever Swift imported its C type as:
/// complete structs come as `UnsafeMutablePointer<T>`, incomplete ones as `OpaquePointer`.
package protocol GObjectReference {
    var gpointer: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: GObjectReference {
    package var gpointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GObjectReference {
    package var gpointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// The C cast macros (`GTK_CONTAINER(w)`, `GTK_WINDOW(w)`, …) are not imported; this is their
/// unchecked equivalent. Only cast to a type the instance really is.
package func gcast<T>(_ object: some GObjectReference, to: T.Type = T.self) -> UnsafeMutablePointer<T> {
    object.gpointer.assumingMemoryBound(to: T.self)
}
