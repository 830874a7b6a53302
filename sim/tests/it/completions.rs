//! `dq completions` and `dq man`: scripts the shells accept and that know every subcommand,
//! man pages that `man` renders, and clean refusals of unknown shells and commands.

use crate::support::*;
use std::process::Command;

/// The subcommands `dq --help` lists (so the test follows commands added later).
fn subcommands() -> Vec<String> {
    let help = ok(&["--help"]);
    let list = help.split_once("Commands:\n").expect("a Commands section").1;
    let names: Vec<String> = list
        .lines()
        .take_while(|l| l.starts_with("  "))
        // Names sit two spaces in; deeper lines continue a wrapped description (clap wraps
        // when a workspace member turns on its `wrap_help` feature).
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(str::to_string)
        .collect();
    for must in ["run", "merge", "completions", "man"] {
        assert!(names.iter().any(|n| n == must), "{must} missing from {names:?}");
    }
    names
}

#[test]
fn bash_loads_the_completion_script_and_completes_subcommands() {
    let dir = Scratch::new("bash");
    let script = ok(&["completions", "bash"]);
    let file = dir.0.join("dq.bash");
    std::fs::write(&file, &script).unwrap();
    // Load it into bash, then ask the completion function what follows `dq ` and `dq run --sh`.
    let probe = format!(
        "source {f}\ncomplete -p dq\n\
         COMP_WORDS=(dq ''); COMP_CWORD=1; COMP_LINE='dq '; COMP_POINT=3; _dq dq '' dq; echo \"${{COMPREPLY[*]}}\"\n\
         COMP_WORDS=(dq run --sh); COMP_CWORD=2; COMP_LINE='dq run --sh'; COMP_POINT=11; _dq dq --sh run; \
         echo \"${{COMPREPLY[*]}}\"\n",
        f = file.display()
    );
    let out = Command::new("bash").arg("-c").arg(&probe).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("complete ") && lines[0].ends_with(" -F _dq dq"), "{text}");
    let words: Vec<&str> = lines[1].split_whitespace().collect();
    for sub in subcommands() {
        assert!(words.contains(&sub.as_str()), "`dq <TAB>` does not offer {sub}: {words:?}");
    }
    assert_eq!(lines[2], "--shard", "{text}");
}

#[test]
fn other_shells_get_their_own_scripts() {
    let zsh = ok(&["completions", "zsh"]);
    assert!(zsh.starts_with("#compdef dq\n"), "{}", &zsh[..zsh.len().min(80)]);
    assert!(zsh.contains("'--allow-partial[") && zsh.contains("(merge)"), "zsh script lacks dq merge");
    let fish = ok(&["completions", "fish"]);
    assert!(fish.contains("complete -c dq -n \"__fish_dq_needs_command\" -f -a \"merge\""), "fish lacks merge");
    assert!(fish.contains("-l shard"), "fish lacks --shard");
    for shell in ["elvish", "powershell"] {
        assert!(ok(&["completions", shell]).contains("merge"), "{shell}");
    }
    let o = dq(&["completions", "tcsh"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("dq: invalid value 'tcsh' for '<SHELL>'"), "{err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn man_pages_render_and_cover_every_subcommand() {
    let page = ok(&["man"]);
    let version = env!("CARGO_PKG_VERSION");
    assert!(page.contains(&format!("\n.TH dq 1 \\& \"dq {version}\" \"dq manual\"\n")), "title line: {page}");
    for sub in subcommands() {
        assert!(page.contains(&format!("dq\\-{sub}(1)")), "dq(1) does not list dq-{sub}(1)");
    }
    let run = ok(&["man", "run"]);
    assert!(run.contains(&format!("\n.TH dq-run 1 \\& \"dq {version}\" \"dq manual\"\n")), "{run}");
    assert!(run.contains("\n\\fBdq run\\fR [") && run.contains("\\-\\-shard"), "dq-run(1) lacks --shard");

    // `man` itself renders the page (no warnings from groff about the roff).
    let dir = Scratch::new("man");
    let listed = ok(&["man", "--dir", &dir.0.display().to_string()]);
    let mut expect: Vec<String> = vec![dir.0.join("dq.1").display().to_string()];
    expect.extend(subcommands().iter().map(|s| dir.0.join(format!("dq-{s}.1")).display().to_string()));
    assert_eq!(listed.lines().collect::<Vec<_>>(), expect);
    let merge = dir.0.join("dq-merge.1");
    assert_eq!(std::fs::read_to_string(&merge).unwrap(), ok(&["man", "merge"]));
    if let Ok(out) = Command::new("man").arg("-l").arg(&merge).env("MANPAGER", "cat").env("MANWIDTH", "100").output() {
        if out.status.success() {
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains("--allow-partial"), "{text}");
            assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
        }
    }

    let o = dq(&["man", "explode"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("dq: dq man: unknown command \"explode\" (known: run, duel, replay, "), "{err}");
    assert!(err.contains(", merge, ") && err.contains(", man"), "{err}");
    // --dir creates its folder; a file in the way is refused.
    let missing = dir.0.join("no/such/folder").display().to_string();
    let listed = ok(&["man", "--dir", &missing]);
    assert!(listed.lines().any(|l| l.ends_with("dq-run.1")), "{listed}");
    let file = dir.0.join("no/such/folder/dq.1").display().to_string();
    let o = dq(&["man", "--dir", &file]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr), format!("dq: --dir {file}: not a folder\n"));
    // Every page ends with its examples and the exit codes.
    let run = ok(&["man", "run"]);
    assert!(run.contains(".SH EXAMPLES\n") && run.contains("dq run \\-\\-precision 0.005"), "{run}");
    assert!(run.contains(".SH \"EXIT STATUS\"\n") && run.contains("\\fB2\\fR\nbad input"), "{run}");
}
