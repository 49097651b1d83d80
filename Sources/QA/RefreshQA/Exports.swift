// The moments snapshots and filmstrips draw (`HeaderScene`, `FooterScene`, the scrub sequence)
// are toolkit-free, so that the GTK 4 side can put its widget into the very same moments
// (`refresh-gtk4-frames`); everything that renders them headless comes through here.
@_exported import RefreshScenes
