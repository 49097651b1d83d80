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
bin="$("${build[@]}" --show-bin-path)"

mkdir -p "$out"
install -m 0755 "$bin/libPtrRefresh.so" "$out/libPtrRefresh.so"
install -m 0644 Sources/CGtkShim/include/ptr-refresh.h "$out/ptr-refresh.h"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# The scanner compiles and runs a program against the library to read the GTypes.
LD_LIBRARY_PATH="$out${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
g-ir-scanner --quiet --warn-all \
  --namespace=Ptr --nsversion=1.0 --identifier-prefix=Ptr --symbol-prefix=ptr \
  --include=Gtk-3.0 --pkg=gtk+-3.0 --pkg-export=ptr-refresh-1.0 --c-include=ptr-refresh.h \
  --library=PtrRefresh -L"$out" \
  --cflags-begin -I"$root/Sources/CGtkShim/include" -I"$root/Sources/CGtkShim" --cflags-end \
  --output="$out/Ptr-1.0.gir" \
  Sources/CGtkShim/include/ptr-refresh.h Sources/CGtkShim/refresh_bin.c Sources/CGtkShim/refresh_list.c 2>&1 | tee "$log" >&2
if grep -qi 'warning' "$log"; then
  echo "build-gir.sh: g-ir-scanner warned (above); fix the annotations" >&2
  exit 1
fi
g-ir-compiler --output="$out/Ptr-1.0.typelib" "$out/Ptr-1.0.gir"

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
echo "Built $out: libPtrRefresh.so, Ptr-1.0.gir, Ptr-1.0.typelib, ptr-refresh-1.0.pc.in" >&2
