#!/usr/bin/env bash
# Builds the C / Python / JavaScript reference of the two GObject libraries from their GIRs with
# gi-docgen, as libadwaita builds its own (docs/gobject-api.md, "The reference"):
#
#   scripts/build-reference.sh [--gir-dir DIR] [OUT]
#
#   DIR   the scripts/build-gir.sh output holding Ptr-1.0.gir and Ptr4-1.0.gir (default .build-gi/gi)
#   OUT   default .build-gi/reference; it gets OUT/ptr-refresh-1.0/ (namespace Ptr, GTK 3) and
#         OUT/ptr4-refresh-1.0/ (namespace Ptr4, GTK 4), each with index.html, a page per class,
#         method, property, signal, enum and function, the usage pages of docs/reference/ and a
#         devhelp book; scripts/install.sh installs them in PREFIX/share/doc/.
#
# The project files and usage pages are docs/reference/*.toml and *.md; the text of every symbol is
# the gtk-doc comment in Sources/GTK3/CGtkShim and Sources/GTK4/CGtk4Shim, which g-ir-scanner put
# in the GIR. Fails on any gi-docgen warning (a broken link, a symbol `gi-docgen check` finds
# undocumented), and if a class, constructor, method, property, signal, enum, enum value or
# function of a GIR has no page, is not linked from its class or the index, or its page lacks its
# doc text. The GIRs it includes come from /usr/share/gir-1.0 (libgtk-3-dev, libgtk-4-dev,
# libgirepository1.0-dev: scripts/deps.sh gi).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
gir_dir="$root/.build-gi/gi"
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --gir-dir) [ $# -ge 2 ] || { echo "build-reference.sh: --gir-dir needs a directory" >&2; exit 2; }
               gir_dir="$2"; shift 2 ;;
    --gir-dir=*) gir_dir="${1#--gir-dir=}"; shift ;;
    -*) echo "usage: scripts/build-reference.sh [--gir-dir DIR] [OUT]" >&2; exit 2 ;;
    *) out="$1"; shift ;;
  esac
done
out="${out:-$root/.build-gi/reference}"
"$root/scripts/deps.sh" gi
for ns in Ptr Ptr4; do
  [ -f "$gir_dir/$ns-1.0.gir" ] || { echo "build-reference.sh: $gir_dir/$ns-1.0.gir is missing (run scripts/build-gir.sh)" >&2; exit 1; }
done
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Both namespaces, `check` and `generate`, at once: gi-docgen spends its time reading GTK's GIR.
docgen=(gi-docgen)
include=(--add-include-path=/usr/share/gir-1.0 --add-include-path="$gir_dir")
pids=()
for lib in Ptr:ptr-refresh Ptr4:ptr4-refresh; do
  IFS=: read -r ns name <<< "$lib"
  config="$root/docs/reference/$name.toml"
  rm -rf "${out:?}/$name-1.0" "$work/$name-1.0"
  "${docgen[@]}" check --quiet --config="$config" "${include[@]}" "$gir_dir/$ns-1.0.gir" >"$work/$ns.check.log" 2>&1 &
  pids+=("$!")
  "${docgen[@]}" generate --quiet --config="$config" "${include[@]}" --content-dir="$root/docs/reference" \
    --output-dir="$work/$name-1.0" --no-namespace-dir "$gir_dir/$ns-1.0.gir" >"$work/$ns.generate.log" 2>&1 &
  pids+=("$!")
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
for log in "$work"/*.log; do
  # gi-docgen prints WARNING (a broken link; `check`: an undocumented symbol), DEPRECATED or ERROR.
  if [ "$failed" -ne 0 ] || grep -qE 'WARNING|DEPRECATED|ERROR|Traceback' "$log"; then
    if [ -s "$log" ]; then printf '%s:\n' "$(basename "$log" .log)" >&2; cat "$log" >&2; fi
    failed=1
  fi
done
if [ "$failed" -ne 0 ]; then
  echo "build-reference.sh: gi-docgen failed or warned (above); fix the gtk-doc comments or docs/reference/" >&2
  exit 1
fi

# Every symbol of each GIR has its page, linked from its class (or the index), with its doc text.
python3 - "$gir_dir" "$work" <<'PY'
import html, os, re, sys
import xml.etree.ElementTree as ET

gir_dir, work = sys.argv[1:]
C = "{http://www.gtk.org/introspection/core/1.0}"
GLIB = "{http://www.gtk.org/introspection/glib/1.0}"
CID = "{http://www.gtk.org/introspection/c/1.0}"
MARKUP = re.compile(r"\[[a-z_]+@[^\]]*\]|[#%@][A-Za-z_][\w:.-]*|\w+\(\)|`[^`]*`")
problems = []

def words(text):
    """Lower-case words: gi-docgen capitalises a summary and curls apostrophes."""
    return re.findall(r"[a-z']+", text.lower().replace("\u2019", "'"))

def page_text(path):
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    return raw, words(html.unescape(re.sub(r"<[^>]+>", " ", raw)))

def doc_words(node):
    """The longest run of plain words in the element's doc (links and sigils render otherwise)."""
    doc = node.find(C + "doc")
    if doc is None or not (doc.text or "").strip():
        return None
    runs = [words(part) for part in MARKUP.split(doc.text)]
    return max(runs, key=len)[:8]

def contains(haystack, needle):
    n = len(needle)
    return any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))

def check(out, page, node, what, linked_from):
    path = os.path.join(out, page)
    if not os.path.isfile(path):
        problems.append(f"{what}: no page {page}")
        return
    if linked_from is not None and f'href="{page}"' not in linked_from:
        problems.append(f"{what}: {page} is not linked from its class or the index")
    want = doc_words(node)
    if want is None:
        problems.append(f"{what}: no doc in the GIR")
        return
    raw, have = page_text(path)
    if not contains(have, want):
        problems.append(f"{what}: {page} lacks its doc text ({' '.join(want)})")
    return raw

for ns, name in (("Ptr", "ptr-refresh"), ("Ptr4", "ptr4-refresh")):
    out = os.path.join(work, f"{name}-1.0")
    namespace = ET.parse(os.path.join(gir_dir, f"{ns}-1.0.gir")).getroot().find(C + "namespace")
    index, _ = page_text(os.path.join(out, "index.html"))
    counts = {}
    def count(kind):
        counts[kind] = counts.get(kind, 0) + 1
    for cls in namespace.findall(C + "class"):
        cname = cls.get("name")
        raw = check(out, f"class.{cname}.html", cls, f"{ns}.{cname}", index) or ""
        count("classes")
        for kind, tag, attr in (("ctor", "constructor", "name"), ("method", "method", "name"),
                                ("property", "property", "name"), ("signal", GLIB + "signal", "name")):
            for member in cls.findall(tag if tag.startswith("{") else C + tag):
                mname = member.get(attr)
                sep = "::" if kind == "signal" else ":" if kind == "property" else "."
                check(out, f"{kind}.{cname}.{mname}.html", member, f"{ns}.{cname}{sep}{mname}", raw)
                count(kind + "s" if kind != "property" else "properties")
    for enum in namespace.findall(C + "enumeration"):
        ename = enum.get("name")
        raw = check(out, f"enum.{ename}.html", enum, f"{ns}.{ename}", index) or ""
        have = words(html.unescape(re.sub(r"<[^>]+>", " ", raw)))
        count("enums")
        for member in enum.findall(C + "member"):
            ident = member.get(CID + "identifier")
            if ident not in raw:
                problems.append(f"{ns}.{ename}: enum.{ename}.html lacks {ident}")
            want = doc_words(member)
            if want is None or not contains(have, want):
                problems.append(f"{ns}.{ename}: {ident} has no doc text on its page")
            count("enum values")
    for func in namespace.findall(C + "function"):
        check(out, f"func.{func.get('name')}.html", func, f"{ns}.{func.get('name')}", index)
        count("functions")
    for page in (f"{name}-usage.html", "languages.html"):
        if f'href="{page}"' not in index:
            problems.append(f"{ns}: index.html does not link the usage page {page}")
    print(f"build-reference.sh: {ns}-1.0: " + ", ".join(f"{n} {k}" for k, n in counts.items()) + " checked")

if problems:
    print("build-reference.sh: the reference does not cover the GIR:\n  " + "\n  ".join(problems), file=sys.stderr)
    sys.exit(1)
PY

for name in ptr-refresh ptr4-refresh; do
  rm -rf "${out:?}/$name-1.0"
  mv "$work/$name-1.0" "$out/$name-1.0"
done
echo "build-reference.sh: built $out/ptr-refresh-1.0 and $out/ptr4-refresh-1.0 with no warning"
