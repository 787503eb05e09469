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

    pub fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}
