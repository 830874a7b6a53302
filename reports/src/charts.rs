//! The report's charts, as its family's spec lists them ([`crate::spec::ChartSpec`]), drawn
//! with plotters from the [`Summary`] figures only, each rendered twice from one
//! description: SVG (vector, for print) and PNG (pixels with the vendored DejaVu Sans font,
//! so it looks the same on every machine).

use crate::error::{failed, Error};
use crate::spec::{ChartSpec, KeyKind, Plot, ReportSpec, Rgb};
use crate::summary::{GroupSummary, Summary};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::collections::BTreeMap;

/// The font every chart is set in, vendored so the PNGs do not depend on installed fonts.
const FONT_BYTES: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
/// The family name charts ask for (and SVG text names).
const FONT: &str = "DejaVu Sans";

/// Colours of series, in order (a colour-blind-friendly qualitative palette).
const PALETTE: [RGBColor; 10] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
    RGBColor(0x7f, 0x7f, 0x7f),
    RGBColor(0xbc, 0xbd, 0x22),
    RGBColor(0x17, 0xbe, 0xcf),
];

/// A column value as readers say it: `dead_end` → `dead end`.
pub fn human(value: &str) -> String {
    value.replace('_', " ")
}

/// The colour of a cause a chart lists none for.
const GREY: RGBColor = RGBColor(0x7f, 0x7f, 0x7f);

/// Groups drawn one bar each in the death-cause chart; beyond this they are pooled by series.
const MAX_CAUSE_ROWS: usize = 24;

/// One rendered chart.
#[derive(Clone, Debug)]
pub struct Chart {
    /// File stem: `{name}.svg`, `{name}.png`.
    pub name: &'static str,
    pub title: String,
    /// What the chart shows, for the page and as the image's alt text.
    pub caption: String,
    pub svg: String,
    pub png: Vec<u8>,
    pub size: (u32, u32),
}

/// A chart's content, independent of the backend it is drawn on.
enum Draw {
    /// Bars per category and series with 95% error bars (values in percent).
    /// `signed`: differences, on an axis around 0 with signed ticks; else rates from 0.
    Bars { categories: Vec<String>, series: Vec<(String, Vec<Option<[f64; 3]>>)>, y_desc: String, signed: bool },
    /// Line panels side by side.
    Lines(Vec<Panel>),
    /// Horizontal bars of parts summing to 100% per row.
    Stacked { rows: Vec<String>, parts: Vec<(String, RGBColor, Vec<f64>)> },
}

struct Panel {
    title: String,
    legend: SeriesLabelPosition,
    x_desc: String,
    y_desc: String,
    series: Vec<(String, Vec<(f64, f64)>)>,
}

fn register_font() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, FONT_BYTES)
            .unwrap_or_else(|_| panic!("the vendored font is a valid TrueType font"));
    });
}

/// How groups are pooled into the series of a chart: by variant (every table key but the
/// subject) when there are several variants, else by the subject's value.
struct Series {
    labels: Vec<String>,
    /// Series index of each group.
    of_group: Vec<usize>,
    by_variant: bool,
    /// Each group's variant label, and the variants in key order.
    variant_of: Vec<String>,
    variants: Vec<String>,
}

/// How a variant's key value sorts: the rule-free game first (the baseline leads), numbers
/// as numbers, other text as text.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum SortPart {
    Rules(bool, String),
    Number(u64),
    Text(String),
}

/// The table keys a variant is made of: all but the subject, in table order.
fn variant_keys(spec: &ReportSpec) -> impl Iterator<Item = &'static str> + '_ {
    spec.table_keys.iter().copied().filter(move |k| *k != spec.subject.key)
}

/// The group key without the subject, shown as its varying parts only ("all" if none varies).
fn variant_labels(spec: &ReportSpec, groups: &[GroupSummary]) -> Vec<String> {
    let parts = |g: &GroupSummary| -> Vec<String> {
        variant_keys(spec)
            .map(|k| match spec.series_forms.iter().find(|(c, _)| *c == k) {
                Some((_, form)) => form.replace("{}", &g.key(k)),
                None => g.key(k),
            })
            .collect()
    };
    let all: Vec<Vec<String>> = groups.iter().map(parts).collect();
    let n = variant_keys(spec).count();
    let varies: Vec<bool> = (0..n)
        .map(|i| all.iter().map(|p| p[i].as_str()).collect::<std::collections::BTreeSet<_>>().len() > 1)
        .collect();
    all.iter()
        .map(|p| {
            let shown: Vec<&str> = (0..n).filter(|&i| varies[i]).map(|i| p[i].as_str()).collect();
            if shown.is_empty() {
                "all".to_string()
            } else {
                shown.join(" · ")
            }
        })
        .collect()
}

fn series(spec: &ReportSpec, groups: &[GroupSummary]) -> Series {
    let variant_of = variant_labels(spec, groups);
    let mut order: Vec<usize> = (0..groups.len()).collect();
    let standard = spec.shown(spec.effects.rules, "");
    order.sort_by_key(|&i| {
        let g = &groups[i];
        variant_keys(spec)
            .map(|k| {
                let v = g.key(k);
                match spec.keys.iter().find(|key| key.column == k).map(|key| &key.kind) {
                    _ if k == spec.effects.rules => SortPart::Rules(v != standard, v),
                    Some(KeyKind::Number) => SortPart::Number(v.parse().unwrap_or(0)),
                    _ => SortPart::Text(v),
                }
            })
            .collect::<Vec<_>>()
    });
    let mut variants: Vec<String> = Vec::new();
    for i in order {
        if !variants.contains(&variant_of[i]) {
            variants.push(variant_of[i].clone());
        }
    }
    let by_variant = variants.len() > 1;
    let (labels, keys) = if by_variant {
        (variants.clone(), variant_of.clone())
    } else {
        let subjects: Vec<String> = groups.iter().map(|g| g.key(spec.subject.key)).collect();
        let mut labels = subjects.clone();
        labels.sort();
        labels.dedup();
        (labels, subjects)
    };
    let of_group = keys.iter().map(|k| labels.iter().position(|l| l == k).expect("label listed")).collect();
    Series { labels, of_group, by_variant, variant_of, variants }
}

fn hist_add(into: &mut BTreeMap<i64, u64>, h: &[(i64, u64)]) {
    for &(v, c) in h {
        *into.entry(v).or_default() += c;
    }
}

fn pct(k: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * k as f64 / n as f64
    }
}

fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

/// Every chart of a report, as its spec lists them.
pub fn charts(s: &Summary) -> Result<Vec<Chart>, Error> {
    register_font();
    if s.groups.is_empty() {
        return Ok(Vec::new());
    }
    let ser = series(s.spec, &s.groups);
    let mut out = Vec::new();
    for c in s.spec.charts {
        if let Some(chart) = chart(s, &ser, c)? {
            out.push(chart);
        }
    }
    Ok(out)
}

/// One chart `c` of `s` (none for an effects chart without rule effects).
fn chart(s: &Summary, ser: &Series, c: &ChartSpec) -> Result<Option<Chart>, Error> {
    let what = if ser.by_variant { "variant" } else { s.spec.subject.key };
    let text = |t: &str, top: i64| {
        t.replace("{baseline}", &s.effects.baseline).replace("{series}", what).replace("{top}", &top.to_string())
    };
    let (mut size, mut top) = (c.size, 0);
    let plot = match &c.plot {
        Plot::Rate { count, axis } => rate_bars(s, ser, count, axis),
        Plot::Effects { .. } if s.effects.effects.is_empty() => return Ok(None),
        Plot::Effects { axis } => effect_bars(s, axis),
        Plot::Cumulative { dist, x_axis, y_axis } => {
            let (plot, end) = cumulative(s, ser, dist, x_axis, y_axis);
            top = end;
            plot
        }
        Plot::Ends { count, label, colour, causes } => {
            let (plot, bars) = ends(s, ser, count, (label, *colour), causes);
            size.1 += 30 * bars as u32;
            plot
        }
        Plot::Shares { panels, x_axis, y_axis } => shares(s, ser, panels, x_axis, y_axis),
    };
    if let Draw::Bars { categories, .. } = &plot {
        // Upright labels take the default band; turned ones need their length below the axis.
        size.1 += label_band(categories, size.0).saturating_sub(BAR_LABEL_BAND);
    }
    render(c.name, text(c.title, top), text(c.caption, top), size, &plot).map(Some)
}

/// A count's share of the rows, a bar per subject and variant, with Wilson 95% error bars.
fn rate_bars(s: &Summary, ser: &Series, count: &str, axis: &str) -> Draw {
    let subject = s.spec.subject.key;
    let mut subjects: Vec<String> = s.groups.iter().map(|g| g.key(subject)).collect();
    subjects.sort();
    subjects.dedup();
    let bars = ser
        .variants
        .iter()
        .map(|v| {
            let vals = subjects
                .iter()
                .map(|h| {
                    // One group per subject and variant; pool if a variant label hides a difference.
                    let (mut k, mut n) = (0u64, 0u64);
                    for (i, g) in s.groups.iter().enumerate() {
                        if &g.key(subject) == h && &ser.variant_of[i] == v {
                            k += g.count(None, count);
                            n += g.hero_games;
                        }
                    }
                    (n > 0).then(|| {
                        let (lo, hi) = crate::stats::wilson(k, n, crate::stats::Z95);
                        [pct(k, n), 100.0 * lo, 100.0 * hi]
                    })
                })
                .collect();
            (v.clone(), vals)
        })
        .collect();
    Draw::Bars { categories: subjects, series: bars, y_desc: axis.to_string(), signed: false }
}

/// Each rule set's effect on the headline rate, per subject, against the baseline.
fn effect_bars(s: &Summary, axis: &str) -> Draw {
    let mut cats: Vec<String> = vec!["all".into()];
    for e in &s.effects.effects {
        if !cats.contains(&e.hero) {
            cats.push(e.hero.clone());
        }
    }
    let mut series: Vec<(String, Vec<Option<[f64; 3]>>)> = Vec::new();
    for e in &s.effects.effects {
        let name = if e.context == "all" { e.rules.clone() } else { format!("{} · {}", e.rules, e.context) };
        let i = match series.iter().position(|(n, _)| *n == name) {
            Some(i) => i,
            None => {
                series.push((name, vec![None; cats.len()]));
                series.len() - 1
            }
        };
        let c = cats.iter().position(|h| *h == e.hero).expect("listed");
        let d = &e.diff;
        series[i].1[c] =
            Some([100.0 * d.survival_diff, 100.0 * d.survival_diff_ci95[0], 100.0 * d.survival_diff_ci95[1]]);
    }
    Draw::Bars { categories: cats, series, y_desc: axis.to_string(), signed: true }
}

/// A distribution's cumulative shares, a step line per series, and where its x axis ends: at
/// the largest 95th percentile, so the rare large values do not squash the rest.
fn cumulative(s: &Summary, ser: &Series, dist: &str, x_axis: &str, y_axis: &str) -> (Draw, i64) {
    let mut hists: Vec<BTreeMap<i64, u64>> = vec![BTreeMap::new(); ser.labels.len()];
    for (i, g) in s.groups.iter().enumerate() {
        hist_add(&mut hists[ser.of_group[i]], &g.dist(dist).histogram);
    }
    let top = hists.iter().filter_map(|h| crate::stats::quantile(h, 95, 100)).max().unwrap_or(0).max(1);
    let lines = ser
        .labels
        .iter()
        .zip(&hists)
        .map(|(l, h)| {
            let n: u64 = h.values().sum();
            let mut pts = vec![(0.0, 0.0)];
            let mut seen = 0u64;
            for (&v, &c) in h.range(..=top) {
                pts.push((v as f64, pct(seen, n)));
                seen += c;
                pts.push((v as f64, pct(seen, n)));
            }
            pts.push((top as f64, pct(seen, n)));
            (l.clone(), pts)
        })
        .collect();
    let panel = Panel {
        title: String::new(),
        legend: SeriesLabelPosition::LowerRight,
        x_desc: x_axis.to_string(),
        y_desc: y_axis.to_string(),
        series: lines,
    };
    (Draw::Lines(vec![panel]), top)
}

/// How rows ended: each group (or series, when there are many groups) as a bar of parts, the
/// count's (`first`: its label and colour) then each cause's; and the number of bars.
fn ends(s: &Summary, ser: &Series, count: &str, first: (&str, Rgb), causes: &[(&str, Rgb)]) -> (Draw, usize) {
    let (groups, subject) = (&s.groups, s.spec.subject.key);
    let rows: Vec<(String, Vec<usize>)> = if groups.len() <= MAX_CAUSE_ROWS {
        groups
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let label = if ser.by_variant {
                    format!("{} · {}", g.key(subject), ser.labels[ser.of_group[i]])
                } else {
                    g.key(subject)
                };
                (label, vec![i])
            })
            .collect()
    } else {
        ser.labels
            .iter()
            .enumerate()
            .map(|(s, l)| (l.clone(), (0..groups.len()).filter(|&i| ser.of_group[i] == s).collect()))
            .collect()
    };
    let total = |idx: &[usize], f: &dyn Fn(&GroupSummary) -> u64| idx.iter().map(|&i| f(&groups[i])).sum::<u64>();
    let share = |f: &dyn Fn(&GroupSummary) -> u64| -> Vec<f64> {
        rows.iter().map(|(_, idx)| pct(total(idx, f), total(idx, &|g| g.hero_games))).collect()
    };
    let mut parts = vec![(first.0.to_string(), rgb(first.1), share(&|g| g.count(None, count)))];
    for cause in &s.death_causes {
        let colour = causes.iter().find(|(c, _)| c == cause).map_or(GREY, |(_, c)| rgb(*c));
        parts.push((human(cause), colour, share(&|g| g.causes().and_then(|c| c.get(cause)).copied().unwrap_or(0))));
    }
    let bars = rows.len();
    (Draw::Stacked { rows: rows.into_iter().map(|r| r.0).collect(), parts }, bars)
}

/// Distributions as shares of the series' rows per value, a panel each, a line per series.
fn shares(s: &Summary, ser: &Series, panels: &[(&str, &str)], x_axis: &str, y_axis: &str) -> Draw {
    let mut n = vec![0u64; ser.labels.len()];
    let mut hists = vec![vec![BTreeMap::<i64, u64>::new(); ser.labels.len()]; panels.len()];
    for (i, g) in s.groups.iter().enumerate() {
        let series = ser.of_group[i];
        for (h, (_, dist)) in hists.iter_mut().zip(panels) {
            hist_add(&mut h[series], &g.dist(dist).histogram);
        }
        n[series] += g.hero_games;
    }
    let max = hists.iter().flatten().filter_map(|h| h.keys().next_back().copied()).max().unwrap_or(1);
    let lines = |hs: &[BTreeMap<i64, u64>]| -> Vec<(String, Vec<(f64, f64)>)> {
        ser.labels
            .iter()
            .zip(hs)
            .zip(&n)
            .map(|((l, h), &n)| {
                (l.clone(), (0..=max).map(|r| (r as f64, pct(h.get(&r).copied().unwrap_or(0), n))).collect())
            })
            .collect()
    };
    Draw::Lines(
        panels
            .iter()
            .zip(&hists)
            .map(|((title, _), hs)| Panel {
                title: title.to_string(),
                legend: SeriesLabelPosition::UpperRight,
                x_desc: x_axis.to_string(),
                y_desc: y_axis.to_string(),
                series: lines(hs),
            })
            .collect(),
    )
}

/// Draws `plot` as SVG and as PNG.
fn render(name: &'static str, title: String, caption: String, size: (u32, u32), plot: &Draw) -> Result<Chart, Error> {
    let fail = |e: String| failed(format!("drawing the {name} chart: {e}"));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw(&root, &title, plot).map_err(fail)?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    let mut rgb = vec![0u8; size.0 as usize * size.1 as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, size).into_drawing_area();
        draw(&root, &title, plot).map_err(fail)?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    let png = encode_png(&rgb, size).map_err(fail)?;
    Ok(Chart { name, title, caption, svg, png, size })
}

fn encode_png(rgb: &[u8], (w, h): (u32, u32)) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(rgb).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

fn font(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().into()
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, title: &str, plot: &Draw) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(e)?;
    let root = root.titled(title, font(28)).map_err(e)?;
    match plot {
        Draw::Bars { categories, series, y_desc, signed } => {
            bars(&root, categories, series, y_desc, *signed).map_err(e)
        }
        Draw::Lines(panels) => {
            let areas = root.split_evenly((1, panels.len()));
            for (area, p) in areas.iter().zip(panels) {
                lines(area, p).map_err(e)?;
            }
            Ok(())
        }
        Draw::Stacked { rows, parts } => stacked(&root, rows, parts).map_err(e),
    }
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

fn bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    categories: &[String],
    series: &[(String, Vec<Option<[f64; 3]>>)],
    y_desc: &str,
    signed: bool,
) -> DrawResult<DB> {
    let n = categories.len().max(1);
    let top = series.iter().flat_map(|(_, v)| v.iter().flatten().map(|x| x[2])).fold(0.0f64, f64::max);
    let bottom = series.iter().flat_map(|(_, v)| v.iter().flatten().map(|x| x[1])).fold(0.0f64, f64::min);
    // Rates from 0 up; differences (some below 0) on an axis around 0 with room either side.
    let (y_min, y_max) = if signed {
        let step = nice_step((top - bottom).max(0.1) * 1.2 / 8.0);
        (((bottom * 1.1) / step).floor() * step, ((top.max(0.0) * 1.1) / step).ceil().max(1.0) * step)
    } else {
        (0.0, ((top * 1.15 / 10.0).ceil() * 10.0).clamp(10.0, 100.0))
    };
    let decimals = percent_decimals(y_max - y_min);
    let band = label_band(categories, area.dim_in_pixel().0);
    let turned = band > BAR_LABEL_BAND;
    // Category i is centred on x = i: asking for n labels makes the key points the integers.
    let mut chart = ChartBuilder::on(area)
        .margin(BAR_MARGIN)
        .x_label_area_size(band)
        .y_label_area_size(BAR_Y_BAND)
        .build_cartesian_2d(-0.5..n as f64 - 0.5, y_min..y_max)?;
    // Turned labels are drawn below, hanging from the axis (the mesh would centre them on it).
    let label = |x: &f64| if turned { String::new() } else { category(categories, *x) };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(n)
        .x_label_formatter(&label)
        .y_label_formatter(&|y| if signed { format!("{y:+.decimals$}") } else { format!("{y:.decimals$}%") })
        .y_desc(y_desc)
        .label_style(font(19))
        .axis_desc_style(font(19))
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .draw()?;
    if turned {
        let style = font(19).transform(FontTransform::Rotate90).pos(Pos::new(HPos::Left, VPos::Center));
        let base = area.get_base_pixel();
        for (i, name) in categories.iter().enumerate() {
            let (x, y) = chart.backend_coord(&(i as f64, y_min));
            area.draw_text(name, &style, (x - base.0, y - base.1 + 8))?;
        }
    }
    let k = series.len().max(1) as f64;
    let slot = 0.8 / k;
    for (s, (name, vals)) in series.iter().enumerate() {
        let colour = PALETTE[s % PALETTE.len()];
        let x0 = |i: usize| i as f64 - 0.4 + s as f64 * slot;
        let anno = chart.draw_series(vals.iter().enumerate().filter_map(|(i, v)| {
            v.map(|v| Rectangle::new([(x0(i) + slot * 0.08, 0.0), (x0(i) + slot * 0.92, v[0])], colour.filled()))
        }))?;
        if series.len() > 1 {
            anno.label(name.clone())
                .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 14, y + 6)], colour.filled()));
        }
        // Error bars: the interval with short caps.
        chart.draw_series(vals.iter().enumerate().filter_map(|(i, v)| {
            v.map(|v| {
                let c = x0(i) + slot / 2.0;
                let w = slot * 0.18;
                PathElement::new(
                    vec![(c - w, v[1]), (c + w, v[1]), (c, v[1]), (c, v[2]), (c - w, v[2]), (c + w, v[2])],
                    BLACK.stroke_width(2),
                )
            })
        }))?;
    }
    if series.len() > 1 {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.9))
            .border_style(RGBColor(0x99, 0x99, 0x99))
            .label_font(font(17))
            .draw()?;
    }
    Ok(())
}

/// A bar chart's margin and y-label band, in pixels.
const BAR_MARGIN: u32 = 16;
const BAR_Y_BAND: u32 = 84;
/// The band below a bar chart's axis for upright category labels.
const BAR_LABEL_BAND: u32 = 50;
/// About the widest glyph of the 19 px label font, so a label's width is not underestimated.
const LABEL_CHAR_PX: u32 = 9;

/// The band below a bar chart `width` pixels wide for its category labels: the upright band
/// when every label fits its category's width, else one as deep as the longest label, which
/// is then drawn turned a quarter (36 heroes' names side by side would overprint).
fn label_band(categories: &[String], width: u32) -> u32 {
    let n = categories.len().max(1) as u32;
    let slot = width.saturating_sub(2 * BAR_MARGIN + BAR_Y_BAND) / n;
    let longest = categories.iter().map(|c| c.chars().count() as u32).max().unwrap_or(0) * LABEL_CHAR_PX;
    if longest <= slot {
        BAR_LABEL_BAND
    } else {
        longest + 16
    }
}

/// The category label at an integer key point (none between categories).
fn category(labels: &[String], at: f64) -> String {
    let i = at.round();
    if (at - i).abs() > 1e-6 || i < 0.0 {
        return String::new();
    }
    labels.get(i as usize).cloned().unwrap_or_default()
}

fn lines<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, p: &Panel) -> DrawResult<DB> {
    let x_max = p.series.iter().flat_map(|(_, v)| v.iter().map(|q| q.0)).fold(1.0f64, f64::max);
    let top = p.series.iter().flat_map(|(_, v)| v.iter().map(|q| q.1)).fold(0.0f64, f64::max);
    let y_max = (top * 1.1).clamp(1.0, 100.0);
    let mut b = ChartBuilder::on(area);
    b.margin(16).x_label_area_size(54).y_label_area_size(80);
    if !p.title.is_empty() {
        b.caption(&p.title, font(22));
    }
    let mut chart = b.build_cartesian_2d(0.0..x_max, 0.0..y_max)?;
    // Short axes get ticks below 1% apart: print as many decimals as the ticks need.
    let decimals = percent_decimals(y_max);
    chart
        .configure_mesh()
        .x_desc(p.x_desc.as_str())
        .y_desc(p.y_desc.as_str())
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.decimals$}%"))
        .label_style(font(19))
        .axis_desc_style(font(19))
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .draw()?;
    for (s, (name, pts)) in p.series.iter().enumerate() {
        let colour = PALETTE[s % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), colour.stroke_width(2)))?
            .label(name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(3)));
    }
    chart
        .configure_series_labels()
        .position(p.legend.clone())
        .background_style(WHITE.mix(0.9))
        .border_style(RGBColor(0x99, 0x99, 0x99))
        .label_font(font(17))
        .draw()?;
    Ok(())
}

/// 1, 2 or 5 times a power of ten, at least `raw`.
fn nice_step(raw: f64) -> f64 {
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * p).find(|s| *s >= raw).unwrap_or(10.0 * p)
}

/// Decimals a percent axis from 0 to `y_max` needs so that no two of its ticks (about ten,
/// at 1, 2 or 5 times a power of ten apart) print alike.
fn percent_decimals(y_max: f64) -> usize {
    let step = y_max / 10.0;
    if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()) as usize
    }
}

fn stacked<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    rows: &[String],
    parts: &[(String, RGBColor, Vec<f64>)],
) -> DrawResult<DB> {
    let n = rows.len().max(1);
    let label_width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(4) as u32 * 10 + 16;
    let (body, legend) = area.split_vertically(area.dim_in_pixel().1.saturating_sub(50));
    // Row r is centred on y = n - 1 - r (row 0 at the top).
    let mut chart = ChartBuilder::on(&body)
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(label_width.clamp(60, 420))
        .build_cartesian_2d(0.0..100.0, -0.5..n as f64 - 0.5)?;
    let reversed: Vec<String> = rows.iter().rev().cloned().collect();
    let label = |y: &f64| category(&reversed, *y);
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n)
        .x_label_formatter(&|x| format!("{x:.0}%"))
        .y_label_formatter(&label)
        .label_style(font(17))
        .light_line_style(RGBColor(0xee, 0xee, 0xee))
        .draw()?;
    let mut start = vec![0.0f64; n];
    for (_, colour, vals) in parts {
        chart.draw_series(vals.iter().enumerate().map(|(r, &v)| {
            let y = (n - 1 - r) as f64;
            let rect = Rectangle::new([(start[r], y - 0.35), (start[r] + v, y + 0.35)], colour.filled());
            start[r] += v;
            rect
        }))?;
    }
    // The legend as a row of swatches under the chart.
    let mut x = 20i32;
    for (name, colour, _) in parts {
        legend.draw(&Rectangle::new([(x, 14), (x + 14, 28)], colour.filled()))?;
        legend.draw(&Text::new(name.clone(), (x + 20, 14), font(17)))?;
        x += 34 + 10 * name.chars().count() as i32;
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::spec::tests::TOY;
    use crate::summary::{Dist, KeyValue, Named, Totals, Value};

    /// A summary of `TOY`: one player under two rule sets and seat counts.
    pub(crate) fn toy_summary() -> Summary {
        let group = |ruleset: &str, seats: u64, won: u64| GroupSummary {
            keys: Named(vec![
                ("player", KeyValue::Text("ann".into())),
                ("ruleset", KeyValue::Text(ruleset.into())),
                ("seats", KeyValue::Number(seats)),
            ]),
            hero_games: 10,
            figures: Named(vec![
                ("won", Value::Count(won)),
                ("points", Value::Dist(Dist::of(&[(1, 4), (7, 6)].into_iter().collect()))),
                ("losses", Value::Causes([("timeout".to_string(), 10 - won)].into_iter().collect())),
            ]),
        };
        Summary {
            spec: &TOY,
            summary_version: crate::summary::SUMMARY_VERSION,
            schema_version: 2,
            totals: Totals {
                files: 2,
                hero_games: 20,
                games: 20,
                survived: 9,
                differ_in: Vec::new(),
                survival_rate: Some(0.45),
                survival_wilson95: Some([0.2, 0.7]),
            },
            death_causes: vec!["timeout".into()],
            groups: vec![group("plain", 2, 4), group("fast", 3, 5)],
            effects: Default::default(),
            files: Vec::new(),
        }
    }

    /// The charts, their names, titles, captions, axes and series labels are the spec's.
    #[test]
    fn the_spec_declares_the_charts() {
        let s = toy_summary();
        let charts = charts(&s).unwrap();
        let names: Vec<&str> = charts.iter().map(|c| c.name).collect();
        // No rule effects: no effects chart.
        assert_eq!(names, ["wins", "points", "ends", "spread"]);
        assert_eq!(charts[0].title, "Wins by player");
        assert_eq!(charts[1].caption, "Up to 7 points, a line per variant.");
        assert_eq!(charts[3].caption, "A line per variant.");
        // 100 px and 30 per bar.
        assert_eq!(charts[2].size, (400, 160));
        // The series: the variant keys that vary, in the spec's forms, the plain rules first.
        let svg = &charts[0].svg;
        assert!(svg.contains("wins (%)") && svg.contains("plain · 2 seats"), "{svg}");
        assert!(svg.find("plain · 2 seats") < svg.find("fast · 3 seats"));
        for part in ["won", "timeout"] {
            assert!(charts[2].svg.contains(part), "{part}");
        }
        assert!(charts[3].svg.contains("all points"));
    }

    /// Labels that fit stay upright in the default band; many long ones (Dealing Dungeons'
    /// 36 hero sides) are turned, in a band as deep as the longest, and the chart grows by it.
    #[test]
    fn crowded_category_labels_are_turned() {
        let few: Vec<String> = ["gherinn", "krutzbeck", "tatianna"].map(String::from).to_vec();
        assert_eq!(label_band(&few, 1100), BAR_LABEL_BAND);
        let many: Vec<String> = (0..36).map(|i| format!("dwarf-shieldmaiden-{i}")).collect();
        let band = label_band(&many, 1100);
        assert_eq!(band, 21 * LABEL_CHAR_PX + 16);
        // Two series of rates over 36 subjects, drawn: taller by the band, every name written once.
        let series = vec![("a".to_string(), vec![Some([50.0, 40.0, 60.0]); 36])];
        let plot = Draw::Bars { categories: many.clone(), series, y_desc: "rate".into(), signed: false };
        register_font();
        let chart = render("crowded", "t".into(), "c".into(), (1100, 560), &plot).unwrap();
        for name in &many {
            assert_eq!(chart.svg.lines().filter(|l| l.trim() == name).count(), 1, "{name}");
        }
        assert!(chart.svg.contains("rotate(90"), "turned labels");
    }
}
