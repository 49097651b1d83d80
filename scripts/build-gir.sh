#!/usr/bin/env bash
# Builds the library other languages use, with its introspection data (docs/gobject-api.md):
#
#   scripts/build-gir.sh [OUT]      default OUT: .build-gi/gi
#
# OUT/libPtrRefresh.so   the GObject types and the Swift behaviour, the Swift runtime linked in
#                        (-static-stdlib: the library needs GTK and libc only)
# OUT/ptr-refresh.h      the public C header
# OUT/Ptr-1.0.gir        g-ir-scanner's output, OUT/Ptr-1.0.typelib g-ir-compiler's
# OUT/ptr-refresh-1.0.pc.in  the pkg-config file; install.sh fills in @PREFIX@
#
# and, beside them, the GTK 4 library (as libadwaita's Adw-1 sits beside libhandy's Handy-1):
# OUT/libPtrRefresh4.so, OUT/ptr4-refresh.h, OUT/Ptr4-1.0.gir, OUT/Ptr4-1.0.typelib and
# OUT/ptr4-refresh-1.0.pc.in (Ptr4RefreshBin, namespace Ptr4, over gtk4).
#
# The release build uses its own scratch path (.build-gi) so the default debug build stays as
# it is. Any g-ir-scanner warning fails the build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
out="${1:-$root/.build-gi/gi}"
scratch="$root/.build-gi"
"$root/scripts/deps.sh" gi

build=(swift build -c release --scratch-path "$scratch" -Xswiftc -static-stdlib)
"${build[@]}" --product PtrRefresh
PTR_GTK4_PRODUCTS=1 "${build[@]}" --product PtrRefresh4
bin="$("${build[@]}" --show-bin-path)"
mkdir -p "$out"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT

# gir NAMESPACE PREFIX LIBRARY HEADER SHIM GTK-GIR GTK-PKG PC SOURCES…: installs the library and
# header into OUT, then scans and compiles the introspection data.
gir() {
  local ns="$1" prefix="$2" lib="$3" header="$4" shim="$5" gtk_gir="$6" gtk_pkg="$7" pc="$8"
  shift 8
  install -m 0755 "$bin/lib$lib.so" "$out/lib$lib.so"
  install -m 0644 "$shim/include/$header" "$out/$header"
  # The scanner compiles and runs a program against the library to read the GTypes.
  LD_LIBRARY_PATH="$out${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  g-ir-scanner --quiet --warn-all \
    --namespace="$ns" --nsversion=1.0 --identifier-prefix="$prefix" --symbol-prefix="${prefix,,}" \
    --include="$gtk_gir" --pkg="$gtk_pkg" --pkg-export="$pc" --c-include="$header" \
    --library="$lib" -L"$out" \
    --cflags-begin -I"$root/$shim/include" -I"$root/$shim" --cflags-end \
    --output="$out/$ns-1.0.gir" \
    "$@" 2>&1 | tee "$log" >&2
  if grep -qi 'warning' "$log"; then
    echo "build-gir.sh: g-ir-scanner warned (above) for $ns; fix the annotations" >&2
    exit 1
  fi
  g-ir-compiler --output="$out/$ns-1.0.typelib" "$out/$ns-1.0.gir"
}

gir Ptr Ptr PtrRefresh ptr-refresh.h Sources/CGtkShim Gtk-3.0 gtk+-3.0 ptr-refresh-1.0 \
  Sources/CGtkShim/include/ptr-refresh.h Sources/CGtkShim/refresh_bin.c Sources/CGtkShim/refresh_list.c
gir Ptr4 Ptr4 PtrRefresh4 ptr4-refresh.h Sources/CGtk4Shim Gtk-4.0 gtk4 ptr4-refresh-1.0 \
  Sources/CGtk4Shim/include/ptr4-refresh.h Sources/CGtk4Shim/refresh_bin4.c

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
echo "Built $out: libPtrRefresh.so, Ptr-1.0.gir, Ptr-1.0.typelib, ptr-refresh-1.0.pc.in," \
  "libPtrRefresh4.so, Ptr4-1.0.gir, Ptr4-1.0.typelib, ptr4-refresh-1.0.pc.in" >&2
