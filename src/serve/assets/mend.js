// golf serve: the scorekeeper mends the card from the page (CLI.md "Mending from the
// page"): a recorded hole's grid or who went out, as `golf amend` does (a finished match is
// reopened by it), a penalty, as `golf penalty` does, the last entry withdrawn, as `golf
// undo` does, and the match finished — each refereed as at the terminal.
import { form as f } from './form.js';
import { lastEntryId, tableWords } from './scorecard.js';

const value = (id) => document.getElementById(id).value;

function amend() {
  const hole = Number(value('mhole'));
  const who = value('mplayer');
  const grid = value('mgrid').trim();
  const out = value('mout');
  const body = { hole };
  if (who && grid) body.grids = { [who]: grid };
  if (out !== '=') body.out = out || null;
  if (!body.grids && !('out' in body)) {
    f.refused('Choose a player and their corrected grid, or who went out.');
    return;
  }
  f.post('/api/amend', body).then((j) => {
    if (j) f.status.textContent = 'Hole ' + hole + ' mended. ' + tableWords(j.result.summary);
  });
}

function penalty() {
  const body = { player: value('pplayer'), points: Number(value('ppoints')), reason: value('preason').trim() };
  f.post('/api/penalty', body).then((j) => {
    if (j) f.status.textContent = body.points + ' penalty points for ' + body.player + '. ' + tableWords(j.result.summary);
  });
}

function undo() {
  if (!window.confirm('Withdraw the last hole or penalty on the card?')) return;
  const last = lastEntryId();
  if (last === null) {
    f.refused('There is nothing on the card to withdraw.');
    return;
  }
  f.post('/api/undo', { entry: last }).then((j) => {
    if (j) f.status.textContent = 'Withdrawn. ' + tableWords(j.result.summary);
  });
}

function finish() {
  if (!window.confirm('Finish the match?')) return;
  f.post('/api/finish').then((j) => {
    if (j) f.status.textContent = tableWords(j.result.summary);
  });
}

if (f && !f.me) {
  [['amend', amend], ['penalty', penalty], ['undo', undo], ['finish', finish]].forEach(([id, act]) => {
    document.getElementById(id).addEventListener('click', act);
  });
}
