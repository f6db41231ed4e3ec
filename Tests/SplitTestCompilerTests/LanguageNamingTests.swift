import Testing
@testable import SplitTestCompiler

/// How definition names and values are spelled in Kotlin and TypeScript, at their edges.
@Suite struct LanguageNamingTests {
    @Test func kotlinEntriesAreUpperSnakeCaseAndCollidingCellsKeepTheirFactorsApart() {
        #expect(KotlinNaming.entryNames(forGroups: ["red", "dark_gray", "new_v1"]) == ["RED", "DARK_GRAY", "NEW_V1"])
        #expect(KotlinNaming.entryNames(forGroups: ["five+on+none", "three+off+push"]) == ["FIVE_ON_NONE", "THREE_OFF_PUSH"])
        #expect(
            KotlinNaming.entryNames(forGroups: ["a_b+c", "a_b+b_c", "a+c", "a+b_c"])
                == ["A_B__C", "A_B_B_C", "A_C", "A__B_C"])
    }

    @Test func kotlinPropertiesAvoidTheEnumsMembersAndEachOther() {
        #expect(
            KotlinNaming.propertyNames(forParameters: ["corner_radius", "in", "name", "ordinal", "wire_name", "data"])
                == ["cornerRadius", "in", "name_", "ordinal_", "wire_name", "data"])
        #expect(KotlinNaming.propertyNames(forParameters: ["step_count", "step__count"]) == ["step_count", "step__count"])
        #expect(KotlinNaming.escaped("in") == "`in`")
        #expect(KotlinNaming.escaped("object") == "`object`")
        #expect(KotlinNaming.escaped("data") == "data", "soft keywords are identifiers")
        #expect(KotlinNaming.escaped("cornerRadius") == "cornerRadius")
    }

    @Test func aFallbackThatIsTakenGetsAnotherUnderscore() {
        let names = UniqueNames.assign(
            ["name", "name_", "title"], preferred: SwiftNaming.lowerCamelCase, fallback: { $0 },
            isReserved: { $0 == "name" })
        #expect(names == ["name_", "name__", "title"])
    }

    @Test func kotlinPackageNames() {
        for valid in ["com.example.experiments", "_a.b1", "app", "com.in.x"] {
            #expect(KotlinNaming.isPackageName(valid), "\(valid)")
        }
        for invalid in ["", "com..example", "1app", "com.", ".com", "my-app", "café", "a b"] {
            #expect(!KotlinNaming.isPackageName(invalid), "\(invalid)")
        }
        #expect(KotlinNaming.escapedPackageName("com.in.is.x") == "com.`in`.`is`.x")
    }

    @Test func typeScriptConstantsAvoidReservedWordsTheCatalogAndEachOther() {
        let constants = TypeScriptNaming.constantNames(
            forIdentifiers: ["button_color", "delete", "split_tests", "promo_2", "promo2", "undefined", "exports"])
        #expect(constants == ["buttonColor", "delete_", "split_tests", "promo_2", "promo2", "undefined_", "exports_"])
        #expect(TypeScriptNaming.typePrefix(forConstant: "buttonColor") == "ButtonColor")
        #expect(TypeScriptNaming.typePrefix(forConstant: "delete_") == "Delete_")
        #expect(TypeScriptNaming.propertyNames(forParameters: ["corner_radius", "default", "in"]) == ["cornerRadius", "default", "in"])
    }

    @Test func typeScriptGroupKeysAreQuotedOnlyWhenTheyMustBe() {
        #expect(TypeScriptNaming.propertyKey("dark_gray") == "dark_gray")
        #expect(TypeScriptNaming.propertyKey("default") == "default")
        #expect(TypeScriptNaming.propertyKey("two+on") == "\"two+on\"")
        #expect(TypeScriptNaming.member("two+on", of: "x.groups") == "x.groups[\"two+on\"]")
        #expect(TypeScriptNaming.member("red", of: "x.groups") == "x.groups.red")
    }

    @Test func stringsAreEscapedForEachLanguage() {
        let text = "a $b ${c} \"q\" \\ \n\r\t é e\u{301} 😀 \u{202E} \u{1} \u{0} \u{E0001}"
        #expect(KotlinLiteral.string(text) == #""a \$b \${c} \"q\" \\ \n\r\t é e\u0301 😀 \u202E \u0001 \u0000 \uDB40\uDC01""#)
        #expect(TypeScriptLiteral.string(text) == #""a $b ${c} \"q\" \\ \n\r\t é e\u0301 😀 \u202E \u0001 \u0000 \uDB40\uDC01""#)
        #expect(KotlinLiteral.string("") == "\"\"")
    }

    @Test func numbersReadBackAsTheSameValue() {
        for (value, kotlin, typeScript) in [
            (0.1, "0.1", "0.1"), (1, "1.0", "1.0"), (1e-7, "1e-07", "1e-07"), (-0.0, "-0.0", "-0.0"),
            (5e-324, "5e-324", "5e-324"), (1e21, "1e+21", "1e+21"),
            (.nan, "Double.NaN", "NaN"), (.infinity, "Double.POSITIVE_INFINITY", "Infinity"),
            (-.infinity, "Double.NEGATIVE_INFINITY", "-Infinity"),
        ] as [(Double, String, String)] {
            #expect(KotlinLiteral.double(value) == kotlin)
            #expect(TypeScriptLiteral.double(value) == typeScript)
        }
        #expect(KotlinLiteral.value(.int(Int(Int32.min)), as: .int) == "Int.MIN_VALUE")
        #expect(KotlinLiteral.value(.int(Int(Int32.max)), as: .int) == "2147483647")
        #expect(KotlinLiteral.value(.int(.min), as: .long) == "Long.MIN_VALUE")
        #expect(KotlinLiteral.value(.int(5), as: .long) == "5L")
        #expect(KotlinType(.int, values: [.int(1), .int(Int(Int32.max))]) == .int)
        #expect(KotlinType(.int, values: [.int(1), .int(Int(Int32.max) + 1)]) == .long)
        #expect(KotlinType(.int, values: [.int(Int(Int32.min) - 1)]) == .long)
        #expect(TypeScriptLiteral.value(.int(-9_007_199_254_740_993)) == "-9007199254740993")
    }

    @Test func documentationCannotEndOrNestItsComment() {
        #expect(BlockDocComment.escaped("a */ b /* c") == "a *\\/ b /\\* c")
        #expect(BlockDocComment.escaped("/*/") == "/\\*\\/")
        #expect(BlockDocComment.escaped("plain") == "plain")
    }
}
