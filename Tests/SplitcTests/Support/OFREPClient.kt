// An OFREP client for the JVM, built on the Kotlin that `splitc generate --language kotlin` writes:
// asks a decision service's bulk endpoint which group each unit is in, and resolves each answer
// through the generated code.
//
// Build, beside the generated SplitTests.kt of package com.example.splittests:
//   kotlinc SplitTests.kt OFREPClient.kt -include-runtime -d ofrep-client.jar
// Run:
//   java -jar ofrep-client.jar [--key KEY] URL UNIT...
//
// For each UNIT, in order, it sends `POST URL/ofrep/v1/evaluate/flags` with
// `{"context": {"targetingKey": UNIT}}` (and `Authorization: Bearer KEY` with --key), then prints
// one line `UNIT EXPERIMENT GROUP` per generated experiment, in identifier order: the group that the
// answer's `variant` for the experiment's key resolves to (the control when the answer has no
// variant for it, or names a group that is not generated). Exit status 0; 1 when the service
// cannot be reached or answers with an error or with something that is not an OFREP answer;
// 2 for a bad command line. Only the JDK and Kotlin's standard library are used: the answer is
// read by the small JSON reader below.

import com.example.splittests.SplitTestCatalog
import java.net.HttpURLConnection
import java.net.URL
import kotlin.system.exitProcess

fun main(args: Array<String>) {
    var key: String? = null
    var rest = args.toList()
    if (rest.size >= 2 && rest[0] == "--key") {
        key = rest[1]
        rest = rest.drop(2)
    }
    if (rest.size < 2) {
        System.err.println("usage: java -jar ofrep-client.jar [--key KEY] URL UNIT...")
        exitProcess(2)
    }
    val endpoint = rest[0].trimEnd('/') + "/ofrep/v1/evaluate/flags"
    try {
        for (unit in rest.drop(1)) {
            val variants = evaluate(endpoint, unit, key)
            for (identifier in SplitTestCatalog.identifiers) {
                println("$unit $identifier ${SplitTestCatalog.resolve(identifier, variants[identifier])}")
            }
        }
    } catch (error: Exception) {
        System.err.println("ofrep-client: ${error.message}")
        exitProcess(1)
    }
}

/** The variant of each flag in the bulk answer for [unit], by flag key. */
fun evaluate(endpoint: String, unit: String, key: String?): Map<String, String> {
    val connection = URL(endpoint).openConnection() as HttpURLConnection
    connection.requestMethod = "POST"
    connection.doOutput = true
    connection.connectTimeout = 10_000
    connection.readTimeout = 30_000
    connection.setRequestProperty("Content-Type", "application/json")
    connection.setRequestProperty("Accept", "application/json")
    if (key != null) connection.setRequestProperty("Authorization", "Bearer $key")
    connection.outputStream.use { it.write("{\"context\":{\"targetingKey\":${jsonString(unit)}}}".toByteArray(Charsets.UTF_8)) }
    val status = connection.responseCode
    val stream = if (status in 200..299) connection.inputStream else connection.errorStream
    val body = stream?.use { String(it.readBytes(), Charsets.UTF_8) } ?: ""
    if (status != 200) throw IllegalStateException("$endpoint answered $status for '$unit': $body")
    val flags = (JsonReader(body).readDocument() as? Map<*, *>)?.get("flags") as? List<*>
        ?: throw IllegalStateException("$endpoint answered without a list of flags for '$unit'")
    val variants = HashMap<String, String>()
    for (flag in flags) {
        val item = flag as? Map<*, *> ?: continue
        val flagKey = item["key"] as? String ?: continue
        val variant = item["variant"] as? String ?: continue
        variants[flagKey] = variant
    }
    return variants
}

/** [text] as a JSON string. */
fun jsonString(text: String): String {
    val out = StringBuilder("\"")
    for (c in text) {
        when {
            c == '"' -> out.append("\\\"")
            c == '\\' -> out.append("\\\\")
            c < ' ' -> out.append(String.format("\\u%04x", c - '\u0000'))
            else -> out.append(c)
        }
    }
    return out.append('"').toString()
}

/**
 * Reads one JSON document into maps, lists, strings, doubles, booleans and nulls. Strict enough
 * for a service's answers (escapes, nested objects, numbers), and throws on anything malformed.
 */
class JsonReader(private val text: String) {
    private var index = 0

    fun readDocument(): Any? {
        val value = readValue()
        skipSpace()
        if (index != text.length) fail("text after the document")
        return value
    }

    private fun readValue(): Any? {
        skipSpace()
        if (index >= text.length) fail("the document ends early")
        return when (text[index]) {
            '{' -> readObject()
            '[' -> readArray()
            '"' -> readString()
            't' -> readWord("true", true)
            'f' -> readWord("false", false)
            'n' -> readWord("null", null)
            else -> readNumber()
        }
    }

    private fun readObject(): Map<String, Any?> {
        val members = LinkedHashMap<String, Any?>()
        index++
        skipSpace()
        if (peek() == '}') { index++; return members }
        while (true) {
            skipSpace()
            if (peek() != '"') fail("a member name")
            val name = readString()
            skipSpace()
            expect(':')
            members[name] = readValue()
            skipSpace()
            if (peek() == ',') { index++; continue }
            expect('}')
            return members
        }
    }

    private fun readArray(): List<Any?> {
        val items = ArrayList<Any?>()
        index++
        skipSpace()
        if (peek() == ']') { index++; return items }
        while (true) {
            items.add(readValue())
            skipSpace()
            if (peek() == ',') { index++; continue }
            expect(']')
            return items
        }
    }

    private fun readString(): String {
        val out = StringBuilder()
        index++
        while (true) {
            if (index >= text.length) fail("an unterminated string")
            val c = text[index++]
            when {
                c == '"' -> return out.toString()
                c == '\\' -> {
                    if (index >= text.length) fail("an unterminated escape")
                    when (val escaped = text[index++]) {
                        '"', '\\', '/' -> out.append(escaped)
                        'b' -> out.append('\b')
                        'f' -> out.append('\u000C')
                        'n' -> out.append('\n')
                        'r' -> out.append('\r')
                        't' -> out.append('\t')
                        'u' -> {
                            if (index + 4 > text.length) fail("a short \\u escape")
                            val code = text.substring(index, index + 4).toIntOrNull(16) ?: fail("a bad \\u escape")
                            out.append('\u0000' + code)
                            index += 4
                        }
                        else -> fail("an unknown escape \\$escaped")
                    }
                }
                c < ' ' -> fail("a control character in a string")
                else -> out.append(c)
            }
        }
    }

    private fun readNumber(): Double {
        val start = index
        while (index < text.length && text[index] in "+-0123456789.eE") index++
        return text.substring(start, index).toDoubleOrNull() ?: fail("a value")
    }

    private fun readWord(word: String, value: Any?): Any? {
        if (!text.startsWith(word, index)) fail("a value")
        index += word.length
        return value
    }

    private fun skipSpace() {
        while (index < text.length && text[index] in " \t\r\n") index++
    }

    private fun peek(): Char? = if (index < text.length) text[index] else null

    private fun expect(c: Char) {
        if (peek() != c) fail("'$c'")
        index++
    }

    private fun fail(expected: String): Nothing =
        throw IllegalStateException("the answer is not JSON: expected $expected at offset $index")
}
