//! Records the git commit the binary is built from, for the Parquet metadata (`dq.git_commit`):
//! a results file should say which code produced it. Falls back to "unknown" when git or the
//! repository is missing (a source tarball), so the build never fails on it.

use std::path::Path;
use std::process::Command;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let commit = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(&root)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=DQ_GIT_COMMIT={commit}");

    // The kind of build, for `dq bench`'s report: figures from a profile-guided build
    // (scripts/pgo/build.sh sets DQ_BUILD) and a plain one should never be mixed up.
    // `PROFILE` is "release" for every profile that inherits from release.
    let build = std::env::var("DQ_BUILD")
        .ok()
        .filter(|b| !b.is_empty())
        .unwrap_or_else(|| std::env::var("PROFILE").unwrap_or_else(|_| "unknown".to_string()));
    println!("cargo:rustc-env=DQ_BUILD_KIND={build}");
    println!("cargo:rerun-if-env-changed=DQ_BUILD");

    // Rebuild when HEAD moves: HEAD itself (branch switch), the branch's ref, packed refs.
    // Git says where they are, so a worktree (whose `.git` is a file) is followed too. Only
    // existing paths are named: a missing one would make cargo rerun this every build.
    let mut watched = Vec::new();
    if let Some(head) = git_path(&root, "HEAD").filter(|p| p.is_file()) {
        if let Some(r) = std::fs::read_to_string(&head).ok().and_then(|t| t.strip_prefix("ref: ").map(str::to_string)) {
            watched.extend(git_path(&root, r.trim()));
        }
        watched.extend(git_path(&root, "packed-refs"));
        watched.push(head);
    }
    watched.retain(|p| p.is_file());
    if watched.is_empty() {
        println!("cargo:rerun-if-changed=build.rs");
    }
    for p in watched {
        println!("cargo:rerun-if-changed={}", p.display());
    }
}

/// Where git keeps `what` (`HEAD`, a ref, `packed-refs`) for the checkout at `root`, worktrees
/// included; `None` without git.
fn git_path(root: &Path, what: &str) -> Option<std::path::PathBuf> {
    let out = Command::new("git").args(["rev-parse", "--git-path", what]).current_dir(root).output().ok()?;
    let text = String::from_utf8(out.stdout).ok().filter(|_| out.status.success())?;
    let p = Path::new(text.trim());
    Some(if p.is_absolute() { p.to_path_buf() } else { root.join(p) })
}
