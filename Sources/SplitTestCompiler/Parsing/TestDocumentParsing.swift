import SplitTestFormats

/// The keys of a test document.
enum TestDocumentKey: Int, FixedKey {
    case test, description, environment, at, cases, distribution

    static let names = ["test", "description", "environment", "at", "cases", "distribution"]
}

/// The keys of a case.
enum TestCaseKey: Int, FixedKey {
    case unit, user, device, attributes, environment, at, expect

    static let names = ["unit", "user", "device", "attributes", "environment", "at", "expect"]
}

/// The keys of a case's `expect`.
enum ExpectationKey: Int, FixedKey {
    case group, reason, enrolled, params, levels

    static let names = ["group", "reason", "enrolled", "params", "levels"]
}

/// The keys of `distribution`.
enum DistributionKey: Int, FixedKey {
    case units, prefix, expect, tolerance

    static let names = ["units", "prefix", "expect", "tolerance"]
}

/// Reads a `test:` document: what given units must get from an experiment, checked for shape.
extension ExperimentParser {
    /// The most units a distribution may resolve.
    static let maximumDistributionUnits = 10_000_000

    /// The test document, or nil when its shape has errors (all of them in `log`).
    mutating func parseTestDocument() -> TestDocumentDraft? {
        let root = document.root
        let keys = entries(of: root, keys: TestDocumentKey.self, place: " of a test document")
        guard let testNode = keys[.test]?.value else { return nil }
        let experiment = readIdentifier(testNode, key: "test", what: "experiment under test")
        let description = keys[.description].flatMap { readText($0.value, key: "description") }
        let environment = keys[.environment].flatMap { readNameReference($0.value, key: "environment") }
        let at = keys[.at].flatMap { readSpecTime($0.value, key: "at") }
        var cases: [CaseDraft] = []
        if let list = keys[.cases]?.value {
            if list.kind == .sequence, list.entryCount > 0 {
                for position in 0..<list.entryCount {
                    if let draft = readCase(document.item(position, of: list)) { cases.append(draft) }
                }
            } else {
                log.error(
                    "'cases' must be a list of at least one case, like [{ unit: qa-device-1, expect: { group: blue } }]; "
                        + "found \(document.kindDescription(of: list))", at: list)
            }
        }
        let distribution = keys[.distribution].flatMap { readDistribution($0.value) }
        if keys[.cases] == nil && keys[.distribution] == nil {
            log.error("a test document needs 'cases', 'distribution' or both", at: root)
        }
        guard !log.hasErrors, let experiment else { return nil }
        return TestDocumentDraft(
            experiment: NameReference(name: experiment, location: file.location(of: testNode)), description: description,
            environment: environment, at: at, cases: cases, distribution: distribution, fileIndex: file.index)
    }

    private mutating func readCase(_ node: YAMLNode) -> CaseDraft? {
        guard node.kind == .mapping else {
            log.error(
                "a case must be a mapping like { unit: qa-device-1, expect: { group: blue } }; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let keys = entries(of: node, keys: TestCaseKey.self, place: " of a case")
        let errorsBefore = log.errorCount
        guard let unitNode = keys[.unit]?.value else {
            log.error("missing required key 'unit' in a case", at: node)
            return nil
        }
        let unit = readUnitID(unitNode, key: "unit")
        let user = keys[.user].flatMap { readUnitID($0.value, key: "user") }
        let device = keys[.device].flatMap { readUnitID($0.value, key: "device") }
        var attributes: [(name: NameReference, value: WrittenScalar)] = []
        if let mapping = keys[.attributes]?.value {
            attributes = readScalarMapping(mapping, key: "attributes", noun: "attribute")
        }
        let environment = keys[.environment].flatMap { readNameReference($0.value, key: "environment") }
        let at = keys[.at].flatMap { readSpecTime($0.value, key: "at") }
        guard let expectPair = keys[.expect] else {
            log.error("missing required key 'expect' in a case: what the unit must get, like { group: blue }", at: node)
            return nil
        }
        let expect = readExpectation(expectPair)
        guard log.errorCount == errorsBefore, let unit, let expect else { return nil }
        return CaseDraft(
            unit: unit, user: user, device: device, attributes: attributes, environment: environment, at: at,
            expect: expect)
    }

    private mutating func readExpectation(_ pair: YAMLPair) -> ExpectationDraft? {
        let node = pair.value
        guard node.kind == .mapping, node.entryCount > 0 else {
            log.error(
                "'expect' must be a mapping of at least one of group, reason, enrolled, params and levels; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let keys = entries(of: node, keys: ExpectationKey.self, place: " in 'expect'")
        var draft = ExpectationDraft(location: file.location(of: pair.key))
        draft.group = keys[.group].flatMap { writtenScalar($0.value, key: "group") }
        draft.reason = keys[.reason].flatMap { writtenScalar($0.value, key: "reason") }
        draft.enrolled = keys[.enrolled].flatMap { writtenScalar($0.value, key: "enrolled") }
        if let params = keys[.params]?.value { draft.params = readScalarMapping(params, key: "params", noun: "param") }
        if let levels = keys[.levels]?.value {
            draft.levels = readScalarMapping(levels, key: "levels", noun: "factor").map { ($0.name, $0.value) }
        }
        return draft
    }

    private mutating func readDistribution(_ node: YAMLNode) -> DistributionDraft? {
        guard node.kind == .mapping else {
            log.error(
                "'distribution' must be a mapping of units, prefix, expect and tolerance; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let keys = entries(of: node, keys: DistributionKey.self, place: " in 'distribution'")
        let errorsBefore = log.errorCount
        var units: Int?
        if let unitsNode = keys[.units]?.value {
            if let text = document.scalarText(of: unitsNode), let count = Int(text),
                (1...Self.maximumDistributionUnits).contains(count)
            {
                units = count
            } else {
                log.error(
                    "'units' must be a whole number from 1 to \(Self.maximumDistributionUnits); "
                        + "found '\(shownInMessage(document.scalarText(of: unitsNode) ?? document.kindDescription(of: unitsNode)))'",
                    at: unitsNode)
            }
        } else {
            log.error("missing required key 'units' in 'distribution'", at: node)
        }
        let prefix = keys[.prefix].flatMap { readText($0.value, key: "prefix") } ?? "unit-"
        var tolerance: Double?
        if let toleranceNode = keys[.tolerance]?.value {
            tolerance = readNonNegativeNumber(toleranceNode, key: "tolerance")
        } else {
            log.error("missing required key 'tolerance' in 'distribution': percentage points, like 0.5", at: node)
        }
        var shares: [(group: NameReference, percent: Double)] = []
        var expectLocation: SourceLocation?
        if let pair = keys[.expect] {
            expectLocation = file.location(of: pair.key)
            if pair.value.kind == .mapping, pair.value.entryCount > 0 {
                for (name, value) in readScalarMapping(pair.value, key: "expect", noun: "group") {
                    guard let percent = Double(value.text), percent.isFinite, percent >= 0, percent <= 100 else {
                        log.error(
                            "the share of '\(name.name)' must be a percent from 0 to 100; found '\(shownInMessage(value.text))'",
                            at: value.location)
                        continue
                    }
                    shares.append((name, percent))
                }
            } else {
                log.error(
                    "'expect' of 'distribution' must be a mapping of group to percent of all units, like "
                        + "{ red: 50, blue: 50 }; found \(document.kindDescription(of: pair.value))", at: pair.value)
            }
        } else {
            log.error("missing required key 'expect' in 'distribution': the percent of all units per group", at: node)
        }
        guard log.errorCount == errorsBefore, let units, let tolerance, let expectLocation else { return nil }
        return DistributionDraft(units: units, prefix: prefix, shares: shares, tolerance: tolerance, location: expectLocation)
    }

    // MARK: Values

    /// A non-empty scalar naming a unit.
    private mutating func readUnitID(_ node: YAMLNode, key: String) -> String? {
        guard node.isScalar, let text = document.stringValue(of: node), !text.isEmpty else {
            log.error("'\(key)' must be a unit id (non-empty text); found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        return text
    }

    /// A name (an environment), with where it is written; whether it exists is checked later.
    private mutating func readNameReference(_ node: YAMLNode, key: String) -> NameReference? {
        guard let text = readText(node, key: key) else { return nil }
        return NameReference(name: text, location: file.location(of: node))
    }

    /// A scalar, with its text, core-schema value and location.
    private mutating func writtenScalar(_ node: YAMLNode, key: String) -> WrittenScalar? {
        guard node.isScalar, let text = document.stringValue(of: node), let scalar = document.scalarValue(of: node) else {
            log.error("'\(key)' must be a single value; found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        return WrittenScalar(text: text, scalar: scalar, location: file.location(of: node))
    }

    /// A mapping of names to scalars (attributes, params, levels, shares).
    private mutating func readScalarMapping(
        _ node: YAMLNode, key: String, noun: String
    ) -> [(name: NameReference, value: WrittenScalar)] {
        guard node.kind == .mapping else {
            log.error("'\(key)' must be a mapping of \(noun) to value; found \(document.kindDescription(of: node))", at: node)
            return []
        }
        var result: [(name: NameReference, value: WrittenScalar)] = []
        for entry in namedEntries(of: node, noun: noun, place: " in '\(key)'") {
            guard let value = writtenScalar(entry.pair.value, key: entry.name) else { continue }
            result.append((NameReference(name: entry.name, location: file.location(of: entry.pair.key)), value))
        }
        return result
    }

    /// A number of at least 0.
    private mutating func readNonNegativeNumber(_ node: YAMLNode, key: String) -> Double? {
        guard let text = document.scalarText(of: node), let number = Double(text), number.isFinite, number >= 0 else {
            log.error(
                "'\(key)' must be a number of at least 0; found '\(shownInMessage(document.scalarText(of: node) ?? document.kindDescription(of: node)))'",
                at: node)
            return nil
        }
        return number
    }

    /// An ISO 8601 time with a zone, as a test's `at`.
    private mutating func readSpecTime(_ node: YAMLNode, key: String) -> Double? {
        guard node.isScalar, let text = document.stringValue(of: node), let seconds = EventDate.parseZoned(text) else {
            log.error(
                "'\(key)' must be a time in ISO 8601 with a zone, like 2026-12-02T00:00:00Z; "
                    + "found '\(shownInMessage(document.scalarText(of: node) ?? document.kindDescription(of: node)))'", at: node)
            return nil
        }
        return seconds
    }
}
