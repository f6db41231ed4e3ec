// Reads generated Kotlin back for the splitc tests, which compile it with the generated files and
// compare what it prints with the definitions. One request a line on standard input:
//   values CLASS                       each entry of CLASS's Group enum: `ENTRY FIELD=VALUE ...`,
//                                      fields sorted by name
//   resolve PACKAGE IDENTIFIER [VARIANT]  PACKAGE.SplitTestCatalog.resolve(IDENTIFIER, VARIANT or null)
//   shapes                             a few typed uses of the generated API, checked by the compiler
// Values: s:<UTF-16 code units in hex, comma-separated>, d:<the double's bits in hex>, i:<Int>,
// l:<Long>, b:<Boolean>.
package generatedcheck

import com.example.edges.KotlinKeywordsSplitTest
import com.example.splittests.ButtonColorSplitTest
import com.example.splittests.CheckoutPageSplitTest
import java.lang.reflect.Modifier

/** A constant, so that the compiler proves `IDENTIFIER` is one. */
const val BUTTON_COLOR: String = ButtonColorSplitTest.IDENTIFIER

fun main() {
    while (true) {
        val line = readLine() ?: return
        val words = line.split(" ")
        when (words[0]) {
            "values" -> printValues(words[1])
            "resolve" -> println(resolve(words[1], words[2], words.getOrNull(3)))
            "shapes" -> printShapes()
            else -> throw IllegalArgumentException("unknown request: $line")
        }
    }
}

fun printValues(className: String) {
    val group = Class.forName("$className\$Group")
    val fields = group.declaredFields.filter { !Modifier.isStatic(it.modifiers) }.sortedBy { it.name }
    for (field in fields) field.isAccessible = true
    for (entry in group.enumConstants) {
        val values = fields.map { "${it.name}=${encode(it.get(entry))}" }
        println((entry as Enum<*>).name + " " + values.joinToString(" "))
    }
}

fun resolve(packageName: String, identifier: String, variant: String?): String? {
    val catalog = Class.forName("$packageName.SplitTestCatalog")
    val instance = catalog.getField("INSTANCE").get(null)
    val method = catalog.getMethod("resolve", String::class.java, String::class.java)
    return method.invoke(instance, identifier, variant) as String?
}

fun printShapes() {
    val blue: ButtonColorSplitTest.Group = ButtonColorSplitTest.resolve("blue")
    val color: String = blue.color
    val radius: Int = blue.cornerRadius
    val control: ButtonColorSplitTest.Group = ButtonColorSplitTest.CONTROL
    println("$BUTTON_COLOR ${blue.wireName} $color $radius ${control.name} ${ButtonColorSplitTest.resolve(null).name}")
    val cell = CheckoutPageSplitTest.resolve("urgent+orange")
    println("${cell.name} ${cell.wireName} ${cell.text} ${CheckoutPageSplitTest.resolve("urgent+pink") == CheckoutPageSplitTest.CONTROL}")
    val keywords = KotlinKeywordsSplitTest.Group.DEFAULT
    val inValue: Int = keywords.`in`
    val isValue: Boolean = keywords.`is`
    println("${keywords.name} ${keywords.ordinal} ${keywords.wireName} ${keywords.name_} ${keywords.ordinal_} ${keywords.wire_name} $inValue $isValue")
}

fun encode(value: Any?): String = when (value) {
    is String -> "s:" + value.map { Integer.toHexString(it - '\u0000') }.joinToString(",")
    is Double -> "d:" + java.lang.Long.toHexString(java.lang.Double.doubleToRawLongBits(value))
    is Int -> "i:$value"
    is Long -> "l:$value"
    is Boolean -> "b:$value"
    else -> "?:$value"
}
