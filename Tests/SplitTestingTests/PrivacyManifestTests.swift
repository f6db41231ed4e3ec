import Foundation
import Testing

/// `PrivacyInfo.xcprivacy` declares exactly the required-reason APIs the runtime's code calls,
/// no tracking and no collected data, and ships as a resource of the `SplitTesting` target.
@Suite struct PrivacyManifestTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SplitTesting")
    static let manifestURL = sources.appendingPathComponent("PrivacyInfo.xcprivacy")

    /// A required-reason API category: the names in code that belong to it, and the reason the
    /// runtime's use of it has.
    struct Category {
        var type: String
        var pattern: String
        var reason: String
        /// A further reason, declared when code matching its pattern is found too.
        var further: (pattern: String, reason: String)? = nil
    }

    /// Apple's required-reason API families, as they appear in Swift source. The reason is the
    /// one that fits this package: its own files in the app's or App Group's container, its own
    /// defaults, and an App Group's defaults where a suite is opened by name.
    static let categories = [
        Category(
            type: "NSPrivacyAccessedAPICategoryUserDefaults",
            pattern: #"\b(NS)?UserDefaults\b|@AppStorage\b"#, reason: "CA92.1",
            further: (#"\bUserDefaults\s*\(\s*suiteName\s*:"#, "1C8F.1")),
        Category(
            type: "NSPrivacyAccessedAPICategoryFileTimestamp",
            pattern: #"\b(f|l)?stat(at)?\s*\(|\b(creationDate|modificationDate|fileModificationDate|fileCreationDate|attributesOfItem|contentModificationDateKey|creationDateKey|contentAccessDateKey|getattrlist\w*)\b"#,
            reason: "C617.1"),
        Category(
            type: "NSPrivacyAccessedAPICategorySystemBootTime",
            pattern: #"\b(systemUptime|mach_absolute_time|mach_continuous_time)\b"#, reason: "35F9.1"),
        Category(
            type: "NSPrivacyAccessedAPICategoryDiskSpace",
            pattern: #"\b(volumeAvailableCapacity\w*|volumeTotalCapacity\w*|statv?fs|systemFreeSize|systemSize)\b"#,
            reason: "E174.1"),
        Category(
            type: "NSPrivacyAccessedAPICategoryActiveKeyboards",
            pattern: #"\bactiveInputModes\b"#, reason: "54BD.1"),
    ]

    /// `source` without its comments and string literals, so that a word in a doc comment or a
    /// message is not taken for a call.
    static func code(of source: String) -> String {
        var result = ""
        var characters = Array(source)[...]
        while let first = characters.first {
            if characters.starts(with: "//") {
                characters = characters.drop { $0 != "\n" }
            } else if characters.starts(with: "/*") {
                var depth = 0
                while !characters.isEmpty {
                    if characters.starts(with: "/*") { depth += 1; characters = characters.dropFirst(2) }
                    else if characters.starts(with: "*/") {
                        depth -= 1
                        characters = characters.dropFirst(2)
                        if depth == 0 { break }
                    } else { characters = characters.dropFirst() }
                }
            } else if characters.starts(with: "\"\"\"") {
                characters = characters.dropFirst(3)
                while !characters.isEmpty, !characters.starts(with: "\"\"\"") {
                    characters = characters.dropFirst(characters.first == "\\" ? 2 : 1)
                }
                characters = characters.dropFirst(3)
                result += "\"\""
            } else if first == "\"" {
                characters = characters.dropFirst()
                while let next = characters.first, next != "\"", next != "\n" {
                    characters = characters.dropFirst(next == "\\" ? 2 : 1)
                }
                characters = characters.dropFirst()
                result += "\"\""
            } else {
                result.append(first)
                characters = characters.dropFirst()
            }
        }
        return result
    }

    /// The categories whose APIs `code` names.
    static func categoriesUsed(in code: String) throws -> Set<String> {
        var used: Set<String> = []
        for category in categories {
            let expression = try NSRegularExpression(pattern: category.pattern)
            if expression.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                used.insert(category.type)
            }
        }
        return used
    }

    static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: manifestURL)
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    @Test func theScannerRecognisesEachFamilyInCodeButNotInCommentsOrStrings() throws {
        let samples: [(String, String?)] = [
            ("let defaults = UserDefaults.standard", "NSPrivacyAccessedAPICategoryUserDefaults"),
            ("guard stat(path, &status) == 0 else { return nil }", "NSPrivacyAccessedAPICategoryFileTimestamp"),
            ("fstat(descriptor, &status)", "NSPrivacyAccessedAPICategoryFileTimestamp"),
            ("let date = attributes[.modificationDate]", "NSPrivacyAccessedAPICategoryFileTimestamp"),
            ("try FileManager.default.attributesOfItem(atPath: path)", "NSPrivacyAccessedAPICategoryFileTimestamp"),
            ("let uptime = ProcessInfo.processInfo.systemUptime", "NSPrivacyAccessedAPICategorySystemBootTime"),
            ("let ticks = mach_absolute_time()", "NSPrivacyAccessedAPICategorySystemBootTime"),
            ("values.volumeAvailableCapacityForImportantUsage", "NSPrivacyAccessedAPICategoryDiskSpace"),
            ("statfs(path, &info)", "NSPrivacyAccessedAPICategoryDiskSpace"),
            ("UITextInputMode.activeInputModes", "NSPrivacyAccessedAPICategoryActiveKeyboards"),
            ("/// Uses UserDefaults and stat(2) in a comment only", nil),
            (#"let message = "stat( UserDefaults systemUptime""#, nil),
            ("/* block: mach_absolute_time() /* nested */ statfs */ let status = 0", nil),
            ("let stamp = FileStamp(path: path); let status = state.status", nil),
        ]
        for (sample, expected) in samples {
            let used = try Self.categoriesUsed(in: Self.code(of: sample))
            #expect(used == Set([expected].compactMap { $0 }), "\(sample)")
        }
    }

    @Test func theManifestDeclaresExactlyTheRequiredReasonAPIsTheRuntimeCalls() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var used: [String: [String]] = [:]
        var furtherReasons: Set<String> = []
        var scanned = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            scanned += 1
            let code = Self.code(of: try String(contentsOf: file, encoding: .utf8))
            for type in try Self.categoriesUsed(in: code) { used[type, default: []].append(file.lastPathComponent) }
            for category in Self.categories {
                guard let further = category.further else { continue }
                let expression = try NSRegularExpression(pattern: further.pattern)
                if expression.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                    furtherReasons.insert(further.reason)
                }
            }
        }
        #expect(scanned > 20, "the runtime's sources were not found under \(Self.sources.path)")
        // What the runtime is known to call today; the scan must see it, or it scans nothing.
        #expect(used["NSPrivacyAccessedAPICategoryUserDefaults"]?.contains("UserDefaultsAssignmentStore.swift") == true)
        #expect(used["NSPrivacyAccessedAPICategoryFileTimestamp"]?.contains("FileStamp.swift") == true)
        #expect(furtherReasons == ["1C8F.1"], "UserDefaultsAssignmentStore opens a suite by name, an App Group's")

        let entries = try #require(try Self.manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var declared: [String: [String]] = [:]
        for entry in entries {
            let type = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            #expect(declared[type] == nil, "\(type) is declared twice")
            declared[type] = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
        }
        #expect(Set(declared.keys) == Set(used.keys), "used: \(used); declared: \(declared.keys.sorted())")
        for category in Self.categories where used[category.type] != nil {
            let expected = [category.reason] + [category.further?.reason].compactMap { $0 }.filter(furtherReasons.contains)
            #expect(declared[category.type] == expected, "\(category.type): \(declared[category.type] ?? [])")
        }
    }

    @Test func theManifestDeclaresNoTrackingAndNoCollectedData() throws {
        let manifest = try Self.manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
        #expect(Set(manifest.keys) == [
            "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes", "NSPrivacyAccessedAPITypes",
        ])
    }

    @Test func theManifestShipsInTheTargetsResourceBundle() throws {
        // SwiftPM builds the resources of `SplitTesting` into a bundle beside the test products:
        // `SplitTesting_SplitTesting.resources` on Linux, `.bundle` on Apple platforms.
        var folders = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        let candidates = folders.flatMap { folder in
            [
                "SplitTesting_SplitTesting.resources/PrivacyInfo.xcprivacy",
                "SplitTesting_SplitTesting.bundle/PrivacyInfo.xcprivacy",
                "SplitTesting_SplitTesting.bundle/Contents/Resources/PrivacyInfo.xcprivacy",
            ].map { folder.appendingPathComponent($0) }
        }
        let shipped = try #require(
            candidates.first { FileManager.default.fileExists(atPath: $0.path) },
            "no PrivacyInfo.xcprivacy in a SplitTesting resource bundle among \(candidates.map(\.path))")
        #expect(try Data(contentsOf: shipped) == Data(contentsOf: Self.manifestURL))
    }
}
