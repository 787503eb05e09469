//! What `golf serve` holds while it runs, behind its locks: the matches served (each
//! table's key, card channel and picker), the tournament's board, the database's one
//! connection, and the changes made through [`crate::table`] with the card and board
//! published after them; the keys drawn from the database's one secret.

use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use subtle::ConstantTimeEq as _;
use tokio::sync::{watch as channel, Semaphore};

use super::watch::{BoardShown, Shown};
use super::{page, Answered, Moved};
use crate::error::Result;
use crate::game::tournament::Tournament;
use crate::game::Match;
use crate::store::once::Kept;
use crate::store::Store;
use crate::table::once::{Keyed, Once};

/// The match served and its card picker. Unless `--match` pins it, it moves on to a newer
/// match when one is started (`golf new` at the table after a finish), as `golf hole`'s
/// default would.
#[derive(Debug)]
pub struct Current {
    pub(super) id: AtomicI64,
    /// The served match's uuid: a file copied over the database holds another match under
    /// the same id (or none).
    pub(super) uuid: Mutex<String>,
    pub(super) picker: Mutex<page::Picker>,
    /// The rules and the players, as the start line says them.
    pub(super) about: Mutex<String>,
}

/// Match `m`'s rules and players, as the start line says them.
pub(super) fn about(m: &Match) -> String {
    format!(
        "{}: {}",
        crate::rules::label(&m.rules.name, &m.rules.house),
        m.names(&(0..m.players.len()).collect::<Vec<_>>())
    )
}

impl Current {
    pub(super) fn new(m: &crate::game::Match) -> Current {
        Current {
            id: AtomicI64::new(m.id),
            uuid: Mutex::new(m.uuid.clone()),
            picker: Mutex::new(page::Picker::of(m)),
            about: Mutex::new(about(m)),
        }
    }

    /// The match's id.
    pub fn id(&self) -> i64 {
        self.id.load(Ordering::SeqCst)
    }

    /// Serves `m` from now on.
    pub(super) fn set(&self, m: &crate::game::Match) {
        if let Ok(mut picker) = self.picker.lock() {
            *picker = page::Picker::of(m);
        }
        if let Ok(mut uuid) = self.uuid.lock() {
            uuid.clone_from(&m.uuid);
        }
        if let Ok(mut said) = self.about.lock() {
            *said = about(m);
        }
        self.id.store(m.id, Ordering::SeqCst);
    }

    /// Serves `m` as it is now when its players changed (a rename or a substitute, RULES.md
    /// §17): the new names' links work and the old names' stop at once, with no restart.
    pub(super) fn refresh(&self, m: &crate::game::Match) {
        if self.id() != m.id || self.players() != m.players {
            self.set(m);
        }
    }

    /// The served match's players, in seating order.
    pub(super) fn players(&self) -> Vec<String> {
        self.picker
            .lock()
            .map(|p| p.players.clone())
            .unwrap_or_default()
    }

    /// The served match's uuid.
    pub(super) fn uuid(&self) -> String {
        self.uuid.lock().map(|u| u.clone()).unwrap_or_default()
    }

    /// The scorekeeper's picker for the match.
    pub(super) fn picker(&self) -> Option<page::Picker> {
        self.picker.lock().ok().map(|p| p.clone())
    }
}

/// One match served: the match alone, or one table of a tournament's round, with the
/// key that writes it and the latest card built for it.
#[derive(Debug)]
pub struct Served {
    /// The table's number (1 for the first) at a tournament; `None` serving one match.
    pub(super) number: Option<usize>,
    pub(super) current: Current,
    /// The key that writes this match (a table's own at a tournament, 32 hex digits).
    pub(super) key: String,
    /// The database's one secret, the players' tokens drawn from it ([`token`]).
    pub(super) secret: String,
    pub(super) card: channel::Sender<Arc<Shown>>,
    /// The look the card shown was made from: an older look's card is never published.
    pub(super) published: Mutex<u64>,
    /// The card's picture as last drawn, with the card's JSON it was drawn from.
    pub(super) picture: Mutex<Option<(String, Arc<Vec<u8>>)>>,
}

impl Served {
    pub(super) fn new(number: Option<usize>, m: &Match, secret: &str, shown: Arc<Shown>) -> Served {
        Served {
            number,
            current: Current::new(m),
            key: table_key(secret, number),
            secret: secret.to_string(),
            card: channel::channel(shown).0,
            published: Mutex::new(0),
            picture: Mutex::new(None),
        }
    }

    /// The picture drawn for the card whose JSON is `json`, if it was drawn.
    pub(super) fn picture(&self, json: &str) -> Option<Arc<Vec<u8>>> {
        let kept = self.picture.lock().ok()?;
        kept.as_ref()
            .filter(|(drawn, _)| drawn == json)
            .map(|(_, png)| png.clone())
    }

    /// Keeps `png` as the picture of the card whose JSON is `json`.
    pub(super) fn keep_picture(&self, json: &str, png: Arc<Vec<u8>>) {
        if let Ok(mut kept) = self.picture.lock() {
            *kept = Some((json.to_string(), png));
        }
    }

    /// Whether `given` is this match's key, compared in constant time.
    pub(super) fn key_is(&self, given: &str) -> bool {
        given.as_bytes().ct_eq(self.key.as_bytes()).into()
    }

    /// The prefix of this match's addresses: nothing, or `/table/N` at a tournament.
    pub(super) fn base(&self) -> String {
        match self.number {
            Some(n) => format!("/table/{n}"),
            None => String::new(),
        }
    }

    /// The path of this match's page: `/`, or `/table/N` at a tournament.
    pub(super) fn path(&self) -> String {
        match self.base() {
            base if base.is_empty() => "/".into(),
            base => base,
        }
    }

    /// The token of seat `seat` of match `match_id` (CLI.md "Player links"): 122 bits drawn
    /// from the key by a name-based UUID (SHA-1), so it is kept as the key is, and a new
    /// key (`--new-key`) replaces every token at once. It writes only that player's grid of
    /// the next hole's draft.
    pub(super) fn token_for(&self, player: &str) -> String {
        token(&self.secret, player)
    }

    /// Each player's link to the served match on `url`, in seating order.
    pub(super) fn player_links(&self, url: &str) -> Vec<(String, String)> {
        let players = self.current.players();
        links(url, &self.secret, &players)
    }

    /// The seat whose token `given` is, at match `match_id` (compared in constant time).
    pub(super) fn token_seat(&self, players: &[String], given: &str) -> Option<usize> {
        players
            .iter()
            .position(|name| bool::from(given.as_bytes().ct_eq(self.token_for(name).as_bytes())))
    }

    /// Publishes `shown`, made from look `look`, unless a card from a later look is out.
    pub(super) fn publish(&self, shown: Arc<Shown>, look: u64) {
        publish_newer(&self.card, &self.published, shown, look, |now, new| {
            now.json != new.json || now.draft != new.draft || now.problem != new.problem
        });
    }
}

/// The tournament served with `--tournament`: its name and the board built for it.
#[derive(Debug)]
pub struct Event {
    pub(super) name: String,
    pub(super) board: channel::Sender<Arc<BoardShown>>,
    pub(super) published: Mutex<u64>,
}

impl Event {
    /// Publishes `board`, made from look `look`, unless a board from a later look is out.
    pub(super) fn publish(&self, board: Arc<BoardShown>, look: u64) {
        publish_newer(&self.board, &self.published, board, look, |now, new| {
            now.json != new.json || now.problem != new.problem
        });
    }
}

/// Sends `value`, made from look `look` at the database, to every phone following
/// `channel` — unless a value from a later look is out already (`published` holds its
/// look), or it does not `differ` from the one shown.
pub(super) fn publish_newer<T>(
    channel: &channel::Sender<Arc<T>>,
    published: &Mutex<u64>,
    value: Arc<T>,
    look: u64,
    differ: impl Fn(&T, &T) -> bool,
) {
    let Ok(mut published) = published.lock() else {
        return;
    };
    if look < *published {
        return;
    }
    *published = look;
    let now = channel.borrow().clone();
    if differ(&now, &value) {
        channel.send_replace(value);
    }
}

/// What every handler shares: the database's one connection, the matches served, the key,
/// the latest cards (and the tournament's board) and the limits.
#[derive(Debug)]
pub struct Server {
    pub(super) db: PathBuf,
    /// The one connection, for the handlers' writes and the watcher's looks alike.
    pub(super) store: Mutex<Option<Store>>,
    /// The database file as last seen after a write of the server's own, or as checked
    /// since: its identity, length and times ([`crate::store::FileState`]).
    pub(super) file: Mutex<Option<crate::store::FileState>>,
    /// The match served, or every table of the tournament's round in play.
    pub(super) tables: RwLock<Vec<Arc<Served>>>,
    /// The tournament served, with `--tournament`.
    pub(super) event: Option<Event>,
    pub(super) odds: bool,
    /// The scorekeeper's key, or at a tournament the director's (it writes any table).
    pub(super) key: String,
    /// The database's one secret, every key and token drawn from it.
    pub(super) secret: String,
    /// The file changed under the server in a way SQLite was not told of (a copy put in
    /// place): the watcher builds every card again at its next look.
    pub(super) stale: std::sync::atomic::AtomicBool,
    /// The port listened on, for the `Host` check.
    pub(super) port: u16,
    /// Each look at the database takes the next number, under the store's lock; a card
    /// is published only when made from a later look than the one shown.
    pub(super) looks: AtomicU64,
    pub(super) streams: Arc<Semaphore>,
    pub(super) stop: channel::Receiver<bool>,
}

/// The card of `m` as served now: `golf card --json`'s document, the page's and the TV's
/// HTML of it, its chances line (when `odds` and the match is in play) from the players'
/// history, and the shared draft of its next hole.
pub(super) fn card_now(
    store: &mut Store,
    m: &Match,
    odds: bool,
    before: Option<&Shown>,
) -> Result<Shown> {
    let mut draft = crate::table::shared_draft(store, m).ok().flatten();
    for problem in draft.iter_mut().flat_map(|d| d.problems.iter_mut()) {
        problem.error = super::words::draft_problem(problem);
    }
    let mut card = crate::view::card::CardView::new(m);
    // the chances change only with the totals: a draft, a note, a finish keep them
    let kept = before
        .and_then(|b| b.card.as_ref())
        .filter(|was| same_totals(was, &card))
        .map(|was| was.chances.clone());
    card.chances = match kept {
        Some(chances) => chances,
        None => {
            let history = match odds && crate::odds::in_play(m) {
                true => crate::table::history(store, m.id),
                false => None,
            };
            history
                .and_then(|h| crate::cache::card_odds(m, h))
                .map(|o| crate::view::odds::ChancesView::new(&o))
        }
    };
    let json = serde_json::to_string(&card)?;
    let html = page::card(&card).into_string();
    let tv = page::tv(&card, draft.as_ref()).into_string();
    Ok(Shown {
        id: m.id,
        tags: super::tag::Tags::of(&json, &html, &tv),
        json,
        html,
        tv,
        draft: serde_json::to_string(&draft)?,
        problem: None,
        card: Some(Arc::new(card)),
    })
}

/// Whether cards `a` and `b` have the same chances: the same match, players, holes,
/// totals and whether it is finished.
fn same_totals(a: &crate::view::card::CardView, b: &crate::view::card::CardView) -> bool {
    let totals = |c: &crate::view::card::CardView| {
        c.players
            .iter()
            .map(|p| (p.name.clone(), p.total, p.holes.clone()))
            .collect::<Vec<_>>()
    };
    a.id == b.id
        && a.finished == b.finished
        && a.holes.len() == b.holes.len()
        && totals(a) == totals(b)
}

impl Server {
    /// Whether `given` is the key (the scorekeeper's, or the director's at a tournament),
    /// compared in constant time.
    pub(super) fn key_is(&self, given: &str) -> bool {
        given.as_bytes().ct_eq(self.key.as_bytes()).into()
    }

    /// Every match served, in table order.
    pub(super) fn tables(&self) -> Vec<Arc<Served>> {
        self.tables.read().map(|t| t.clone()).unwrap_or_default()
    }

    /// The match served alone, or table `number` of the tournament's round in play.
    pub(super) fn served(&self, number: Option<usize>) -> Option<Arc<Served>> {
        let tables = self.tables.read().ok()?;
        match number {
            None if self.event.is_none() => tables.first().cloned(),
            None => None,
            Some(n) => tables.iter().find(|t| t.number == Some(n)).cloned(),
        }
    }

    /// What became of the database file, if it is not the one opened: deleted, or another
    /// file renamed over it. Metadata only: the file is never opened.
    pub(super) fn file_problem(&self) -> Option<String> {
        self.moved(&crate::store::file_state(&self.db))
    }

    /// [`Server::file_problem`] from the file's state `now`.
    pub(super) fn moved(&self, now: &std::io::Result<crate::store::FileState>) -> Option<String> {
        let shown = crate::text::path(&self.db);
        let then = self.file.lock().ok().and_then(|f| *f);
        match (now, then) {
            (Err(_), _) => Some(format!(
                "the database {shown} was deleted while golf serve was running; nothing more can be recorded here — the holes recorded so far are lost with it unless a copy is kept"
            )),
            (Ok(now), Some(then)) if now.id != then.id => Some(format!(
                "the database {shown} was replaced by another file while golf serve was running; nothing more is recorded here — stop golf serve and start it again to serve the file now at {shown}"
            )),
            _ => None,
        }
    }

    /// The same, and also a file copied over the database in place. The server empties
    /// the WAL after each of its writes, so the file alone holds the match; only when the
    /// file changed since (another program's checkpoint, or a copy) are its cached pages
    /// let go and the served match looked for in the file under its id and uuid.
    pub(super) fn problem(&self, store: &mut Store) -> Option<String> {
        let now = crate::store::file_state(&self.db);
        if let Some(p) = self.moved(&now) {
            return Some(p);
        }
        let now = now.ok();
        if now == self.file.lock().ok().and_then(|f| *f) {
            return None;
        }
        let _ = store.forget_cached_pages();
        let mut lost = None;
        for served in self.tables() {
            let (id, uuid) = (served.current.id(), served.current.uuid());
            let found = store
                .read(|tx| Ok(crate::store::find_by_uuid(tx, &uuid)?))
                .ok()?;
            if found != Some(id) {
                lost = Some(id);
                break;
            }
        }
        let Some(id) = lost else {
            // the matches are where they were: another program's checkpoint, or a copy of
            // this very database put in place (a backup restored) — either way every card
            // is built again from the file as it is now
            if let Ok(mut file) = self.file.lock() {
                *file = now;
            }
            self.stale.store(true, Ordering::SeqCst);
            return None;
        };
        Some(format!(
            "the database {} was overwritten by another file while golf serve was running (match {id} is no longer the one served); nothing more is recorded here — stop golf serve and start it again",
            crate::text::path(&self.db)
        ))
    }

    /// After a write of the server's own: the WAL emptied into the file (as far as other
    /// programs' readers let it), and the file's state noted as the server's.
    pub(super) fn wrote(&self, store: &mut Store) {
        let _ = store.checkpoint();
        if let (Ok(mut file), Ok(now)) = (self.file.lock(), crate::store::file_state(&self.db)) {
            *file = Some(now);
        }
    }

    /// Looks at the database under its lock: `work` with the store, and the look's number.
    pub(super) fn look<T>(&self, work: impl FnOnce(&mut Store) -> Result<T>) -> Result<(T, u64)> {
        let mut guard = self
            .store
            .lock()
            .map_err(|_| anyhow::anyhow!("the database connection was lost by a failed write"))?;
        let Some(store) = guard.as_mut() else {
            return Err(anyhow::anyhow!("golf serve is stopping; nothing was recorded").into());
        };
        let value = work(store)?;
        Ok((value, self.looks.fetch_add(1, Ordering::SeqCst) + 1))
    }

    /// Makes a change to the served match `served` through [`crate::table`], in one write
    /// on the one connection, and publishes the card after it (and, at a tournament, the
    /// board): `change(store, served id)` returns the match after the change. With an
    /// idempotency key ([`crate::table::once`]) the answer — the card's JSON, or with
    /// `draft` the shared draft's — is kept in the same write, and a repeat gets it back
    /// with nothing written. Refused, with nothing written, when the database is no longer
    /// the one opened.
    pub(super) fn change(
        &self,
        served: &Served,
        keyed: Option<&Keyed>,
        draft: bool,
        change: impl FnOnce(&mut Store, i64) -> Result<Match>,
    ) -> Result<Answered<Arc<Shown>>> {
        let (done, look) = self.look(|store| {
            if let Some(problem) = self.problem(store) {
                return Err(Moved(problem).into());
            }
            // the key checked in the write's own transaction: one lock, no gap
            let done = crate::table::once::once(
                store,
                keyed,
                |store| {
                    self.key_kept(store)?;
                    change(store, served.current.id())
                },
                |store, m| {
                    served.current.refresh(&m);
                    let before = served.card.borrow().clone();
                    let shown = card_now(store, &m, self.odds, Some(&before))?;
                    let body = match draft {
                        true => shown.draft.clone(),
                        false => shown.json.clone(),
                    };
                    Ok((shown, body))
                },
            )?;
            let Once::Made(shown, _) = done else {
                return Ok(Err(done));
            };
            self.wrote(store);
            Ok(Ok((shown, self.board_of(store).ok().flatten())))
        })?;
        let (shown, board) = match done {
            Ok(made) => made,
            Err(Once::Replayed(kept)) => return Ok(Answered::Replayed(kept)),
            Err(Once::Made(shown, _)) => (shown, None),
        };
        let shown = Arc::new(shown);
        served.publish(shown.clone(), look);
        if let (Some(event), Some(board)) = (&self.event, board) {
            event.publish(Arc::new(board), look);
        }
        Ok(Answered::Made(shown))
    }

    /// [`KeyReplaced`] when the database's secret is no longer the one this server's keys
    /// were drawn from (another `golf serve --new-key`): the old links stop writing at once.
    /// A database with no secret (a copy from before any `golf serve`, put in its place)
    /// takes this server's.
    fn key_kept(&self, store: &mut Store) -> Result<()> {
        match crate::table::keys::adopt(store, &self.secret)? {
            true => Ok(()),
            false => Err(super::KeyReplaced.into()),
        }
    }

    /// Keeps `refusal` (status, body) as the answer to `keyed`, so a retry is refused the
    /// same way: only a refusal that a retry would meet again (400, 409), never "busy" or
    /// a failure. Returns the answer kept before when a repeat was answered meanwhile.
    pub(super) fn keep_refusal(&self, keyed: &Keyed, status: u16, body: &str) -> Option<Kept> {
        if !matches!(status, 400 | 409) {
            return None;
        }
        self.look(|store| crate::table::once::keep_refusal(store, keyed, status, body))
            .ok()
            .and_then(|(kept, _)| kept)
    }

    /// The tournament's board as it stands (`None` serving one match).
    pub(super) fn board_of(&self, store: &mut Store) -> Result<Option<BoardShown>> {
        let Some(event) = &self.event else {
            return Ok(None);
        };
        let t = crate::table::tournament::load(store, Some(&event.name))?;
        Ok(Some(board_shown(&t)?))
    }

    /// Makes a change to the tournament as a whole (the director's: seating the next
    /// round, a penalty or a disqualification) in one write, then serves the round in play
    /// as it stands after it and publishes every card and the board. `change(store, name)`
    /// returns the tournament after the change; with `keyed`, the board's JSON is kept as
    /// its answer in the same write ([`crate::table::once`]).
    pub(super) fn change_event(
        &self,
        keyed: Option<&Keyed>,
        change: impl FnOnce(&mut Store, &str) -> Result<Tournament>,
    ) -> Result<Answered<Arc<BoardShown>>> {
        let Some(event) = &self.event else {
            return Err(anyhow::anyhow!("no tournament is served").into());
        };
        let (done, look) = self.look(|store| {
            if let Some(problem) = self.problem(store) {
                return Err(Moved(problem).into());
            }
            let done = crate::table::once::once(
                store,
                keyed,
                |store| {
                    self.key_kept(store)?;
                    change(store, &event.name)
                },
                |store, t| {
                    let cards = self.cards_of(store, &t)?;
                    let board = board_shown(&t)?;
                    let body = board.json.clone();
                    Ok(((board, cards), body))
                },
            )?;
            if let Once::Made(..) = done {
                self.wrote(store);
            }
            Ok(done)
        })?;
        let (board, cards) = match done {
            Once::Made(made, _) => made,
            Once::Replayed(kept) => return Ok(Answered::Replayed(kept)),
        };
        self.seat(cards, look);
        let board = Arc::new(board);
        event.publish(board.clone(), look);
        Ok(Answered::Made(board))
    }

    /// Each table's match of the round in play of `t` and its card as served, in table
    /// order.
    pub(super) fn cards_of(
        &self,
        store: &mut Store,
        t: &Tournament,
    ) -> Result<Vec<(Match, Shown)>> {
        let mut cards = Vec::new();
        for m in t.played.last().into_iter().flatten() {
            let before = self
                .tables()
                .into_iter()
                .map(|t| t.card.borrow().clone())
                .find(|shown| shown.id == m.id);
            cards.push((m.clone(), card_now(store, m, self.odds, before.as_deref())?));
        }
        Ok(cards)
    }

    /// Serves the tables of `cards` (the round in play, in table order, from look
    /// `look`): a table whose match changed (a new round seated) serves the new one, a
    /// new table is added, and each card is published.
    pub(super) fn seat(&self, cards: Vec<(Match, Shown)>, look: u64) {
        let Ok(mut tables) = self.tables.write() else {
            return;
        };
        let mut seated = Vec::new();
        for (i, (m, shown)) in cards.into_iter().enumerate() {
            let number = i + 1;
            let shown = Arc::new(shown);
            match tables.iter().find(|t| t.number == Some(number)) {
                Some(served) => {
                    served.current.refresh(&m);
                    served.publish(shown, look);
                    seated.push(served.clone());
                }
                None => {
                    let served = Served::new(Some(number), &m, &self.secret, shown);
                    *served.published.lock().unwrap_or_else(|e| e.into_inner()) = look;
                    seated.push(Arc::new(served));
                }
            }
        }
        *tables = seated;
    }
}

/// The board of `t` as served.
pub(super) fn board_shown(t: &Tournament) -> Result<BoardShown> {
    let view = crate::view::tournament::BoardView::new(t);
    Ok(BoardShown {
        json: serde_json::to_string(&view)?,
        html: super::page::board(&view).into_string(),
        round: view.round,
        problem: None,
        view: Some(Arc::new(view)),
    })
}

/// The key of a table's scorekeeper, drawn from the database's `secret` (CLI.md "Keys and
/// seats"): table `number` of a tournament (`Some`), or a match served alone (`None`).
/// 122 bits by a name-based UUID (SHA-1), so a restart keeps every link, the same table
/// keeps its key from round to round (the phone on it stays the scorekeeper's), a
/// tournament's match served alone keeps its table's key, and `--new-key` replaces them
/// all. The secret itself is never handed out.
pub(super) fn table_key(secret: &str, number: Option<usize>) -> String {
    match number {
        Some(n) => derived(secret, &format!("golf serve table {n}")),
        None => derived(secret, "golf serve table"),
    }
}

/// The director's key at a tournament, drawn from the database's `secret`: it writes any
/// table, seats rounds and disqualifies.
pub(super) fn director_key(secret: &str) -> String {
    derived(secret, "golf serve director")
}

/// The token of the player named `player` under `key` ([`Served::token_for`]): the same
/// for every match the player sits in, so the link handed out at the start of the evening
/// works all evening; a renamed or substituted player's old name's token writes nothing
/// once the name is gone from the match.
pub(super) fn token(key: &str, player: &str) -> String {
    derived(key, &format!("golf serve player {player}"))
}

/// A secret drawn from `key` (32 hex digits) for `what`: a name-based UUID (SHA-1) in the
/// key's namespace, as 32 hex digits.
pub(super) fn derived(key: &str, what: &str) -> String {
    let mut bytes = [0u8; 16];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = key
            .get(2 * i..2 * i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(0);
    }
    let space = uuid::Uuid::from_bytes(bytes);
    uuid::Uuid::new_v5(&space, what.as_bytes())
        .simple()
        .to_string()
}

/// Each of `players`' links on `url`, their tokens drawn from `secret`.
pub(super) fn links(url: &str, key: &str, players: &[String]) -> Vec<(String, String)> {
    use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
    players
        .iter()
        .map(|name| {
            let link = format!(
                "{url}?player={}&token={}",
                utf8_percent_encode(name, NON_ALPHANUMERIC),
                token(key, name)
            );
            (name.clone(), link)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_128_random_bits_and_only_itself_matches() {
        let (a, b) = (
            crate::table::keys::random_key().unwrap(),
            crate::table::keys::random_key().unwrap(),
        );
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        let m = crate::game::Match::new(
            &crate::game::Setup {
                rules: "classic".into(),
                players: vec!["ann".into(), "bob".into()],
                ..Default::default()
            },
            "2026-11-25T20:00:00Z",
        )
        .unwrap();
        let served = Served::new(None, &m, &a, Arc::new(Shown::default()));
        let key = table_key(&a, None);
        assert!(served.key_is(&key));
        assert!(!served.key_is(&a), "the secret itself writes nothing");
        assert!(!served.key_is(&table_key(&b, None)));
        assert!(!served.key_is(&key[..31]));
        assert!(!served.key_is(""));
        assert!(!served.key_is(&format!("{key}0")));
        // a player's token is theirs at every match they sit in
        assert_eq!(served.token_seat(&m.players, &token(&a, "bob")), Some(1));
        assert_eq!(served.token_seat(&m.players, &token(&a, "cat")), None);
    }

    #[test]
    fn each_table_has_a_key_of_its_own_drawn_from_the_directors() {
        let (a, b) = (
            crate::table::keys::random_key().unwrap(),
            crate::table::keys::random_key().unwrap(),
        );
        let keys: Vec<String> = (1..=8).map(|n| table_key(&a, Some(n))).collect();
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(k.len(), 32);
            assert!(k.bytes().all(|c| c.is_ascii_hexdigit()));
            assert_ne!(*k, director_key(&a), "a table's key is not the director's");
            assert_ne!(
                *k,
                table_key(&a, None),
                "nor the key of a match served alone"
            );
            assert_eq!(
                *k,
                table_key(&a, Some(i + 1)),
                "kept: the same key after a restart"
            );
            assert_ne!(
                *k,
                table_key(&b, Some(i + 1)),
                "a new director's key makes new ones"
            );
            assert!(keys[i + 1..].iter().all(|other| other != k));
            assert_ne!(*k, token(&a, "ann"), "no table's key is a player's token");
        }
    }
}
