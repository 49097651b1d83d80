import CPangoCairo
import RefreshCore

/// The header and footer of a live widget, whatever the toolkit: which painter draws each (the
/// built-in looks or the app's own) into the toolkit's Cairo context. GTK 3 draws straight into
/// the widget's; GTK 4 into an image of the bin's gap (RefreshGtk4's Decorations.swift). The
/// painters lay their text out in the Pango context the toolkit gives, kept until `reset()`.
package final class DecorationPainters {
    private var header: HeaderPainter?
    private var footer: FooterPainter?
    /// The app's own looks (`header` when app-drawn, `appDrawnFooter`); nil: the built-in ones.
    package var appDrawnHeader: RefreshHeaderStyle?
    package var appDrawnFooter: RefreshFooterStyle?

    package init() {}

    /// The font, the theme or the text context changed: new painters, with new text layouts, on
    /// the next draw.
    package func reset() {
        header = nil
        footer = nil
    }

    /// Draws the header; `cr`'s origin is the header's top left.
    package func drawHeader(_ visual: HeaderVisual, cr: OpaquePointer, width: Double, palette: Palette,
                            pangoContext: @autoclosure () -> OpaquePointer) {
        let painter = header ?? HeaderPainter(pangoContext: pangoContext())
        header = painter
        if let appDrawnHeader {
            painter.draw(visual, style: appDrawnHeader, cr: cr, width: width, palette: palette)
        } else {
            painter.draw(visual, cr: cr, width: width, palette: palette)
        }
    }

    /// Draws the footer; `cr`'s origin is the viewport's top left. `focusRing` draws the theme's
    /// focus ring around the built-in footer's button when `focused`.
    package func drawFooter(_ visual: FooterVisual, cr: OpaquePointer, width: Double, palette: Palette, focused: Bool,
                            pangoContext: @autoclosure () -> OpaquePointer, focusRing: @escaping (Rect) -> Void) {
        let painter = footer ?? FooterPainter(pangoContext: pangoContext())
        footer = painter
        if let appDrawnFooter {
            painter.draw(visual, style: appDrawnFooter, cr: cr, width: width, palette: palette, focused: focused)
        } else {
            painter.draw(visual, cr: cr, width: width, palette: palette, focused: focused, focusRing: focusRing)
        }
    }
}
