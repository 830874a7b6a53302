//! Output folders that appear whole or not at all: everything is written into a hidden
//! temporary sibling (`.NAME.tmp-PID`), which is renamed to its final name only when
//! complete and removed on any error, Ctrl-C or panic.

use crate::error::{bad, failed, Failure as Error};
use std::path::{Path, PathBuf};

/// Where a file written to `path` must go: `path` itself, or the file a symbolic link there
/// points at (written through, the link kept). Why: the output is written beside its final
/// name and renamed over it, which would replace a link, a device (as root, `/dev/full`) or a
/// FIFO with a regular file; those are refused instead, with one line naming the option.
pub fn file_target(path: &Path, flag: &str) -> Result<PathBuf, Error> {
    target(path, flag, Kind::File)
}

/// [`file_target`] for an output folder: a link to a folder is written through.
pub fn folder_target(path: &Path, flag: &str) -> Result<PathBuf, Error> {
    target(path, flag, Kind::Folder)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    File,
    Folder,
}

fn target(path: &Path, flag: &str, want: Kind) -> Result<PathBuf, Error> {
    use std::os::unix::fs::FileTypeExt;
    let shown = path.display();
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(bad(format!("{flag} {shown}: {e}"))),
    };
    let t = meta.file_type();
    if t.is_symlink() {
        let to = std::fs::canonicalize(path)
            .map_err(|_| bad(format!("{flag} {shown}: a symbolic link to nothing (name a real path)")))?;
        return match std::fs::metadata(&to) {
            Ok(m) if m.file_type().is_symlink() => unreachable!("canonical paths hold no links"),
            Ok(_) => target(&to, flag, want).map_err(|e| bad(format!("{flag} {shown}: links to {}", e.message()))),
            Err(e) => Err(bad(format!("{flag} {shown}: {e}"))),
        };
    }
    let what = if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_socket() {
        "a socket"
    } else {
        return Ok(path.to_path_buf());
    };
    let wanted = match want {
        Kind::File => "regular files",
        Kind::Folder => "folders",
    };
    Err(bad(format!("{flag} {shown}: is {what}; dq writes its output only to {wanted}")))
}

/// What may stand at the final path already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Only an empty folder (a sweep never overwrites data).
    EmptyOnly,
    /// An empty folder or an earlier report (it has `index.html` and `summary.json`), which
    /// is replaced.
    Report,
}

/// A folder being written.
#[derive(Debug)]
pub struct TempDir {
    tmp: Option<PathBuf>,
    out: PathBuf,
    existing: Existing,
}

impl TempDir {
    /// Checks the final path and creates the temporary folder beside it. `flag` names the
    /// option in messages (e.g. `--out`).
    pub fn create(out: &Path, existing: Existing, flag: &str) -> Result<TempDir, Error> {
        let out = &folder_target(out, flag)?;
        let shown = out.display();
        let name = out
            .file_name()
            .filter(|n| *n != "." && *n != "..")
            .ok_or_else(|| bad(format!("{flag} {shown}: not a folder name")))?
            .to_string_lossy()
            .into_owned();
        let parent = match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if !parent.is_dir() {
            return Err(bad(format!("{flag} {shown}: the folder {} does not exist", parent.display())));
        }
        check_existing(out, existing, flag)?;
        let tmp = parent.join(format!(".{name}.tmp-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir(&tmp).map_err(|e| bad(format!("cannot write {shown}: {e}")))?;
        Ok(TempDir { tmp: Some(tmp), out: out.to_path_buf(), existing })
    }

    /// Where to write the content.
    pub fn path(&self) -> &Path {
        self.tmp.as_deref().expect("present until committed")
    }

    /// Writes one file (folders on its path created) inside the temporary folder.
    pub fn write(&self, rel: &str, bytes: &[u8]) -> Result<(), Error> {
        let p = self.path().join(rel);
        if let Some(dir) = p.parent() {
            std::fs::create_dir_all(dir).map_err(|e| failed(format!("cannot write {}: {e}", self.shown(rel))))?;
        }
        std::fs::write(&p, bytes).map_err(|e| failed(format!("cannot write {}: {e}", self.shown(rel))))
    }

    /// How a file inside is named in messages: under its final folder.
    pub fn shown(&self, rel: &str) -> String {
        self.out.join(rel).display().to_string()
    }

    /// Renames the finished folder to its final name (replacing an earlier report or an
    /// empty folder there).
    pub fn commit(mut self) -> Result<(), Error> {
        let tmp = self.tmp.clone().expect("present until committed");
        let shown = self.out.display().to_string();
        // Checked again: something may have appeared while we worked.
        check_existing(&self.out, self.existing, "--out")?;
        if self.out.exists() {
            let old = tmp.with_file_name(format!(
                ".{}.old-{}",
                self.out.file_name().unwrap_or_default().to_string_lossy(),
                std::process::id()
            ));
            let _ = std::fs::remove_dir_all(&old);
            std::fs::rename(&self.out, &old).map_err(|e| failed(format!("cannot replace {shown}: {e}")))?;
            if let Err(e) = std::fs::rename(&tmp, &self.out) {
                let _ = std::fs::rename(&old, &self.out);
                return Err(failed(format!("cannot write {shown}: {e}")));
            }
            let _ = std::fs::remove_dir_all(&old);
        } else {
            std::fs::rename(&tmp, &self.out).map_err(|e| failed(format!("cannot write {shown}: {e}")))?;
        }
        self.tmp = None;
        Ok(())
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if let Some(t) = self.tmp.take() {
            let _ = std::fs::remove_dir_all(t);
        }
    }
}

fn check_existing(out: &Path, existing: Existing, flag: &str) -> Result<(), Error> {
    let shown = out.display();
    if !out.exists() {
        return Ok(());
    }
    if !out.is_dir() {
        return Err(bad(format!("{flag} {shown}: exists and is not a folder")));
    }
    let empty = std::fs::read_dir(out).map_err(|e| bad(format!("{flag} {shown}: {e}")))?.next().is_none();
    let report = out.join("index.html").is_file() && out.join("summary.json").is_file();
    match existing {
        _ if empty => Ok(()),
        Existing::Report if report => match foreign_entry(out)? {
            // Replacing the report deletes the folder: refuse if it holds anything else.
            Some(name) => Err(bad(format!(
                "{flag} {shown}: holds {name}, which a dq report does not write (move it, or choose another folder)"
            ))),
            None => Ok(()),
        },
        Existing::Report => {
            Err(bad(format!("{flag} {shown}: the folder exists and is not a dq report (remove it or choose another)")))
        }
        Existing::EmptyOnly => Err(bad(format!("{flag} {shown}: the folder exists and is not empty"))),
    }
}

/// The first entry of an earlier report's folder that a report does not write (its pages,
/// summaries and charts, all regular files at the top), if any.
fn foreign_entry(out: &Path) -> Result<Option<String>, Error> {
    let shown = out.display();
    let mut names = Vec::new();
    for e in std::fs::read_dir(out).map_err(|e| bad(format!("--out {shown}: {e}")))? {
        let e = e.map_err(|e| bad(format!("--out {shown}: {e}")))?;
        let name = e.file_name().to_string_lossy().into_owned();
        let file = e.file_type().is_ok_and(|t| t.is_file());
        let ours = ["index.html", "summary.md", "summary.json"].contains(&name.as_str())
            || name.ends_with(".svg")
            || name.ends_with(".png");
        if !(file && ours) {
            names.push(name);
        }
    }
    names.sort();
    Ok(names.into_iter().next())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_appear_whole_and_replace_only_reports() {
        let base = std::env::temp_dir().join(format!("dq-reports-outdir-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(&base).unwrap();
        let out = base.join("r");
        let t = TempDir::create(&out, Existing::Report, "--out").unwrap();
        t.write("index.html", b"1").unwrap();
        t.write("summary.json", b"{}").unwrap();
        assert!(!out.exists(), "nothing visible before commit");
        t.commit().unwrap();
        assert_eq!(std::fs::read(out.join("index.html")).unwrap(), b"1");
        // An earlier report is replaced whole.
        let t = TempDir::create(&out, Existing::Report, "--out").unwrap();
        t.write("index.html", b"2").unwrap();
        t.write("summary.json", b"{}").unwrap();
        t.commit().unwrap();
        assert_eq!(std::fs::read(out.join("index.html")).unwrap(), b"2");
        // Dropped without commit: nothing left, not even the temporary folder.
        let t = TempDir::create(&base.join("gone"), Existing::EmptyOnly, "--out").unwrap();
        t.write("a/b.txt", b"x").unwrap();
        drop(t);
        let names: Vec<String> =
            std::fs::read_dir(&base).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        assert_eq!(names, vec!["r".to_string()]);
        // Refusals.
        let err = TempDir::create(&out, Existing::EmptyOnly, "--out").unwrap_err();
        assert_eq!(err, bad(format!("--out {}: the folder exists and is not empty", out.display())));
        std::fs::write(base.join("file"), b"x").unwrap();
        let err = TempDir::create(&base.join("file"), Existing::Report, "--out").unwrap_err();
        assert!(err.message().ends_with("exists and is not a folder"), "{err}");
        std::fs::create_dir(base.join("other")).unwrap();
        std::fs::write(base.join("other/x"), b"x").unwrap();
        let err = TempDir::create(&base.join("other"), Existing::Report, "--out").unwrap_err();
        assert!(err.message().ends_with("is not a dq report (remove it or choose another)"), "{err}");
        let err = TempDir::create(&base.join("no/such/r"), Existing::Report, "--out").unwrap_err();
        assert!(err.message().ends_with("does not exist"), "{err}");
        // An earlier report holding a file of the user's is not deleted by replacing it.
        std::fs::write(out.join("notes.txt"), b"mine").unwrap();
        let err = TempDir::create(&out, Existing::Report, "--out").unwrap_err();
        assert!(
            err.message()
                .ends_with("holds notes.txt, which a dq report does not write (move it, or choose another folder)"),
            "{err}"
        );
        std::fs::remove_file(out.join("notes.txt")).unwrap();
        // A link to a folder is written through; the link stays.
        let link = base.join("link");
        std::os::unix::fs::symlink(&out, &link).unwrap();
        let t = TempDir::create(&link, Existing::Report, "--out").unwrap();
        t.write("index.html", b"3").unwrap();
        t.write("summary.json", b"{}").unwrap();
        t.commit().unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(out.join("index.html")).unwrap(), b"3");
        // Devices and FIFOs are refused, never replaced.
        let err = TempDir::create(Path::new("/dev/null"), Existing::Report, "--out").unwrap_err();
        assert_eq!(err.message(), "--out /dev/null: is a device; dq writes its output only to folders");
        let err = file_target(Path::new("/dev/full"), "--out").unwrap_err();
        assert_eq!(err.message(), "--out /dev/full: is a device; dq writes its output only to regular files");
        let dangling = base.join("dangling");
        std::os::unix::fs::symlink(base.join("nowhere/x"), &dangling).unwrap();
        let err = file_target(&dangling, "--out").unwrap_err();
        assert!(err.message().ends_with("a symbolic link to nothing (name a real path)"), "{err}");
        std::fs::remove_dir_all(&base).unwrap();
    }
}
