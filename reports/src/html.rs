//! `index.html`: one self-contained page (styles inline, charts embedded as PNG data), so it
//! opens from disk or as a mail attachment without a server; the SVG and PNG files beside it
//! are linked for download.

use crate::charts::Chart;
use crate::markdown::overview;
use crate::summary::Summary;
use crate::tables::{definitions, shared_keys, tables};

const STYLE: &str = "body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:24px auto;max-width:1200px;\
padding:0 16px;color:#222;line-height:1.4}h1{margin-bottom:4px}h2{margin-top:36px;border-bottom:1px solid #ccc}\
p.note{color:#555;margin:4px 0 10px}figure{margin:16px 0 28px}figure img{max-width:100%;height:auto;\
border:1px solid #ddd}figcaption{color:#555;font-size:0.92em}table{border-collapse:collapse;font-size:0.9em;\
margin-bottom:8px}th,td{border:1px solid #ccc;padding:3px 8px;white-space:nowrap}th{background:#f0f0f0;\
position:sticky;top:0}tr:nth-child(even) td{background:#fafafa}td.n{text-align:right;\
font-variant-numeric:tabular-nums}.scroll{overflow-x:auto}dt{font-weight:bold}dd{margin:0 0 6px 16px}";

/// Escapes text for HTML content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Standard base64 (RFC 4648, padded), for the embedded images.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The whole page.
pub fn render(s: &Summary, charts: &[Chart]) -> String {
    let mut h = String::new();
    h += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    h += "<title>dq report</title>\n";
    h += &format!("<style>{STYLE}</style>\n</head>\n<body>\n<h1>dq report</h1>\n");
    h += &format!("<p>{}</p>\n", escape(overview(s).trim()));
    let shared = shared_keys(s);
    if !shared.is_empty() {
        h += &format!("<p>All groups: {}.</p>\n", escape(&shared));
    }
    h += "<p>Files: <a href=\"summary.json\">summary.json</a> (every figure), \
          <a href=\"summary.md\">summary.md</a> (these tables).</p>\n";
    for c in charts {
        h += &format!(
            "<figure id=\"chart-{name}\">\n<img src=\"data:image/png;base64,{data}\" width=\"{w}\" height=\"{ht}\" \
             alt=\"{title}: {caption}\">\n<figcaption><b>{title}.</b> {caption} \
             (<a href=\"{name}.svg\">SVG</a>, <a href=\"{name}.png\">PNG</a>)</figcaption>\n</figure>\n",
            name = c.name,
            data = base64(&c.png),
            w = c.size.0,
            ht = c.size.1,
            title = escape(&c.title),
            caption = escape(&c.caption),
        );
    }
    for t in tables(s) {
        h += &format!("<h2 id=\"{}\">{}</h2>\n<p class=\"note\">{}</p>\n", t.id, escape(&t.title), escape(&t.note));
        h += "<div class=\"scroll\"><table>\n<thead><tr>";
        for col in &t.header {
            h += &format!("<th>{}</th>", escape(col));
        }
        h += "</tr></thead>\n<tbody>\n";
        for r in &t.rows {
            h += "<tr>";
            for (i, cell) in r.iter().enumerate() {
                if i >= t.numeric_from {
                    h += &format!("<td class=\"n\">{}</td>", escape(cell));
                } else {
                    h += &format!("<td>{}</td>", escape(cell));
                }
            }
            h += "</tr>\n";
        }
        h += "</tbody>\n</table></div>\n";
    }
    h += "<h2 id=\"definitions\">Definitions</h2>\n<dl>\n";
    for (term, what) in definitions(s) {
        h += &format!("<dt>{}</dt><dd>{}.</dd>\n", escape(term), escape(what));
    }
    h += "</dl>\n</body>\n</html>\n";
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_known_values() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }

    #[test]
    fn escaping() {
        assert_eq!(escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
    }
}
