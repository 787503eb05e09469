//! The files golf writes aside (`.NAME.golf-PID-N`, [`crate::output_file`]) never outlive
//! it: those being written when Ctrl-C, SIGTERM or SIGHUP ends the process are removed
//! before it goes, and those a process killed outright (SIGKILL, a power cut) left behind
//! are swept by the next write to the same file once their process is gone.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

/// Files aside being written now, by this process.
static WRITING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// How long a file aside of a process that is gone is left alone: on a shared folder its
/// process may be another machine's, alive and writing.
const STALE_AFTER: Duration = Duration::from_secs(60);

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

/// Removes every file aside being written (a signal is ending the process).
fn remove_all() {
    let files = match WRITING.lock() {
        Ok(mut files) => std::mem::take(&mut *files),
        Err(poisoned) => std::mem::take(&mut *poisoned.into_inner()),
    };
    for f in files {
        let _ = std::fs::remove_file(f);
    }
}

/// Once per process: a thread that, when SIGINT, SIGTERM or SIGHUP arrives, removes the
/// files aside and then lets the signal end the process as it would have.
#[cfg(unix)]
fn install_cleanup() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                remove_all();
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    });
}

#[cfg(not(unix))]
fn install_cleanup() {}

/// Removes the files aside for `name` in `dir` (`.NAME.golf-PID-N`) whose process is gone
/// and which nobody has written for a minute: what a killed run left. Errors are ignored:
/// sweeping is a courtesy, never a reason not to write.
pub fn sweep(dir: &Path, name: &str) {
    let prefix = format!(".{name}.golf-");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else {
            continue;
        };
        let Some(pid) = rest
            .split_once('-')
            .and_then(|(p, _)| p.parse::<u32>().ok())
        else {
            continue;
        };
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| SystemTime::now().duration_since(t).ok())
            .is_some_and(|age| age >= STALE_AFTER);
        if old && pid != std::process::id() && gone(pid) == Some(true) {
            let _ = std::fs::remove_file(entry.path());
        }
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
    fn only_stale_files_aside_of_processes_gone_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        let old = SystemTime::now() - Duration::from_secs(3600);
        let make = |name: &str, when: SystemTime| {
            let path = dir.path().join(name);
            let f = std::fs::File::create(&path).unwrap();
            f.set_modified(when).unwrap();
            path
        };
        // no process has a pid this high (Linux caps pids at 2^22)
        let dead = make(".t.jsonl.golf-999999999-0", old);
        let dead_new = make(".t.jsonl.golf-999999999-1", SystemTime::now());
        let mine = make(&format!(".t.jsonl.golf-{}-0", std::process::id()), old);
        let other_file = make(".u.jsonl.golf-999999999-0", old);
        let not_aside = make("t.jsonl", old);
        sweep(dir.path(), "t.jsonl");
        assert!(!dead.exists(), "a dead process's old file aside is swept");
        for kept in [dead_new, mine, other_file, not_aside] {
            assert!(kept.exists(), "{} kept", kept.display());
        }
    }
}
