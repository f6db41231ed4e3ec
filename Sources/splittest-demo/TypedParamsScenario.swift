import SplitTesting

/// Params are typed properties of each group: the code that tunes a feature reads numbers, not
/// strings, and a param renamed in YAML is a compile error here.
func runTypedParamsScenario() {
    section("Typed params: what each group of feed_prefetch prefetches from one feed")
    let feed: [(kind: String, isVideo: Bool)] = [
        ("video", true), ("image", false), ("image", false), ("video", true), ("image", false),
        ("video", true), ("video", true), ("image", false), ("video", true), ("image", false),
    ]
    var plans = TextTable(header: ["group", "max cost", "video", "image", "timeout s", "items prefetched"])
    for group in FeedPrefetchSplitTest.Group.allCases {
        var spent = 0
        var prefetched = 0
        for item in feed {
            let cost = item.isVideo ? group.videoCost : group.imageCost
            guard spent + cost <= group.maxPrefetchCost else { break }
            spent += cost
            prefetched += 1
        }
        plans.append([
            group.rawValue, String(group.maxPrefetchCost), String(group.videoCost),
            String(group.imageCost), String(group.timeoutSeconds), "\(prefetched) of \(feed.count)",
        ])
    }
    print(plans.render())
    let colors = ButtonColorSplitTest.Group.allCases.map { "\($0.rawValue) \($0.color) r\($0.cornerRadius)" }
    print("button_color: " + colors.joined(separator: ", "))
}
