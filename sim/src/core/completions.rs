//! `dq completions` and `dq man`: shell completion scripts and roff manual pages, generated
//! from the clap definitions at run time so they can never disagree with `--help`.
//!
//! The man pages are printed (or written with `--dir`) by the binary itself rather than
//! produced at build time: a build script would need the CLI definitions in a second crate,
//! and a packager who has the binary can always regenerate pages that match it exactly.

use crate::cli::{Cli, CompletionsArgs, ManArgs};
use crate::error::{bad, Failure};
use clap::CommandFactory;
use std::path::Path;

/// Prints the completion script for the shell asked for.
pub fn completions(args: &CompletionsArgs) -> Result<(), Failure> {
    let mut cmd = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "dq", &mut script);
    crate::error::emit(&String::from_utf8_lossy(&script));
    Ok(())
}

/// The command tree as the pages show it: built, so subcommands carry their display names
/// (`dq-run`) and usage lines (`dq run`), without clap's `help` subcommand.
fn command_tree() -> clap::Command {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// The subcommands that get a page of their own, in definition order.
fn pages(cmd: &clap::Command) -> Vec<&clap::Command> {
    cmd.get_subcommands().filter(|s| !s.is_hide_set()).collect()
}

/// One page as roff text. Every page names dq's version as its source; the date stays blank
/// (written as `\&`, roff's empty glyph, because an empty argument would shift the source into
/// the date's place) so the same binary always prints the same pages.
fn render(cmd: clap::Command) -> Vec<u8> {
    let mut text = Vec::new();
    let name = cmd.get_name().to_string();
    clap_mangen::Man::new(cmd)
        .date("\\&")
        .source(format!("dq {}", env!("CARGO_PKG_VERSION")))
        .manual("dq manual")
        .render(&mut text)
        .expect("writing to memory cannot fail");
    text.extend_from_slice(sections(&name).as_bytes());
    text
}

/// Prints the dq(1) page, or the dq-COMMAND(1) page of one subcommand; with `--dir`, writes
/// every page into that folder instead.
pub fn man(args: &ManArgs) -> Result<(), Failure> {
    let cmd = command_tree();
    if let Some(dir) = &args.dir {
        return write_all(&cmd, dir);
    }
    let page = match &args.command {
        None => cmd.clone(),
        Some(name) => {
            let subs = pages(&cmd);
            match subs.iter().find(|s| s.get_name() == name.as_str()) {
                Some(s) => (*s).clone(),
                None => {
                    let known: Vec<&str> = subs.iter().map(|s| s.get_name()).collect();
                    return Err(bad(format!("dq man: unknown command \"{name}\" (known: {})", known.join(", "))));
                }
            }
        }
    };
    crate::error::emit(&String::from_utf8_lossy(&render(page)));
    Ok(())
}

/// Examples of each page's command, as (what it does, the command).
fn examples(name: &str) -> &'static [(&'static str, &'static str)] {
    match name {
        "run" => &[
            ("100,000 games, one random hero each, greedy bot; print the summary", "dq run"),
            (
                "four heroes with Late Start, rows to a Parquet file",
                "dq run --games 1000000 --heroes 4 --rule late-start --out late.parquet",
            ),
            ("until every hero's survival is known to +/-0.5 points", "dq run --precision 0.005 --heroes 4"),
            ("shard 3 of 8 of a ten-million-game run", "dq run --games 10000000 --shard 3/8 --out part3.parquet"),
        ],
        "replay" => {
            &[("game 80 of the four-hero run with seed 5, turn by turn", "dq replay --seed 5 --game 80 --heroes 4")]
        }
        "duel" => &[("Hugo against a troll, 100,000 times", "dq duel --hero hugo --monster troll")],
        "bench" => {
            &[("games/s of solo and four-hero games, three rounds", "dq bench && dq bench --heroes 4 --games 60000")]
        }
        "merge" => &[("join the parts of a sharded run", "dq merge parts/ --out results.parquet")],
        "report" => &[(
            "a report of two runs, Late Start measured against the standard game",
            "dq report std.parquet late.parquet --out report/",
        )],
        "compare" => {
            &[("Late Start minus the standard game, per hero", "dq compare std.parquet late.parquet --by hero")]
        }
        "sweep" => &[("every cell of a grid, one report", "dq sweep --config sweep.toml --out sweep/")],
        "completions" => &[("bash completions", "dq completions bash > ~/.local/share/bash-completion/completions/dq")],
        "man" => &[("every page into a folder", "dq man --dir man/man1")],
        _ => &[
            ("a run of 100,000 games", "dq run"),
            ("this page's subcommands each have a page", "dq man run | man -l -"),
        ],
    }
}

/// The EXAMPLES and EXIT STATUS sections every page ends with, as roff.
fn sections(name: &str) -> String {
    let esc = |s: &str| s.replace('\\', "\\e").replace('-', "\\-");
    let mut s = String::from(".SH EXAMPLES\n");
    for (what, cmd) in examples(name) {
        s += &format!(".TP\n{}\n\\fB{}\\fR\n", esc(what), esc(cmd));
    }
    s += ".SH \"EXIT STATUS\"\n";
    for (code, what) in [
        ("0", "success"),
        ("1", "a failure while working (e.g. the disk filled up)"),
        ("2", "bad input: arguments, data files, results files or an output path; one line on stderr names it, and nothing is written"),
        ("130, 143, 129", "stopped by Ctrl\\-C, SIGTERM or SIGHUP (128 + the signal); nothing half\\-written is left"),
    ] {
        s += &format!(".TP\n\\fB{code}\\fR\n{what}\n");
    }
    s
}

/// Writes `dq.1` and `dq-COMMAND.1` for every subcommand into `dir`, each under a temporary
/// name first, and prints the paths written.
fn write_all(cmd: &clap::Command, dir: &Path) -> Result<(), Failure> {
    let shown = dir.display();
    if dir.exists() && !dir.is_dir() {
        return Err(bad(format!("--dir {shown}: not a folder")));
    }
    std::fs::create_dir_all(dir).map_err(|e| bad(format!("--dir {shown}: cannot create it: {e}")))?;
    let mut all = vec![cmd.clone()];
    all.extend(pages(cmd).into_iter().cloned());
    let mut written = String::new();
    for page in all {
        let name = format!("{}.1", page.get_display_name().unwrap_or_else(|| page.get_name()));
        let path = crate::outdir::file_target(&dir.join(&name), "--dir")?;
        let tmp = crate::parquet_out::temp_path(&path);
        let result = std::fs::write(&tmp, render(page)).and_then(|_| std::fs::rename(&tmp, &path));
        if let Err(e) = result {
            let _ = std::fs::remove_file(&tmp);
            return Err(bad(format!("cannot write {}: {e}", path.display())));
        }
        written += &format!("{}\n", path.display());
    }
    crate::error::emit(&written);
    Ok(())
}
