import CGtk
import CGtkShim
import RefreshCore

/// The list's draw: the theme background, the visible rows (drawn by the app's `RowRenderer` or
/// copied from their kept images), then the overlay (the header and footer). Measuring the rows
/// that come into view is ListView+Measuring.swift's.
extension ListView {
    /// The area's "draw" handler.
    func draw(_ cr: OpaquePointer) {
        render(cr, width: Double(gtk_widget_get_allocated_width(area)),
               height: Double(gtk_widget_get_allocated_height(area)))
        if !hasDrawnFirstFrame {
            hasDrawnFirstFrame = true
            onFirstFrame?()
        }
    }

    /// Draws the viewport — background, visible rows, then `drawOverlay` — into `cr`, whose
    /// origin is the viewport's top left. The "draw" handler uses it; tests and snapshots can
    /// call it with any cairo context (an image surface's, say).
    package func render(_ cr: OpaquePointer, width: Double, height: Double) {
        let style = gtk_widget_get_style_context(area)
        gtk_render_background(style, cr, 0, 0, width, height)

        if rowCount > 0, width > 0, height > 0 {
            cairo_save(cr)
            cairo_rectangle(cr, 0, 0, width, height)
            cairo_clip(cr)
            drawRows(cr, style: style, width: width, height: height)
            cairo_restore(cr)
        }
        drawOverlay?(cr, width, height)
    }

    /// The context rows draw with, made on first use after a theme, font or scale change.
    private func context(width: Double, scale: Double) -> RowContext {
        let style = gtk_widget_get_style_context(area)!
        let now = Double(g_get_real_time()) / 1_000_000
        // HACK (docs/gtk3-notes.md, "Theme colours and changes"): a named colour an app's CSS
        // provider redefines changes no widget's own style, and GTK 3 then emits no "style-updated".
        if let rowContext, rowContext.palette != Palette.theme(style) { self.rowContext = nil }
        let context = rowContext ?? {
            let made = RowContext(pangoContext: gtk_widget_get_pango_context(area), palette: .light, foreground: .black,
                                  background: .white, selectionBackground: .black, selectionForeground: .white,
                                  scaleFactor: scale, width: width, styleContext: style, now: now, layouts: layoutCache)
            made.updateTheme(from: style, pangoContext: gtk_widget_get_pango_context(area))
            // Theme, font or scale changed: every layout, image and height is stale.
            forgetDrawnRows()
            measuredWidth = -1
            rowContext = made
            return made
        }()
        context.rowKey = { [heights] in heights.key(of: $0) }
        context.scaleFactor = scale
        context.width = width
        context.now = now
        return context
    }

    private func drawRows(_ cr: OpaquePointer, style: UnsafeMutablePointer<GtkStyleContext>!, width: Double, height: Double) {
        // Device pixels per logical px (2 at GDK_SCALE=2): positions snap to whole device pixels.
        // The surface's device scale is not part of cairo_user_to_device_distance (Cairo 1.16).
        var unitX = 0.0, unitY = 1.0, deviceScaleX = 1.0, deviceScaleY = 1.0
        cairo_user_to_device_distance(cr, &unitX, &unitY)
        cairo_surface_get_device_scale(cairo_get_target(cr), &deviceScaleX, &deviceScaleY)
        let scale = max(1, abs(unitY * deviceScaleY))
        func snap(_ y: Double) -> Double { (y * scale).rounded() / scale }

        let context = context(width: width, scale: scale)
        layoutCache.beginFrame()
        measureVisibleRows(context, width: width, height: height)

        // Content y at the viewport's top edge; only this difference meets Cairo, never a huge y.
        let top = offset - displacement
        guard let rows = heights.visibleRows(top: max(0, top), height: height - max(0, -top)) else { return }
        layoutCache.fitViewport(layoutsPerViewport: 3 * rows.count)
        // Kept row images stand in for drawing only where the result is the same: the cache on,
        // one opaque background colour under the rows, user space a plain scale of whole device
        // pixels (docs/behaviour.md, "Layout cache").
        let background = layoutCache.isEnabled && rowImages.isEnabled ? ListView.plainBackground(of: style) : nil
        let images = background != nil && ListView.isPixelAligned(cr, scale: scale)
        if images {
            rowImages.fitViewport(deviceWidth: Int((width * scale).rounded(.up)),
                                  deviceHeight: Int((height * scale).rounded(.up)))
        } else if rowImages.count > 0 {
            rowImages.invalidate()
        }
        let hasFocus = gtk_widget_has_focus(area) != 0
        var y = heights.offset(of: rows.lowerBound) - top
        for index in rows {
            let h = heights.height(of: index)
            let rect = Rect(x: 0, y: snap(y), width: width, height: snap(y + h) - snap(y))
            y += h
            var state: RowState = []
            if index == selectedRow { state.insert(.selected) }
            if index == selectedRow, hasFocus, cursorFocused { state.insert(.focused) }
            if index == hoveredRow { state.insert(.hovered) }
            cairo_save(cr)
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(cr)
            let deviceWidth = Int((rect.width * scale).rounded()), deviceHeight = Int((rect.height * scale).rounded())
            if images, let background, rowImages.fits(deviceWidth: deviceWidth, deviceHeight: deviceHeight),
               let version = renderer.drawingVersion(ofRow: index, context: context) {
                let look = RowImageCache.Look(state: state, deviceWidth: deviceWidth, deviceHeight: deviceHeight,
                                              scale: scale, version: version, background: background)
                let renderer = self.renderer
                rowImages.paint(key: heights.key(of: index), look: look, rect: rect, cr: cr) { imageCr, imageRect in
                    renderer.drawRow(at: index, in: imageRect, state: state, cr: imageCr, context: context)
                }
            } else {
                renderer.drawRow(at: index, in: rect, state: state, cr: cr, context: context)
            }
            cairo_restore(cr)
        }
    }

    /// The theme's background behind the rows when it is one opaque colour with square corners
    /// (what `gtk_render_background` then fills every row's place with), else nil.
    private static func plainBackground(of style: UnsafeMutablePointer<GtkStyleContext>) -> RGBA? {
        let state = gtk_style_context_get_state(style)
        var value = GValue()
        gtk_style_context_get_property(style, "background-image", state, &value)
        let hasImage = g_value_get_boxed(&value) != nil
        g_value_unset(&value)
        guard !hasImage else { return nil }
        value = GValue()
        gtk_style_context_get_property(style, "border-radius", state, &value)
        let radius = g_value_get_int(&value)
        g_value_unset(&value)
        guard radius == 0 else { return nil }
        value = GValue()
        gtk_style_context_get_property(style, "background-color", state, &value)
        defer { g_value_unset(&value) }
        guard let boxed = g_value_get_boxed(&value) else { return nil }
        let color = boxed.assumingMemoryBound(to: GdkRGBA.self).pointee
        guard color.alpha >= 1 else { return nil }
        return RGBA(r: color.red, g: color.green, b: color.blue, a: 1)
    }

    /// User space is an unrotated, uniform scale whose origin sits on a whole device pixel, so
    /// that a row's image lands pixel for pixel where the row would have been drawn.
    private static func isPixelAligned(_ cr: OpaquePointer, scale: Double) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        var sx = 1.0, sy = 1.0
        cairo_surface_get_device_scale(cairo_get_target(cr), &sx, &sy)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.xx == matrix.yy, sx == sy,
              abs(matrix.xx * sx - scale) < 1e-9 else { return false }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(cairo_get_target(cr), &offsetX, &offsetY)
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-6 }
        return whole(matrix.x0 * sx) && whole(matrix.y0 * sy) && whole(offsetX) && whole(offsetY)
    }
}
