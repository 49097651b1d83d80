import Glibc

/// GTK 4 caches the X visuals it picked in a `GDK_VISUALS` property on the root window, and
/// GTK 3.24 reads that property instead of probing GLX. Once any GTK 4 process has run on a
/// display, a GTK 3 process there skips the probe and Mesa is never loaded: ≈55 MB less, the
/// same as `GDK_GL=disable` (measured under Xvfb). So the order of the children would decide
/// GTK 3's memory. The parent deletes the property before every GTK 3 child, so that "GL probe
/// on" means the probe runs, whatever ran before.
///
/// Xlib through dlsym: libX11 is already loaded (GDK links it), and the CGtk module does not
/// import Xlib's headers.
enum VisualsCache {
    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias InternAtom = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> UInt
    private typealias RootWindow = @convention(c) (OpaquePointer?) -> UInt
    private typealias DeleteProperty = @convention(c) (OpaquePointer?, UInt, UInt) -> Int32
    private typealias CloseDisplay = @convention(c) (OpaquePointer?) -> Int32

    /// Deletes `GDK_VISUALS` from the default display's root window; false if Xlib or the
    /// display is not there (then nothing was changed).
    @discardableResult
    static func clear() -> Bool {
        guard let open = symbol("XOpenDisplay", as: OpenDisplay.self),
              let intern = symbol("XInternAtom", as: InternAtom.self),
              let root = symbol("XDefaultRootWindow", as: RootWindow.self),
              let delete = symbol("XDeleteProperty", as: DeleteProperty.self),
              let close = symbol("XCloseDisplay", as: CloseDisplay.self),
              let display = open(nil)
        else { return false }
        defer { _ = close(display) }  // XCloseDisplay flushes the request
        let atom = intern(display, "GDK_VISUALS", 1)  // only_if_exists: 0 when no one made it
        if atom != 0 { _ = delete(display, root(display), atom) }
        return true
    }

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        // RTLD_DEFAULT (nil in glibc): the libraries already loaded.
        guard let pointer = dlsym(nil, name) else { return nil }
        return unsafeBitCast(pointer, to: type)
    }
}
