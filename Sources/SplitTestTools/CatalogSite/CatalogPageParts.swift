@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// What every page of the catalog shares: its head, its style, the index's script, and the
/// pieces of a bar.
extension CatalogSite {
    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        \(generatorMarker)
        <title>\(HTMLText.escaped(title))</title>
        <style>\(style)</style>
        </head>
        <body>

        """
    }

    static func select(_ field: String, _ label: String, _ values: [String]) -> String {
        var html = "<label>\(label) <select data-filter=\"\(field)\"><option value=\"\">All</option>"
        for value in values { html += "<option>\(HTMLText.escaped(value))</option>" }
        return html + "</select></label>"
    }

    /// A part of a bar, `width` of the 10,000 buckets wide.
    static func segment(width: Int, label: String, colour: Int, link: String?) -> String {
        let percent = BucketTable.percentTextWithTwoDecimals(buckets: width)
        let style = "flex:\(width) 0 0;background:\(colour < 0 ? "#eceff1" : palette[colour % palette.count])"
        let text = "\(HTMLText.escaped(label)) \(percent)%"
        let content = link.map { "<a href=\"\(HTMLText.escaped($0))\">\(text)</a>" } ?? text
        return "<span class=\"segment\(colour < 0 ? " free" : "")\" style=\"\(style)\" title=\"\(text)\">\(content)</span>"
    }

    static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"]

    static let style = """
        body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px auto;max-width:1180px;color:#1d1d1f;padding:0 16px}
        h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;margin:26px 0 8px}h3{font-size:14px;margin:14px 0 4px}
        a{color:#0b57d0;text-decoration:none}a:hover{text-decoration:underline}.meta,.caption{color:#555}.caption{font-size:12px;margin:4px 0 0}
        .lead{font-size:15px}.filters{display:flex;gap:14px;flex-wrap:wrap;align-items:center;margin:12px 0}
        select,input{font:inherit;padding:3px 6px}input[type=search]{min-width:260px}
        table{border-collapse:collapse;width:100%;margin:6px 0}th,td{padding:5px 8px;border-bottom:1px solid #e0e0e0;text-align:left;vertical-align:top}
        th{background:#f6f8fa;font-weight:600;cursor:pointer;user-select:none;white-space:nowrap}th[aria-sort=ascending]::after{content:" ▲"}th[aria-sort=descending]::after{content:" ▼"}
        .status{padding:1px 7px;border-radius:9px;font-size:12px;white-space:nowrap}.running{background:#e6f4ea;color:#137333}.stopped{background:#fce8e6;color:#a50e0e}.resolved{background:#e8f0fe;color:#174ea6}
        .scheduled{background:#fef7e0;color:#8a5a00}.ended{background:#f1f3f4;color:#3c4043}.when{font-size:12px;color:#555;white-space:nowrap}
        .bar,.layer{display:flex;height:30px;border-radius:6px;overflow:hidden;margin:6px 0;border:1px solid #d0d7de}
        .segment{display:flex;align-items:center;justify-content:center;color:#fff;font-size:12px;white-space:nowrap;overflow:hidden;padding:0 4px;min-width:0}
        .segment a{color:#fff}.segment.free{color:#607d8b}.tag{font-size:11px;background:#f1f3f4;border-radius:4px;padding:0 5px;color:#444;white-space:nowrap}
        .tag.fail{background:#fce8e6;color:#a50e0e;font-weight:600}tr.failing td:first-child{box-shadow:inset 3px 0 #d93025}span.failing{color:#a50e0e;font-weight:600}
        dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:10px 0}dt{color:#555}dd{margin:0}
        ul.who li,ul.specs li,ul.warnings li{margin:3px 0}.pass::marker{content:"✓ ";color:#137333}.fail::marker{content:"✗ ";color:#a50e0e}
        code{font:12px ui-monospace,Menlo,Consolas,monospace;word-break:break-all}
        td.nowrap{white-space:nowrap}tr.hidden{display:none}
        """

    /// Sorting by a column header and filtering by owner, status, layer, specs and text, in the page.
    static let script = """
        (function(){
        var table=document.getElementById('experiments');var body=table.tBodies[0];
        var rows=Array.prototype.slice.call(body.rows);var search=document.getElementById('search');
        var selects=document.querySelectorAll('select[data-filter]');
        function apply(){var q=search.value.toLowerCase();rows.forEach(function(r){var show=true;
        selects.forEach(function(s){if(s.value&&r.getAttribute('data-'+s.getAttribute('data-filter'))!==s.value)show=false;});
        if(q&&r.textContent.toLowerCase().indexOf(q)<0)show=false;r.classList.toggle('hidden',!show);});}
        selects.forEach(function(s){s.addEventListener('change',apply);});search.addEventListener('input',apply);
        table.querySelectorAll('th').forEach(function(th){function sort(){var c=+th.getAttribute('data-column');
        var asc=th.getAttribute('aria-sort')!=='ascending';table.querySelectorAll('th').forEach(function(o){o.removeAttribute('aria-sort');});
        th.setAttribute('aria-sort',asc?'ascending':'descending');rows.sort(function(a,b){var x=a.cells[c].textContent,y=b.cells[c].textContent;
        return (asc?1:-1)*x.localeCompare(y);});rows.forEach(function(r){body.appendChild(r);});}
        th.addEventListener('click',sort);th.addEventListener('keydown',function(e){if(e.key==='Enter')sort();});});
        var params=new URLSearchParams(location.search);selects.forEach(function(s){var v=params.get(s.getAttribute('data-filter'));if(v)s.value=v;});apply();
        })();
        """
}
