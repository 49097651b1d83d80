/// Where a scroll delta came from: decides how the gesture is released (docs/behaviour.md#input-model).
public enum ScrollSource: Sendable, Equatable {
    case wheel      // discrete notches or smooth deltas without an end event: quiet-period release
    case touchpad   // smooth deltas ending with a scroll-stop event (quiet period as fallback)
}

/// What the host must do with a scroll event it offered to the engine.
public enum ScrollDisposition: Sendable, Equatable {
    case consumed      // the engine used it (overscroll or reversal): do not let the list scroll
    case passThrough   // mid-list: let the scrolled window scroll as usual
}

/// Key commands the list understands (docs/behaviour.md#keyboard-and-accessibility).
public enum ScrollCommand: Sendable, Equatable {
    case pageUp, pageDown, home, end
}

/// What a click lands on (`RefreshEngine.click(atViewportY:)`).
public enum ClickTarget: Sendable, Equatable {
    case footer     // the footer offering load more or a retry: it runs
    case content    // the content under it (a row is activated and selected)
    case nothing    // the press stopped a fling or key scroll, or a pull or push is shown
}

/// A key the widget has a binding for (the bindings themselves are the toolkit's).
public enum KeyIntent: Sendable, Equatable {
    case refresh                 // F5, Ctrl+R
    case scroll(ScrollCommand)   // Home, End, Page Up, Page Down
    case lineUp, lineDown        // the arrow keys
    case activate                // Enter, Space
}

/// What the widget does with a key (`RefreshEngine.route(_:hostMovesCursor:footerFocused:)`,
/// docs/behaviour.md#keyboard-and-accessibility).
public enum KeyRoute: Sendable, Equatable {
    /// Not ours: the host's own bindings handle it (it moves its cursor with it).
    case host(KeyIntent)
    case refresh
    case scroll(ScrollCommand)
    /// One row up (-1) or down (1): the selection moves, or, with none to move, the content
    /// scrolls by a line.
    case line(Int)
    /// Enter or Space: the selected row is activated when `rowFirst` and there is one, else the
    /// footer runs when `footer`, else the key is not ours.
    case activate(rowFirst: Bool, footer: Bool)
}

/// The keyboard focus stops inside a list (`RefreshEngine.tab(from:forward:)`).
public enum FocusStop: Sendable, Equatable {
    case rows
    case footer
}
