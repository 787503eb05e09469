//! The event stream as sent (`text/event-stream`, the WHATWG HTML standard's server-sent
//! events), gzipped for a phone that takes it (RFC 1952), at no cost per phone: each event
//! is compressed once, for every phone that follows it, and a phone's stream is the gzip
//! header, then those pieces one after another. A deflate stream may be made of pieces
//! compressed apart (RFC 1951: each piece here is a whole number of blocks, none final,
//! ended on a byte boundary by a sync flush, referring to nothing before it), so the
//! server keeps no compressor per phone — a compressor holds some 300 KB, which 64 phones,
//! or 512 at a tournament, would multiply. When the stream ends (the server stops) it ends
//! as gzip does: a final empty block, the CRC-32 and the length of all it carried.

use std::io::Write as _;
use std::sync::Mutex;

use axum::body::Bytes;

/// One event: its name (`card`, `draft`, `board`, `problem`), its id if any, its data (one
/// line of JSON).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sent {
    /// The event's name.
    pub event: &'static str,
    /// Its id (the card's `ETag` for a `card` event), if any.
    pub id: Option<String>,
    /// Its data, one line.
    pub data: String,
}

impl Sent {
    /// An event named `event` with `data`.
    pub fn new(event: &'static str, data: String) -> Sent {
        Sent {
            event,
            id: None,
            data,
        }
    }

    /// The event as the stream carries it: its fields, each on a line of its own, and an
    /// empty line. A line break in the data (none in JSON as serde writes it) becomes a
    /// `data:` line of its own, as the standard reads them.
    pub fn text(&self) -> String {
        let mut text = format!("event: {}\n", self.event);
        if let Some(id) = &self.id {
            text.push_str(&format!("id: {}\n", id.replace(['\n', '\r'], "")));
        }
        for line in self.data.split('\n') {
            text.push_str(&format!("data: {line}\n"));
        }
        text.push('\n');
        text
    }
}

/// What keeps a quiet stream open through proxies and sleeping radios: a comment.
pub const KEEP_ALIVE: &str = ":\n\n";

/// The gzip header (RFC 1952 §2.3): deflate, no name or time, no OS said.
const GZIP_HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];

/// A final, empty deflate block (fixed Huffman codes, its end code alone): the end of the
/// pieces.
const LAST_BLOCK: [u8; 2] = [0x03, 0x00];

/// How many pieces compressed lately are kept, for the next phone to send them.
const KEPT: usize = 32;

/// `text` compressed as a piece of a deflate stream, referring to nothing before it and
/// ended on a byte boundary (a sync flush), kept for the next phone that sends the same
/// text: at each change every phone sends the same few events.
pub fn piece(text: &str) -> Bytes {
    static LATELY: Mutex<Vec<(String, Bytes)>> = Mutex::new(Vec::new());
    if let Ok(kept) = LATELY.lock() {
        if let Some((_, bytes)) = kept.iter().find(|(t, _)| t == text) {
            return bytes.clone();
        }
    }
    let mut deflate =
        flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    // writing to memory cannot fail
    let _ = deflate.write_all(text.as_bytes());
    let _ = deflate.flush();
    let bytes = Bytes::from(deflate.get_ref().clone());
    if let Ok(mut kept) = LATELY.lock() {
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((text.to_string(), bytes.clone()));
    }
    bytes
}

/// One phone's stream as it goes: plain, or gzipped with what it has carried so far (for
/// the CRC-32 and length that end it).
#[derive(Debug)]
pub struct Wire {
    gzip: Option<flate2::Crc>,
    begun: bool,
}

impl Wire {
    /// A stream, gzipped when `gzip`.
    pub fn new(gzip: bool) -> Wire {
        Wire {
            gzip: gzip.then(flate2::Crc::new),
            begun: false,
        }
    }

    /// The bytes that carry `texts` (events or a comment, in order).
    pub fn carry(&mut self, texts: &[String]) -> Bytes {
        let Some(crc) = &mut self.gzip else {
            return Bytes::from(texts.concat());
        };
        let mut bytes = Vec::new();
        if !self.begun {
            bytes.extend_from_slice(&GZIP_HEADER);
            self.begun = true;
        }
        for text in texts {
            crc.update(text.as_bytes());
            bytes.extend_from_slice(&piece(text));
        }
        Bytes::from(bytes)
    }

    /// The bytes that end the stream: nothing, or gzip's last block and trailer.
    pub fn end(&mut self) -> Bytes {
        let Some(crc) = &self.gzip else {
            return Bytes::new();
        };
        let mut bytes = Vec::new();
        if !self.begun {
            bytes.extend_from_slice(&GZIP_HEADER);
            self.begun = true;
        }
        bytes.extend_from_slice(&LAST_BLOCK);
        bytes.extend_from_slice(&crc.sum().to_le_bytes());
        bytes.extend_from_slice(&crc.amount().to_le_bytes());
        Bytes::from(bytes)
    }
}

/// Whether an `Accept-Encoding` value takes gzip (RFC 9110 §12.5.3: `gzip` or `*`, with
/// no `q=0`).
pub fn takes_gzip(accept: &str) -> bool {
    accept.split(',').any(|coding| {
        let mut parts = coding.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let refused = parts.any(|p| {
            p.strip_prefix("q=")
                .is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q <= 0.0))
        });
        (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read as _;

    #[test]
    fn pieces_compressed_apart_make_one_gzip_stream() {
        let card = Sent {
            event: "card",
            id: Some("\"00ff\"".into()),
            data: r#"{"match":1,"holes":[1,2,3]}"#.into(),
        };
        assert_eq!(
            card.text(),
            "event: card\nid: \"00ff\"\ndata: {\"match\":1,\"holes\":[1,2,3]}\n\n"
        );
        let draft = Sent::new("draft", "null".into());
        let mut wire = Wire::new(true);
        let mut sent = wire.carry(&[card.text(), draft.text()]).to_vec();
        // what a slow phone reads so far, before the stream ends
        let mut early = String::new();
        let mut reader = flate2::read::GzDecoder::new(&sent[..]);
        let _ = reader.read_to_string(&mut early);
        assert_eq!(early, card.text() + &draft.text());
        sent.extend_from_slice(&wire.carry(&[KEEP_ALIVE.to_string(), card.text()]));
        sent.extend_from_slice(&wire.end());
        let mut all = String::new();
        flate2::read::GzDecoder::new(&sent[..])
            .read_to_string(&mut all)
            .unwrap();
        assert_eq!(all, card.text() + &draft.text() + KEEP_ALIVE + &card.text());
        // the same event is compressed once, whoever sends it
        assert_eq!(piece(&card.text()), piece(&card.text()));
        // a plain stream carries the text as it is
        let mut plain = Wire::new(false);
        assert_eq!(plain.carry(&[draft.text()]), Bytes::from(draft.text()));
        assert!(plain.end().is_empty());
    }

    #[test]
    fn gzip_is_taken_unless_refused() {
        for yes in ["gzip", "gzip, deflate, br", "br;q=1.0, GZIP;q=0.5", "*"] {
            assert!(takes_gzip(yes), "{yes}");
        }
        for no in ["", "identity", "br", "gzip;q=0", "deflate, gzip; q=0.0"] {
            assert!(!takes_gzip(no), "{no}");
        }
    }
}
