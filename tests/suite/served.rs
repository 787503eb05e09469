//! The real `golf serve` for the serve and browser tests: started with `--port 0 --local
//! --json` against a test's temporary database, its start line read, spoken to over plain
//! HTTP/1.0 (each request a connection of its own, read to its end), stopped by a signal.
#![allow(dead_code)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A running `golf serve`; killed when dropped.
pub struct Served {
    pub child: Child,
    pub port: u16,
    pub key: String,
    pub urls: Vec<String>,
    /// Each player's link, by name, as the start line lists them.
    pub players: Vec<(String, String)>,
    /// At a tournament: each table's number, match and scorekeeper's link.
    pub tables: Vec<(usize, i64, String)>,
}

/// `golf` against the database `db` (in `dir`), nothing from the developer's environment.
pub fn golf(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_golf"));
    cmd.env_remove("NO_COLOR")
        .env("GOLF_DB", dir.join("golf.db"))
        .env("XDG_DATA_HOME", dir.join("xdg"))
        .env("XDG_CONFIG_HOME", dir.join("xdg-config"))
        .env("GOLF_CACHE_DIR", dir.join("cache"))
        .env("HOME", dir)
        .env("COLUMNS", "200");
    cmd
}

/// An answer: status, headers (names lower-case) and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

fn parse_head(head: &str) -> (u16, Vec<(String, String)>) {
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {head:?}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers)
}

impl Served {
    /// Starts `golf serve --port 0 --local --json ARGS` in `dir` and reads its start line.
    pub fn start(dir: &Path, args: &[&str]) -> Served {
        let mut child = golf(dir)
            .args(["serve", "--port", "0", "--local", "--json"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        if line.is_empty() {
            let mut err = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            panic!("golf serve printed no start line: {err}");
        }
        let start: serde_json::Value = serde_json::from_str(&line).unwrap();
        Served {
            child,
            port: start["port"].as_u64().unwrap() as u16,
            key: start["key"].as_str().unwrap().to_string(),
            players: start["players"]
                .as_object()
                .map(|o| {
                    o.iter()
                        .map(|(n, u)| (n.clone(), u.as_str().unwrap().to_string()))
                        .collect()
                })
                .unwrap_or_default(),
            tables: start["tables"]
                .as_object()
                .map(|o| {
                    o.iter()
                        .map(|(n, t)| {
                            (
                                n.parse().unwrap(),
                                t["match"].as_i64().unwrap(),
                                t["url"].as_str().unwrap().to_string(),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default(),
            urls: start["urls"]
                .as_array()
                .unwrap()
                .iter()
                .map(|u| u.as_str().unwrap().to_string())
                .collect(),
        }
    }

    /// The key in table `n`'s scorekeeper link (a tournament).
    pub fn table_key(&self, n: usize) -> String {
        let (_, _, link) = self.tables.iter().find(|(t, _, _)| *t == n).unwrap();
        link.rsplit_once("key=").unwrap().1.to_string()
    }

    /// The token in `player`'s link.
    pub fn token(&self, player: &str) -> String {
        let (_, link) = self.players.iter().find(|(n, _)| n == player).unwrap();
        link.rsplit_once("token=").unwrap().1.to_string()
    }

    /// A write with `token` (a player's, or the key) as the bearer.
    pub fn post_as(&self, token: &str, path: &str, body: &str) -> Answer {
        let auth = format!("Bearer {token}");
        self.send(
            "POST",
            path,
            &[
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
            ],
            body.as_bytes(),
        )
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// Sends `request` (the head's lines after the request line, then `body`) and reads the
    /// answer to its end.
    pub fn send(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Answer {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut head = format!(
            "{method} {path} HTTP/1.0\r\nHost: 127.0.0.1:{}\r\nContent-Length: {}\r\n",
            self.port,
            body.len()
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(body);
        // a server refusing a body may answer before reading all of it
        let _ = stream.write_all(&bytes);
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        let text = String::from_utf8(raw).unwrap();
        let (head, body) = text
            .split_once("\r\n\r\n")
            .unwrap_or_else(|| panic!("{method} {path}: no answer ({text:?})"));
        let (status, headers) = parse_head(head);
        Answer {
            status,
            headers,
            body: body.to_string(),
        }
    }

    /// Sends `request` as [`Served::send`] does and reads the answer as it came over the
    /// wire: every byte received (status line, headers and body, as sent: compressed when
    /// the server compressed it), and the answer with its body as bytes.
    pub fn send_raw(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> (usize, u16, Vec<(String, String)>, Vec<u8>) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut head = format!(
            "{method} {path} HTTP/1.0\r\nHost: 127.0.0.1:{}\r\nContent-Length: {}\r\n",
            self.port,
            body.len()
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(body);
        let _ = stream.write_all(&bytes);
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        let end = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("{method} {path}: no answer"));
        let (status, headers) = parse_head(&String::from_utf8_lossy(&raw[..end]));
        (raw.len(), status, headers, raw[end + 4..].to_vec())
    }

    pub fn get(&self, path: &str) -> Answer {
        self.send("GET", path, &[], b"")
    }

    /// A write with the key, from no page (a script).
    pub fn post(&self, path: &str, body: &str) -> Answer {
        let auth = format!("Bearer {}", self.key);
        self.send(
            "POST",
            path,
            &[
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
            ],
            body.as_bytes(),
        )
    }

    /// Stops the server with `signal` (`TERM`, `INT`) and waits for it (at most 20 s).
    pub fn stop(&mut self, signal: &str) -> ExitStatus {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .unwrap();
        assert!(sent.success());
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "golf serve did not stop on SIG{signal}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The server's stderr so far (after it stopped).
    pub fn stderr(&mut self) -> String {
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        err
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One `GET /events` stream.
pub struct Events {
    pub status: u16,
    reader: BufReader<TcpStream>,
}

impl Events {
    /// Opens the stream and reads the answer's head.
    pub fn open(port: u16) -> Events {
        Events::open_at(port, "/events")
    }

    /// Opens the stream at `path` (`/table/2/events`) and reads the answer's head.
    pub fn open_at(port: u16, path: &str) -> Events {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        let mut reader = BufReader::new(stream);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap() == 0 || line == "\r\n" {
                break;
            }
            head.push_str(&line);
        }
        let (status, _) = parse_head(&head);
        Events { status, reader }
    }

    /// The next event of any kind, `(event, data)`, or `None` when the stream ends.
    pub fn next_event(&mut self) -> Option<(String, serde_json::Value)> {
        let mut event = String::new();
        let mut data = String::new();
        loop {
            let mut line = String::new();
            if self.reader.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if !event.is_empty() {
                    return Some((event, serde_json::from_str(&data).unwrap()));
                }
                data.clear();
            } else if let Some(e) = line.strip_prefix("event:") {
                event = e.trim().to_string();
            } else if let Some(d) = line.strip_prefix("data:") {
                data.push_str(d.strip_prefix(' ').unwrap_or(d));
            }
        }
    }

    /// The data of the next `card` event, or `None` when the stream ends.
    pub fn next_card(&mut self) -> Option<serde_json::Value> {
        let mut event = String::new();
        let mut data = String::new();
        loop {
            let mut line = String::new();
            if self.reader.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if event == "card" {
                    return Some(serde_json::from_str(&data).unwrap());
                }
                event.clear();
                data.clear();
            } else if let Some(e) = line.strip_prefix("event:") {
                event = e.trim().to_string();
            } else if let Some(d) = line.strip_prefix("data:") {
                data.push_str(d.strip_prefix(' ').unwrap_or(d));
            }
        }
    }

    /// The rest of the stream's bytes (after the server closed it).
    pub fn rest(&mut self) -> std::io::Result<usize> {
        let mut rest = Vec::new();
        self.reader.read_to_end(&mut rest)
    }
}

/// A message as words, whatever its wrapping: golf wraps its messages to the terminal's
/// width, the API gives them whole.
pub fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Grids a pack can deal to `players` (a table of at most four) at hole `hole`, in seating
/// order: six ranks each, in turn, so no rank is dealt more than twice.
pub fn dealt(players: &[String], hole: usize) -> Vec<String> {
    const RANKS: [&str; 13] = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
    ];
    (0..players.len())
        .map(|p| {
            let cards: Vec<&str> = (0..6).map(|j| RANKS[(hole * 5 + p * 6 + j) % 13]).collect();
            format!("{} / {}", cards[..3].join(" "), cards[3..].join(" "))
        })
        .collect()
}

/// [`dealt`] as the JSON object of `POST /api/hole`: `{PLAYER: GRID}`.
pub fn dealt_json(players: &[String], hole: usize) -> serde_json::Value {
    let grids = players
        .iter()
        .cloned()
        .zip(
            dealt(players, hole)
                .into_iter()
                .map(serde_json::Value::from),
        )
        .collect();
    serde_json::Value::Object(grids)
}

/// A process's memory line from /proc (`VmRSS`, `VmHWM`), in KiB.
pub fn memory(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with(field))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// The `p`th quantile (0 to 1) of `sorted`, the nearest rank.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// `d` in milliseconds.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
