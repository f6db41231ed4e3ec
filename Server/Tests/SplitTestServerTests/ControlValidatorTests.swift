import Foundation
import Testing
@_spi(Tools) import SplitTesting
@testable import SplitTestServer

/// `GET /v1/control` answers `304` when `If-None-Match` names its ETag as RFC 9110 compares
/// them for a GET: weakly, in a list, or `*`.
@Suite struct ControlValidatorTests {
    @Test func ifNoneMatchComparesWeaklyInAListOrStar() {
        let etag = #""123-abc""#
        let matching = [
            [#""123-abc""#], [#"W/"123-abc""#], ["*"], [#""x", W/"123-abc""#], [#""x",,"123-abc""#],
            [#""x""#, #"W/"123-abc""#], [#"  "123-abc"  "#], [#"junk, "123-abc""#], [#""a,b", "123-abc""#],
        ]
        for lines in matching {
            #expect(EntityTags.ifNoneMatch(lines, matches: etag), "\(lines)")
            #expect(EntityTags.ifNoneMatch(lines, matches: "W/" + etag), "weak: \(lines)")
        }
        let other = [
            [], [""], [#""123-ab""#], [#""123-abcd""#], ["123-abc"], [#"w/"123-abc""#], [#""123-abc"#], [#""a,"123-abc","#],
            [#""x", "y""#], [#"W/"123-ABC""#],
        ]
        for lines in other {
            #expect(!EntityTags.ifNoneMatch(lines, matches: etag), "\(lines)")
        }
    }

    @Test func theServedDocumentIsNotModifiedForItsTagWeakOrInAList() async throws {
        let control = SplitTestControl(sequence: 3, experiments: ["checkout_button": .init(weights: ["red": 1, "blue": 1, "green": 1])])
        let server = try await ServerProcess.start(control: control, in: try Paths.temporaryFolder())
        defer { server.stop() }
        let served = try await server.request("GET", "/v1/control")
        #expect(served.status == 200)
        let etag = try #require(served.headers["etag"])
        for condition in [etag, "W/\(etag)", "*", #""stale", W/\#(etag)"#, #"W/"stale",\#(etag)"#] {
            let answer = try await server.request("GET", "/v1/control", headers: ["If-None-Match": condition])
            #expect(answer.status == 304, "\(condition)")
            #expect(answer.headers["etag"] == etag)
            #expect(answer.body.isEmpty)
        }
        for condition in [#""stale""#, #"W/"stale", "other""#] {
            let answer = try await server.request("GET", "/v1/control", headers: ["If-None-Match": condition])
            #expect(answer.status == 200, "\(condition)")
            #expect(answer.body == served.body)
        }
    }
}
