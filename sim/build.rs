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
    // Only existing paths are named: a missing one would make cargo rerun this every build.
    let git = root.join(".git");
    let head = git.join("HEAD");
    if head.is_file() {
        println!("cargo:rerun-if-changed={}", head.display());
        if let Ok(text) = std::fs::read_to_string(&head) {
            if let Some(r) = text.strip_prefix("ref: ") {
                let r = git.join(r.trim());
                if r.is_file() {
                    println!("cargo:rerun-if-changed={}", r.display());
                }
            }
        }
        let packed = git.join("packed-refs");
        if packed.is_file() {
            println!("cargo:rerun-if-changed={}", packed.display());
        }
    } else {
        println!("cargo:rerun-if-changed=build.rs");
    }
}
