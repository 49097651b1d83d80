/// Every tuning constant of the product, named once, with where it comes from.
/// Units: logical pixels and seconds.
public enum Tuning {
    // MARK: Input (docs/behaviour.md#input-model)

    /// Rubber-band stiffness `c` of `p = (1 − 1/(x·c/d + 1))·d` (UIScrollView's curve, docs/behaviour.md#rubber-band).
    public static let rubberBandCoefficient = 0.55
    /// Raw excess added by one wheel notch at an edge. 3 notches arm the J on a ≥ 300 px viewport,
    /// 2 do not (docs/behaviour.md#rubber-band: three notches arm, two do not).
    public static let wheelNotchRaw = 60.0
    /// A wheel (or a touchpad without scroll-stop) is released after this long without input
    /// (docs/behaviour.md#input-model: the quiet period).
    public static let releaseQuietPeriod = 0.2
    /// A touchpad that has sent a scroll-stop holds its pull while the fingers rest, as a finger
    /// held still does on iOS; only a stop that never comes (the pointer left mid-gesture) ends it,
    /// after this long without input (docs/behaviour.md#input-model).
    public static let lostScrollStopPeriod = 1.0
    /// A wheel's pull or push that the quiet period let go unarmed decays over this, ease-in-out:
    /// it barely moves at first, so the next notch of a wheel turned slowly (a notch every 400 ms,
    /// as people turn a clicky wheel deliberately in real apps) continues from nearly all of it
    /// and four such notches refresh, while notches a second apart never add up
    /// (docs/behaviour.md#a-slow-wheel).
    public static let wheelDecayDuration = 0.75
    /// Drag movement below this is a click, not a gesture (GTK's default gtk-dnd-drag-threshold).
    public static let dragSlop = 8.0
    /// A drag released faster than this (px/s) flings the list.
    public static let flingMinVelocity = 300.0
    /// Time constant of the fling's exponential deceleration (iOS's normal deceleration rate).
    public static let flingTimeConstant = 0.325
    /// Velocity is measured over the drag samples of the last this-many seconds.
    public static let flingVelocityWindow = 0.08

    // MARK: Header (docs/behaviour.md#header-states)

    /// Pull at which every header style arms (docs/behaviour.md#header-states: p ≥ 70, the J exactly full).
    public static let triggerPull = 70.0
    /// Armed disarms only below `triggerPull − armHysteresis` (docs/behaviour.md#header-states).
    public static let armHysteresis = 4.0

    /// The held height `H` of each look while refreshing (docs/behaviour.md#jike-header,
    /// #classic-header, #plain-header): the J's 70 px with its ring, the classic two lines in 60,
    /// the plain bar's 30.
    public static let jikeHeldHeight = 70.0
    public static let classicHeldHeight = 60.0
    public static let plainHeldHeight = 30.0

    // MARK: Animation (docs/behaviour.md#input-model, #jike-header, #classic-header, #refresh-lifecycle)

    /// Spring back to rest when nothing holds the content (ease-out).
    public static let springBackDuration = 0.35
    /// Released while armed: settle to H; the refresh action fires when it completes (docs/behaviour.md#refresh-lifecycle).
    public static let refreshSettleDuration = 0.3
    /// `beginRefreshing()` reveals the header over this (docs/behaviour.md#refresh-lifecycle).
    public static let revealDuration = 0.25
    /// Grey J → ring morph, linear (docs/behaviour.md#jike-header).
    public static let morphDuration = 0.15
    /// One full clockwise turn of the ring (docs/behaviour.md#jike-header).
    public static let spinPeriod = 0.5
    /// End animation: line width 5 → 0 while the content settles H → 0 (docs/behaviour.md#jike-header).
    public static let endDuration = 0.5
    /// A failed refresh shows its error mark this long, then collapses (docs/behaviour.md#refresh-lifecycle: "about a second").
    public static let failureHold = 1.0
    /// The classic header's arrow turns over (docs/behaviour.md#classic-header: 0.2 s).
    public static let arrowFlipDuration = 0.2
    /// Home/End/Page keys scroll with this ease-out.
    public static let keyScrollDuration = 0.2
    /// Page Up/Down scroll by this much of the viewport height (docs/behaviour.md#keyboard-and-accessibility: 90 %).
    public static let pageFraction = 0.9
    /// One turn of the classic/footer spinner.
    public static let spinnerPeriod = 1.0

    // MARK: Wrapped lists (docs/gtk4-notes.md#the-lists-echo-of-a-value)

    /// How long after a host set a list's value a report close to it is the list's echo, not a
    /// scroll: GTK 4.8's GtkListView and GtkColumnView answer within the same frame (measured).
    public static let listEchoWindow = 0.1
    /// How close to the value set an echo lands: measured up to 1.64 px off on GtkColumnView, so
    /// anything 2 px or more away is a scroll.
    public static let listEchoTolerance = 2.0

    // MARK: Footer (docs/behaviour.md#footer-and-load-more)

    /// Height of the load-more footer (docs/behaviour.md#footer-and-load-more: ≈44 px); pull mode arms at q ≥ this.
    public static let footerHeight = 44.0
    /// A list that moves up out of the auto footer's zone and is back in it within this has not
    /// left it (no second load): GTK 4's GtkListBox puts a focused row in view, then its viewport
    /// puts the value back to the end and scrolls from there, a frame apart (measured); six frames
    /// at 60 Hz leave room for a frame a loaded machine delays.
    public static let zoneBounceWindow = 0.1
}
