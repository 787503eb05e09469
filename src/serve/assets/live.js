// golf serve: the page's one event stream (CLI.md "The table's screen"). Every page opens
// exactly one EventSource — the table's `/events` (`card`, `draft`) or the board's
// (`board`) — and every module of the page listens to it through `on`. The stream is made
// again after any failure (a restart, a lost network, a refusal when too many phones
// watch), waiting longer each time, up to 15 s; `#live` says "Live" or "Reconnecting…",
// and a `problem` (the database deleted or replaced under the server) stops it and is
// said in `#problem`.

const listeners = {}; // event name → the functions told each event
const latest = {}; // event name → its latest event, told to a module that listens late
let source = null;
let broken = null;
let wait = 1000;
// the stream is opened once every module of the page has said what it listens to: each
// <script type="module"> runs as a task of its own, and an event arriving between two
// of them would find no listener yet
let ready = false;
let wanted = false;
document.addEventListener('DOMContentLoaded', () => {
  ready = true;
  if (wanted && !source) connect();
});

// the stream of this page: a table's under its address (`/table/N` at a tournament),
// naming the card the page holds (`data-tag`, its ETag): the server sends it again only
// if it changed since
function address() {
  const card = document.getElementById('card');
  if (!card) return '/events';
  return (card.dataset.base || '') + '/events?seen=' + encodeURIComponent(card.dataset.tag || '');
}

function say(text, bad) {
  const live = document.getElementById('live');
  if (!live) return;
  live.textContent = text;
  live.classList.toggle('off', bad);
}

function tell(name, e) {
  const event = { data: JSON.parse(e.data), id: e.lastEventId, text: e.data };
  latest[name] = event;
  (listeners[name] || []).forEach((listener) => listener(event.data, event.id, event.text));
}

function listen(name) {
  source.addEventListener(name, (e) => {
    wait = 1000;
    if (!broken) say('Live', false);
    tell(name, e);
  });
}

function connect() {
  source = new EventSource(address());
  source.onopen = () => {
    wait = 1000;
    if (!broken) say('Live', false);
  };
  Object.keys(listeners).forEach(listen);
  source.addEventListener('problem', (e) => {
    broken = JSON.parse(e.data).error;
    say('Stopped', true);
    const said = document.getElementById('problem');
    if (said) {
      said.textContent = broken;
      said.hidden = false;
    }
  });
  source.onerror = () => {
    source.close();
    say('Reconnecting…', true);
    setTimeout(connect, wait);
    wait = Math.min(wait * 2, 15000);
  };
}

// `listener(data, id, text)` told every `name` event from now on (the latest one at once,
// if it came before): `data` parsed, `id` the event's id (a card's ETag), `text` as sent
export function on(name, listener) {
  const fresh = !listeners[name];
  (listeners[name] = listeners[name] || []).push(listener);
  wanted = true;
  if (source && fresh) listen(name);
  else if (!source && ready) connect();
  const last = latest[name];
  if (last) queueMicrotask(() => listener(last.data, last.id, last.text));
}

// what the server said is wrong with the database, or null: no write can succeed
export function problem() {
  return broken;
}
