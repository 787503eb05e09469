// golf serve: a player's own phone (CLI.md "Player links"): they send their own grid for
// the hole their form names, and see what the table's draft says of them — a clash of
// cards or two claims to have gone out that names them, who is awaited, who went out.
import { form as f } from './form.js';
import { on } from './live.js';

// the draft's problems that concern `who` (a clash or two claims name each player)
function concerns(p, who) {
  return p.player === who || (p.players || []).indexOf(who) >= 0;
}

let held = null; // the grid the draft holds for this player, as last seen

// the form shown only where the hole asks this player for a grid: not to a player
// disqualified, nor in a playoff among other players
function asked(yes) {
  document.querySelectorAll('#keeper .picker, #keeper .player, #keeper .ending, #keeper .hint, #send')
    .forEach((e) => { e.hidden = !yes; });
}

function drafted(d) {
  const me = f.me;
  held = d && d.grids ? d.grids[me] || null : null;
  if (!d || String(d.hole) !== String(f.entry.state().hole).replace('p', '')) {
    f.drafted.textContent = '';
    return;
  }
  asked(me in d.grids);
  if (!(me in d.grids)) {
    const hole = f.holeWords(f.entry.state().hole);
    f.drafted.textContent = hole[0].toUpperCase() + hole.slice(1) +
      ' asks no grid of you (a disqualification, or a playoff among other players).';
    f.drafted.classList.remove('bad');
    return;
  }
  // a grid the draft holds for this player and nothing typed here: shown as sent (an undo
  // puts a withdrawn hole's grids back; another tab sent it)
  if (d.grids[me] && f.entry.adopt({ [me]: d.grids[me] })) {
    f.fill(f.entry.state().grids, d.out === me, d.knock === me);
  }
  const mine = d.problems.filter((p) => concerns(p, me));
  const said = mine.map((p) => p.error);
  // a clash marks this player's cards counted in it, until it is gone (a refusal's marks
  // stay until then)
  const clashed = [].concat(...mine.map((p) => p.slots || []));
  if (clashed.length || f.clashed) f.mark(clashed);
  f.clashed = clashed.length > 0;
  if (d.missing.length) said.push('Waiting for: ' + d.missing.map((n) => (n === me ? 'you' : n)).join(', ') + '.');
  if (d.out) said.push(d.out + ' went out.');
  if (d.knock) said.push(d.knock + ' knocked.');
  f.drafted.textContent = said.join(' ');
  f.drafted.classList.toggle('bad', mine.length > 0);
  f.players[0].classList.toggle('refused', mine.length > 0);
}

function send() {
  if (f.broken()) {
    f.refused(f.broken());
    return;
  }
  const text = f.players[0].querySelector('.grid-text').value.trim();
  const hole = f.entry.state().hole;
  // an empty form sends nothing (a tap of Send right after a hole was recorded): only a
  // grid the draft holds is taken back by sending it empty
  if (!text && !held) {
    f.clearErrors();
    f.status.textContent = 'Nothing to send yet: tap your cards for ' + f.holeWords(hole) + ' first.';
    return;
  }
  const body = {
    player: f.me, grid: text || null, out: !!(f.outBox && f.outBox.checked),
    knock: !!(f.knockBox && f.knockBox.checked), hole: f.holeNo()
  };
  f.post('/api/draft', body, (r, j) => r.status === 409 && f.overtaken(j, 'Your cards')).then((d) => {
    if (!d) return;
    // answered after the card moved on: the grid was in the draft the hole was recorded
    // from (a send after it is refused), so nothing is kept aside for it
    if (hole !== f.entry.state().hole) {
      f.entry.drop({ match: f.match, hole });
      f.showKept();
      return;
    }
    f.entry.sent();
    f.status.textContent = text ? 'Sent for ' + f.holeWords(hole) + '. It is recorded when the scorekeeper records the hole.'
      : 'Taken back.';
    drafted(d);
  });
}

if (f && f.me) {
  on('draft', drafted);
  document.getElementById('send').addEventListener('click', send);
}
