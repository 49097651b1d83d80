/// The scroll physics of one list: its offset, a fling or key scroll under way, and the overscroll
/// at each edge (docs/behaviour.md, Input model and Rubber band).
///
/// A pure value type that knows nothing of headers, footers or refreshes, the way GTK's
/// gtkkineticscrolling.c stands apart from the scrolled window: the engine hands it the limits of
/// the moment (`ScrollLimits`) and the time, and decides what the numbers mean.
///
/// A gesture moves it through `track(from:to:)`: the state is a function of the gesture's total raw
/// travel since an anchor, not a sum of steps, so any input path that comes back to where it began
/// leaves the offset and both edges exactly where they were (reversal still never jumps: the
/// function is continuous and moves the content at most as far as the input).
struct ScrollPhysics: Sendable {
    /// The list's scroll offset, 0 … `maxOffset`.
    private(set) var offset: Double = 0
    /// What moves the offset on its own, and why.
    private enum Motion: Sendable {
        case scroll(Tween)  // a key or programmatic scroll, eased out
        case fling(Tween)   // a released drag coasting

        var tween: Tween {
            switch self {
            case .scroll(let tween), .fling(let tween): tween
            }
        }

        /// The same kind of motion along `tween`.
        func along(_ tween: Tween) -> Motion {
            switch self {
            case .scroll: .scroll(tween)
            case .fling: .fling(tween)
            }
        }
    }

    private var moving: Motion?
    /// A fling or key scroll under way.
    var motion: Tween? { moving?.tween }
    /// Where a key or programmatic scroll under way is heading (nil: none, or a fling).
    var keyScrollTarget: Double? {
        if case .scroll(let tween) = moving { return tween.to }
        return nil
    }
    /// The overscroll at the top (pull) and at the bottom (push).
    private(set) var top: EdgeMotion = .still(0)
    private(set) var bottom: EdgeMotion = .still(0)
    /// The state the current gesture's travel is measured from.
    private var stroke: Stroke?

    func pull(_ limits: ScrollLimits, at t: Double) -> Double { top.value(curve: limits.top, at: t) }
    func push(_ limits: ScrollLimits, at t: Double) -> Double { bottom.value(curve: limits.bottom, at: t) }
    var isTopHeld: Bool { top.isTracking }
    var isBottomHeld: Bool { bottom.isTracking }
    var isTopSettling: Bool { if case .settling = top { return true } else { return false } }
    var isBottomSettling: Bool { if case .settling = bottom { return true } else { return false } }

    // MARK: Gesture input

    /// A gesture's input moved its total raw travel (down = positive) from `old` to `new`.
    ///
    /// Moving down first takes back the pull, then scrolls the list, then pushes past the bottom;
    /// moving up takes back the push, scrolls, then pulls — all in raw units, so reversing first
    /// reduces the overscroll to 0, then scrolls the list again (docs/behaviour.md, Input model).
    /// The anchor is taken again whenever something other than this gesture moved the state (a
    /// settle, the scrollbar, new limits): what the gesture holds stays put under it.
    mutating func track(from old: Double, to new: Double, limits: ScrollLimits, at t: Double) {
        if let stroke, stroke.isValid(for: self, limits: limits) {} else {
            moving = nil
            stroke = Stroke(anchor: self, travel: old, limits: limits, at: t)
        }
        (offset, top, bottom) = stroke!.resolve(travel: new)
    }

    /// A gesture began: a fling or key scroll under way stops, and the gesture's travel is measured
    /// from wherever the content is at its first move.
    mutating func beginStroke() {
        stroke = nil
        moving = nil
    }

    // MARK: Moves that are not a gesture's

    /// Scrolls the content to `target` (0 … maxOffset) without overscrolling (the scrollbar): going
    /// down, a held header scrolls away before the rows move, since it is part of the content.
    mutating func scrollContent(to target: Double, holding: Bool, limits: ScrollLimits, at t: Double) {
        moving = nil
        if target > offset {
            var rest = target - offset
            if top.value(curve: limits.top, at: t) > 0 {
                let u = top.raw(curve: limits.top, at: t)
                let left = max(u - rest, 0)
                rest = max(rest - u, 0)
                top = holding ? .tracking(raw: left) : .still(limits.top.displayed(raw: left))
            }
            offset += min(rest, max(limits.maxOffset - offset, 0))
        } else {
            offset = target
        }
    }

    /// A key scroll or a programmatic move of the offset, with an ease-out (0 s jumps).
    mutating func moveOffset(to target: Double, duration: Double, at t: Double) {
        moving = .scroll(Tween(from: offset, to: target, start: t, duration: duration))
    }

    /// A released drag coasts: an ease-out cubic starts at 3·D/T, so T = 3τ matches the release
    /// velocity (iOS's deceleration, see `Tuning.flingTimeConstant`).
    mutating func fling(velocity: Double, limits: ScrollLimits, at t: Double) {
        let distance = velocity * Tuning.flingTimeConstant
        let target = min(max(offset + distance, 0), limits.maxOffset)
        moving = .fling(Tween(from: offset, to: target, start: t, duration: 3 * Tuning.flingTimeConstant))
    }

    /// Moves the offset along the fling or key scroll to time `t`. Returns how far it moved.
    mutating func followMotion(limits: ScrollLimits, at t: Double) -> Double {
        guard let motion else { return 0 }
        let before = offset
        offset = min(max(motion.value(at: t), 0), limits.maxOffset)
        return offset - before
    }

    /// A press holds the content where it is: the fling or key scroll under way stops there.
    mutating func stopMotion() {
        moving = nil
    }

    /// The fling or key scroll reached its end. Returns how far it moved.
    mutating func finishMotion(limits: ScrollLimits) -> Double {
        guard let motion else { return 0 }
        let before = offset
        offset = min(max(motion.to, 0), limits.maxOffset)
        moving = nil
        return offset - before
    }

    /// Rows were inserted above the visible ones (or took a held footer's place): the offset and
    /// any motion under way move with them so that nothing on screen moves.
    mutating func shift(by amount: Double) {
        offset += amount
        if let moving {
            let m = moving.tween
            self.moving = moving.along(Tween(from: m.from + amount, to: m.to + amount, start: m.start,
                                             duration: m.duration, easing: m.easing))
        }
    }

    /// The motion under way ends at `target` instead, from where the offset is, in the time it had
    /// left (never a jump).
    mutating func retarget(to target: Double, at t: Double) {
        guard let moving, abs(moving.tween.to - target) > 0.01 else { return }
        let m = moving.tween
        self.moving = moving.along(Tween(from: offset, to: target, start: t, duration: max(m.end - t, 0), easing: m.easing))
    }

    /// After the scroll range changed: the offset stays inside it, and a key scroll or fling that
    /// is (or ends) past its new end continues from where the offset is, in the time it had left —
    /// otherwise it would leap on as soon as the range grew again (never a jump).
    mutating func clamp(_ limits: ScrollLimits, at t: Double) {
        offset = min(offset, limits.maxOffset)
        if let moving, moving.tween.to > limits.maxOffset || moving.tween.value(at: t) > limits.maxOffset {
            let m = moving.tween
            self.moving = moving.along(Tween(from: offset, to: min(m.to, limits.maxOffset), start: t,
                                             duration: max(m.end - t, 0), easing: m.easing))
        }
    }

    /// The curves changed (viewport, held header or footer): a held edge keeps what it displays, so
    /// nothing jumps. Unchanged curves leave the raw excess exactly as it is.
    mutating func keepDisplayed(from old: ScrollLimits, to new: ScrollLimits, at t: Double) {
        if old.top != new.top, case .tracking = top {
            top = .tracking(raw: new.top.raw(displayed: top.value(curve: old.top, at: t)))
        }
        if old.bottom != new.bottom, case .tracking = bottom {
            bottom = .tracking(raw: new.bottom.raw(displayed: bottom.value(curve: old.bottom, at: t)))
        }
    }

    // MARK: Edges on their own

    /// The gesture let go: held edges stay where they are, for the engine to settle.
    mutating func letGo(_ limits: ScrollLimits, at t: Double) {
        stroke = nil
        if case .tracking = top { top = .still(pull(limits, at: t)) }
        if case .tracking = bottom { bottom = .still(push(limits, at: t)) }
    }

    /// An edge moves to `rest` with an ease-out, or `easing` (a zero duration puts it there at once).
    mutating func settleTop(to rest: Double, duration: Double, easing: Easing = .easeOut, limits: ScrollLimits, at t: Double) {
        top = Self.settle(top, curve: limits.top, to: rest, duration: duration, easing: easing, at: t)
    }

    mutating func settleBottom(to rest: Double, duration: Double, easing: Easing = .easeOut, limits: ScrollLimits,
                               at t: Double) {
        bottom = Self.settle(bottom, curve: limits.bottom, to: rest, duration: duration, easing: easing, at: t)
    }

    /// A settle reached its end: the edge rests at its value.
    mutating func restTop(_ limits: ScrollLimits, at t: Double) { top = .still(pull(limits, at: t)) }
    mutating func restBottom(_ limits: ScrollLimits, at t: Double) { bottom = .still(push(limits, at: t)) }

    /// Puts the bottom edge at rest at `value` (its push turned into scroll).
    mutating func setBottom(_ value: Double) { bottom = .still(max(value, 0)) }

    /// Edges resting above their rest value spring back; a rest value is 0, or anything up to a held
    /// header or footer (a scroll position inside it).
    mutating func settleLoose(topRest: (Double) -> Double, bottomRest: (Double) -> Double, duration: Double,
                              limits: ScrollLimits, at t: Double) {
        if case .still(let p) = top {
            let rest = topRest(p)
            if p > rest + 1e-9 { settleTop(to: rest, duration: duration, limits: limits, at: t) }
        }
        if case .still(let q) = bottom {
            let rest = bottomRest(q)
            if q > rest + 1e-9 { settleBottom(to: rest, duration: duration, limits: limits, at: t) }
        }
    }

    /// When a settle or the fling ends, for the engine's clock.
    var topSettleEnd: Double? { if case .settling(let tween) = top { return tween.end } else { return nil } }
    var bottomSettleEnd: Double? { if case .settling(let tween) = bottom { return tween.end } else { return nil } }
    var motionEnd: Double? { motion?.end }

    private static func settle(_ edge: EdgeMotion, curve: EdgeCurve, to rest: Double, duration: Double,
                               easing: Easing, at t: Double) -> EdgeMotion {
        let from = edge.value(curve: curve, at: t)
        guard abs(from - rest) > 1e-9, duration > 0 else { return .still(rest) }
        return .settling(Tween(from: from, to: rest, start: t, duration: duration, easing: easing))
    }
}

/// What the physics needs to know of the list at one instant.
struct ScrollLimits: Sendable, Equatable {
    var maxOffset: Double
    var top: EdgeCurve
    var bottom: EdgeCurve
}

/// The state a gesture's travel is measured from, and what it last produced.
private struct Stroke: Sendable {
    var offset: Double
    var top: EdgeMotion
    var bottom: EdgeMotion
    var topRaw: Double
    var bottomRaw: Double
    var travel: Double
    var limits: ScrollLimits
    /// What the last `resolve` left on screen.
    var produced: (offset: Double, top: EdgeMotion, bottom: EdgeMotion)?

    init(anchor: ScrollPhysics, travel: Double, limits: ScrollLimits, at t: Double) {
        offset = anchor.offset
        top = anchor.top
        bottom = anchor.bottom
        topRaw = anchor.top.value(curve: limits.top, at: t) > 0 ? anchor.top.raw(curve: limits.top, at: t) : 0
        bottomRaw = anchor.bottom.value(curve: limits.bottom, at: t) > 0
            ? anchor.bottom.raw(curve: limits.bottom, at: t) : 0
        self.travel = travel
        self.limits = limits
    }

    /// Still the origin of what is on screen: nothing else moved it, nothing moves by itself.
    func isValid(for physics: ScrollPhysics, limits: ScrollLimits) -> Bool {
        guard let produced, limits == self.limits, physics.motion == nil else { return false }
        if case .settling = physics.top { return false }
        if case .settling = physics.bottom { return false }
        return produced.offset == physics.offset && produced.top == physics.top && produced.bottom == physics.bottom
    }

    /// The state at `travel`: a function of the travel alone, so a path's shape does not matter.
    mutating func resolve(travel now: Double) -> (offset: Double, top: EdgeMotion, bottom: EdgeMotion) {
        let x = now - travel
        var offset = self.offset, top = self.top, bottom = self.bottom
        if x > 0 {
            var rest = x
            if topRaw > 0 {
                let taken = min(rest, topRaw)
                top = .tracking(raw: topRaw - taken)
                rest -= taken
            }
            let scrolled = min(rest, max(limits.maxOffset - offset, 0))
            offset += scrolled
            rest -= scrolled
            if rest > 0 { bottom = .tracking(raw: bottomRaw + rest) }
        } else if x < 0 {
            var rest = -x
            if bottomRaw > 0 {
                let taken = min(rest, bottomRaw)
                bottom = .tracking(raw: bottomRaw - taken)
                rest -= taken
            }
            let scrolled = min(rest, offset)
            offset -= scrolled
            rest -= scrolled
            if rest > 0 { top = .tracking(raw: topRaw + rest) }
        }
        produced = (offset, top, bottom)
        return (offset, top, bottom)
    }
}

/// How one edge's overscroll (pull or push) behaves right now.
enum EdgeMotion: Sendable, Equatable {
    case still(Double)            // at rest at this displayed value
    case tracking(raw: Double)    // held by a gesture: displayed = curve(raw)
    case settling(Tween)          // moving to its rest value on its own

    func value(curve: EdgeCurve, at t: Double) -> Double {
        switch self {
        case .still(let p): return p
        case .tracking(let u): return curve.displayed(raw: u)
        case .settling(let tween): return tween.value(at: t)
        }
    }

    func raw(curve: EdgeCurve, at t: Double) -> Double {
        if case .tracking(let u) = self { return u }
        return curve.raw(displayed: value(curve: curve, at: t))
    }

    var isTracking: Bool {
        if case .tracking = self { return true }
        return false
    }
}
