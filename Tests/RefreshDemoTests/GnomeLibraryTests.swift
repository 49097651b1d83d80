// Issue 36: the two libraries installed and used as GNOME libraries are (docs/install.md,
// docs/gobject-api.md): an ABI-versioned SONAME and its development link, only the public C API
// exported, stripped, a library-only install, init() for GtkBuilder (each case in a process of its
// own), Vala, a C app built with meson, and bad input answered as GTK answers it. From the
// PREFIX Gtk4IntrospectionTests installs (both libraries), under `env -i`.

import Foundation
import RefreshTestSupport
import Testing

extension Gtk4IntrospectionTests {
    @Suite struct GnomeLibraryTests {
        /// The GTK 3 and the GTK 4 library: file stem, pkg-config name, namespace.
        struct Library: CustomTestStringConvertible, Sendable {
            var name: String
            var pc: String
            var namespace: String
            var gtk4: Bool { namespace == "Ptr4" }
            var testDescription: String { name }
        }

        static let libraries = [
            Library(name: "PtrRefresh", pc: "ptr-refresh", namespace: "Ptr"),
            Library(name: "PtrRefresh4", pc: "ptr4-refresh", namespace: "Ptr4"),
        ]
        static let builderExamples = ScriptHarness.repoRoot.appendingPathComponent("Examples/gtk4/builder").path

        /// The functions a public header declares: every `ptr…_name(` outside comments, and the
        /// get_type function of each G_DECLARE_* type.
        static func declaredFunctions(header: String) throws -> Set<String> {
            let code = try NSRegularExpression(pattern: #"/\*.*?\*/|//[^\n]*"#, options: .dotMatchesLineSeparators)
                .stringByReplacingMatches(in: header, range: NSRange(header.startIndex..., in: header), withTemplate: "")
            var names = Set<String>()
            for (pattern, suffix) in [(#"\b(ptr4?_[a-z0-9_]+)\s*\("#, ""), (#"G_DECLARE_\w+\(\s*\w+\s*,\s*(ptr4?_[a-z0-9_]+)"#, "_get_type")] {
                let regex = try NSRegularExpression(pattern: pattern)
                for match in regex.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                    names.insert(String(code[Range(match.range(at: 1), in: code)!]) + suffix)
                }
            }
            return names
        }

        @Test(arguments: libraries)
        func theLibraryIsInstalledAsADistributionShipsIt(_ library: Library) throws {
            let prefix = try Gtk4IntrospectionTests.prefix()
            let lib = "\(prefix)/lib"
            let soname = "lib\(library.name).so.1"
            // The development link is what -l finds; programs record the SONAME.
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: "\(lib)/lib\(library.name).so")
            #expect(link == soname)
            let readelf = try Prerequisite.path(of: .program("readelf", package: "binutils"))
            let dynamic = try ScriptHarness.run(readelf, ["-d", "\(lib)/\(soname)"])
            #expect(dynamic.output.contains("Library soname: [\(soname)]"), "\(dynamic.output)")
            let sections = try ScriptHarness.run(readelf, ["-S", "\(lib)/\(soname)"])
            #expect(sections.status == 0 && !sections.output.contains(".symtab"), "not stripped:\n\(sections.output)")
            let gir = try String(contentsOfFile: "\(prefix)/share/gir-1.0/\(library.namespace)-1.0.gir", encoding: .utf8)
            #expect(gir.contains("shared-library=\"\(soname)\""))

            // The dynamic symbol table: the header's functions, nothing of Swift, no private hook.
            let header = try String(contentsOfFile: "\(prefix)/include/\(library.pc)-1.0/\(library.pc).h", encoding: .utf8)
            let declared = try Self.declaredFunctions(header: header)
            #expect(declared.contains(library.gtk4 ? "ptr4_init" : "ptr_init"))
            #expect(declared.count > 20)
            let nm = try Prerequisite.path(of: .program("nm", package: "binutils"))
            let symbols = try ScriptHarness.run(nm, ["-D", "--defined-only", "--format=posix", "\(lib)/\(soname)"])
            try #require(symbols.status == 0, "\(symbols.output)")
            // posix format: "name type value size"; upper-case types are global (exported).
            let exported = Set(symbols.output.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ")
                guard fields.count >= 2, let type = fields[1].first, type.isUppercase else { return nil }
                return String(fields[0])
            })
            #expect(exported == declared, """
                exported, not declared: \(exported.subtracting(declared).sorted().prefix(20))
                declared, not exported: \(declared.subtracting(exported).sorted())
                """)
        }

        @Test func aLibraryOnlyInstallHasTheLibrariesAndNoDemo() throws {
            let destdir = try ScriptHarness.makeTempDirectory("library-only")
            defer { ScriptHarness.removeTree(destdir) }
            let gi = try #require(InstallTests.giDirectory, "no .build-gi/gi: run scripts/build-gir.sh")
            let run = try ScriptHarness.run(ScriptHarness.script("install.sh"), ["--library-only", "--gi-dir", gi, "/usr"],
                                            environment: ["DESTDIR": destdir, "PTR_INSTALL_BINARY": nil])
            #expect(run.status == 0, "\(run.output)")
            let files = ScriptHarness.tree("\(destdir)/usr").filter { !$0.hasSuffix("/") }
            #expect(files == (InstallTests.libraryFiles + ["share/gtk-pull-to-refresh/install-manifest.txt"]).sorted())
            let both = try ScriptHarness.run(ScriptHarness.script("install.sh"),
                                             ["--library-only", "--binary", try InstallTests.binary, "/usr"],
                                             environment: ["DESTDIR": destdir])
            #expect(both.status == 2 && both.output.contains("--library-only"), "\(both.output)")
            let removed = try ScriptHarness.run(ScriptHarness.script("uninstall.sh"), ["/usr"], environment: ["DESTDIR": destdir])
            #expect(removed.status == 0, "\(removed.output)")
            #expect(ScriptHarness.tree(destdir) == [])
        }

        /// GtkBuilder in a fresh process: without init() the type is unknown (why init() exists),
        /// with it the .ui's bin refreshes. Each case is a process of its own, so none passes
        /// because an earlier test registered the type.
        @Test(arguments: ["3 init", "3 no-init", "4 init", "4 no-init"])
        func gtkBuilderMakesABinAfterInitOnly(_ arguments: String) throws {
            let run = try Gtk4IntrospectionTests.run("/usr/bin/python3", [
                "\(Gtk4IntrospectionTests.introspection)/builder_check.py",
            ] + arguments.split(separator: " ").map(String.init))
            #expect(run.status == 0 && run.output.contains("all checks passed"),
                    "builder_check.py \(arguments):\n\(IntrospectionTests.failures(run.output))\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "builder_check.py \(arguments)")
        }

        @Test func thePythonBuilderExampleRefreshesAndLoads() throws {
            let run = try Gtk4IntrospectionTests.run("/usr/bin/python3", ["\(Self.builderExamples)/builder.py", "--self-test"])
            #expect(run.status == 0, "builder.py --self-test failed:\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "builder.py")
        }

        @Test func theGjsBuilderExampleRefreshesAndLoads() throws {
            let gjs = try Prerequisite.path(of: .program("gjs", package: "gjs"))
            let run = try Gtk4IntrospectionTests.run(gjs, ["-m", "\(Self.builderExamples)/builder.js", "--self-test"])
            #expect(run.status == 0, "builder.js --self-test failed:\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "builder.js")
        }

        /// meson over the installed pkg-config file, as an app builds: the program records the
        /// SONAME (not a path), calls ptr4_init() before its .ui, refreshes and loads.
        @Test func aCAppBuiltWithMesonLinksBySonameAndRefreshesAndLoads() throws {
            let meson = try Prerequisite.path(of: .program("meson", package: "meson"))
            let ninja = try Prerequisite.path(of: .program("ninja", package: "ninja-build"))
            let out = try ScriptHarness.makeTempDirectory("meson")
            defer { ScriptHarness.removeTree(out) }
            let setup = try Gtk4IntrospectionTests.run(meson, ["setup", "\(out)/build", Self.builderExamples])
            try #require(setup.status == 0, "meson setup failed:\n\(setup.output)")
            let compile = try Gtk4IntrospectionTests.run(ninja, ["-C", "\(out)/build"])
            try #require(compile.status == 0, "ninja failed:\n\(compile.output)")
            let readelf = try Prerequisite.path(of: .program("readelf", package: "binutils"))
            let needed = try ScriptHarness.run(readelf, ["-d", "\(out)/build/builder"]).output
                .split(separator: "\n").filter { $0.contains("(NEEDED)") }
            #expect(needed.contains { $0.contains("[libPtrRefresh4.so.1]") }, "\(needed)")
            #expect(!needed.contains { $0.contains("/") }, "a NEEDED entry is a path: \(needed)")
            let run = try Gtk4IntrospectionTests.run("\(out)/build/builder", ["--self-test"])
            #expect(run.status == 0, "builder --self-test failed:\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "builder (meson)")
        }

        /// valac over the installed vapi (`--pkg ptr4-refresh-1.0`); the GTK 3 vapi compiles a
        /// program that makes a bin.
        @Test func aValaAppBuildsWithTheInstalledVapiAndRefreshesAndLoads() throws {
            let valac = try Prerequisite.path(of: .program("valac", package: "valac"))
            let prefix = try Gtk4IntrospectionTests.prefix()
            let out = try ScriptHarness.makeTempDirectory("vala")
            defer { ScriptHarness.removeTree(out) }
            let compile = try Gtk4IntrospectionTests.run(valac, [
                "--pkg", "ptr4-refresh-1.0", "--vapidir", "\(prefix)/share/vala/vapi", "-d", out, "-o", "builder",
                "\(Self.builderExamples)/builder.vala",
            ])
            try #require(compile.status == 0, "valac failed:\n\(compile.output)")
            let run = try Gtk4IntrospectionTests.run("\(out)/builder", ["--self-test"], currentDirectory: Self.builderExamples)
            #expect(run.status == 0, "builder (Vala) --self-test failed:\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "builder (Vala)")

            let gtk3 = "\(out)/gtk3.vala"
            try """
            int main (string[] args) {
                Gtk.init (ref args);
                Ptr.init ();
                var bin = new Ptr.RefreshBin ();
                bin.header_style = Ptr.HeaderStyle.PLAIN;
                print ("%s\\n", bin.header_style.to_string ());
                return bin.header_style == Ptr.HeaderStyle.PLAIN ? 0 : 1;
            }
            """.write(toFile: gtk3, atomically: true, encoding: .utf8)
            let compile3 = try Gtk4IntrospectionTests.run(valac, [
                "--pkg", "ptr-refresh-1.0", "--vapidir", "\(prefix)/share/vala/vapi", "-d", out, "-o", "gtk3", gtk3,
            ])
            try #require(compile3.status == 0, "valac (GTK 3) failed:\n\(compile3.output)")
            let run3 = try Gtk4IntrospectionTests.run("\(out)/gtk3", [])
            #expect(run3.status == 0 && run3.output.contains("PTR_HEADER_STYLE_PLAIN"), "\(run3.output)")
        }

        /// Out-of-range enums, negative counts, a child of the wrong type or with a parent: a
        /// message in a log domain, the value unchanged, the refresh and the load still ended.
        @Test(arguments: libraries)
        func badInputFromCIsAnsweredAsGtkAnswersIt(_ library: Library) throws {
            let out = try ScriptHarness.makeTempDirectory("bad-input")
            defer { ScriptHarness.removeTree(out) }
            let program = try Gtk4IntrospectionTests.buildC("\(Gtk4IntrospectionTests.introspection)/bad_input.c",
                                                            package: "\(library.pc)-1.0", into: out,
                                                            defines: library.gtk4 ? ["-DPTR_GTK4"] : [])
            // Without fatal criticals: the program provokes them on purpose.
            let run = try Gtk4IntrospectionTests.run("/usr/bin/env", ["-u", "G_DEBUG", program])
            #expect(run.status == 0 && run.output.contains("all checks passed"),
                    "bad_input.c (\(library.name)):\n\(IntrospectionTests.failures(run.output))\n\(run.output)")
        }

        @Test(arguments: libraries)
        func badInputFromPythonIsAnsweredAsGtkAnswersIt(_ library: Library) throws {
            let run = try Gtk4IntrospectionTests.run("/usr/bin/env", [
                "-u", "G_DEBUG", "/usr/bin/python3", "\(Gtk4IntrospectionTests.introspection)/bad_input.py",
                library.gtk4 ? "4" : "3",
            ])
            #expect(run.status == 0 && run.output.contains("all checks passed"),
                    "bad_input.py (\(library.name)):\n\(IntrospectionTests.failures(run.output))\n\(run.output)")
        }
    }
}
