#!/usr/bin/env bash
# Installs the Debian packages a task needs, only those that are missing.
#   scripts/deps.sh build   GTK 3 development files, and GTK 4's for the benchmark's GTK 4 peer
#                           (refresh-bench-gtk4: `swift build` builds every target, so it needs them)
#   scripts/deps.sh gi      + GObject Introspection and Vala's vapigen (scripts/build-gir.sh), and
#                             gi-docgen for the reference (scripts/build-reference.sh)
#   scripts/deps.sh test    + Xvfb, fonts, the accessibility stack the tests drive,
#                             PyGObject and GJS for the introspection tests, and a headless
#                             mutter with PipeWire and WirePlumber for the Wayland scenarios,
#                             ImageMagick for screenshots, valgrind, a C compiler and binutils,
#                             debootstrap for scripts/debian-root.sh, and Vala, meson and
#                             ninja for the examples built as apps build them, gi-docgen for the
#                             GObject reference
#   scripts/deps.sh root    what scripts/debian-root.sh runs on the host (debootstrap, ip), alone
#   scripts/deps.sh --list MODE   prints MODE's packages, one a line, and installs nothing
# Every program the suite and the scripts run must come from a package listed here (or from one
# every Debian root has): Tests/ToolingTests checks it (docs/testing.md).
set -euo pipefail
list=0
if [ "${1:-}" = "--list" ]; then list=1; shift; fi
want=(libgtk-3-dev libgtk-4-dev pkg-config gettext fonts-dejavu-core)
case "${1:-build}" in
  build) want+=(git binutils) ;;
  root) want=(debootstrap iproute2 util-linux git) ;;
  gi) want+=(gobject-introspection libgirepository1.0-dev gir1.2-gtk-3.0 gir1.2-gtk-4.0 valac gcc libc6-dev binutils gi-docgen) ;;
  test) want+=(xvfb xdotool xauth dbus-x11 at-spi2-core python3-pyatspi gir1.2-atspi-2.0 desktop-file-utils appstream
               gobject-introspection libgirepository1.0-dev gir1.2-gtk-3.0 gir1.2-gtk-4.0 python3-gi gjs
               libadwaita-1-dev gir1.2-adw-1
               mutter pipewire wireplumber libglib2.0-bin
               imagemagick valgrind gcc libc6-dev binutils python3 git rsync debootstrap iproute2
               valac meson ninja-build gi-docgen) ;;
  *) echo "usage: scripts/deps.sh [--list] build|gi|test|root" >&2; exit 2 ;;
esac
if [ "$list" -eq 1 ]; then printf '%s\n' "${want[@]}"; exit 0; fi
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
