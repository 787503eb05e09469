// golf serve: the scorekeeper records a hole (CLI.md "The phone knows its hole"): every
// phone's grid and score as it arrives, who went out, who is awaited; "Record hole N as
// the phones sent it" records exactly the draft shown (its revision), asking who went out
// where the rules adjust for it; "Record hole N" records the grids typed here.
import { form as f } from './form.js';
import { on } from './live.js';
import { showGrid } from './picker.js';
import { base, tableWords } from './scorecard.js';

const keeper = document.getElementById('keeper');
let shown = null; // the draft as shown: recording from it records exactly that revision

// the draft's row of player `name`: their cards, score, and whether they ended the hole
function row(name, d) {
  const tr = document.createElement('tr');
  const th = document.createElement('th');
  th.scope = 'row';
  th.textContent = name;
  const cards = document.createElement('td');
  const score = document.createElement('td');
  if (d.grids[name] === null) {
    cards.textContent = 'awaited';
    cards.className = 'awaited';
  } else {
    showGrid(cards, d.grids[name]);
    score.textContent = d.scores && d.scores[name] !== undefined ? String(d.scores[name]) : '';
  }
  if ((d.typed_at_computer || []).indexOf(name) >= 0) score.textContent += ' · typed at the computer';
  if ((d.restored || []).indexOf(name) >= 0) score.textContent += ' · put back by the undo';
  if (d.out === name) score.textContent += ' · went out';
  if (d.knock === name) score.textContent += ' · knocked';
  if (d.problems.some((p) => (p.players || []).indexOf(name) >= 0 || p.player === name)) tr.className = 'refused';
  tr.append(th, cards, score);
  return tr;
}

function drafted(d) {
  const view = document.getElementById('draftview');
  const fromDraft = document.getElementById('fromdraft');
  shown = d;
  view.textContent = '';
  f.drafted.textContent = '';
  if (!d) {
    fromDraft.hidden = true;
    return;
  }
  const names = Object.keys(d.grids);
  // a player not asked for (disqualified) has no grid to give
  f.players.forEach((p) => { p.hidden = names.indexOf(p.dataset.player) < 0; });
  const sent = names.filter((n) => d.grids[n] !== null);
  if (sent.length) {
    const table = document.createElement('table');
    table.className = 'draft';
    const cap = document.createElement('caption');
    cap.textContent = 'Sent for ' + f.holeWords(d.playoff ? 'p' + d.hole : d.hole);
    table.appendChild(cap);
    names.forEach((n) => table.appendChild(row(n, d)));
    view.appendChild(table);
  }
  const said = d.problems.map((p) => p.error);
  if (sent.length && d.missing.length) said.push('Waiting for: ' + d.missing.join(', ') + '.');
  f.drafted.textContent = said.join(' ');
  f.drafted.classList.toggle('bad', d.problems.length > 0);
  fromDraft.hidden = !(sent.length && !d.missing.length && !d.problems.length);
}

// who ended the hole as recorded: the draft's claim, or who the scorekeeper chose
const chosen = (box) => (box ? box.value || null : null);

function fromDraft() {
  const d = shown;
  if (!d) return;
  const out = chosen(f.outBox);
  const knock = chosen(f.knockBox);
  const ending = keeper.dataset.ending;
  if (ending && !d.out && !d.knock && !out && !knock && !window.confirm(
    'No phone says who went out' + (f.knockBox ? ' or knocked' : '') + ': under these rules the player who ends a hole ' +
    ending + '. Record hole ' + d.hole + ' with no one ending it? (Cancel, then choose who went out.)')) return;
  // the scorekeeper's choice of who ended it goes into the draft first, then the hole
  const who = knock || out;
  let first = Promise.resolve(d);
  if (who && who !== d.out && who !== d.knock) {
    first = f.post('/api/draft', { player: who, grid: d.grids[who], out: !!out, knock: !!knock, hole: d.hole });
  }
  first.then((now) => {
    if (!now) return null;
    return f.post('/api/hole', { hole: now.hole, from_draft: true, draft: now.revision }, (r, j) => {
      if (r.status !== 409) return false;
      f.refused(j.error + ' Nothing was recorded. Look at the grids shown now, then record them.');
      // the grids as they are now, shown at once (the stream may be slower)
      fetch(base + '/api/draft', { cache: 'no-store' })
        .then((a) => (a.ok ? a.json() : Promise.reject(a.status)))
        .then(drafted)
        .catch(() => {});
      return true;
    });
  }).then((j) => {
    if (!j) return;
    f.clearForm();
    f.status.textContent = 'Recorded hole ' + j.holes_played + ' from the phones. ' + tableWords(j.result.summary);
  });
}

function record() {
  if (f.broken()) {
    f.refused(f.broken());
    return;
  }
  const out = chosen(f.outBox);
  const knock = chosen(f.knockBox);
  // asked before the hole is written, as golf hole's prompt asks: where the rules adjust
  // the ender's score, no one going out must be meant
  const ending = keeper.dataset.ending;
  const nobody = ending && !out && !knock;
  if (nobody && !window.confirm('No one is chosen as going out' + (f.knockBox ? ' or knocking' : '') +
      ': under these rules the player who ends a hole ' + ending +
      '. Record the hole with no one ending it? (Cancel to choose who went out.)')) return;
  const hole = f.entry.state().hole;
  f.post('/api/hole', { grids: f.typed(), out, knock, hole: f.holeNo() }, (r, j) =>
    r.status === 409 && f.overtaken(j, 'The grids typed here')).then((j) => {
    if (!j) return;
    // recorded: what was typed for the hole is on the card, never kept aside
    if (hole === f.entry.state().hole) {
      f.clearForm();
      f.entry.type({}, false, false);
    } else {
      f.entry.drop({ match: f.match, hole });
      f.showKept();
    }
    f.status.textContent = 'Recorded hole ' + j.holes_played + '. ' + tableWords(j.result.summary);
    if (nobody) {
      f.status.textContent += ' No one is recorded as ending the hole (going out' +
        (f.knockBox ? ' or knocking' : '') + "), so no one's score was adjusted for it: " +
        'the player who ends a hole ' + ending + '. If someone did, undo the hole and record it again with them.';
    }
  });
}

if (f && !f.me) {
  on('draft', drafted);
  document.getElementById('fromdraft').addEventListener('click', fromDraft);
  document.getElementById('record').addEventListener('click', record);
}
