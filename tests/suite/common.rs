//! The test environment: the real `golf` binary with its database and data directory in a
//! temporary folder, colour off, nothing from the developer's environment leaking in.
#![allow(dead_code)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// A temporary home for one test: `golf()` runs the binary against `db()`.
pub struct Env {
    pub dir: tempfile::TempDir,
}

impl Env {
    pub fn new() -> Env {
        Env {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    pub fn db(&self) -> PathBuf {
        self.dir.path().join("golf.db")
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// `golf` with GOLF_DB pointing into the temp dir.
    pub fn golf(&self) -> Command {
        let mut cmd = Command::cargo_bin("golf").unwrap();
        cmd.env_remove("NO_COLOR")
            .env("GOLF_DB", self.db())
            .env("XDG_DATA_HOME", self.dir.path().join("xdg"))
            .env("XDG_CONFIG_HOME", self.dir.path().join("xdg-config"))
            .env("GOLF_CACHE_DIR", self.dir.path().join("cache"))
            .env("HOME", self.dir.path())
            .env("COLUMNS", "200");
        cmd
    }

    /// Runs golf with `args`, expecting success; returns stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.golf().args(args).output().unwrap();
        assert!(
            out.status.success(),
            "golf {args:?} failed ({:?}):\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// Runs golf with `args`, expecting exit 2 with a message; returns stderr.
    pub fn bad(&self, args: &[&str]) -> String {
        let out = self.golf().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "golf {args:?}: stderr {stderr}");
        assert!(
            !stderr.contains("panicked"),
            "golf {args:?} panicked: {stderr}"
        );
        assert!(!stderr.trim().is_empty(), "golf {args:?}: no message");
        stderr
    }

    /// Runs golf with `--json` and `args`, expecting success; returns the parsed document.
    pub fn json(&self, args: &[&str]) -> serde_json::Value {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        serde_json::from_str(&self.ok(&all)).unwrap()
    }

    /// Writes the group's config file (`$XDG_CONFIG_HOME/golf/config.toml`).
    pub fn config(&self, text: &str) -> PathBuf {
        let dir = self.dir.path().join("xdg-config").join("golf");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        std::fs::write(&path, text).unwrap();
        path
    }

    /// The database's bytes and its WAL's, to show a command changed nothing.
    pub fn snapshot(&self) -> Vec<u8> {
        let mut bytes = std::fs::read(self.db()).unwrap();
        if let Ok(wal) = std::fs::read(self.path("golf.db-wal")) {
            bytes.extend(wal);
        }
        bytes
    }

    /// Runs golf with `args` and output 80 columns wide, expecting success; returns stdout.
    pub fn at_80(&self, args: &[&str]) -> String {
        let out = self
            .golf()
            .env("COLUMNS", "80")
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "golf {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// Writes `text` to the file `name` in the temporary folder; returns its path.
    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

/// A copy of the 9-hole classic example that is a different scoresheet (another stable
/// id), so importing it again records another match: `examples/classic-9-holes.toml` with
/// a comment naming copy `n`.
pub fn sheet_copy(env: &Env, n: usize) -> PathBuf {
    let text = std::fs::read_to_string(repo("examples/classic-9-holes.toml")).unwrap();
    env.write(
        &format!("classic-copy-{n}.toml"),
        &format!("{text}\n# copy {n}\n"),
    )
}

/// The names of the files in `dir`, sorted.
pub fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A path in the repository, for its examples and fixtures.
pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Makes a file or folder unwritable even for root (chmod, then `chattr +i` when the
/// caller is privileged); undone on drop.
pub struct ReadOnly(PathBuf, bool);

impl ReadOnly {
    pub fn new(path: &Path) -> ReadOnly {
        use std::os::unix::fs::PermissionsExt;
        let mode = if path.is_dir() { 0o555 } else { 0o444 };
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
        let probe = if path.is_dir() {
            let p = path.join(".probe");
            let ok = std::fs::write(&p, "x").is_ok();
            let _ = std::fs::remove_file(&p);
            ok
        } else {
            std::fs::OpenOptions::new().append(true).open(path).is_ok()
        };
        if !probe {
            return ReadOnly(path.to_path_buf(), false);
        }
        let status = std::process::Command::new("chattr")
            .arg("+i")
            .arg(path)
            .status();
        assert!(
            status.map(|s| s.success()).unwrap_or(false),
            "running privileged and `chattr +i` failed: cannot make {} read-only for this test",
            path.display()
        );
        ReadOnly(path.to_path_buf(), true)
    }
}

impl Drop for ReadOnly {
    fn drop(&mut self) {
        use std::os::unix::fs::PermissionsExt;
        if self.1 {
            let _ = std::process::Command::new("chattr")
                .arg("-i")
                .arg(&self.0)
                .status();
        }
        let mode = if self.0.is_dir() { 0o755 } else { 0o644 };
        let _ = std::fs::set_permissions(&self.0, std::fs::Permissions::from_mode(mode));
    }
}

/// The case lines of `tests/cases/<file>`: (line number, fields split on ` | `), blank
/// lines and `#` comments skipped. Panics naming the line and `shape` when a line has fewer
/// than `min` fields.
pub fn case_lines(file: &str, min: usize, shape: &str) -> Vec<(usize, Vec<String>)> {
    let text = std::fs::read_to_string(repo("tests/cases").join(file)).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            let fields: Vec<String> = l.split(" | ").map(|f| f.trim().to_string()).collect();
            assert!(
                fields.len() >= min,
                "{file} line {}: expected {shape}",
                i + 1
            );
            (i + 1, fields)
        })
        .collect()
}

/// A case's `NAME[+HOUSE]...`: the rules (a name ending `.toml` is a file in `tests/cases`)
/// and the house rules in order.
pub fn rules_spec(spec: &str) -> (String, Vec<String>) {
    let mut parts = spec.split('+');
    let name = parts.next().unwrap_or_default();
    let rules = match name.ends_with(".toml") {
        true => repo("tests/cases").join(name).display().to_string(),
        false => name.to_string(),
    };
    (rules, parts.map(str::to_string).collect())
}
