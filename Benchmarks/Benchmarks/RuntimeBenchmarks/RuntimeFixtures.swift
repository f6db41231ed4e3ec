/// Inputs shared by the runtime benchmarks, made once before any measurement.
enum RuntimeFixtures {
    /// 64 distinct lowercase UUID strings (36 characters each), deterministic.
    static let unitIDs: [String] = (0..<64).map { index in
        var state = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        var digits = ""
        for position in 0..<32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            digits.append(String(state >> 60, radix: 16))
            if [7, 11, 15, 19].contains(position) { digits.append("-") }
        }
        precondition(digits.utf8.count == 36, "a UUID string has 36 characters")
        return digits
    }
}

extension RuntimeFixtures {
    /// `count` distinct user ids, `user-0` and on, made before a measurement starts.
    static func userIDs(count: Int) -> [String] {
        (0..<count).map { "user-\($0)" }
    }
}
