// golf serve: the scorecard on every page of a table (the players', the scorekeeper's, the
// plain page and /tv). The page comes with the card and its ETag (`data-tag`); each `card`
// event names the card it announces (its id, the ETag of `/card.html`), and only a card the
// page does not show yet is fetched, with its validator, and swapped in — never the one it
// came with. A score opens how it scored; a finished match hides the forms; "Share the
// card" hands the picture to the phone's share sheet.
import { on } from './live.js';

const card = document.getElementById('card');
// a table of a tournament has its addresses under /table/N
export const base = card ? card.dataset.base || '' : '';
export const match = card ? Number(card.dataset.match) : null;

let announced = null; // the newest card the stream named, fetched or on its way
let open = null; // the explanation shown, kept open across updates
let asked = 0;
let told = []; // what waits for the card shown to change

// the entry the card shown holds last, which an undo withdraws (refused if another is last
// since), or null
export function lastEntryId() {
  const sheet = card.querySelector('[data-last-entry]');
  return sheet ? Number(sheet.dataset.lastEntry) : null;
}

// the result in the table's words, as the card shows it (the server's JSON says the
// terminal's commands)
export function tableWords(text) {
  return String(text)
    .replace('(`golf finish` records the result)', '(the scorekeeper taps Finish match to record the result)')
    .replace('record a playoff hole with `golf hole --playoff` for', 'the scorekeeper records a playoff hole for');
}

function show(id) {
  card.querySelectorAll('.why').forEach((w) => { w.hidden = w.id !== id; });
  card.querySelectorAll('[data-why]').forEach((b) => {
    b.setAttribute('aria-expanded', String(b.dataset.why === id));
  });
  open = id;
}

// a finished match takes no more grids: the forms give way to the result (mending stays:
// it reopens the match), and come back if the match is reopened
function fitForms() {
  const over = !!card.querySelector('[data-finished]');
  ['entry', 'links'].forEach((id) => {
    const form = document.getElementById(id);
    if (form) form.hidden = over;
  });
}

// the card as the server shows it now, swapped in with its ETag (a card the browser
// holds already costs a 304)
function refresh() {
  const mine = ++asked;
  let tag = null;
  return fetch(card.dataset.fragment || base + '/card.html', { cache: 'no-cache' })
    .then((r) => {
      tag = r.headers.get('ETag');
      return r.ok ? r.text() : Promise.reject(r.status);
    })
    .then((html) => {
      if (mine !== asked) return; // a newer card is on its way
      card.innerHTML = html;
      card.dataset.tag = tag || '';
      fitForms();
      if (open && document.getElementById(open)) show(open);
      else open = null;
      const waiting = told;
      told = [];
      waiting.forEach((f) => f());
    })
    .catch(() => {});
}

// called before a write: a function whose promise is resolved once the card shown is
// another than the one shown when the write was sent — a write's answer waits for the
// card to show it, so that nothing moves under the next tap. The stream brings it; where
// it does not within 3 s (a lost stream, a write that changed nothing) it is fetched.
export function shownChange() {
  const before = card.dataset.tag;
  return () => new Promise((resolve) => {
    if (card.dataset.tag !== before) {
      resolve();
      return;
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => refresh().then(finish), 3000);
    told.push(finish);
  });
}

function follow() {
  fitForms();
  card.addEventListener('click', (e) => {
    const b = e.target.closest('[data-why]');
    if (b) show(open === b.dataset.why ? null : b.dataset.why);
  });
  on('card', (shown, id) => {
    // a new match started at the table: shown, the forms with its players (what was typed
    // here is kept in localStorage and said there)
    if (shown.match !== match) {
      location.reload();
      return;
    }
    if (id && (id === card.dataset.tag || id === announced)) return; // shown, or on its way
    announced = id;
    refresh();
  });
  // /tv says who has sent for the next hole: a change to the draft changes it too (the
  // draft the page came with is the first one the stream sends)
  if (card.dataset.followsDraft !== undefined) {
    let drafted = null;
    on('draft', (d, id, text) => {
      if (drafted !== null && text !== drafted) refresh();
      drafted = text;
    });
  }
}

// the card as a picture: to the phone's share sheet where there is one, else saved
function sharing() {
  const share = document.getElementById('share');
  if (!share) return;
  share.addEventListener('click', () => {
    const name = 'golf-match-' + match + '.png';
    fetch(base + '/card.png', { cache: 'no-store' })
      .then((r) => (r.ok ? r.blob() : Promise.reject(r.status)))
      .then((blob) => {
        const file = new File([blob], name, { type: 'image/png' });
        if (navigator.canShare && navigator.canShare({ files: [file] })) {
          return navigator.share({ files: [file], title: 'Golf · match ' + match });
        }
        const a = document.createElement('a');
        a.href = URL.createObjectURL(blob);
        a.download = name;
        document.body.appendChild(a);
        a.click();
        a.remove();
        return null;
      })
      .catch(() => {});
  });
}

if (card) {
  follow();
  sharing();
}
