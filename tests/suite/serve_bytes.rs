//! Light on the Wi-Fi (issue 45; CLI.md "The phone knows its hole"): what a phone receives
//! from the real `golf serve`, counted byte by byte as it comes over the wire with
//! `Accept-Encoding: gzip` — status lines, headers and bodies as sent, the event stream
//! included — at a 9-hole match of four players with a history (two matches before, so the
//! chances line is shown), eight holes in.
//!
//! Each phone is played as its page plays it (live.js, scorecard.js): it loads the page, the files the
//! page names (style, scripts, icon, manifest) and follows `/events?seen=TAG`, naming the
//! card it holds (so the stream sends no second copy of it); it fetches `/card.html` only
//! when a `card` event's id (the card's `ETag`) is not the card it holds, and then with
//! `If-None-Match`; the TV fetches `/tv.html` after each `card` and `draft`
//! event, also with its validator; a phone that writes reads the write's answer, and the
//! scorekeeper's page fetches the card after its own write. The budgets (issue 45, "Light
//! on the Wi-Fi"): a player's first load at most 20 KB, the scorekeeper's at most 35 KB,
//! each change at most 8 KB to every phone. No time is measured: only bytes.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::common::Env;
use crate::served::{dealt, Served};

const PLAYERS: [&str; 4] = ["ann", "bob", "cat", "dee"];

/// A player's first load, at most (bytes).
const PLAYER_FIRST: usize = 20 * 1024;
/// The scorekeeper's first load, at most.
const KEEPER_FIRST: usize = 35 * 1024;
/// What one change costs each phone, at most.
const CHANGE: usize = 8 * 1024;

/// Records hole `hole` of the match in play at the terminal, ann going out.
fn play(env: &Env, hole: usize) {
    let players: Vec<String> = PLAYERS.iter().map(|p| p.to_string()).collect();
    let mut args = vec!["hole".to_string()];
    for (name, grid) in PLAYERS.iter().zip(dealt(&players, hole)) {
        args.push(format!("{name}={grid}"));
    }
    args.extend(["--out".into(), "ann".into()]);
    env.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
}

/// Two finished matches of the four, then the one in play, eight of its nine holes in.
fn evening() -> Env {
    let env = Env::new();
    let new = [
        "new",
        "--rules",
        "classic",
        "--house",
        "out-penalty-10",
        "--holes",
        "9",
        "ann",
        "bob",
        "cat",
        "dee",
    ];
    for _ in 0..2 {
        env.ok(&new);
        (1..=9).for_each(|h| play(&env, h));
        env.ok(&["finish"]);
    }
    env.ok(&new);
    (1..=8).for_each(|h| play(&env, h));
    env
}

const GZIP: (&str, &str) = ("Accept-Encoding", "gzip");

/// `body`, gunzipped when it came gzipped.
fn text_of(headers: &[(String, String)], body: &[u8]) -> String {
    let gzipped = headers
        .iter()
        .any(|(n, v)| n == "content-encoding" && v == "gzip");
    match gzipped {
        true => {
            let mut text = String::new();
            flate2::read::GzDecoder::new(body)
                .read_to_string(&mut text)
                .unwrap();
            text
        }
        false => String::from_utf8(body.to_vec()).unwrap(),
    }
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// A GET as a phone makes it: the bytes received, the status, the `ETag` and the text.
fn get(served: &Served, path: &str, holding: Option<&str>) -> (usize, u16, Option<String>, String) {
    let mut headers = vec![GZIP];
    if let Some(tag) = holding {
        headers.push(("If-None-Match", tag));
    }
    let (bytes, status, head, body) = served.send_raw("GET", path, &headers, b"");
    let tag = header(&head, "etag").map(str::to_string);
    (bytes, status, tag, text_of(&head, &body))
}

/// The files a page names for the browser to fetch: the style, the scripts, the icon and
/// the manifest.
fn files_named(page: &str) -> Vec<String> {
    let head = &page[..page.find("</head>").unwrap()];
    let mut named = Vec::new();
    for (text, attribute) in [(head, "href=\""), (page, "src=\"")] {
        for part in text.split(attribute).skip(1) {
            named.push(part[..part.find('"').unwrap()].to_string());
        }
    }
    named
}

/// The value of `data-tag` on the page's card: the `ETag` of the card it was made with.
fn tag_in(page: &str) -> String {
    let at = page.find("data-tag=\"").unwrap() + "data-tag=\"".len();
    page[at..at + page[at..].find('"').unwrap()].replace("&quot;", "\"")
}

/// One phone's `/events`, read as it comes over the wire: the bytes received and the
/// events in them, gunzipped.
struct Stream {
    tcp: TcpStream,
    /// Bytes received so far, head included.
    received: usize,
    /// The head, until it is whole; then empty.
    head: Vec<u8>,
    body: flate2::write::GzDecoder<Vec<u8>>,
    /// How much of the gunzipped text is read into events.
    read: usize,
}

/// An event: its name, its id (empty when none) and its data.
type Sent = (String, String, String);

impl Stream {
    fn open(served: &Served, path: &str) -> Stream {
        let mut tcp = TcpStream::connect(("127.0.0.1", served.port)).unwrap();
        tcp.set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        write!(
            tcp,
            "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{}\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip\r\n\r\n",
            served.port
        )
        .unwrap();
        Stream {
            tcp,
            received: 0,
            head: Vec::new(),
            body: flate2::write::GzDecoder::new(Vec::new()),
            read: 0,
        }
    }

    /// The next `n` events, and the bytes received for them.
    fn next(&mut self, n: usize) -> (usize, Vec<Sent>) {
        let (bytes, events) = self.until(|events| events.len() >= n);
        assert_eq!(
            events.len(),
            n,
            "more events than the change makes: {events:?}"
        );
        (bytes, events)
    }

    /// The events up to the first `draft` one (the last sent on connecting), and the bytes
    /// received for them.
    fn first(&mut self) -> (usize, Vec<Sent>) {
        self.until(|events| events.iter().any(|(e, _, _)| e == "draft"))
    }

    /// Events until `enough` of them came, and the bytes received for them.
    fn until(&mut self, enough: impl Fn(&[Sent]) -> bool) -> (usize, Vec<Sent>) {
        let before = self.received;
        let start = Instant::now();
        let mut events = Vec::new();
        while !enough(&events) {
            assert!(start.elapsed() < Duration::from_secs(20), "no event came");
            let mut chunk = [0u8; 4096];
            let got = match self.tcp.read(&mut chunk) {
                Ok(0) => panic!("the stream ended"),
                Ok(got) => got,
                Err(_) => 0,
            };
            self.received += got;
            self.take(&chunk[..got]);
            events.extend(self.events());
        }
        (self.received - before, events)
    }

    fn take(&mut self, mut bytes: &[u8]) {
        if !self.head.ends_with(b"\r\n\r\n") {
            let want = bytes.len();
            self.head.extend_from_slice(bytes);
            let Some(end) = self.head.windows(4).position(|w| w == b"\r\n\r\n") else {
                return;
            };
            let head = String::from_utf8_lossy(&self.head[..end]).to_lowercase();
            assert!(head.contains("content-encoding: gzip"), "{head}");
            let body = self.head.split_off(end + 4);
            bytes = &bytes[want - body.len()..];
        }
        self.body.write_all(bytes).unwrap();
        self.body.flush().unwrap();
    }

    /// The events whole in the text so far, not read before.
    fn events(&mut self) -> Vec<Sent> {
        let text = String::from_utf8_lossy(self.body.get_ref()).to_string();
        let mut events = Vec::new();
        while let Some(end) = text[self.read..].find("\n\n") {
            let block = &text[self.read..self.read + end];
            self.read += end + 2;
            let field = |name: &str| {
                block
                    .lines()
                    .filter_map(|l| l.strip_prefix(name))
                    .map(|v| v.strip_prefix(' ').unwrap_or(v))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            let event = field("event:");
            if !event.is_empty() {
                events.push((event, field("id:"), field("data:")));
            }
        }
        events
    }
}

/// A phone at the table, as its page behaves.
struct Phone {
    /// `/?player=…&token=…`, `/?key=…` or `/tv`.
    page: String,
    /// The fragment it shows: `/card.html`, or `/tv.html` on the TV.
    fragment: &'static str,
    /// The `ETag` of the fragment it holds.
    holding: String,
    stream: Option<Stream>,
}

impl Phone {
    fn new(page: String, fragment: &'static str) -> Phone {
        Phone {
            page,
            fragment,
            holding: String::new(),
            stream: None,
        }
    }

    /// The first load: the page, every file it names, and the stream's first events (the
    /// card and the draft), with the card fetched if the first event names another.
    fn load(&mut self, served: &Served) -> usize {
        let (mut bytes, status, _, page) = get(served, &self.page, None);
        assert_eq!(status, 200);
        for file in files_named(&page) {
            let (got, status, _, _) = get(served, &file, None);
            assert_eq!(status, 200, "{file}");
            bytes += got;
        }
        self.holding = tag_in(&page);
        let seen = format!("/events?seen={}", self.holding.replace('"', "%22"));
        let mut stream = Stream::open(served, &seen);
        let (got, events) = stream.first();
        self.stream = Some(stream);
        bytes + got + self.follow(served, &events)
    }

    /// What the page fetches after `events`: the card when an event names another (the TV:
    /// after every event), with its validator.
    fn follow(&mut self, served: &Served, events: &[Sent]) -> usize {
        let tv = self.fragment == "/tv.html";
        let stale = events
            .iter()
            .any(|(event, id, _)| tv || (event == "card" && *id != self.holding));
        match stale {
            true => self.refresh(served),
            false => 0,
        }
    }

    /// The fragment fetched again, as the page's `refresh()` does.
    fn refresh(&mut self, served: &Served) -> usize {
        let (bytes, status, tag, _) = get(served, self.fragment, Some(&self.holding));
        assert!(status == 200 || status == 304, "{status}");
        self.holding = tag.unwrap();
        bytes
    }

    /// What one change sends this phone: the `n` events it makes, and what the page
    /// fetches after them.
    fn change(&mut self, served: &Served, n: usize) -> usize {
        let mut stream = self.stream.take().unwrap();
        let (bytes, events) = stream.next(n);
        self.stream = Some(stream);
        bytes + self.follow(served, &events)
    }
}

/// A write as a phone sends it: the bytes of its answer.
fn write(served: &Served, bearer: &str, path: &str, body: &str) -> (usize, serde_json::Value) {
    let auth = format!("Bearer {bearer}");
    let headers = [
        ("Authorization", auth.as_str()),
        ("Content-Type", "application/json"),
        GZIP,
    ];
    let (bytes, status, head, answer) = served.send_raw("POST", path, &headers, body.as_bytes());
    let text = text_of(&head, &answer);
    assert_eq!(status, 200, "{path}: {text}");
    (bytes, serde_json::from_str(&text).unwrap())
}

/// Each player sends their grid for hole 9 from their phone (ann saying she went out): a
/// draft change each, followed by every phone (ann, bob, the scorekeeper, the TV). Returns
/// the most each phone received for one change, and the draft after the last.
fn send_grids(served: &Served, phones: &mut [Phone; 4]) -> ([usize; 4], serde_json::Value) {
    let players: Vec<String> = PLAYERS.iter().map(|p| p.to_string()).collect();
    let mut draft = serde_json::Value::Null;
    let mut most = [0usize; 4];
    for (name, grid) in PLAYERS.iter().zip(dealt(&players, 9)) {
        let body = serde_json::json!({
            "match": 3, "hole": 9, "player": name, "grid": grid,
            "out": *name == "ann", "knock": false,
        });
        let (answer, now) = write(served, &served.token(name), "/api/draft", &body.to_string());
        draft = now;
        let mut sent = [0usize; 4];
        for (s, phone) in sent.iter_mut().zip(phones.iter_mut()) {
            *s = phone.change(served, 1);
        }
        if *name == "ann" {
            sent[0] += answer;
        }
        eprintln!(
            "{name} sends a grid (bytes): ann {}, bob {}, scorekeeper {}, TV {}",
            sent[0], sent[1], sent[2], sent[3]
        );
        for (m, s) in most.iter_mut().zip(sent) {
            *m = (*m).max(s);
        }
    }
    (most, draft)
}

#[test]
fn a_phone_gets_its_first_load_and_each_change_within_its_budget() {
    let env = evening();
    let served = Served::start(env.dir.path(), &[]);
    let link = |name: &str| {
        let (_, url) = served.players.iter().find(|(n, _)| n == name).unwrap();
        url[url.find("/?").unwrap()..].to_string()
    };
    let mut ann = Phone::new(link("ann"), "/card.html");
    let mut bob = Phone::new(link("bob"), "/card.html");
    let mut keeper = Phone::new(format!("/?key={}", served.key), "/card.html");
    let mut tv = Phone::new("/tv".into(), "/tv.html");
    let first = [
        ann.load(&served),
        bob.load(&served),
        keeper.load(&served),
        tv.load(&served),
    ];
    eprintln!(
        "first load (bytes): player {}, scorekeeper {}, TV {}",
        first[0], first[2], first[3]
    );
    assert!(
        first[0] <= PLAYER_FIRST,
        "a player's first load: {} bytes",
        first[0]
    );
    assert!(
        first[2] <= KEEPER_FIRST,
        "the scorekeeper's first load: {} bytes",
        first[2]
    );

    // each player sends their grid for hole 9 from their phone: a draft change each
    let mut phones = [ann, bob, keeper, tv];
    let (mut most, draft) = send_grids(&served, &mut phones);
    let [ann, bob, keeper, tv] = &mut phones;
    // the scorekeeper records the hole from the draft as shown: a card change
    let body = serde_json::json!({
        "match": 3, "hole": 9, "from_draft": true, "draft": draft["revision"],
    });
    let (answer, card) = write(&served, &served.key, "/api/hole", &body.to_string());
    assert_eq!(card["holes_played"], 9);
    let sent = [
        ann.change(&served, 2),
        bob.change(&served, 2),
        keeper.change(&served, 2) + answer + keeper.refresh(&served),
        tv.change(&served, 2),
    ];
    eprintln!(
        "the hole recorded (bytes): ann {}, bob {}, scorekeeper {}, TV {}",
        sent[0], sent[1], sent[2], sent[3]
    );
    for (m, s) in most.iter_mut().zip(sent) {
        *m = (*m).max(s);
    }
    for (who, bytes) in ["ann", "bob", "the scorekeeper", "the TV"].iter().zip(most) {
        assert!(bytes <= CHANGE, "a change cost {who} {bytes} bytes");
    }
}

#[test]
fn the_card_and_its_fragments_are_sent_again_only_when_they_changed() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    let served = Served::start(env.dir.path(), &[]);
    let mut tags = Vec::new();
    for path in ["/api/card", "/card.html", "/tv.html"] {
        let (_, status, tag, body) = get(&served, path, None);
        assert_eq!(status, 200);
        let tag = tag.unwrap_or_else(|| panic!("{path} has no ETag"));
        assert!(
            tag.starts_with('"') && tag.ends_with('"'),
            "a strong validator: {tag}"
        );
        let (bytes, status, again, rest) = get(&served, path, Some(&tag));
        assert_eq!((status, rest.as_str()), (304, ""), "{path}");
        assert_eq!(again.as_deref(), Some(tag.as_str()));
        assert!(bytes < 400, "{path}: a 304 of {bytes} bytes");
        let (_, status, _, _) = get(&served, path, Some("\"0000000000000000\""));
        assert_eq!(status, 200, "{path}: another tag is another card");
        assert!(!body.is_empty());
        tags.push(tag);
    }
    // the page holds the card whose tag is /card.html's, and the stream's card event says it
    let (_, _, _, page) = get(&served, "/", None);
    assert_eq!(tag_in(&page), tags[1]);
    let mut fresh = Stream::open(&served, "/events");
    let (_, events) = fresh.first();
    let names: Vec<&str> = events.iter().map(|(e, _, _)| e.as_str()).collect();
    assert_eq!(names, ["card", "draft"]);
    assert_eq!(
        events[0].1, tags[1],
        "the card event's id is the card's ETag"
    );
    // a page that names the card it holds is not sent it again
    let seen = format!("/events?seen={}", tags[1].replace('"', "%22"));
    let mut holding = Stream::open(&served, &seen);
    let (_, events) = holding.first();
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].0, "draft");

    // a hole recorded at the terminal: a new card, a new tag, sent to both
    env.ok(&["hole", "ann=A 3 4 / 6 8 9", "bob=T J K / A 3 4"]);
    for stream in [&mut fresh, &mut holding] {
        let (_, events) = stream.next(2);
        assert_eq!(events[0].0, "card");
        assert_ne!(events[0].1, tags[1]);
        let (_, status, tag, _) = get(&served, "/card.html", Some(&tags[1]));
        assert_eq!(status, 200);
        assert_eq!(tag.as_deref(), Some(events[0].1.as_str()));
    }
}
