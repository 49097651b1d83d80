import CGtk
import RefreshCore

/// The header and footer over the rows, in viewport coordinates, through the shared painters.
@MainActor
enum Decorations {
    static func draw(header: HeaderVisual, footer: FooterVisual, cr: OpaquePointer, width: Double, height: Double,
                     widget: UnsafeMutablePointer<GtkWidget>) {
    }
}
