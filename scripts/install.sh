#!/usr/bin/env bash
# Builds and installs the demo with its desktop entry, icon and translations, and the library
# other languages use (C header, pkg-config file, GObject Introspection data, Vala vapi, gi-docgen reference).
#
#   scripts/install.sh [--library-only] [--binary PATH] [--gi-dir DIR] [--reference-dir DIR] [PREFIX]
#
#   PREFIX          default /usr/local; DESTDIR=/some/root is prepended to every path (staging)
#   --library-only  the libraries alone: no demo, desktop entry, icon or translations
#   --binary PATH   install this refresh-demo instead of building a release one
#                   (also: PTR_INSTALL_BINARY=PATH)
#   --gi-dir DIR    install the library from this scripts/build-gir.sh output instead of
#                   running scripts/build-gir.sh (also: PTR_INSTALL_GI_DIR=DIR)
#   --reference-dir DIR  install the reference from this scripts/build-reference.sh output instead
#                   of building it from the GIRs (also: PTR_INSTALL_REFERENCE_DIR=DIR)
#
# Installs PREFIX/bin/refresh-demo, PREFIX/share/applications/<id>.desktop,
# PREFIX/share/metainfo/<id>.metainfo.xml (AppStream),
# PREFIX/share/icons/hicolor/scalable/apps/<id>.svg and
# PREFIX/share/locale/<lang>/LC_MESSAGES/gtk-pull-to-refresh.mo, where
# <id> = io.github.gtk_pull_to_refresh.Demo; and the GTK 3 library: PREFIX/lib/libPtrRefresh.so.1
# (stripped; its SONAME) with the development link PREFIX/lib/libPtrRefresh.so,
# PREFIX/include/ptr-refresh-1.0/ptr-refresh.h, PREFIX/lib/pkgconfig/ptr-refresh-1.0.pc,
# PREFIX/lib/girepository-1.0/Ptr-1.0.typelib, PREFIX/share/gir-1.0/Ptr-1.0.gir and
# PREFIX/share/vala/vapi/ptr-refresh-1.0.{vapi,deps}, and beside them the GTK 4 library:
# PREFIX/lib/libPtrRefresh4.so.1 and .so, PREFIX/include/ptr4-refresh-1.0/ptr4-refresh.h,
# PREFIX/lib/pkgconfig/ptr4-refresh-1.0.pc, PREFIX/lib/girepository-1.0/Ptr4-1.0.typelib,
# PREFIX/share/gir-1.0/Ptr4-1.0.gir and PREFIX/share/vala/vapi/ptr4-refresh-1.0.{vapi,deps};
# and their gi-docgen reference in PREFIX/share/doc/ptr-refresh-1.0/ and
# PREFIX/share/doc/ptr4-refresh-1.0/, where libadwaita installs libadwaita-1/ (devhelp finds the
# .devhelp2 books there) (docs/gobject-api.md, docs/install.md), and writes the list of what it installed (and the
# directories it created) to PREFIX/share/gtk-pull-to-refresh/install-manifest.txt, which
# scripts/uninstall.sh [PREFIX] reads to remove exactly that. Installing again first removes
# the previous installation; a failed install removes what it had installed.
set -Eeuo pipefail

app_id=io.github.gtk_pull_to_refresh.Demo
domain=gtk-pull-to-refresh
root="$(cd "$(dirname "$0")/.." && pwd)"

usage() { sed -n '2,/^set -Eeuo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

binary="${PTR_INSTALL_BINARY:-}" gi_dir="${PTR_INSTALL_GI_DIR:-}" reference_dir="${PTR_INSTALL_REFERENCE_DIR:-}"
prefix="" library_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --library-only) library_only=1; shift ;;
    --binary) [ $# -ge 2 ] || { echo "install.sh: --binary needs a path" >&2; exit 2; }
              binary="$2"; shift 2 ;;
    --binary=*) binary="${1#--binary=}"; shift ;;
    --gi-dir) [ $# -ge 2 ] || { echo "install.sh: --gi-dir needs a directory" >&2; exit 2; }
              gi_dir="$2"; shift 2 ;;
    --gi-dir=*) gi_dir="${1#--gi-dir=}"; shift ;;
    --reference-dir) [ $# -ge 2 ] || { echo "install.sh: --reference-dir needs a directory" >&2; exit 2; }
              reference_dir="$2"; shift 2 ;;
    --reference-dir=*) reference_dir="${1#--reference-dir=}"; shift ;;
    -*) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) [ -z "$prefix" ] || { echo "install.sh: one PREFIX only (see --help)" >&2; exit 2; }
       prefix="$1"; shift ;;
  esac
done
prefix="${prefix:-/usr/local}"
case "$prefix" in
  /*) ;;
  *) echo "install.sh: PREFIX must be an absolute path, not '$prefix'" >&2; exit 2 ;;
esac
case "$prefix" in
  *$'\n'*) echo "install.sh: PREFIX must not contain a newline" >&2; exit 2 ;;
esac
case "${prefix%/}/" in
  */../*|*/./*|*//*) echo "install.sh: PREFIX must not contain '.', '..' or '//': '$prefix'" >&2; exit 2 ;;
esac
while [ "${prefix%/}" != "$prefix" ]; do prefix="${prefix%/}"; done
destdir="${DESTDIR:-}"
while [ "${destdir%/}" != "$destdir" ]; do destdir="${destdir%/}"; done

manifest="$prefix/share/$domain/install-manifest.txt"

# 1. The binary.
if [ "$library_only" -eq 1 ]; then
  [ -z "$binary" ] || { echo "install.sh: --library-only installs no refresh-demo: drop --binary" >&2; exit 2; }
elif [ -n "$binary" ]; then
  if [ ! -f "$binary" ] || [ ! -x "$binary" ]; then
    echo "install.sh: --binary '$binary' is not an executable file" >&2
    exit 1
  fi
else
  "$root/scripts/deps.sh" build
  (cd "$root" && swift build -c release --product refresh-demo)
  binary="$(cd "$root" && swift build -c release --show-bin-path)/refresh-demo"
fi

# 2. The translations, compiled into a scratch directory.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ "$library_only" -eq 1 ] || "$root/scripts/build-translations.sh" "$work/locale"

# 2b. The library and its introspection data (scripts/build-gir.sh).
if [ -z "$gi_dir" ]; then
  gi_dir="$work/gi"
  "$root/scripts/build-gir.sh" "$gi_dir"
fi
for f in libPtrRefresh.so.1 ptr-refresh.h Ptr-1.0.gir Ptr-1.0.typelib ptr-refresh-1.0.pc.in ptr-refresh-1.0.vapi \
         ptr-refresh-1.0.deps libPtrRefresh4.so.1 ptr4-refresh.h Ptr4-1.0.gir Ptr4-1.0.typelib ptr4-refresh-1.0.pc.in \
         ptr4-refresh-1.0.vapi ptr4-refresh-1.0.deps; do
  [ -f "$gi_dir/$f" ] || { echo "install.sh: $gi_dir/$f is missing (run scripts/build-gir.sh)" >&2; exit 1; }
done
# 2c. Their C / Python / JavaScript reference (scripts/build-reference.sh: gi-docgen, seconds).
if [ -z "$reference_dir" ]; then
  reference_dir="$work/reference"
  "$root/scripts/build-reference.sh" --gir-dir "$gi_dir" "$reference_dir"
fi
for name in ptr-refresh ptr4-refresh; do
  [ -f "$reference_dir/$name-1.0/index.html" ] || {
    echo "install.sh: $reference_dir/$name-1.0/index.html is missing (run scripts/build-reference.sh)" >&2; exit 1; }
done
# Installed stripped, as a distribution ships a library (the symbol table is 40 % of it).
for lib in libPtrRefresh.so.1 libPtrRefresh4.so.1; do
  strip --strip-unneeded -o "$work/$lib" "$gi_dir/$lib"
done
# pkg-config's prefix line is the PREFIX (not DESTDIR: the files are used from PREFIX).
for pc in ptr-refresh-1.0 ptr4-refresh-1.0; do
  sed "s|@PREFIX@|$prefix|" "$gi_dir/$pc.pc.in" > "$work/$pc.pc"
done

# 3. The desktop entry: Exec=refresh-demo relies on PATH, which has /usr/bin and /usr/local/bin;
#    elsewhere name the binary by its absolute path (when it needs no quoting).
desktop="$work/$app_id.desktop"
cp "$root/Resources/$app_id.desktop" "$desktop"
case "$prefix" in
  /usr|/usr/local) ;;
  *) if [[ "$prefix/bin/refresh-demo" =~ ^[A-Za-z0-9._/+-]+$ ]]; then
       sed -i -e "s|^Exec=refresh-demo|Exec=$prefix/bin/refresh-demo|" \
              -e "s|^TryExec=refresh-demo|TryExec=$prefix/bin/refresh-demo|" "$desktop"
     else
       echo "install.sh: note: $prefix/bin must be on PATH for the desktop entry to start the demo" >&2
     fi ;;
esac

# 4. A previous installation at this prefix goes first, so that the manifest stays exact.
if [ -f "$destdir$manifest" ]; then
  echo "Removing the previous installation at $destdir$prefix" >&2
  DESTDIR="$destdir" "$root/scripts/uninstall.sh" "$prefix" >/dev/null
fi

# 5. Install, recording every file and every directory created.
installed=()
rollback() {
  local status=${1:-$?}
  trap - ERR INT TERM
  set +e
  if [ ${#installed[@]} -gt 0 ]; then
    echo "install.sh: failed; removing what was installed" >&2
    printf '%s\n' "${installed[@]}" > "$work/rollback-manifest.txt"
    DESTDIR="$destdir" "$root/scripts/uninstall.sh" --manifest "$work/rollback-manifest.txt" "$prefix" >/dev/null
  fi
  rm -rf "$work"
  exit "$status"
}
trap rollback ERR
trap 'rollback 130' INT
trap 'rollback 143' TERM
[ -z "$destdir" ] || mkdir -p "$destdir"

# Creates the directory $1 (a path without DESTDIR) and its missing ancestors, recording each.
make_dir() {
  local path="" part
  local IFS=/
  for part in ${1#/}; do
    path="$path/$part"
    if [ ! -d "$destdir$path" ]; then
      mkdir "$destdir$path"
      installed+=("$path/")
    fi
  done
}

# put MODE SOURCE DEST (DEST without DESTDIR)
put() {
  make_dir "$(dirname "$3")"
  installed+=("$3")
  install -m "$1" "$2" "$destdir$3"
}

# put_link TARGET DEST: a symbolic link (the library's development link).
put_link() {
  make_dir "$(dirname "$2")"
  installed+=("$2")
  ln -s "$1" "$destdir$2"
}

if [ "$library_only" -eq 0 ]; then
  put 0755 "$binary" "$prefix/bin/refresh-demo"
  put 0644 "$desktop" "$prefix/share/applications/$app_id.desktop"
  put 0644 "$root/Resources/$app_id.metainfo.xml" "$prefix/share/metainfo/$app_id.metainfo.xml"
  put 0644 "$root/Resources/$app_id.svg" "$prefix/share/icons/hicolor/scalable/apps/$app_id.svg"
fi
for lib in PtrRefresh:Ptr:ptr-refresh PtrRefresh4:Ptr4:ptr4-refresh; do
  IFS=: read -r name ns pc <<< "$lib"
  put 0755 "$work/lib$name.so.1" "$prefix/lib/lib$name.so.1"
  put_link "lib$name.so.1" "$prefix/lib/lib$name.so"
  put 0644 "$gi_dir/$pc.h" "$prefix/include/$pc-1.0/$pc.h"
  put 0644 "$work/$pc-1.0.pc" "$prefix/lib/pkgconfig/$pc-1.0.pc"
  put 0644 "$gi_dir/$ns-1.0.typelib" "$prefix/lib/girepository-1.0/$ns-1.0.typelib"
  put 0644 "$gi_dir/$ns-1.0.gir" "$prefix/share/gir-1.0/$ns-1.0.gir"
  put 0644 "$gi_dir/$pc-1.0.vapi" "$prefix/share/vala/vapi/$pc-1.0.vapi"
  put 0644 "$gi_dir/$pc-1.0.deps" "$prefix/share/vala/vapi/$pc-1.0.deps"
  mapfile -t pages < <(cd "$reference_dir/$pc-1.0" && find . -type f -printf '%P\n' | LC_ALL=C sort)
  for page in "${pages[@]}"; do
    put 0644 "$reference_dir/$pc-1.0/$page" "$prefix/share/doc/$pc-1.0/$page"
  done
done
if [ "$library_only" -eq 0 ]; then
  for mo in "$work"/locale/*/LC_MESSAGES/"$domain.mo"; do
    [ -f "$mo" ] || continue
    lang="$(basename "$(dirname "$(dirname "$mo")")")"
    put 0644 "$mo" "$prefix/share/locale/$lang/LC_MESSAGES/$domain.mo"
  done
  if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$destdir$prefix/share/applications/$app_id.desktop"
  fi
  if command -v appstreamcli >/dev/null 2>&1; then
    appstreamcli validate --no-net --no-color "$destdir$prefix/share/metainfo/$app_id.metainfo.xml" >/dev/null
  fi
fi

make_dir "$(dirname "$manifest")"
installed+=("$manifest")
# Files in installation order, then the directories created, parents first.
{ for p in "${installed[@]}"; do if [ "${p%/}" = "$p" ]; then printf '%s\n' "$p"; fi; done
  for p in "${installed[@]}"; do if [ "${p%/}" != "$p" ]; then printf '%s\n' "$p"; fi; done
} > "$work/manifest.txt"
install -m 0644 "$work/manifest.txt" "$destdir$manifest"
trap - ERR INT TERM

echo "Installed $(grep -vc '/$' "$destdir$manifest") files under $destdir$prefix (manifest: $destdir$manifest)"
