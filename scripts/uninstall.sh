#!/usr/bin/env bash
# Removes what scripts/install.sh installed (the demo and the GTK 3 and GTK 4 libraries), using
# its manifest.
#
#   scripts/uninstall.sh [PREFIX]     default /usr/local; honours DESTDIR like install.sh
#
# Reads PREFIX/share/gtk-pull-to-refresh/install-manifest.txt: one absolute path a line, a file,
# or a directory (ending in "/") that the install created. Removes exactly those files, then
# those directories when they are empty; never anything else, never recursively.
# (--manifest FILE uses another manifest: install.sh rolls a failed install back with it.)
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

prefix="" manifest=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --manifest) [ $# -ge 2 ] || { echo "uninstall.sh: --manifest needs a file" >&2; exit 2; }
                manifest="$2"; shift 2 ;;
    --manifest=*) manifest="${1#--manifest=}"; shift ;;
    -*) echo "uninstall.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) [ -z "$prefix" ] || { echo "uninstall.sh: one PREFIX only (see --help)" >&2; exit 2; }
       prefix="$1"; shift ;;
  esac
done
prefix="${prefix:-/usr/local}"
case "$prefix" in
  /*) ;;
  *) echo "uninstall.sh: PREFIX must be an absolute path, not '$prefix'" >&2; exit 2 ;;
esac
# Drop trailing slashes ("/" stays "").
while [ "${prefix%/}" != "$prefix" ]; do prefix="${prefix%/}"; done
destdir="${DESTDIR:-}"
while [ "${destdir%/}" != "$destdir" ]; do destdir="${destdir%/}"; done

manifest="${manifest:-$destdir$prefix/share/gtk-pull-to-refresh/install-manifest.txt}"
if [ ! -f "$manifest" ]; then
  echo "uninstall.sh: no installation found: $manifest does not exist" >&2
  exit 1
fi

# A manifest line is acceptable when it is absolute, has no "." or ".." component, and is
# inside PREFIX (a file or directory) or, for a directory, one of PREFIX's ancestors.
safe() {
  local path="$1"
  case "$path" in /*) ;; *) return 1 ;; esac
  case "${path%/}/" in */../*|*/./*|*//*) return 1 ;; esac
  case "$path" in "$prefix"/?*) return 0 ;; esac
  if [ "${path%/}" != "$path" ]; then
    case "$prefix/" in "$path"*) return 0 ;; esac
  fi
  return 1
}

mapfile -t lines < "$manifest"
files=() dirs=()
for line in "${lines[@]}"; do
  [ -n "$line" ] || continue
  if ! safe "$line"; then
    echo "uninstall.sh: refusing manifest entry outside $prefix: $line" >&2
    exit 1
  fi
  case "$line" in */) dirs+=("$line") ;; *) files+=("$line") ;; esac
done

removed=0
for f in "${files[@]}"; do
  if [ -e "$destdir$f" ] || [ -L "$destdir$f" ]; then
    if [ -d "$destdir$f" ] && [ ! -L "$destdir$f" ]; then
      echo "uninstall.sh: not removing $destdir$f: it is now a directory" >&2
      continue
    fi
    rm -f -- "$destdir$f"
    removed=$((removed + 1))
  fi
done
# Deepest directories first; rmdir removes a directory only when it is empty.
if [ ${#dirs[@]} -gt 0 ]; then
  while IFS= read -r d; do
    if [ -d "$destdir$d" ]; then rmdir -- "$destdir$d" 2>/dev/null || true; fi
  done < <(printf '%s\n' "${dirs[@]}" | awk '{ print gsub("/", "/") "\t" $0 }' | sort -t "$(printf '\t')" -k1,1nr -k2 | cut -f2-)
fi
echo "removed $removed file(s) from $destdir$prefix"
