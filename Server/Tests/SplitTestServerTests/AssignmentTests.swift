import Foundation
import Testing
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote

/// The server's answers against `splitc assign`, and stickiness across restarts, control
/// documents and forgotten units.
@Suite(.serialized) struct AssignmentTests {
    static let attributes = #"{"plan": "pro", "days_since_install": 10, "platform": "ios"}"#
    static let experiments = ["banner_style", "checkout_button", "plan_offer", "tutorial_length"]

    @Test func freshUnitsGetWhatSplitcAssignGives() async throws {
        let folder = try Paths.temporaryFolder()
        let server = try await ServerProcess.start(database: folder.appendingPathComponent("db.sqlite").path)
        defer { server.stop() }
        var reasons: Set<String> = []
        for index in 0..<12 {
            let device = index == 0 ? "qa-device" : "device-\(index)"
            let user = "user-\(index)"
            let assignments = try await server.assign(
                #"{"device": "\#(device)", "user": "\#(user)", "attributes": \#(Self.attributes)}"#)
            #expect(assignments.keys.sorted() == Self.experiments)
            for experiment in Self.experiments {
                let unit = experiment == "plan_offer" ? user : device
                let expected = try Splitc.assign(experiment: experiment, unit: unit, attributes: Self.attributes)
                let answer = try #require(assignments[experiment])
                #expect(answer["group"] as? String == expected.group, "\(experiment) \(unit)")
                #expect(answer["reason"] as? String == expected.reason, "\(experiment) \(unit)")
                #expect(answer["enrolled"] as? Bool == (expected.reason == "bucketed"))
                reasons.insert(expected.reason)
            }
        }
        // The units cover every step the fixtures can take.
        #expect(reasons.isSuperset(of: ["forced", "resolved", "bucketed", "notEnrolled"]))

        // Parameters, a cell's levels, the order of the definitions, and no user.
        let answer = try await server.request("POST", "/v1/assignments", body: #"{"device": "qa-device"}"#)
        let list = try #require(answer.json["assignments"] as? [[String: Any]])
        #expect(list.map { $0["experiment"] as? String } == Self.experiments)
        let checkout = try #require(list.first { $0["experiment"] as? String == "checkout_button" })
        #expect(checkout["group"] as? String == "green")
        let params = try #require(checkout["params"] as? [String: Any])
        #expect(params.count == 2)
        #expect(params["color"] as? String == "#34C759")
        #expect(params["corner_radius"] as? Int == 12)
        let offer = try #require(list.first { $0["experiment"] as? String == "plan_offer" })
        #expect(offer["reason"] as? String == "noUser")
        #expect(offer["group"] as? String == "standard")
        let banner = try #require(list.first { $0["experiment"] as? String == "banner_style" })
        let levels = try #require(banner["levels"] as? [String: String])
        #expect(levels.values.sorted().joined(separator: "+") != "")
        #expect(banner["group"] as? String == "\(levels["color"] ?? "")+\(levels["size"] ?? "")")
        #expect(checkout["levels"] == nil)
    }

    @Test func assignedUnitsKeepTheirGroupAcrossARestartAndANewControlDocument() async throws {
        let folder = try Paths.temporaryFolder()
        let database = folder.appendingPathComponent("db.sqlite").path
        let devices = (0..<40).map { "sticky-device-\($0)" }
        var first: [String: [String: String]] = [:]
        var firstReasons: [String: [String: String]] = [:]
        do {
            let server = try await ServerProcess.start(database: database)
            defer { server.stop() }
            for device in devices {
                let assignments = try await server.assign(#"{"device": "\#(device)"}"#)
                first[device] = assignments.compactMapValues { $0["group"] as? String }
                firstReasons[device] = assignments.compactMapValues { $0["reason"] as? String }
                // A second request within the same run is sticky when the first was bucketed.
                let again = try await server.assign(#"{"device": "\#(device)"}"#)
                for (experiment, reason) in firstReasons[device] ?? [:] where reason == "bucketed" {
                    #expect(again[experiment]?["reason"] as? String == "sticky")
                    #expect(again[experiment]?["group"] as? String == first[device]?[experiment])
                }
            }
        }

        // A control document that moves nearly all weight to red and enrols everyone in the banner.
        let control = SplitTestControl(
            sequence: 7,
            experiments: [
                "checkout_button": .init(weights: ["red": 98, "blue": 1, "green": 1]),
                "banner_style": .init(trafficBuckets: 10_000),
            ])
        let controlPath = folder.appendingPathComponent("control.json").path
        let document = ControlEnvelope(payload: control.payloadJSON(), signature: nil).data
        try document.write(to: URL(fileURLWithPath: controlPath))

        let server = try await ServerProcess.start(database: database, arguments: ["--control", controlPath])
        defer { server.stop() }
        var changedByControl = 0
        var unenrolledNowBucketed = 0
        for device in devices {
            let assignments = try await server.assign(#"{"device": "\#(device)"}"#)
            for experiment in ["banner_style", "checkout_button"] {
                let answer = try #require(assignments[experiment])
                let fresh = try Splitc.assign(experiment: experiment, unit: device, control: controlPath)
                if firstReasons[device]?[experiment] == "bucketed" {
                    #expect(answer["reason"] as? String == "sticky", "\(experiment) \(device)")
                    #expect(answer["group"] as? String == first[device]?[experiment], "\(experiment) \(device)")
                    if fresh.group != first[device]?[experiment] { changedByControl += 1 }
                } else {
                    // Not stored before: resolved as a fresh unit under the document.
                    #expect(answer["group"] as? String == fresh.group, "\(experiment) \(device)")
                    #expect(answer["reason"] as? String == fresh.reason, "\(experiment) \(device)")
                    unenrolledNowBucketed += 1
                }
            }
        }
        // The document would have moved some stored units, and enrolled some that were not.
        #expect(changedByControl > 0)
        #expect(unenrolledNowBucketed > 0)

        // Forgetting a unit whose stored group differs from what the document gives: bucketed anew.
        let moved = try #require(devices.first { device in
            let fresh = try? Splitc.assign(experiment: "checkout_button", unit: device, control: controlPath)
            return firstReasons[device]?["checkout_button"] == "bucketed" && fresh?.group != first[device]?["checkout_button"]
        })
        let deleted = try await server.request("DELETE", "/v1/units/\(moved)")
        #expect(deleted.status == 204)
        let anew = try await server.assign(#"{"device": "\#(moved)", "experiments": ["checkout_button"]}"#)
        let fresh = try Splitc.assign(experiment: "checkout_button", unit: moved, control: controlPath)
        #expect(anew.keys.sorted() == ["checkout_button"])
        #expect(anew["checkout_button"]?["group"] as? String == fresh.group)
        #expect(anew["checkout_button"]?["reason"] as? String == "bucketed")

        // The document in force, with its validator.
        let health = try await server.request("GET", "/health")
        #expect(health.json["control_sequence"] as? Int == 7)
        #expect(health.json["experiments"] as? Int == 4)
        let served = try await server.request("GET", "/v1/control")
        #expect(served.status == 200)
        #expect(Data(served.body.utf8) == document)
        let etag = try #require(served.headers["etag"])
        let notModified = try await server.request("GET", "/v1/control", headers: ["If-None-Match": etag])
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)
    }
}
