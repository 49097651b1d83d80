#!/usr/bin/env bash
# Builds the library other languages use, with its introspection data (docs/gobject-api.md):
#
#   scripts/build-gir.sh [OUT]      default OUT: .build-gi/gi
#
# OUT/libPtrRefresh.so.1 the GObject types and the Swift behaviour, the Swift runtime linked in
#                        (-static-stdlib: the library needs GTK and libc only); its SONAME is
#                        libPtrRefresh.so.1 and it exports the functions of ptr-refresh.h only
# OUT/libPtrRefresh.so   the development link to it (what -lPtrRefresh finds)
# OUT/ptr-refresh.h      the public C header
# OUT/Ptr-1.0.gir        g-ir-scanner's output, OUT/Ptr-1.0.typelib g-ir-compiler's
# OUT/ptr-refresh-1.0.vapi and .deps   vapigen's, for Vala (`--pkg ptr-refresh-1.0`)
# OUT/ptr-refresh-1.0.pc.in  the pkg-config file; install.sh fills in @PREFIX@
#
# and, beside them, the GTK 4 library (as libadwaita's Adw-1 sits beside libhandy's Handy-1):
# OUT/libPtrRefresh4.so.1 (and .so), OUT/ptr4-refresh.h, OUT/Ptr4-1.0.gir, OUT/Ptr4-1.0.typelib,
# OUT/ptr4-refresh-1.0.vapi (and .deps) and OUT/ptr4-refresh-1.0.pc.in (Ptr4RefreshBin, namespace
# Ptr4, over gtk4).
#
# The release build uses its own scratch path (.build-gi) so the default debug build stays as
# it is. Any g-ir-scanner or vapigen warning fails the build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
out="${1:-$root/.build-gi/gi}"
scratch="$root/.build-gi"
"$root/scripts/deps.sh" gi

mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
log="$work/log"

# exports HEADER CFLAGS…: the library's version script, which exports the functions HEADER
# declares (the G_DECLARE_* macros' get_type functions included, read from the preprocessed
# header) and hides everything else: the Swift program and the shim's private hooks are no ABI.
exports() {
  local header="$1"
  shift
  {
    echo "{"
    echo "  global:"
    cc -E "$@" "$header" | awk -v h="$header" '
      /^# [0-9]+ "/ { ours = ($3 == "\"" h "\""); next }
      ours { while (match($0, /(^|[^A-Za-z0-9_])ptr4?_[a-z0-9_]+ *\(/)) {
               name = substr($0, RSTART, RLENGTH); sub(/^[^p]*/, "", name); sub(/ *\($/, "", name)
               print "    " name ";"; $0 = substr($0, RSTART + RLENGTH) } }' | sort -u
    echo "  local: *;"
    echo "};"
  } > "$work/$(basename "$header" .h).map"
  echo "$work/$(basename "$header" .h).map"
}

build=(swift build -c release --scratch-path "$scratch" -Xswiftc -static-stdlib)
# build_library LIBRARY HEADER GTK-PKG [ENV…]: builds libLIBRARY.so with an ABI-versioned SONAME and only the
# header's functions exported, and puts it in OUT as libLIBRARY.so.1 with the development link.
build_library() {
  local lib="$1" header="$2" pkg="$3"
  shift 3
  local map
  # shellcheck disable=SC2046 # pkg-config's flags are words
  map="$(exports "$root/$header" $(pkg-config --cflags "$pkg"))"
  env "$@" "${build[@]}" --product "$lib" -Xlinker -soname -Xlinker "lib$lib.so.1" \
    -Xlinker --version-script -Xlinker "$map"
  install -m 0755 "$("${build[@]}" --show-bin-path)/lib$lib.so" "$out/lib$lib.so.1"
  ln -sf "lib$lib.so.1" "$out/lib$lib.so"
}
build_library PtrRefresh Sources/GTK3/CGtkShim/include/ptr-refresh.h gtk+-3.0
build_library PtrRefresh4 Sources/GTK4/CGtk4Shim/include/ptr4-refresh.h gtk4 PTR_GTK4_PRODUCTS=1

# gir NAMESPACE PREFIX LIBRARY HEADER SHIM GTK-GIR GTK-PKG PC SOURCES…: installs the library and
# header into OUT, then scans and compiles the introspection data.
gir() {
  local ns="$1" prefix="$2" lib="$3" header="$4" shim="$5" gtk_gir="$6" gtk_pkg="$7" pc="$8"
  shift 8
  install -m 0644 "$shim/include/$header" "$out/$header"
  # The scanner compiles and runs a program against the library to read the GTypes.
  LD_LIBRARY_PATH="$out${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  g-ir-scanner --quiet --warn-all \
    --namespace="$ns" --nsversion=1.0 --identifier-prefix="$prefix" --symbol-prefix="${prefix,,}" \
    --include="$gtk_gir" --pkg="$gtk_pkg" --pkg-export="$pc" --c-include="$header" \
    --library="$lib" -L"$out" \
    --cflags-begin -I"$root/$shim/include" -I"$root/$shim" -I"$root/Sources/Shared/CRefreshGObject/include" --cflags-end \
    --output="$out/$ns-1.0.gir" \
    "$@" 2>&1 | tee "$log" >&2
  if grep -qi 'warning' "$log"; then
    echo "build-gir.sh: g-ir-scanner warned (above) for $ns; fix the annotations" >&2
    exit 1
  fi
  g-ir-compiler --output="$out/$ns-1.0.typelib" "$out/$ns-1.0.gir"
  # Vala: the vapi is named after the pkg-config file, so that `valac --pkg PC` finds both.
  vapigen --library="$pc" --pkg="$gtk_pkg" --directory="$out" "$out/$ns-1.0.gir" 2>&1 | tee "$log" >&2
  if grep -q ': warning:\|: error:' "$log"; then
    echo "build-gir.sh: vapigen warned (above) for $ns" >&2
    exit 1
  fi
  echo "$gtk_pkg" > "$out/$pc.deps"
}

gir Ptr Ptr PtrRefresh ptr-refresh.h Sources/GTK3/CGtkShim Gtk-3.0 gtk+-3.0 ptr-refresh-1.0 \
  Sources/GTK3/CGtkShim/include/ptr-refresh.h Sources/GTK3/CGtkShim/init.c Sources/GTK3/CGtkShim/refresh_bin.c \
  Sources/GTK3/CGtkShim/refresh_list.c
gir Ptr4 Ptr4 PtrRefresh4 ptr4-refresh.h Sources/GTK4/CGtk4Shim Gtk-4.0 gtk4 ptr4-refresh-1.0 \
  Sources/GTK4/CGtk4Shim/include/ptr4-refresh.h Sources/GTK4/CGtk4Shim/init4.c Sources/GTK4/CGtk4Shim/refresh_bin4.c

cat > "$out/ptr-refresh-1.0.pc.in" <<'PC'
prefix=@PREFIX@
libdir=${prefix}/lib
includedir=${prefix}/include

Name: ptr-refresh
Description: Pull-to-refresh and load-more for GTK 3 (PtrRefreshBin)
Version: 1.0
Requires: gtk+-3.0
Cflags: -I${includedir}/ptr-refresh-1.0
Libs: -L${libdir} -lPtrRefresh
PC
cat > "$out/ptr4-refresh-1.0.pc.in" <<'PC'
prefix=@PREFIX@
libdir=${prefix}/lib
includedir=${prefix}/include

Name: ptr4-refresh
Description: Pull-to-refresh and load-more for GTK 4 (Ptr4RefreshBin)
Version: 1.0
Requires: gtk4
Cflags: -I${includedir}/ptr4-refresh-1.0
Libs: -L${libdir} -lPtrRefresh4
PC
echo "Built $out: libPtrRefresh.so.1, Ptr-1.0.gir, Ptr-1.0.typelib, ptr-refresh-1.0.vapi, ptr-refresh-1.0.pc.in," \
  "libPtrRefresh4.so.1, Ptr4-1.0.gir, Ptr4-1.0.typelib, ptr4-refresh-1.0.vapi, ptr4-refresh-1.0.pc.in" >&2
