import CGtk

/// A weak reference lent to C as user data. C holds one retain of the box (never of the target)
/// and gives it back through `destroyNotify`, so a callback that fires late finds `nil` instead
/// of a freed object, and no C pointer keeps a Swift object alive (docs/architecture.md,
/// "Lifetime").
@MainActor
package final class WeakBox {
    package private(set) weak var target: AnyObject?

    package init(_ target: AnyObject) { self.target = target }

    /// The pointer to hand to C together with `destroyNotify`.
    package func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    /// The target behind a pointer C passed back, if it is still alive.
    package static func target<T: AnyObject>(_ pointer: UnsafeMutableRawPointer?, as: T.Type) -> T? {
        guard let pointer else { return nil }
        return Unmanaged<WeakBox>.fromOpaque(pointer).takeUnretainedValue().target as? T
    }

    /// The `GDestroyNotify` that gives the box's retain back.
    package static let destroyNotify: GDestroyNotify = { data in
        let bits = Int(bitPattern: data)
        MainActor.assumeIsolated {
            guard let pointer = UnsafeMutableRawPointer(bitPattern: bits) else { return }
            Unmanaged<WeakBox>.fromOpaque(pointer).release()
        }
    }
}

/// Makes a GObject the owner of a Swift object, the way a GTK container owns its children: the
/// object holds one retain in its qdata and gives it back when it is finalized (or when `detach`
/// is called). Apps may keep only the widget; the Swift controller lives exactly as long.
@MainActor
package enum GObjectOwnership {
    /// Attaches `owned` to `object` under `key`; a previous value under the key is released.
    package static func attach(_ owned: AnyObject, to object: some GObjectReference, key: String) {
        let release: GDestroyNotify = { data in
            let bits = Int(bitPattern: data)
            MainActor.assumeIsolated {
                guard let pointer = UnsafeMutableRawPointer(bitPattern: bits) else { return }
                Unmanaged<AnyObject>.fromOpaque(pointer).release()
            }
        }
        g_object_set_data_full(gcast(object, to: GObject.self), key, Unmanaged.passRetained(owned).toOpaque(), release)
    }

    /// Releases what `attach` stored under `key` now (the destroy-notify runs).
    package static func detach(from object: some GObjectReference, key: String) {
        g_object_set_data(gcast(object, to: GObject.self), key, nil)
    }

    /// The Swift object stored under `key`, if any.
    package static func owned<T: AnyObject>(by object: some GObjectReference, key: String, as: T.Type) -> T? {
        guard let pointer = g_object_get_data(gcast(object, to: GObject.self), key) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? T
    }
}
