//! `dq report`: results files in, a report folder out (`index.html`, `summary.md`,
//! `summary.json`, each chart as SVG and PNG).

use crate::analysis::Analysis;
use crate::charts::{charts, Chart};
use crate::error::Error;
use crate::input::{self, InputFile};
use crate::spec::ReportSpec;
use crate::summary::Summary;
use dq_sim::outdir::{Existing, TempDir};
use std::path::Path;

/// A report, rendered in memory.
pub struct Rendered {
    pub summary: Summary,
    pub charts: Vec<Chart>,
    pub html: String,
    pub markdown: String,
    pub json: String,
}

impl Rendered {
    /// The report's files: (name inside the report folder, content), in a fixed order.
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        let mut v = vec![
            ("index.html".to_string(), self.html.as_bytes().to_vec()),
            ("summary.md".to_string(), self.markdown.as_bytes().to_vec()),
            ("summary.json".to_string(), self.json.as_bytes().to_vec()),
        ];
        for c in &self.charts {
            v.push((format!("{}.svg", c.name), c.svg.as_bytes().to_vec()));
            v.push((format!("{}.png", c.name), c.png.clone()));
        }
        v
    }
}

/// Reads checked files and renders their report as `spec` declares it.
pub fn render(
    spec: &'static ReportSpec,
    files: &[InputFile],
    baseline: Option<&str>,
    schema_version: u32,
) -> Result<Rendered, Error> {
    let analysis = Analysis::of(spec, files)?;
    let mut summary = Summary::of(spec, &analysis, files, schema_version);
    summary.effects = crate::effects::effects(spec, files, baseline)?;
    let charts = charts(&summary)?;
    let names: Vec<(&str, &str)> = charts.iter().map(|c| (c.name, c.title.as_str())).collect();
    let markdown = crate::markdown::render(&summary, &names);
    let html = crate::html::render(&summary, &charts);
    let json = summary.json();
    Ok(Rendered { summary, charts, html, markdown, json })
}

/// `dq report ARGS --out DIR`: resolves and checks the inputs (schema version
/// `schema_version`), renders the report and writes the folder whole (an earlier report in
/// `out` is replaced; any other non-empty folder is refused).
pub fn report(
    spec: &'static ReportSpec,
    args: &[String],
    out: &Path,
    baseline: Option<&str>,
    schema_version: u32,
) -> Result<Rendered, Error> {
    let dir = TempDir::create(out, Existing::Report, "--out")?;
    let files = input::check(spec, &input::resolve(args)?, schema_version)?;
    let rendered = render(spec, &files, baseline, schema_version)?;
    for (name, bytes) in rendered.files() {
        dir.write(&name, &bytes)?;
    }
    dir.commit()?;
    Ok(rendered)
}
