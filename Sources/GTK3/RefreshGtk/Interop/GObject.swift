import CGtk

/// Anything that points at a GObject instance, whatever Swift imported its C type as:
/// complete structs come as `UnsafeMutablePointer<T>` (`GtkWidget`, `GtkTreeView`), incomplete
/// ones as `OpaquePointer` (`GtkTreeModel`, `GtkGesture`). ``GSignal`` takes either.
public protocol GObjectReference {
    /// The instance as C's `gpointer`.
    var gpointer: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: GObjectReference {
    public var gpointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GObjectReference {
    public var gpointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// The C cast macros (`GTK_CONTAINER(w)`, `GTK_WINDOW(w)`, …) are not imported; this is their
/// unchecked equivalent. Only cast to a type the instance really is.
package func gcast<T>(_ object: some GObjectReference, to: T.Type = T.self) -> UnsafeMutablePointer<T> {
    object.gpointer.assumingMemoryBound(to: T.self)
}
