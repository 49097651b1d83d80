#!/usr/bin/env bash
# Runs a command in a fresh minimal Debian root: the machine a new user or CI starts from, with
# nothing installed by hand (docs/testing.md, "A fresh Debian root").
#
#   scripts/debian-root.sh [--release 12|13] [--keep DIR] [--setup COMMAND] -- COMMAND [ARG…]
#
# The root is `debootstrap --variant=minbase` of bookworm (12, the default) or trixie (13) with
# what this machine's Swift toolchain needs to run (Swift's own dependencies, no package of the
# project's), the toolchain bind-mounted at its own path, the package copies and git's rules for
# them, and a clone of this repository's HEAD (committed work only, as CI clones it) at
# /src/gtk-pull-to-refresh, where COMMAND runs (PTR_DEBIAN_ROOT set to the release). Before it, `scripts/deps.sh test` runs in the root
# with the network (or --setup COMMAND, in the clone); COMMAND itself runs without it (its own
# network namespace, the loopback up), so that nothing it does can reach this machine's X or
# Wayland sockets, or install what deps.sh forgot.
#
# --keep DIR keeps the root in DIR (made there the first time, reused after: a run then skips
# debootstrap and most installs); without it the root is made in a temporary folder and deleted.
# Whatever happens, every process left in the root is killed and everything mounted is unmounted
# before anything is deleted. The exit status is COMMAND's.
set -euo pipefail

release=12
keep=""
setup="scripts/deps.sh test"
while [ $# -gt 0 ]; do
  case "$1" in
    --release) release="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    --setup) setup="$2"; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "debian-root.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: debian-root.sh [--release 12|13] [--keep DIR] [--setup COMMAND] -- COMMAND [ARG…]" >&2; exit 2; }
case "$release" in
  12) suite=bookworm; swift_deps=(libcurl4 libxml2 libedit2 libsqlite3-0 libncurses6 libpython3.11 libstdc++-12-dev libgcc-12-dev) ;;
  13) suite=trixie; swift_deps=(libcurl4t64 libxml2 libedit2 libsqlite3-0 libncurses6 libpython3.13 libstdc++-14-dev libgcc-14-dev) ;;
  *) echo "debian-root.sh: --release is 12 or 13, not $release" >&2; exit 2 ;;
esac
# Always: what `swift build` runs or links on any Debian (the compiler driver's C library and
# start files, git for the package copies, tzdata for Foundation, certificates for apt).
swift_deps+=(libc6-dev zlib1g-dev git tzdata ca-certificates)
[ "$(id -u)" -eq 0 ] || { echo "debian-root.sh: run as root (debootstrap, mounts, chroot)" >&2; exit 2; }
"$(dirname "$0")/deps.sh" root

repo="$(cd "$(dirname "$0")/.." && pwd)"
swift_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
toolchain="$(dirname "$(dirname "$swift_bin")")"   # /opt/swift for /opt/swift/usr/bin
packages=/opt/swift-packages

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  root="$(cd "$keep" && pwd)"
else
  root="$(mktemp -d /var/tmp/ptr-debian-root.XXXXXX)"
fi

# Processes left in the root (a test's app that ignores SIGTERM) are found by their root folder.
kill_inside() {
  local pid link
  for pid in /proc/[0-9]*; do
    link="$(readlink "$pid/root" 2>/dev/null || true)"
    [ "$link" = "$root" ] || continue
    kill -KILL "${pid#/proc/}" 2>/dev/null || true
  done
}
unmount_all() {
  local point tries
  for tries in 1 2 3 4 5; do
    # Deepest first; only mounts inside the root, never the host's.
    mapfile -t points < <(findmnt -rn -o TARGET | awk -v r="$root/" 'index($0, r) == 1' | sort -r)
    [ ${#points[@]} -eq 0 ] && return 0
    kill_inside
    for point in "${points[@]}"; do umount "$point" 2>/dev/null || umount -l "$point" 2>/dev/null || true; done
    sleep 0.2
  done
  findmnt -rn -o TARGET | awk -v r="$root/" 'index($0, r) == 1' | grep -q . && return 1
  return 0
}
cleanup() {
  local status=$?
  kill_inside
  if ! unmount_all; then
    echo "debian-root.sh: something is still mounted in $root; it is left in place (not deleted)" >&2
    exit "$status"
  fi
  if [ -z "$keep" ]; then rm -rf --one-file-system "$root"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

if [ ! -e "$root/etc/debian_version" ]; then
  echo "debian-root.sh: debootstrap $suite into $root" >&2
  debootstrap --variant=minbase "$suite" "$root" http://deb.debian.org/debian >"$root.debootstrap.log" 2>&1 || {
    tail -20 "$root.debootstrap.log" >&2; exit 1; }
  rm -f "$root.debootstrap.log"
fi

# /dev without recursion: unmounting a recursive bind can take the host's /dev/pts with it.
mount --bind /dev "$root/dev"
mount -t devpts devpts "$root/dev/pts" -o newinstance,ptmxmode=0666,mode=0620
mount -t tmpfs tmpfs "$root/dev/shm"
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount -t tmpfs tmpfs "$root/tmp"
mkdir -p "$root$toolchain" "$root$packages"
mount --bind "$toolchain" "$root$toolchain"
mount -o remount,bind,ro "$root$toolchain"
mount --bind "$packages" "$root$packages"
mount -o remount,bind,ro "$root$packages"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# The package copies are reached through git's rules on this machine: the same ones inside.
mapfile -t git_rules < <(git config --system --get-regexp '^url\.' 2>/dev/null || true)

in_root() {
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" CI="${CI:-}" PTR_DEBIAN_ROOT="$release" \
    PATH="$swift_bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" "$@"
}

echo "debian-root.sh: Swift's dependencies: ${swift_deps[*]}" >&2
in_root /bin/sh -c "export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && \
  apt-get install -y -qq --no-install-recommends $(printf '%s ' "${swift_deps[@]}") >/dev/null"
in_root git config --system --remove-section url 2>/dev/null || true
for rule in "${git_rules[@]}"; do
  key="${rule%% *}"
  in_root git config --system --add "${key%.insteadof}.insteadOf" "${rule#* }"
done

rm -rf "$root/src/gtk-pull-to-refresh"
mkdir -p "$root/src"
git clone -q --no-hardlinks "$repo" "$root/src/gtk-pull-to-refresh"
# The checkout's tree of shared files, as CI lays it beside the clone.
[ -d "$repo/../shared" ] && cp -r "$repo/../shared" "$root/src/shared"

echo "debian-root.sh: setup (with the network): $setup" >&2
in_root /bin/sh -c "cd /src/gtk-pull-to-refresh && $setup"

echo "debian-root.sh: running (no network but the loopback): $*" >&2
status=0
# The loopback of a new network namespace starts down: with it down GTK 4's tests and the DocC
# plugin hang until killed.
unshare -n -- /bin/bash -c 'ip link set lo up && exec chroot "$@"' - "$root" /usr/bin/env -i HOME=/root \
  LANG=C.UTF-8 TERM="${TERM:-dumb}" CI="${CI:-}" PTR_DEBIAN_ROOT="$release" PATH="$swift_bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  /bin/bash -c 'cd /src/gtk-pull-to-refresh && exec "$@"' - "$@" || status=$?
exit "$status"
