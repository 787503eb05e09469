// golf serve: the entry form of a seat with a key or a player's token (CLI.md "The phone
// knows its hole"). The form is for one hole, named on it ("Your grid for hole 6", "Record
// hole 6"), its entry kept as it is typed (entry.js); when the card moves on to another
// hole, from any phone or the terminal, the form starts that hole empty and what was typed
// for the recorded one and never sent is kept aside, labelled, sent nowhere. Every write
// goes through the outbox (api.js), exactly once. player.js and record.js act on it.
import { writes } from './api.js';
import { entryOf } from './entry.js';
import { on, problem } from './live.js';
import { picker, showGrid } from './picker.js';
import { base, match, shownChange } from './scorecard.js';

// "6" (a hole) or "p1" (a playoff hole) in words
export function holeWords(h) {
  h = String(h);
  return h[0] === 'p' ? 'playoff hole ' + h.slice(1) : 'hole ' + h;
}

function refuser(status, players) {
  return function refused(message) {
    status.textContent = message;
    status.classList.add('bad');
    // where the referee's message names a player, it is shown beside that grid too
    const named = players.filter((p) =>
      new RegExp('(^|[^\\w])' + p.dataset.player.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '($|[^\\w])', 'i').test(message));
    if (named.length === 1) {
      named[0].classList.add('refused');
      const e = named[0].querySelector('.err');
      e.textContent = message;
      e.hidden = false;
    }
  };
}

// what was typed for a hole recorded without it, shown in `box`: kept, labelled, sent
// nowhere unless put into this hole (`use(kept)`) or forgotten
function showKept(f, box, use) {
  box.textContent = '';
  const all = f.entry.kept();
  box.hidden = !all.length;
  all.forEach((k) => {
    const p = document.createElement('p');
    const whose = Object.keys(k.grids).filter((n) => k.grids[n]);
    const where = k.match === match ? holeWords(k.hole) : holeWords(k.hole) + ' of match ' + k.match;
    p.textContent = (k.match === match ? where[0].toUpperCase() + where.slice(1) + ' was recorded without these cards'
      : 'A new match was started while these cards were typed for ' + where) +
      '; they are kept here for a correction and sent nowhere: ';
    whose.forEach((n, i) => {
      const g = document.createElement('span');
      showGrid(g, k.grids[n]);
      p.appendChild(document.createTextNode((i ? '; ' : '') + (f.me ? '' : n + ': ')));
      p.appendChild(g);
    });
    if (k.out) p.appendChild(document.createTextNode(f.me ? ' (you said you went out)' : ' (' + k.out + ' went out)'));
    const button = (label, act) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.addEventListener('click', () => {
        act();
        f.entry.drop(k);
        f.showKept();
      });
      return b;
    };
    box.appendChild(p);
    box.appendChild(button('Put them in ' + holeWords(f.entry.state().hole), () => use(k)));
    box.appendChild(button('Forget the cards of ' + where, () => {}));
  });
}

// the form of this page, or null (no form, or no key or token in the address)
function make() {
  const keeper = document.getElementById('keeper');
  const params = new URLSearchParams(location.search);
  // the scorekeeper's key, or a player's own token (their link): it writes their grid only
  const bearer = params.get('key') || params.get('token');
  if (!bearer || !keeper || match === null) return null;
  const me = keeper.dataset.me || null;
  const status = document.getElementById('status');
  const outBox = document.getElementById(me ? 'iout' : 'out');
  const knockBox = document.getElementById(me ? 'iknock' : 'knock');
  const ender = (box) => (box ? (me ? box.checked : box.value || false) : false);
  // the entry of one hole, bound to this match, the hole and this seat
  const entry = entryOf(match, me || 'keeper');
  entry.begin((keeper.dataset.playoff !== undefined ? 'p' : '') + keeper.dataset.hole);
  // every tap kept at once: a reload, a sleeping phone or a closed tab loses nothing
  const remember = () => entry.type(grids.typed(), ender(outBox), ender(knockBox));
  const grids = picker(keeper, remember, (text) => f.refused(text));
  const sender = writes(base, bearer, (n) => {
    if (n) status.textContent = 'Waiting for the computer — ' + n + ' not sent yet. It is sent again by itself; nothing is lost.';
  });
  [outBox, knockBox].forEach((b) => { if (b) b.addEventListener('change', remember); });

  const f = {
    me, match, entry, status, outBox, knockBox, holeWords,
    players: grids.players,
    typed: grids.typed,
    mark: grids.mark,
    drafted: document.getElementById('drafted'),
    refused: refuser(status, grids.players),
    broken: problem,
    holeNo: () => Number(String(entry.state().hole).replace('p', '')),
    // the form showing `shown` (by player) and who ended the hole
    fill(shown, out, knock) {
      grids.fill(shown);
      [[outBox, out], [knockBox, knock]].forEach(([box, said]) => {
        if (!box) return;
        if (me) box.checked = !!said;
        else box.value = said || '';
      });
    },
    clearForm: () => f.fill({}, false, false),
    clearErrors() {
      grids.mark([]);
      grids.players.forEach((p) => {
        p.classList.remove('refused');
        const e = p.querySelector('.err');
        e.hidden = true;
        e.textContent = '';
      });
      status.textContent = '';
      status.classList.remove('bad');
    },
    showKept: () => showKept(f, document.getElementById('kept'), (k) => {
      f.fill(k.grids, false, false);
      remember();
    }),
    // a write of `body` to `path` (the match added), answered with the server's JSON or
    // null when refused (`conflict(r, j)` may say a refusal its own way); a write that
    // changes the card is answered once the card shows it
    post(path, body, conflict) {
      body = body || {};
      body.match = match;
      f.clearErrors();
      status.textContent = 'Sending…';
      const seen = shownChange();
      return sender.send(path, body).then(({ r, j }) => {
        if (!r.ok) {
          if (!(conflict && conflict(r, j))) {
            f.refused(j.error || 'refused: ' + r.status);
            grids.mark(j.slots);
          }
          return null;
        }
        return path === '/api/draft' ? j : seen().then(() => j);
      });
    },
    // a refusal (409) because the hole was recorded meanwhile: said, and the form moves on
    overtaken(j, what) {
      f.refused(j.error + ' ' + what + ' for ' + holeWords(entry.state().hole) +
        ' were not sent: that hole was recorded without them. They are kept on this phone for a correction.');
      return true;
    }
  };
  follow(f, sender);
  return f;
}

// the form follows the hole the card takes next, and what a reload left behind
function follow(f, sender) {
  const named = () => document.querySelectorAll('#keeper .which').forEach((w) => {
    w.textContent = holeWords(f.entry.state().hole);
  });
  // the card takes `next` now: when that is another hole, the one entered here was
  // recorded (from any phone or the terminal); the form starts the next hole empty
  on('card', (shown) => {
    if (shown.match !== match || !shown.next) return;
    const next = (shown.next.playoff ? 'p' : '') + shown.next.hole;
    if (next === f.entry.state().hole) return;
    const was = f.entry.state();
    const left = f.entry.recorded(next);
    f.clearForm();
    const now = f.entry.state(); // cards this phone typed for the new hole before (a reload)
    if (now.phase !== 'empty') f.fill(now.grids, now.out, now.knock);
    named();
    f.showKept();
    if (was.phase === 'sent') f.status.textContent = holeWords(was.hole) + ' is recorded. This form is for ' + holeWords(next) + ' now.';
    else if (left) f.status.textContent = '';
  });
  // writes left unanswered by a page closed or reloaded: sent again with their keys
  sender.resume((answer) => {
    f.status.textContent = answer.r.ok ? 'A change sent before the page was reloaded is now recorded.'
      : 'A change sent before the page was reloaded was refused: ' + (answer.j.error || answer.r.status);
  });
  // what this phone typed before a reload: back in the form, and what was kept aside
  const was = f.entry.state();
  if (was.phase !== 'empty') f.fill(was.grids, was.out, was.knock);
  else f.clearForm();
  f.showKept();
}

export const form = make();
