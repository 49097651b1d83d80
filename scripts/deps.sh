#!/usr/bin/env bash
# Installs the Debian packages a task needs, only those that are missing.
#   scripts/deps.sh build   GTK 3 development files, and GTK 4's for the benchmark's GTK 4 peer
#                           (refresh-bench-gtk4: `swift build` builds every target, so it needs them)
#   scripts/deps.sh gi      + GObject Introspection (scripts/build-gir.sh)
#   scripts/deps.sh test    + Xvfb, fonts, the accessibility stack the tests drive,
#                             PyGObject and GJS for the introspection tests, and a headless
#                             mutter with PipeWire and WirePlumber for the Wayland scenarios
set -euo pipefail
want=(libgtk-3-dev libgtk-4-dev pkg-config gettext fonts-dejavu-core)
case "${1:-build}" in
  build) ;;
  gi) want+=(gobject-introspection libgirepository1.0-dev gir1.2-gtk-3.0 gir1.2-gtk-4.0) ;;
  test) want+=(xvfb xdotool xauth dbus-x11 at-spi2-core python3-pyatspi gir1.2-atspi-2.0 desktop-file-utils appstream
               gobject-introspection libgirepository1.0-dev gir1.2-gtk-3.0 gir1.2-gtk-4.0 python3-gi gjs
               libadwaita-1-dev gir1.2-adw-1
               mutter pipewire wireplumber libglib2.0-bin) ;;
  *) echo "usage: scripts/deps.sh build|gi|test" >&2; exit 2 ;;
esac
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
