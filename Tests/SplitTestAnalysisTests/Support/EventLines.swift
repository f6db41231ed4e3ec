import Foundation

/// Writes event lines the way `JSONLinesTrackingProvider` does, for tests.
enum EventLines {
    static func time(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        let whole = seconds.rounded(.down)
        var text = formatter.string(from: Date(timeIntervalSince1970: 1_772_000_000 + whole))
        let fraction = seconds - whole
        if fraction > 0 {
            text.removeLast()
            text += String(format: ".%03dZ", Int((fraction * 1_000).rounded()))
        }
        return text
    }

    static func line(_ event: String, at seconds: Double, _ properties: [String: Any], user: String? = nil) -> String {
        var object: [String: Any] = ["date": time(seconds), "event": event, "properties": properties]
        if let user { object["user"] = user }
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data ?? Data(), as: UTF8.self)
    }

    static func exposure(_ experiment: String, _ group: String, unit: String, at seconds: Double) -> String {
        line("split_test_exposure", at: seconds, ["experiment": experiment, "group": group, "unit": unit])
    }

    static func goal(_ goal: String, value: Double? = nil, device: String, user: String? = nil, at seconds: Double) -> String {
        var properties: [String: Any] = ["goal": goal, "device": device]
        if let value { properties["value"] = value }
        if let user { properties["user"] = user }
        return line("split_test_goal", at: seconds, properties, user: user)
    }
}
