import SplitTestFormats
@_spi(Generated) @_spi(Tools) import SplitTesting

extension EventBatch {
    /// The events the definitions in force declare, by name, as ``EventBatch`` checks them: each
    /// with its declared properties, all present and of their declared types, beside the units
    /// (`device`, `user`) and the groups (`split_test-<experiment>`) that the runtime adds, and
    /// nothing else.
    public struct DeclaredEvents: Sendable {
        /// The declarations, in the order the definitions give them.
        public let events: [SplitTestEventDeclaration]
        let byName: [String: SplitTestEventDeclaration]

        /// Indexes `events` (names are unique, as the compiler checks).
        public init(_ events: [SplitTestEventDeclaration]) {
            self.events = events
            byName = Dictionary(events.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }

        /// The declared names, in order.
        var names: [String] { events.map(\.name) }

        /// What is wrong with the properties `members` of an event of `declaration`, or `nil`.
        /// `lineUser` tells whether the event has a `user` beside its properties.
        static func problem(
            with members: [JSONValue.Member], of declaration: SplitTestEventDeclaration, lineUser: Bool
        ) -> String? {
            let name = declaration.name
            var seen: Set<String> = []
            for member in members {
                let key = member.key
                if key == EventVocabulary.Property.device || key == EventVocabulary.Property.user
                    || key.hasPrefix(EventVocabulary.Property.groupPrefix)
                {
                    guard case .string = member.value else { return "\"\(shownInMessage(key))\" must be a string" }
                    if key != EventVocabulary.Property.device && key != EventVocabulary.Property.user { continue }
                    seen.insert(key)
                    continue
                }
                guard let property = declaration.property(named: key) else {
                    let declared = declaration.properties.map(\.name)
                    let listed = declared.isEmpty ? "it declares none" : "declared: " + declared.joined(separator: ", ")
                    return "\(name) has no property '\(shownInMessage(key))' (\(listed))"
                        + Suggestions.didYouMean(key, in: declared)
                }
                if let problem = problem(with: member.value, of: property) { return "\"\(key)\" of \(name) \(problem)" }
                seen.insert(key)
            }
            let missing = declaration.properties.map(\.name).filter { !seen.contains($0) }
            if !missing.isEmpty {
                return "\(name) without \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) in its properties"
            }
            if !seen.contains(EventVocabulary.Property.device), !seen.contains(EventVocabulary.Property.user), !lineUser {
                return "\(name) without \"device\" or \"user\" in its properties, or \"user\" beside them"
            }
            return nil
        }

        /// What is wrong with `value` as a value of `property`, or `nil`.
        private static func problem(with value: JSONValue, of property: SplitTestEventDeclaration.Property) -> String? {
            switch property.type {
            case .string:
                if case .string = value { return nil }
                return "must be a string, not \(value.typeName)"
            case .bool:
                if case .bool = value { return nil }
                return "must be true or false, not \(value.typeName)"
            case .int:
                if let whole = value.integerValue, abs(whole) <= SplitTestAttributeValues.largestInt { return nil }
                return "must be a whole number within ±\(SplitTestAttributeValues.largestInt)"
            case .double:
                if case .number(let text) = value, Double(text)?.isFinite == true { return nil }
                return "must be a finite number"
            case .values(let values):
                if case .string(let text) = value, values.contains(text) { return nil }
                return "must be one of \(values.joined(separator: ", "))"
            }
        }
    }
}
