/// Every tuning constant of the product, named once, with where it comes from.
/// Units: logical pixels and seconds.
public enum Tuning {
    // MARK: Input (SPEC §2)

    /// Rubber-band stiffness `c` of `p = (1 − 1/(x·c/d + 1))·d` (UIScrollView's curve, SPEC §2).
    public static let rubberBandCoefficient = 0.55
    /// Raw excess added by one wheel notch at an edge. 3 notches arm the J on a ≥ 300 px viewport,
    /// 2 do not (SPEC §2: "a few notches reach the trigger").
    public static let wheelNotchRaw = 60.0
    /// A wheel (or a touchpad without scroll-stop) is released after this long without input
    /// (SPEC §1: "about 150–250 ms; one named constant").
    public static let releaseQuietPeriod = 0.2
    /// Drag movement below this is a click, not a gesture (GTK's default gtk-dnd-drag-threshold).
    public static let dragSlop = 8.0
    /// A drag released faster than this (px/s) flings the list.
    public static let flingMinVelocity = 300.0
    /// Time constant of the fling's exponential deceleration (iOS's normal deceleration rate).
    public static let flingTimeConstant = 0.325
    /// Velocity is measured over the drag samples of the last this-many seconds.
    public static let flingVelocityWindow = 0.08

    // MARK: Header (SPEC §3.3)

    /// Pull at which every header style arms (SPEC §3.3: p ≥ 70, the J exactly full).
    public static let triggerPull = 70.0
    /// Armed disarms only below `triggerPull − armHysteresis` (SPEC §3.3, recommended).
    public static let armHysteresis = 4.0

    // MARK: Animation (SPEC §2, §3.4, §3.5, §4, §6)

    /// Spring back to rest when nothing holds the content (ease-out).
    public static let springBackDuration = 0.35
    /// Released while armed: settle to H; the refresh action fires when it completes (seed: 0.5 s).
    public static let refreshSettleDuration = 0.3
    /// `beginRefreshing()` reveals the header over this (SPEC §3.5).
    public static let revealDuration = 0.25
    /// Grey J → ring morph, linear (SPEC §3.4).
    public static let morphDuration = 0.15
    /// One full clockwise turn of the ring (SPEC §3.4).
    public static let spinPeriod = 0.5
    /// End animation: line width 5 → 0 while the content settles H → 0 (SPEC §3.4).
    public static let endDuration = 0.5
    /// A failed refresh shows its error mark this long, then collapses (SPEC §6: "about a second").
    public static let failureHold = 1.0
    /// The classic header's arrow turns over (SPEC §4: ≈0.2 s).
    public static let arrowFlipDuration = 0.2
    /// Home/End/Page keys scroll with this ease-out.
    public static let keyScrollDuration = 0.2
    /// One turn of the classic/footer spinner.
    public static let spinnerPeriod = 1.0

    // MARK: Footer (SPEC §5)

    /// Height of the load-more footer (SPEC §5: ≈44 px); pull mode arms at q ≥ this.
    public static let footerHeight = 44.0
}
