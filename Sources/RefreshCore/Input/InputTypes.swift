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
