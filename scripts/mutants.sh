#!/usr/bin/env bash
# Mutation testing: a catalogue of deliberate bugs, each a one-place change to the sources, to
# prove that the tests catch the bugs they are named after. For each mutant the script applies
# it to a scratch copy of the repository (never to the work tree), builds, runs the test suites
# that should catch it, and reports "caught" (a test failed) or "SURVIVED" (every test passed).
#
#   scripts/mutants.sh              every mutant, then the score; exit 1 if one survived
#   scripts/mutants.sh --list       the catalogue: number, what it breaks, file, suites
#   scripts/mutants.sh --only 3,7   only mutants 3 and 7
#   scripts/mutants.sh --check      only check that every anchor is in place (no build)
#   scripts/mutants.sh --no-baseline  skip the check that the suites pass without a mutant
#   scripts/mutants.sh --resume     go on with a run that was stopped (same sources, same
#                                   selection): mutants already judged are not run again
#
# Each mutant replaces ANCHOR, a literal piece of one source file ("\n" in it is a line break),
# which must occur exactly once: a missing or repeated anchor stops the run before anything is
# built (exit 2), so that a mutant can never silently become a no-op after the sources change —
# re-anchor it on the new code. A mutant that does not compile also stops the run (exit 2).
#
# The copy and its build live in .build-mutants/ (MUTANTS_DIR), kept between runs so that each
# rebuild is incremental. Tests run like scripts/test.sh's: Xvfb, a session bus,
# G_DEBUG=fatal-warnings. MUTANT_TIMEOUT (seconds, default 900) bounds one test run; a run
# that times out counts as caught (the mutant hangs the tests). Not part of scripts/test.sh.
# Every verdict is written to results.txt in MUTANTS_DIR as it is reached, under a fingerprint of
# the work tree's sources, so that a run of the whole catalogue (hours) can be stopped and resumed;
# the score and the time it prints count every sitting.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${MUTANTS_DIR:-$root/.build-mutants}
src=$dir/src
build=$dir/build
timeout_s=${MUTANT_TIMEOUT:-900}

names=() files=() anchors=() replacements=() filters=()
# mutant NAME FILE ANCHOR REPLACEMENT FILTER — FILTER: swift test --filter regexes, space-separated.
mutant() { names+=("$1"); files+=("$2"); anchors+=("$3"); replacements+=("$4"); filters+=("$5"); }

# --- The engine (RefreshCore) ---------------------------------------------------------------
mutant "the quiet period is doubled" \
  Sources/Shared/RefreshCore/Tuning.swift \
  'public static let releaseQuietPeriod = 0.2' 'public static let releaseQuietPeriod = 0.4' \
  'RefreshCoreTests.ReliabilityTriggerLineTests ScrollSourceTests'
mutant "the hysteresis is removed" \
  Sources/Shared/RefreshCore/Tuning.swift \
  'public static let armHysteresis = 4.0' 'public static let armHysteresis = 0.0' \
  'RefreshCoreTests.ReliabilityTriggerLineTests RefreshCoreTests.HeaderTriggerTests'
mutant "a wheel notch is 40 px, not 60" \
  Sources/Shared/RefreshCore/Tuning.swift \
  'public static let wheelNotchRaw = 60.0' 'public static let wheelNotchRaw = 40.0' \
  'RefreshCoreTests.WheelTests ScrollSourceTests'
mutant "auto load-more fires twice per approach" \
  Sources/Shared/RefreshCore/Footer/FooterMachine.swift \
  'latch = .fired\n        return true' 'latch = .open\n        return true' \
  'RefreshCoreTests.ReliabilityLoadOnceTests ReliabilityGtkTests/sameFrameAnswersFireOncePerApproach'
mutant "endRefreshing while idle resets the offset" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'guard header == .refreshing else { return false }' \
  'guard header == .refreshing else { physics.scrollContent(to: 0, holding: false, limits: limits, at: now); return false }' \
  'RefreshCoreTests.ReliabilityIdleEndTests ReliabilityGtkTests/endsWhileIdleChangeNothing'
mutant "the refresh action fires at the release, before the header settles" \
  Sources/Shared/RefreshCore/Header/HeaderState.swift \
  'return .running(morphStart: t, actionDue: t + settle)' 'return .running(morphStart: t, actionDue: t)' \
  'RefreshCoreTests.HeaderTriggerTests'
mutant "a failed refresh skips its one-second error mark" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'consider(since + Tuning.failureHold, .failureOver)' 'consider(since, .failureOver)' \
  'RefreshCoreTests.EndRefreshTests'
mutant "the drag's slop is not swallowed (the content jumps by it)" \
  Sources/Shared/RefreshCore/Engine/EngineParts.swift \
  'slack = Double(signOf: y, magnitudeOf: Tuning.dragSlop)' 'slack = 0' \
  'RefreshCoreTests.DragTests'
mutant "the J's ring spins anticlockwise" \
  Sources/Shared/RefreshCore/Header/HeaderTimeline.swift \
  'let turns = spinning / Tuning.spinPeriod\n        return 2 * Double.pi' \
  'let turns = spinning / Tuning.spinPeriod\n        return -2 * Double.pi' \
  'JGeometryPixelTests SettingsTests'
mutant "the J's fill climbs at half speed" \
  Sources/Shared/RefreshCore/Geometry/JGlyph.swift \
  'let sweep = quarter * min(2 * s, 1)' 'let sweep = quarter * min(s, 1)' \
  'JGeometryPixelTests'
mutant "the classic arrow never turns" \
  Sources/Shared/RefreshCore/Geometry/Indicators.swift \
  'let angle = min(max(turn, 0), 1) * Double.pi' 'let angle = 0 * min(max(turn, 0), 1) * Double.pi' \
  'ClassicHeaderPixelTests'
mutant "the classic arrow turns the other way round" \
  Sources/Shared/RefreshCore/Geometry/Indicators.swift \
  'let angle = min(max(turn, 0), 1) * Double.pi' 'let angle = -min(max(turn, 0), 1) * Double.pi' \
  'ClassicHeaderPixelTests'
mutant "the J's failure ring is drawn in the text colour" \
  Sources/Shared/RefreshCore/Geometry/JGlyph.swift \
  'return [.stroke(ring, width: width, color: palette.error, cap: .butt),' \
  'return [.stroke(ring, width: width, color: palette.text, cap: .butt),' \
  'FailedStatePixelTests'

# --- The input translation (RefreshGtk/Input) -------------------------------------------------
mutant "a touchpad is treated as a wheel" \
  Sources/GTK3/RefreshGtk/Input/ScrollTranslation.swift \
  'deviceSource == GDK_SOURCE_TOUCHPAD || deviceSource == GDK_SOURCE_TOUCHSCREEN ? .touchpad : .wheel' \
  'deviceSource == GDK_SOURCE_TOUCHPAD && deviceSource == GDK_SOURCE_TOUCHSCREEN ? .touchpad : .wheel' \
  'ScrollSourceTests'
mutant "smooth deltas are fixed pixels, not GTK's page^(2/3) lines" \
  Sources/GTK3/RefreshGtk/Input/ScrollTranslation.swift \
  'return Step(delta: scroll.delta_y * smoothUnit(pageSize: pageSize), source: source, isStop: isStop)' \
  'return Step(delta: scroll.delta_y * 60, source: source, isStop: isStop)' \
  'ScrollSourceTests'
mutant "a wheel notch up scrolls down" \
  Sources/GTK3/RefreshGtk/Input/ScrollTranslation.swift \
  'return Step(delta: -Tuning.wheelNotchRaw, source: source, isStop: false)' \
  'return Step(delta: Tuning.wheelNotchRaw, source: source, isStop: false)' \
  'RefreshViewTests ScrollSourceTests'
mutant "the scroll-stop event is ignored" \
  Sources/GTK3/RefreshGtk/Widget/RefreshController.swift \
  'if step.isStop {' 'if step.isStop, step.delta.isNaN {' \
  'ScrollSourceTests'

# --- The painters (RefreshGtk/Drawing) ---------------------------------------------------------
mutant "the classic spinner is not drawn" \
  Sources/Shared/RefreshDrawing/HeaderPainter.swift \
  'return Indicators.spinner(center: center, radius: Classic.spinnerRadius, angle: angle, color: palette.accent)' \
  'return angle.isNaN ? [] : []' \
  'ClassicHeaderPixelTests'
mutant "the classic header's second line is empty" \
  Sources/Shared/RefreshDrawing/HeaderStyles.swift \
  '        text.set(detail, style: .detail, maxWidth: maxWidth)' \
  '        text.set("", style: .detail, maxWidth: maxWidth)' \
  'ClassicHeaderPixelTests'
mutant "the classic header's first line is left-aligned" \
  Sources/Shared/RefreshDrawing/HeaderStyles.swift \
  'text.show(at: Point(centerX - mainSize.width / 2, blockTop), cr: cr, color: palette.text)' \
  'text.show(at: Point(panel.x + Layout.margin, blockTop), cr: cr, color: palette.text)' \
  'ClassicHeaderPixelTests'
mutant "the classic and plain panels are 2 px short" \
  Sources/Shared/RefreshDrawing/HeaderStyles.swift \
  '        return Rect(x: 0, y: top - heldHeight, width: width, height: heldHeight)' \
  '        return Rect(x: 0, y: top - heldHeight, width: width, height: heldHeight - 2)' \
  'PlainBarPixelTests'
mutant "the plain bar's text is missing" \
  Sources/Shared/RefreshDrawing/HeaderStyles.swift \
  'text.show(at: Point(rect.midX - size.width / 2, rect.midY - size.height / 2), cr: cr, color: ink)' \
  '_ = (size, ink)' \
  'PlainBarPixelTests'
mutant "the plain bar is filled with the accent colour" \
  Sources/Shared/RefreshDrawing/HeaderStyles.swift \
  'let fill = failed ? palette.error : palette.bar' 'let fill = failed ? palette.error : palette.accent' \
  'PlainBarPixelTests'
mutant "the footer's spinner is not drawn" \
  Sources/Shared/RefreshDrawing/FooterPainter.swift \
  'if let angle = visual.spinnerAngle {' 'if let angle = visual.spinnerAngle, angle.isNaN {' \
  'FooterPixelTests'
mutant "the footer's failure is not in the error colour" \
  Sources/Shared/RefreshDrawing/FooterPainter.swift \
  'case .failed: return palette.error' 'case .failed: return palette.text' \
  'FooterPixelTests'
mutant "the footer's focus ring is not drawn" \
  Sources/Shared/RefreshDrawing/FooterPainter.swift \
  '        if focused {' '        if focused, width < 0 {' \
  'FooterPixelTests'

# --- The widget (RefreshGtk/Widget) --------------------------------------------------------------
mutant "teardown does not mark the view destroyed (later calls still schedule ticks)" \
  Sources/Shared/RefreshWidgetCore/RefreshDriver.swift \
  '        isDestroyed = true\n        asyncActions.tearDown()' '        isDestroyed = false\n        asyncActions.tearDown()' \
  'TeardownTests RefreshWidgetCoreTests'
mutant "teardown leaves its handler on GtkSettings connected" \
  Sources/GTK3/RefreshGtk/Widget/RefreshController.swift \
  'GSignal.connectNotify(settings, property: "gtk-enable-animations") { [weak self] in\n            self?.readAnimationSetting(settings)\n        }.keep(in: &connections)' \
  '_ = GSignal.connectNotify(settings, property: "gtk-enable-animations") { [weak self] in\n            self?.readAnimationSetting(settings)\n        }' \
  'TeardownTests'
mutant "the widget ignores gtk-enable-animations" \
  Sources/GTK3/RefreshGtk/Widget/RefreshController.swift \
  'update { $0.setAnimationsEnabled(enabled, at: $1) }' \
  'update { $0.setAnimationsEnabled(enabled || $0.rowsHeight >= 0, at: $1) }' \
  'SettingsTests'

# --- Accessibility (RefreshGtk/Widget) -------------------------------------------------------------
mutant "the list is never busy for assistive technologies" \
  Sources/GTK3/RefreshGtk/Widget/Accessibility.swift \
  'out.pointee.busy = busy ? 1 : 0' 'out.pointee.busy = 0' \
  'RefreshGtkTests.AccessibilityTests'
mutant "the refresh action is offered while refreshing" \
  Sources/Shared/RefreshCore/Engine/OfferedActions.swift \
  'OfferedActions(refresh: atRest && footer != .loading,' 'OfferedActions(refresh: footer != .loading,' \
  'RefreshGtkTests.AccessibilityTests Gtk4AccessibilityTests'
mutant "Tab never reaches the footer" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'if forward, current == .rows, footerActionable {' 'if forward, current == .rows, footerActionable, current != .rows {' \
  'RefreshCoreTests.FocusStopTests RefreshGtkTests.AccessibilityTests'

# --- Hosts, kept rows, accessibility added in round 2 (issues 12, 19) ------------------------------
mutant "a tree view's column headers move down with the pull" \
  Sources/GTK3/RefreshGtk/Hosts/ScrolledWindowHost.swift \
  'let pinned = pinnedHeaders?.isActive == true ? max(0, gint(displacement.rounded())) : 0' 'let pinned: gint = 0' \
  'RefreshGtkTests.PinnedHeaderTests'
mutant "a pull keeps the selection its press made" \
  Sources/GTK3/RefreshGtk/Hosts/ScrolledWindowHost.swift \
  'saved.restore(content)' '_ = saved' \
  'RefreshGtkTests.PinnedHeaderTests'
mutant "a kept row image is shown whatever the row's state" \
  Sources/GTK3/RefreshGtk/Rows/RowImageCache.swift \
  'if let kept = entries[key], kept.look == look {' 'if let kept = entries[key], kept.look.deviceWidth == look.deviceWidth {' \
  'RefreshGtkTests.RowImageCacheTests'
mutant "ATs are not told when a refresh makes the list busy" \
  Sources/GTK3/CGtkShim/accessible_model.c \
  'atk_object_notify_state_change(object, ATK_STATE_BUSY, s->busy);' '(void)s;' \
  'RefreshGtkTests.BinAccessibilityTests'
mutant "an AT's selection request selects nothing" \
  Sources/GTK3/CGtkShim/accessible_list.c \
  'request_selection(object, id);' '(void)id;' \
  'RefreshGtkTests.BinAccessibilityTests/theListsSelectionIsAtkSelection'

# --- The demo: command line, trace, simulated source (RefreshDemo) --------------------------------
mutant "the trace omits quit" \
  Sources/Demos/RefreshDemo/Trace.swift \
  'package func quit() { emit("quit") }' 'package func quit() {}' \
  'DemoProcessTests'
mutant "a bad --pages value is accepted" \
  Sources/Demos/DemoRendering/RunArguments.swift \
  'options.pages = try OptionValue.integer(pages, option: "--pages", in: pagesRange)' 'options.pages = Int(pages) ?? 5' \
  'CommandLineMatrixTests'
mutant "a failed refresh applies its page anyway" \
  Sources/Demos/DemoRendering/FeedRules.swift \
  'if plan.fails { return Answer(ok: false, added: 0, exhausted: false) }' \
  'if plan.fails { prepend(plan.count); return Answer(ok: false, added: 0, exhausted: false) }' \
  'ReliabilityFeedTests FeedRulesTests'

# --- Nothing dropped (issue 24: drag batching, refresh during a load, key scroll, no footer) -----
mutant "a drag swallows its whole first motion past the slop, not just the slop" \
  Sources/Shared/RefreshCore/Engine/EngineParts.swift \
  'slack = Double(signOf: y, magnitudeOf: Tuning.dragSlop)' 'slack = y' \
  'RefreshCoreTests.DragBatchingTests NothingDroppedGtkTests/ourListDragBatching'
mutant "a refresh asked for during a load is dropped" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'if footer == .loading, !refreshRunning {' 'if footer == .loading, !refreshRunning, refreshQueued {' \
  'RefreshCoreTests.QueuedRefreshTests NothingDroppedGtkTests/ourListF5DuringALoad'
mutant "a wheel notch during a key scroll stops it short of its target" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'if let target = physics.keyScrollTarget, gesture == nil,' 'if let target = physics.keyScrollTarget, gesture != nil,' \
  'RefreshCoreTests.KeyScrollTargetTests NothingDroppedGtkTests/endThenWheel'
mutant "footer mode none still has a footer that loads" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'public var hasFooter: Bool { footerMode != .none && !isShortList }' 'public var hasFooter: Bool { !isShortList }' \
  'RefreshCoreTests.NoFooterTests NothingDroppedGtkTests/noFooter'
mutant "a request nothing answers is left running" \
  Sources/Shared/RefreshWidgetCore/RefreshDriver.swift \
  'if unanswered { endUnanswered(event) }' 'if unanswered, isDestroyed { endUnanswered(event) }' \
  'NothingDroppedGtkTests/missingHandlers RefreshWidgetCoreTests'
# --- Sideways scrolling, rows measured above the viewport, the row image key (issue 29) ------------
mutant "a sideways touchpad swipe scrolls vertically (its horizontal delta is added)" \
  Sources/GTK3/RefreshGtk/Input/ScrollTranslation.swift \
  'scroll.delta_y * smoothUnit' '(scroll.delta_y + scroll.delta_x) * smoothUnit' \
  'RefreshGtkTests.ScrollTranslationTests RefreshGtkTests.SidewaysScrollTests'
mutant "a row measured above the viewport moves the rows on screen (no anchored correction)" \
  Sources/GTK3/RefreshGtk/Widget/ListView+Measuring.swift \
  'setOffsetKeepingEngine(anchor.map { heights.offset(for: $0) } ?? oldTop, oldTotal: oldTotal)' \
  'setOffsetKeepingEngine(anchor.map { _ in oldTop } ?? oldTop, oldTotal: oldTotal)' \
  'RefreshGtkTests.MeasuredAboveTests'
mutant "a kept row image is shown after its background changed" \
  Sources/GTK3/RefreshGtk/Rows/RowImageCache.swift \
  'if let kept = entries[key], kept.look == look {' \
  'if let kept = entries[key], kept.look == ({ var seen = look; seen.background = kept.look.background; return seen }()) {' \
  'RefreshGtkTests.RowImageLookTests'
# --- Wayland: real input through a headless mutter (issue 27) --------------------------------------
mutant "touch sequences are taken for mouse drags" \
  Sources/GTK3/RefreshGtk/Widget/RefreshController.swift \
  'let touch = type == GDK_TOUCH_BEGIN || type == GDK_TOUCH_UPDATE || type == GDK_TOUCH_END' 'let touch = false' \
  'WaylandScenarioTests'
mutant "a touch pull or scroll activates the list box row it began on" \
  Sources/GTK3/RefreshGtk/Hosts/ScrolledWindowHost.swift \
  'if kind == .listBox { releaseListBoxRow(content) }' 'if kind == .listBox {}' \
  'WaylandScenarioTests'

# --- Input decisions in the engine (issue 25: the press state machine, clicks, the footer room) ---
mutant "a mouse drag mid-list on a host that selects with it scrolls instead of being the host's" \
  Sources/Shared/RefreshCore/Input/PressGesture.swift \
  'if device != .mouse(hostSelects: true) || towardsEdge || edges.overscrolled {' \
  'if device != .mouse(hostSelects: true) || towardsEdge || edges.overscrolled || y != 0 {' \
  'RefreshCoreTests.PressGestureTests RefreshCoreTests.PressEngineTests'
mutant "the tap that stops a key scroll or fling is a click" \
  Sources/Shared/RefreshCore/Input/PressGesture.swift \
  'phase = .finished(click: !stoppedMotion)' 'phase = .finished(click: stoppedMotion || !stoppedMotion)' \
  'RefreshCoreTests.PressGestureTests RefreshCoreTests.ClickTargetTests'
mutant "a click on the footer is the row's under it" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'if footerActionable, y >= top, y < top + Tuning.footerHeight { return .footer }' \
  'if footerActionable, y >= top, y < top { return .footer }' \
  'RefreshCoreTests.ClickTargetTests'
mutant "a wrapped host's footer room is never scrolled into" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'guard footerRoomOutsideHost, footerInScrollRange else { return false }' \
  'guard !footerRoomOutsideHost, footerInScrollRange else { return false }' \
  'RefreshCoreTests.FooterRoomScrollTests'
mutant "a wrapped host that keeps its old first row in view takes the list off its top after a refresh (its anchor is not answered)" \
  Sources/Shared/RefreshCore/Engine/WrappedScrollPosition.swift \
  'if pendingTopInsertion == .atTop { return .set(a.lower) }' 'if pendingTopInsertion == .atTop { return .scrolled }' \
  'RefreshCoreTests.WrappedAnchorTests HostTests/rowsARefreshPrependsAtTheTopTakeTheHeadersPlace'
mutant "End on a wrapped host stops at the last row, short of the footer's room" \
  Sources/Shared/RefreshCore/Engine/WrappedScrollPosition.swift \
  'footerShift = command == .end ? footerRoom : 0' 'footerShift = command == .end ? 0 : 0' \
  'RefreshCoreTests.WrappedFooterRoomTests WrappedFooterKeyTests'

# --- Nothing stale on a wrapped list (issue 23) ------------------------------------------------
mutant "a pinned tree view draws its moved rows through its pixel cache" \
  Sources/GTK3/RefreshGtk/Hosts/PinnedColumnHeaders.swift \
  'let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)' \
  'let recording = cairo_surface_create_similar(cairo_get_target(cr), CAIRO_CONTENT_COLOR_ALPHA, gint(width * scaleX), gint(height * scaleY))!' \
  'WrappedPixelTests PinnedHeaderTests/aPullOpensTheGap'
mutant "Enter or Space on a failed footer goes to the host (a tree view activates its cursor row)" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'return .activate(rowFirst: !footerFocused, footer: true)' 'return .activate(rowFirst: !footerFocused, footer: false)' \
  'WrappedFooterKeyTests/enterOrSpace'
mutant "a pull over a text view selects the text it crossed" \
  Sources/GTK3/RefreshGtk/Hosts/HostSelection.swift \
  'gtk_text_buffer_select_range(buffer, &insertIter, &boundIter)' '_ = (insertIter, boundIter)' \
  'WrappedFooterKeyTests/pullingAHeldHeaderOnATextView'
mutant "saved frames show GTK's scrollbars (inside a tree view's header gap)" \
  Sources/Demos/RefreshDemo/QA/HostSurface.swift \
  '.compactMap { $0 }.map { GSignal.connectDraw($0) { _ in true } }' '.compactMap { $0 }.map { GSignal.connectDraw($0) { _ in false } }' \
  'LiveQATests/theShownScrollbarIsInNoSavedFrame'
mutant "the demo's text view ends with an empty line (blank above the footer)" \
  Sources/Demos/RefreshDemo/ForeignList.swift \
  'gtk_text_buffer_insert(buffer, &end, text, -1)' 'gtk_text_buffer_insert(buffer, &end, text + String(UnicodeScalar(10)), -1)' \
  'WrappedFooterKeyTests/theFooterSitsRightUnderTheLastRow'
mutant "the GTK 4 bin draws its header a pixel below the gap's top" \
  Sources/GTK4/RefreshGtk4/Decorations.swift \
  'cairo_translate(cr, -gap.x, -gap.y)' 'cairo_translate(cr, -gap.x, -gap.y + 1)' \
  'Gtk4HeaderFrameTests'
mutant "disposing a widget leaves its async refresh running (the widget core's: the GTK 4 bin shows it)" \
  Sources/Shared/RefreshWidgetCore/RefreshDriver.swift \
  '        asyncActions.tearDown()' '        _ = asyncActions' \
  'Gtk4ExampleProcessTests'
mutant "a mouse pull from a GtkListView row is never claimed (the release selects the row)" \
  Sources/GTK4/RefreshGtk4/RefreshBin.swift \
  'case .claim: return PTR4_REFRESH_BIN_PRESS_CLAIM' 'case .claim: return touch ? PTR4_REFRESH_BIN_PRESS_CLAIM : PTR4_REFRESH_BIN_PRESS_WAIT' \
  'Gtk4DemoProcessTests/aMousePullSelectsNoRow'
mutant "a press leaves a fling or key scroll running until its drag passes the slop" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  '_ = press.handle(.down(coasting: isCoasting))\n        physics.stopMotion()' \
  '_ = press.handle(.down(coasting: isCoasting))\n        _ = isCoasting' \
  'RefreshCoreTests.ClickTargetTests'
mutant "a wheel let go by the quiet period springs back, as a drag does (a slow wheel never refreshes)" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'let (back, easing) = gesture?.kind == .wheel ?' 'let (back, easing) = false ?' \
  'RefreshCoreTests.SlowWheelTests DemoProcessTests/aSlowWheelRefreshes Gtk4DemoProcessTests/aSlowWheelRefreshes'
mutant "a refresh ended at the top puts its rows above the view (the list no longer at its top)" \
  Sources/Shared/RefreshCore/Engine/WrappedScrollPosition.swift \
  'pendingTopInsertion = engineOffset <= 0.5 ? .atTop : .scrolled' 'pendingTopInsertion = engineOffset <= -1 ? .atTop : .scrolled' \
  'RefreshCoreTests.WrappedAnchorTests HostTests/rowsARefreshPrependsAtTheTopTakeTheHeadersPlace DemoProcessTests/aRefreshAtTheTopLeavesTheListPullableByADrag RecordTests/aRefreshShowsTheRowsItBroughtFrameByFrameOnEveryGtk4List'
mutant "the GTK 4 bin keeps the theme's colours it read first (a theme change leaves the header's text in the old colours)" \
  Sources/GTK4/RefreshGtk4/RefreshBin.swift \
  '        themeColours = nil\n        decorations.invalidate()' '        decorations.invalidate()' \
  'Gtk4ThemeChangeTests'
mutant "the painters keep the font they were first made with (a font change leaves the header's text as it was)" \
  Sources/Shared/RefreshDrawing/PainterText.swift \
  'if let base, let current, pango_font_description_equal(base, current) != 0 { return }' 'if base != nil, current != nil { return }' \
  'Gtk4ThemeChangeTests'
mutant "the GTK 4 bin stays busy while a failed refresh's mark shows" \
  Sources/GTK4/RefreshGtk4/Accessibility.swift \
  'return BinAccessibleState(busy: engine.header == .refreshing,' 'return BinAccessibleState(busy: engine.header == .refreshing || engine.header == .failed,' \
  'Gtk4AccessibilityTests'
mutant "with no footer the list still gets the footer's room past its last row" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'public var footerInScrollRange: Bool { footerMode == .auto && !isShortList }' 'public var footerInScrollRange: Bool { footerMode != .pull && !isShortList }' \
  'Gtk4DemoProcessTests/withNoFooterTheLastRowRestsAtTheBottomEdge HostTests/withNoFooterTheLastRowRestsAtTheBottomEdge'
mutant "a mouse drag on a scrolled list is the bin's (the list follows the mouse, its rows get no press)" \
  Sources/Shared/RefreshCore/Input/PressGesture.swift \
  'if device != .mouse(hostSelects: true) || towardsEdge || edges.overscrolled {' 'if device == device || towardsEdge || edges.overscrolled {' \
  'Gtk4DemoProcessTests/aMouseDragOnAScrolledListIsTheLists'
mutant "the GTK 4 echo filter takes a 40 px step for the list's echo (an arrow key after the bin scrolled is lost)" \
  Sources/Shared/RefreshCore/Tuning.swift \
  'public static let listEchoTolerance = 2.0' 'public static let listEchoTolerance = 50.0' \
  'RefreshCoreTests.AdjustmentEchoTests'
mutant "the GTK 3 bin stays busy while a failed refresh's mark shows" \
  Sources/GTK3/RefreshGtk/Widget/Accessibility.swift \
  'var busy: Bool { header == .refreshing }' 'var busy: Bool { header == .refreshing || header == .failed }' \
  'BinAccessibilityTests/aFailedRefreshIsNotBusyAndOffersTheRefreshAgain'
# --- The touchpad's stop under mutter 48 (issue 39): caught in the Debian 13 root only ------------
# mutter 43.8 sends no scroll-stop, so on a Debian 12 machine these survive the Wayland scenarios
# (docs/wayland.md, "Mutter 48"); run them where the test command's Debian 13 stage runs:
#   scripts/debian-root.sh --release 13 -- scripts/mutants.sh --only 75,76
mutant "the GTK 3 widget ignores the touchpad's scroll-stop (the quiet period ends each touchpad pull)" \
  Sources/GTK3/RefreshGtk/Widget/RefreshController.swift \
  '            if step.isStop {' '            if step.isStop && false {' \
  'WaylandScenarioTests/desktopInput'
mutant "the GTK 4 bin ignores the touchpad's scroll-stop (the quiet period ends each touchpad pull)" \
  Sources/GTK4/RefreshGtk4/RefreshBin.swift \
  'guard isStop else { return }' 'guard isStop && false else { return }' \
  'WaylandScenarioTests/gtk4Input'
# --- A refresh that ends scrolled down keeps what is on screen (issue 35) ---------------------------
mutant "a scrolled refresh's rows count once: a tree view's measure after its estimate moves the rows on screen" \
  Sources/Shared/RefreshCore/Engine/WrappedScrollPosition.swift \
  '        case .scrolled:\n' '        case .scrolled:\n            if grown > 0 { pendingTopInsertion = nil }\n' \
  'RefreshCoreTests.WrappedAnchorTests HostTests/rowsARefreshPrependsWhileScrolledKeepWhatIsOnScreen'
mutant "a GTK 4 list view held at its top leaves the new rows above its old anchor unmade (blank)" \
  Sources/GTK4/RefreshGtk4/RefreshBin.swift \
  '{ ptr4_refresh_bin_show_first_row(bin) }' '{ _ = bin }' \
  'RecordTests/aRefreshShowsTheRowsItBroughtFrameByFrameOnEveryGtk4List'
mutant "the GTK 4 record's list takes the pointer (a row hovered in one frame and not the next)" \
  Sources/Demos/refresh-demo-gtk4/Recorder.swift \
  '        gtk_widget_set_can_target(bin.widget, 0)' '        _ = bin.widget' \
  'RecordTests/aPointerOverTheRecordedWindowHoversNoRow'
mutant "F5 mid-list opens the header over the rows the user reads (the refresh does not run in place)" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  '        if offset <= 0 {' '        if offset <= 0 || offset > 0 {' \
  'RefreshCoreTests.HeaderTests HostTests/f5MidListRefreshesWhereTheUserReads RefreshViewTests/f5MidListRefreshesWhereTheUserReads Gtk4DemoProcessTests/f5MidListRefreshesWhereTheUserReads'
mutant "a gesture at the end before a wrapped list laid out the loaded rows loads a second page over them" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  '        let rowsPending = ok && !exhausted && addedHeight == nil && rowsEndInView' '        let rowsPending = false' \
  'RefreshCoreTests.AutoFooterTests RefreshWidgetCoreTests.RefreshDriverTests'

# --- Tests that see what users see: a live theme change on GTK 3 (issue 46) ------------------------
mutant "the GTK 3 header keeps the colours it first drew with (a theme, dark or accent change never reaches it)" \
  Sources/GTK3/RefreshGtk/Widget/Decorations.swift \
  '        let palette = Palette.theme(style)\n' '        let palette = self.palette ?? Palette.theme(style)\n' \
  'LiveThemeSwitchTests'
mutant "the GTK 3 plain bar reads the window background for the accent (the default blue in dark, custom and high-contrast themes)" \
  Sources/GTK3/RefreshGtk/Drawing/ThemeColours.swift \
  'selection: lookupColor(styleContext, "theme_selected_bg_color"),' 'selection: lookupColor(styleContext, "theme_bg_color"),' \
  'PlainBarOnScreenTests'
mutant "the GTK 4 bin reads the view's base colour for the plain bar, not the accent" \
  Sources/GTK4/RefreshGtk4/ThemeColours.swift \
  'selection: lookup("accent_bg_color", "theme_selected_bg_color")' 'selection: lookup("theme_base_color", "accent_bg_color", "theme_selected_bg_color")' \
  'Gtk4IntrospectionTests.Gtk4PlainBarOnScreenTests'
mutant "the GTK 4 bin's plain bar is white whatever the theme" \
  Sources/GTK4/RefreshGtk4/ThemeColours.swift \
  '            highContrast: Self.isHighContrastTheme())' '            highContrast: Self.isHighContrastTheme())\n        palette.bar = .white' \
  'Gtk4IntrospectionTests.Gtk4PlainBarOnScreenTests'
# --- A touchpad's pull held while the fingers rest (found by a CI flake, session 4 of round 5) ----
mutant "a touchpad that sends scroll-stops still lets its pull go after 0.2 s of resting fingers" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  '        if gesture?.kind == .touchpad { touchpadSendsStops = true }\n' '' \
  'RefreshCoreTests.TouchpadTests'
mutant "the GTK 4 bin reads the selection colour for a failed refresh's mark (a blue \"!\")" \
  Sources/GTK4/RefreshGtk4/ThemeColours.swift \
  'if let error = lookup("error_color"),' 'if let error = lookup("theme_selected_bg_color"),' \
  'Gtk4IntrospectionTests.Gtk4PlainBarOnScreenTests'
mutant "the GTK 4 footer is drawn in the light palette whatever the theme (dark-mode words dark on dark)" \
  Sources/GTK4/RefreshGtk4/Decorations.swift \
  '            painters.drawFooter(footerVisual, cr: cr, width: width, palette: palette, focused: footerFocused,\n                                pangoContext: context)' '            painters.drawFooter(footerVisual, cr: cr, width: width, palette: .light, focused: footerFocused,\n                                pangoContext: context)' \
  'Gtk4IntrospectionTests.Gtk4PlainBarOnScreenTests'
mutant "the GTK 4 bin never sees a high-contrast theme (its header words stay at 80 %)" \
  Sources/GTK4/RefreshGtk4/ThemeColours.swift \
  '            highContrast: Self.isHighContrastTheme())' '            highContrast: false)' \
  'Gtk4IntrospectionTests.Gtk4PlainBarOnScreenTests'
mutant "the GTK 3 palette never sees a high-contrast theme (its header words stay at 80 %)" \
  Sources/GTK3/RefreshGtk/Drawing/ThemeColours.swift \
  '                highContrast: isHighContrastTheme(styleContext))' '                highContrast: false)' \
  'PlainBarOnScreenTests/classicHeaderWordsAreGtksViewInk'
mutant "the GTK 3 footer is drawn in the light palette whatever the theme (dark-mode words dark on dark)" \
  Sources/GTK3/RefreshGtk/Widget/Decorations.swift \
  '            painters.drawFooter(footerVisual, cr: cr, width: width, palette: palette, focused: footerFocused,' '            painters.drawFooter(footerVisual, cr: cr, width: width, palette: .light, focused: footerFocused,' \
  'PlainBarOnScreenTests/loadingFooterWordsAreGtksViewInk'
mutant "the wrapped host takes a GTK 4 list's echo of its own write for the user's scroll" \
  Sources/Shared/RefreshWidgetCore/WrappedListHost.swift \
  '        if quirks.listEchoesValues, echo.isEcho(a.value, at: clock()) { return }\n' '' \
  'RefreshWidgetCoreTests.WrappedListHostTests'
mutant "a value the wrapped host sets for its own reasons is set at once on GTK 4 too (during the list's layout)" \
  Sources/Shared/RefreshWidgetCore/WrappedListHost.swift \
  '        guard quirks.valuesWaitForLayout else {' '        guard false else {' \
  'RefreshWidgetCoreTests.WrappedListHostTests RecordTests/aRefreshShowsTheRowsItBroughtFrameByFrameOnEveryGtk4List'
mutant "a view without a cursor leaves its arrows to a cursor it lacks (no line step)" \
  Sources/Shared/RefreshWidgetCore/KeyTable.swift \
  '        case (.lineUp, .plainView), (.lineDown, .plainView):\n            return .line' '        case (.lineUp, .plainView), (.lineDown, .plainView):\n            return .native' \
  'RefreshWidgetCoreTests.KeyTableTests KeyTablePerListTests Gtk4DemoProcessTests/movementKeysFollowTheCoreTable'
# --- Tab decided by the engine on every list (issue 45) -------------------------------------------
mutant "the GTK 3 bin never stops on its footer (Tab from a wrapped list's rows goes out)" \
  Sources/GTK3/CGtkShim/refresh_bin.c \
  '    if (next != PTR_BIN_FOCUS_FOOTER)\n        return FALSE;' '    if (next != PTR_BIN_FOCUS_FOOTER || TRUE)\n        return FALSE;' \
  'KeyTablePerListTests/tabStopsOnTheFooterAsTheEngineSays'
mutant "the wrapped host writes fractions (a text view rounds them itself, which stops an eased End short of the end)" \
  Sources/Shared/RefreshWidgetCore/WrappedListHost.swift \
  '        let value = value.rounded()' '        let value = value' \
  'KeyTablePerListTests/movementKeysFollowTheCoreTable'
mutant "a GTK 3 bin's footer never reads FOCUSED to ATs (its index in the bin taken for its number)" \
  Sources/GTK3/CGtkShim/accessible_child.c \
  'gint number = footer ? ptr_a11y_row_children(ptr_a11y_model_of(self->owner)) : ptr_a11y_child_get_index_in_parent(object);' \
  'gint number = ptr_a11y_child_get_index_in_parent(object);' \
  'KeyTablePerListTests/tabStopsOnTheFooterAsTheEngineSays'
mutant "a list back in the footer's zone at once has left it (Shift+Tab to a GtkListBox row retries a load)" \
  Sources/Shared/RefreshCore/Tuning.swift \
  'public static let zoneBounceWindow = 0.1' 'public static let zoneBounceWindow = 0.0' \
  'RefreshCoreTests.ReliabilityLoadOnceTests Gtk4DemoProcessTests/tabStopsOnTheFooterAsTheEngineSays'
mutant "an explicit load at the rows' end leaves the footer out of view" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'if started { revealLoadingFooter() }' 'if started, false { revealLoadingFooter() }' \
  'RefreshCoreTests.AutoFooterTests WrappedFooterKeyTests/anAppsRetryAtTheEndShowsTheFooter'
mutant "a move down out of the footer's zone (past rows appended) waits out the bounce window" \
  Sources/Shared/RefreshCore/Footer/FooterMachine.swift \
  'latch = movingDown ? .open : .left(at: t)' 'latch = .left(at: t)' \
  'RefreshCoreTests.ReliabilityLoadOnceTests'
mutant "an explicit load at the end takes over a key scroll under way" \
  Sources/Shared/RefreshCore/Engine/RefreshEngine.swift \
  'guard gesture == nil, physics.motion == nil, rowsEndInView' 'guard gesture == nil, rowsEndInView' \
  'RefreshCoreTests.AutoFooterTests'
count=${#names[@]}

usage() { sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; }
only="" baseline=1 list=0 check=0 resume=0
while [ $# -gt 0 ]; do
  case "$1" in
    --list) list=1 ;;
    --check) check=1 ;;
    --only) only=${2:?--only needs a mutant number or a comma-separated list}; shift ;;
    --only=*) only=${1#--only=} ;;
    --no-baseline) baseline=0 ;;
    --resume) resume=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "mutants.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

selected=()
if [ -n "$only" ]; then
  IFS=, read -r -a wanted <<<"$only"
  for n in "${wanted[@]}"; do
    if ! [[ "$n" =~ ^[0-9]+$ ]] || [ "$n" -lt 1 ] || [ "$n" -gt "$count" ]; then
      echo "mutants.sh: --only: no mutant '$n' (1…$count)" >&2; exit 2
    fi
    selected+=($((n - 1)))
  done
else
  for ((i = 0; i < count; i++)); do selected+=("$i"); done
fi

if [ "$list" = 1 ]; then
  for i in "${selected[@]}"; do
    printf '%3d  %s\n     %s → %s\n' $((i + 1)) "${names[$i]}" "${files[$i]}" "${filters[$i]}"
  done
  exit 0
fi

# Replaces the anchor in a file (mode apply) or only counts it (mode check); exit 3 unless the
# anchor occurs exactly once.
edit() {
  python3 - "$@" <<'PY'
import sys
mode, path, anchor, replacement = sys.argv[1:5]
anchor = anchor.replace("\\n", "\n")
replacement = replacement.replace("\\n", "\n")
text = open(path, encoding="utf-8").read()
found = text.count(anchor)
if found != 1:
    print(f"{found} matches", end="")
    sys.exit(3)
if mode == "apply":
    open(path, "w", encoding="utf-8").write(text.replace(anchor, replacement))
PY
}

# Every selected anchor must be where it is expected before anything is built.
bad=0
for i in "${selected[@]}"; do
  if ! found=$(edit check "$root/${files[$i]}" "${anchors[$i]}" "${replacements[$i]}" 2>&1); then
    echo "mutant $((i + 1)) (${names[$i]}): anchor not found exactly once in ${files[$i]} ($found):" >&2
    echo "    ${anchors[$i]}" >&2
    bad=1
  fi
done
if [ "$bad" = 1 ]; then
  echo "mutants.sh: re-anchor the mutants above on the current sources (nothing was run)" >&2
  exit 2
fi
if [ "$check" = 1 ]; then echo "every anchor of the ${#selected[@]} mutants is in place"; exit 0; fi

command -v xvfb-run >/dev/null && command -v dbus-run-session >/dev/null || "$root/scripts/deps.sh" test

# The scratch copy: the work tree as it is (uncommitted changes included), without builds or git.
mkdir -p "$src" "$build"
if command -v rsync >/dev/null; then
  rsync -a --delete --exclude '/.build*' --exclude '/.git' --exclude '/.swiftpm' "$root/" "$src/"
else
  find "$src" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
  (cd "$root" && tar --exclude='./.build*' --exclude='./.git' --exclude='./.swiftpm' -cf - .) | (cd "$src" && tar -xf -)
fi
restore() { cp "$root/$1" "$src/$1"; }

# The record of this run: "fingerprint F SELECTION", "baseline SECONDS", one "mutant N VERDICT
# BUILD_S TEST_S" line per verdict, and "sitting" at each start. F hashes the work tree's files
# as git sees them, but this script, so that a fix to the script does not void a stopped run
# (the anchors are checked at each start).
results=$dir/results.txt
fingerprint=$(cd "$root" && {
  git ls-files --stage | grep -v $'\tscripts/mutants.sh$'
  git diff -- . ':(exclude)scripts/mutants.sh'
  git ls-files --others --exclude-standard | git hash-object --stdin-paths
} | sha256sum | cut -c1-16)
selection=${only:-all}
if [ "$resume" = 1 ]; then
  if ! [ -f "$results" ] || [ "$(head -1 "$results")" != "fingerprint $fingerprint $selection" ]; then
    echo "mutants.sh: --resume: no stopped run of these sources and this selection in $results;" \
      "start one without --resume" >&2
    exit 2
  fi
else
  echo "fingerprint $fingerprint $selection" >"$results"
fi
echo sitting >>"$results"
judged() { grep -q "^mutant $1 " "$results"; }
current=""
trap '[ -n "$current" ] && restore "$current"' EXIT

log=$dir/logs
mkdir -p "$log"
export G_DEBUG=fatal-warnings NO_AT_BRIDGE=1 SWIFT_BACKTRACE=enable=no

# Suites that use the installed libraries (GObject Introspection, C, Vala, the GTK 4 theme and
# AT-SPI checks) need the copy's scripts/build-gir.sh output as well: a release build of its own,
# which a change to RefreshCore rebuilds whole (minutes), so only for a mutant whose suites use it.
gi_suites='IntrospectionTests|GnomeLibraryTests|Gtk4ThemeChangeTests|Gtk4AccessibilityTests|BindingSignalTests'
uses_gi() { printf '%s\n' "$@" | grep -qE "$gi_suites"; }
build_copy() {  # build_copy LOGFILE WITH_GI(0|1)
  (cd "$src" && swift build --build-tests --scratch-path "$build") >"$1" 2>&1 || return 1
  if [ "$2" = 1 ]; then (cd "$src" && scripts/build-gir.sh) >>"$1" 2>&1; fi
}

run_tests() {  # run_tests LOGFILE FILTERS…
  local out=$1; shift
  local args=()
  for f in "$@"; do args+=(--filter "$f"); done
  (cd "$src" && timeout "$timeout_s" xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- \
    swift test --skip-build --scratch-path "$build" "${args[@]}") >"$out" 2>&1
}

needs_gi=0
for i in "${selected[@]}"; do
  # shellcheck disable=SC2086
  if uses_gi ${filters[$i]}; then needs_gi=1; fi
done

started=$(date +%s)
if [ "$baseline" = 1 ] && grep -q '^baseline ' "$results"; then
  echo "== baseline: passed in an earlier sitting"
elif [ "$baseline" = 1 ]; then
  echo "== baseline: build the unmutated copy and run every suite the selected mutants use"
  if ! build_copy "$log/baseline-build.txt" "$needs_gi"; then
    tail -20 "$log/baseline-build.txt"; echo "mutants.sh: the unmutated copy does not build" >&2; exit 2
  fi
  "$src/scripts/build-translations.sh" "$(cd "$src" && swift build --scratch-path "$build" --show-bin-path)/locale" \
    >/dev/null 2>&1 || true
  union=()
  for i in "${selected[@]}"; do for f in ${filters[$i]}; do union+=("$f"); done; done
  if ! run_tests "$log/baseline-tests.txt" "${union[@]}"; then
    grep -E "✘|error|failed" "$log/baseline-tests.txt" | head -20
    echo "mutants.sh: the suites fail without any mutant (log: $log/baseline-tests.txt)" >&2
    exit 2
  fi
  echo "   passes ($(( $(date +%s) - started )) s)"
  echo "baseline $(( $(date +%s) - started ))" >>"$results"
fi

lines=()
for i in "${selected[@]}"; do
  n=$((i + 1))
  if judged "$n"; then continue; fi
  t0=$(date +%s)
  current=${files[$i]}
  edit apply "$src/${files[$i]}" "${anchors[$i]}" "${replacements[$i]}" >/dev/null
  with_gi=0
  # shellcheck disable=SC2086
  if uses_gi ${filters[$i]}; then with_gi=1; fi
  if ! build_copy "$log/mutant-$n-build.txt" "$with_gi"; then
    restore "$current"; current=""
    grep -E "error:" "$log/mutant-$n-build.txt" | head -5
    echo "mutants.sh: mutant $n (${names[$i]}) does not compile: fix its replacement" >&2
    exit 2
  fi
  t1=$(date +%s)
  # shellcheck disable=SC2086
  if run_tests "$log/mutant-$n-tests.txt" ${filters[$i]}; then
    verdict="SURVIVED"
  else
    status=$?
    verdict="caught"
    [ "$status" = 124 ] && verdict="timeout"
  fi
  restore "$current"; current=""
  t2=$(date +%s)
  echo "mutant $n $verdict $((t1 - t0)) $((t2 - t1))" >>"$results"
  line=$(printf '%3d  %-8s %4ss build %4ss test  %s' "$n" "$verdict" $((t1 - t0)) $((t2 - t1)) "${names[$i]}")
  echo "$line"
  lines+=("$line")
done

# The score over every sitting of this run; a timeout counts as caught (the mutant hangs a test).
caught=0 survived=0 seconds=0
while read -r _ s; do seconds=$((seconds + s)); done < <(grep '^baseline ' "$results")
while read -r _ _ verdict b t; do
  seconds=$((seconds + b + t))
  if [ "$verdict" = SURVIVED ]; then survived=$((survived + 1)); else caught=$((caught + 1)); fi
done < <(grep '^mutant ' "$results")
total=$((caught + survived)) sittings=$(grep -c '^sitting$' "$results")
summary="caught $caught of $total mutants ($((total > 0 ? 100 * caught / total : 0)) %), $survived survived; $((seconds / 60)) min $((seconds % 60)) s of builds and tests in $sittings sitting(s)"
echo "== $summary"
{ printf '%s\n' "${lines[@]}"; echo "$summary"; } >"$dir/last-result.txt"
[ "$survived" -eq 0 ]
