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

// the stream of this page: a table's under its address (`/table/N` at a tournament)
function address() {
  const card = document.getElementById('card');
  return (card ? card.dataset.base || '' : '') + '/events';
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
// if it came before): `data` parsed, `id` the event's id (the card's version), `text` as sent
export function on(name, listener) {
  const fresh = !listeners[name];
  (listeners[name] = listeners[name] || []).push(listener);
  if (!source) connect();
  else if (fresh) listen(name);
  const last = latest[name];
  if (last) queueMicrotask(() => listener(last.data, last.id, last.text));
}

// what the server said is wrong with the database, or null: no write can succeed
export function problem() {
  return broken;
}
