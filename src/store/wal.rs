//! A database's write-ahead log (`golf.db-wal`) read as bytes, before SQLite opens the
//! database: what SQLite would make of it, without letting SQLite touch it or the `-shm`.
//!
//! The format (sqlite.org/fileformat2.html, "The WAL File Format"): a 32-byte header (magic
//! number `0x377f0682` or `0x377f0683`, format version 3007000, page size, checkpoint
//! sequence, two salts, a checksum of the first 24 bytes), then frames of a 24-byte header
//! (page number, the database's size in pages on a commit frame, the salts, a running
//! checksum) and one page. SQLite takes the frames up to the last valid commit frame; a
//! header that does not check out makes it treat the whole file as empty, discarding it.
//!
//! Only read while no SQLite connection of this process has the database open, as the
//! file checks before opening are ([`super::schema`]): SQLite holds no lock on the `-wal`
//! itself, but reading it is kept to that moment all the same.

use std::path::{Path, PathBuf};

/// The magic numbers of a WAL header: checksums little-endian (`…82`) or big-endian (`…83`).
const MAGIC: [u32; 2] = [0x377f_0682, 0x377f_0683];

/// The only WAL format version there is.
const VERSION: u32 = 3_007_000;

/// The size of a WAL header and of a frame's header, in bytes.
const HEADER: usize = 32;
const FRAME_HEADER: usize = 24;

/// What a database's `-wal` holds, as SQLite would read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wal {
    /// No `-wal`, an empty one, or one of zero bytes only: nothing was committed to it.
    Nothing,
    /// Not a log SQLite wrote: SQLite would discard it, and whatever it held, on opening
    /// the database. What is wrong, in words.
    Garbage(String),
    /// A log SQLite wrote, with the last committed copy of the database's page 1 in it
    /// (which holds the header: schema version, application id), if a commit changed it.
    Log {
        /// The newest committed page 1.
        page1: Option<Vec<u8>>,
    },
}

/// `golf.db` → `golf.db-wal`.
pub fn path_of(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-wal");
    PathBuf::from(name)
}

/// Reads the `-wal` beside the database `db` ([`Wal`]). Errors: it cannot be read.
pub fn read(db: &Path) -> std::io::Result<Wal> {
    match std::fs::read(path_of(db)) {
        Ok(bytes) => Ok(parse(&bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Wal::Nothing),
        Err(e) => Err(e),
    }
}

/// What the bytes of a `-wal` file are ([`Wal`]).
pub fn parse(bytes: &[u8]) -> Wal {
    if bytes.iter().all(|&b| b == 0) {
        return Wal::Nothing;
    }
    if bytes.len() < HEADER {
        return Wal::Garbage(format!(
            "it is {} bytes long, shorter than the {HEADER}-byte header of a write-ahead log",
            bytes.len()
        ));
    }
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let magic = word(0);
    if !MAGIC.contains(&magic) {
        return Wal::Garbage(format!(
            "it starts with {magic:#010x}, not the magic number of a write-ahead log ({:#010x} or {:#010x})",
            MAGIC[0], MAGIC[1]
        ));
    }
    if word(4) != VERSION {
        return Wal::Garbage(format!("its format version is {}, not {VERSION}", word(4)));
    }
    let page = word(8) as usize;
    if !(512..=65_536).contains(&page) || !page.is_power_of_two() {
        return Wal::Garbage(format!(
            "its page size {page} is not a power of two from 512 to 65536"
        ));
    }
    let big_endian = magic & 1 == 1;
    let header_sum = checksum(big_endian, (0, 0), &bytes[..24]);
    if header_sum != (word(24), word(28)) {
        return Wal::Garbage("its header's checksum does not match the header".to_string());
    }
    let salts = &bytes[16..24];
    let mut sum = header_sum;
    let mut page1 = None;
    let mut pending = None;
    let mut at = HEADER;
    while at + FRAME_HEADER + page <= bytes.len() {
        let frame = &bytes[at..at + FRAME_HEADER];
        let data = &bytes[at + FRAME_HEADER..at + FRAME_HEADER + page];
        let number = word(at);
        if number == 0 || &frame[8..16] != salts {
            break;
        }
        let s = checksum(big_endian, checksum(big_endian, sum, &frame[..8]), data);
        if s != (word(at + 16), word(at + 20)) {
            break;
        }
        sum = s;
        if number == 1 {
            pending = Some(data);
        }
        if word(at + 4) > 0 {
            // a commit frame: the transaction's pages are the database's from here on
            if let Some(p) = pending.take() {
                page1 = Some(p.to_vec());
            }
        }
        at += FRAME_HEADER + page;
    }
    Wal::Log { page1 }
}

/// SQLite's WAL checksum of `data` (a multiple of 8 bytes) continuing from `(s1, s2)`,
/// reading 32-bit words big-endian or little-endian as the magic number says.
fn checksum(big_endian: bool, (mut s1, mut s2): (u32, u32), data: &[u8]) -> (u32, u32) {
    let word = |w: &[u8]| {
        let b = [w[0], w[1], w[2], w[3]];
        match big_endian {
            true => u32::from_be_bytes(b),
            false => u32::from_le_bytes(b),
        }
    };
    for pair in data.chunks_exact(8) {
        s1 = s1.wrapping_add(word(&pair[..4])).wrapping_add(s2);
        s2 = s2.wrapping_add(word(&pair[4..])).wrapping_add(s1);
    }
    (s1, s2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database left with its last commit in the WAL, as a killed writer leaves it.
    fn crashed(dir: &Path, user_version: i64) -> (PathBuf, Vec<u8>) {
        let db = dir.join("golf.db");
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch(&format!(
            "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
             CREATE TABLE t (x); INSERT INTO t VALUES (1); PRAGMA user_version = {user_version};"
        ))
        .unwrap();
        let wal = std::fs::read(path_of(&db)).unwrap();
        std::mem::forget(conn); // no checkpoint: the WAL stays as a crash leaves it
        (db, wal)
    }

    #[test]
    fn the_last_committed_page_1_is_read_from_a_log_sqlite_wrote() {
        let dir = tempfile::tempdir().unwrap();
        let (_, wal) = crashed(dir.path(), 99);
        let Wal::Log { page1: Some(page1) } = parse(&wal) else {
            panic!("not read as a log");
        };
        assert_eq!(&page1[..16], b"SQLite format 3\0");
        assert_eq!(u32::from_be_bytes(page1[60..64].try_into().unwrap()), 99);
        // a frame cut short or changed is not committed: the page 1 before it, or none
        let mut cut = wal.clone();
        let last = cut.len() - 1;
        cut[last] ^= 1;
        assert_ne!(parse(&cut), parse(&wal));
    }

    #[test]
    fn garbage_is_told_from_nothing() {
        assert_eq!(parse(&[]), Wal::Nothing);
        assert_eq!(parse(&[0; 32]), Wal::Nothing);
        for bad in [
            &b"garbage"[..],
            &[0x37, 0x7f, 0x06, 0x82, 1, 2, 3][..],
            &[b'x'; 64][..],
        ] {
            assert!(matches!(parse(bad), Wal::Garbage(_)), "{bad:?}");
        }
        let dir = tempfile::tempdir().unwrap();
        let (_, mut wal) = crashed(dir.path(), 1);
        wal[12] ^= 0xff; // the checkpoint sequence, under the header's checksum
        assert!(matches!(parse(&wal), Wal::Garbage(w) if w.contains("checksum")));
    }
}
