//! The files golf writes aside (`.NAME.golf-PID-N`, [`crate::output_file`]: outputs, the
//! config file, the cache) never outlive it: those being written when Ctrl-C, SIGTERM or
//! SIGHUP ends the process are removed before it goes, and those a process killed outright
//! (SIGKILL, a power cut) left behind are swept by the next write into the same folder once
//! their process is gone. Only files of that pattern, in the folder being written, are
//! ever removed.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Files aside being written now, by this process.
static WRITING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Notes that `aside` is being written: a signal that ends the process removes it.
pub fn writing(aside: &Path) {
    install_cleanup();
    if let Ok(mut files) = WRITING.lock() {
        files.push(aside.to_path_buf());
    }
}

/// Notes that `aside` is no longer being written (renamed into place, or removed).
pub fn done(aside: &Path) {
    if let Ok(mut files) = WRITING.lock() {
        files.retain(|f| f != aside);
    }
}

/// Whether the cleanup thread is installed, or was declined ([`signals_handled_here`]).
#[cfg(unix)]
static ONCE: std::sync::Once = std::sync::Once::new();

/// For a command that handles SIGINT and SIGTERM itself and stops cleanly on them (`golf
/// serve`, which must checkpoint and close its database): no cleanup thread is installed,
/// so a signal never ends the process under it. Its files aside are still removed when
/// dropped, and swept by a later write if it is killed outright. Call before anything is
/// written aside.
pub fn signals_handled_here() {
    #[cfg(unix)]
    ONCE.call_once(|| {});
}

/// Once per process: a thread that, when SIGINT, SIGTERM or SIGHUP arrives, removes the
/// files aside and then lets the signal end the process as it would have. It keeps the
/// list locked until the process ends, so no file aside is made (nor a failed rename
/// reported) between its sweep and the end.
#[cfg(unix)]
fn install_cleanup() {
    ONCE.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let mut files = WRITING
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                for f in files.drain(..) {
                    let _ = std::fs::remove_file(f);
                }
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    });
}

#[cfg(not(unix))]
fn install_cleanup() {}

/// Removes the files aside in `dir` (`.NAME.golf-PID-N`, any `NAME`) whose process is
/// gone: what a killed run left. A process that runs (this one included) keeps its files;
/// where it cannot be told whether a process runs (no `/proc`), nothing is removed. As for
/// the database's own temporaries ([`crate::store::schema::remove_stale`]), the folder is
/// taken to be written from this machine. Errors are ignored: sweeping is a courtesy,
/// never a reason not to write.
pub fn sweep(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(pid) = file.to_str().and_then(aside_pid) else {
            continue;
        };
        let regular = entry.file_type().is_ok_and(|t| t.is_file());
        if regular && pid != std::process::id() && gone(pid) == Some(true) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The process id in the name of a file aside, `.NAME.golf-PID-N` (`NAME` not empty,
/// `PID` and `N` digits only); `None` for any other name.
fn aside_pid(file: &str) -> Option<u32> {
    let rest = file.strip_prefix('.')?;
    let (name, tail) = rest.rsplit_once(".golf-")?;
    let (pid, n) = tail.split_once('-')?;
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    match !name.is_empty() && digits(pid) && digits(n) {
        true => pid.parse().ok(),
        false => None,
    }
}

/// Whether process `pid` is gone; `None` where that cannot be told.
fn gone(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    match proc.join("self").exists() {
        true => Some(!proc.join(pid.to_string()).exists()),
        false => None,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn only_files_aside_of_processes_gone_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        let make = |name: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, "x").unwrap();
            path
        };
        // no process has a pid this high (Linux caps pids at 2^22)
        let dead = make(".t.jsonl.golf-999999999-0");
        let dead_other = make(".u.csv.golf-999999999-3");
        let mine = make(&format!(".t.jsonl.golf-{}-0", std::process::id()));
        let not_aside = [
            make("t.jsonl"),
            make(".t.jsonl.golf-999999999-x"),
            make(".golf-999999999-0"),
            make("t.jsonl.golf-999999999-0"),
            make(".t.jsonl.golf-notes"),
        ];
        sweep(dir.path());
        if gone(999_999_999) != Some(true) {
            return; // no /proc: nothing can be told, nothing is removed
        }
        assert!(
            !dead.exists() && !dead_other.exists(),
            "a dead process's files aside are swept"
        );
        assert!(mine.exists(), "this process's own file aside is kept");
        for kept in not_aside {
            assert!(kept.exists(), "{} kept", kept.display());
        }
    }
}
