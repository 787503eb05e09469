// golf serve: what each seat does with its form (golf.js makes it, window.golfForm): a
// player sends their own grid for the hole their form names; the scorekeeper sees every
// phone's grid and score as it arrives and records the hole exactly as shown, or records
// grids typed here, and mends, undoes and finishes.
'use strict';
(function () {
  var f = window.golfForm;
  if (!f) return;
  var me = f.me;
  var status = f.status;
  var keeper = document.getElementById('keeper');

  // the draft's problems that concern `who` (a clash or two claims name each player)
  function concerns(p, who) {
    return p.player === who || (p.players || []).indexOf(who) >= 0;
  }

  // --- a player's phone ---
  if (me) {
    window.onDraft = function (d) {
      var said = [];
      if (!d || String(d.hole) !== String(f.entry.state().hole).replace('p', '')) {
        f.drafted.textContent = '';
        return;
      }
      // a grid the draft holds for this player and nothing typed here: shown as sent (an
      // undo puts a withdrawn hole's grids back; another tab sent it)
      if (d.grids[me] && f.entry.adopt({ [me]: d.grids[me] })) {
        f.fill(f.entry.state().grids, d.out === me, d.knock === me);
      }
      var mine = d.problems.filter(function (p) { return concerns(p, me); });
      mine.forEach(function (p) { said.push(p.error); });
      // a clash marks this player's cards counted in it, until it is gone (a refusal's
      // marks stay until then)
      var clashed = [].concat.apply([], mine.map(function (p) { return p.slots || []; }));
      if (clashed.length || f.clashed) f.mark(clashed);
      f.clashed = clashed.length > 0;
      if (d.missing.length) said.push('Waiting for: ' + d.missing.join(', ') + '.');
      if (d.out) said.push(d.out + ' went out.');
      if (d.knock) said.push(d.knock + ' knocked.');
      f.drafted.textContent = said.join(' ');
      f.drafted.classList.toggle('bad', mine.length > 0);
      f.players[0].classList.toggle('refused', mine.length > 0);
    };

    document.getElementById('send').addEventListener('click', function () {
      if (f.broken()) { f.refused(f.broken()); return; }
      var text = f.players[0].querySelector('.grid-text').value.trim();
      var hole = f.entry.state().hole;
      var body = {
        player: me, grid: text || null, out: !!(f.outBox && f.outBox.checked),
        knock: !!(f.knockBox && f.knockBox.checked), hole: f.holeNo()
      };
      f.post('/api/draft', body, function (r, j) {
        return r.status === 409 && f.overtaken(j, 'Your cards');
      }).then(function (d) {
        if (!d) return;
        // answered after the card moved on: the grid was in the draft the hole was recorded
        // from (a send after it is refused), so nothing is kept aside for it
        if (hole !== f.entry.state().hole) { f.entry.drop({ match: f.match, hole: hole }); f.showKept(); return; }
        f.entry.sent();
        status.textContent = text ? 'Sent for ' + f.holeWords(hole) + '. It is recorded when the scorekeeper records the hole.'
          : 'Taken back.';
        window.onDraft(d);
      });
    });
    return;
  }

  // --- the scorekeeper: every phone's grid as it arrives ---
  var view = document.getElementById('draftview');
  var fromDraft = document.getElementById('fromdraft');
  var shown = null; // the draft as shown: recording from it records exactly that revision

  function row(name, d) {
    var tr = document.createElement('tr');
    var th = document.createElement('th');
    th.scope = 'row';
    th.textContent = name;
    var cards = document.createElement('td');
    var score = document.createElement('td');
    if (d.grids[name] === null) {
      cards.textContent = 'awaited';
      cards.className = 'awaited';
    } else {
      window.golfGrid(cards, d.grids[name]);
      score.textContent = d.scores && d.scores[name] !== undefined ? String(d.scores[name]) : '';
    }
    if ((d.typed_at_computer || []).indexOf(name) >= 0) score.textContent += ' · typed at the computer';
    if ((d.restored || []).indexOf(name) >= 0) score.textContent += ' · put back by the undo';
    if (d.out === name) score.textContent += ' · went out';
    if (d.knock === name) score.textContent += ' · knocked';
    var bad = d.problems.some(function (p) { return (p.players || []).indexOf(name) >= 0 || p.player === name; });
    if (bad) tr.className = 'refused';
    tr.appendChild(th);
    tr.appendChild(cards);
    tr.appendChild(score);
    return tr;
  }

  window.onDraft = function (d) {
    shown = d;
    view.textContent = '';
    f.drafted.textContent = '';
    if (!d) { fromDraft.hidden = true; return; }
    var names = Object.keys(d.grids);
    // a player not asked for (disqualified) has no grid to give
    f.players.forEach(function (p) { p.hidden = names.indexOf(p.dataset.player) < 0; });
    var sent = names.filter(function (n) { return d.grids[n] !== null; });
    if (sent.length) {
      var table = document.createElement('table');
      table.className = 'draft';
      var cap = document.createElement('caption');
      cap.textContent = 'Sent for ' + f.holeWords(d.playoff ? 'p' + d.hole : d.hole);
      table.appendChild(cap);
      names.forEach(function (n) { table.appendChild(row(n, d)); });
      view.appendChild(table);
    }
    var said = d.problems.map(function (p) { return p.error; });
    if (sent.length && d.missing.length) said.push('Waiting for: ' + d.missing.join(', ') + '.');
    f.drafted.textContent = said.join(' ');
    f.drafted.classList.toggle('bad', d.problems.length > 0);
    fromDraft.hidden = !(sent.length && !d.missing.length && !d.problems.length);
  };

  // who ended the hole as recorded: the draft's claim, or who the scorekeeper chose
  function chosen(box) { return box ? box.value || null : null; }

  fromDraft.addEventListener('click', function () {
    var d = shown;
    if (!d) return;
    var out = chosen(f.outBox), knock = chosen(f.knockBox);
    var ending = keeper.dataset.ending;
    if (ending && !d.out && !d.knock && !out && !knock && !window.confirm(
      'No phone says who went out' + (f.knockBox ? ' or knocked' : '') + ': under these rules the player who ends a hole ' +
      ending + '. Record hole ' + d.hole + ' with no one ending it? (Cancel, then choose who went out.)')) return;
    // the scorekeeper's choice of who ended it goes into the draft first, then the hole
    var who = knock || out;
    var first = Promise.resolve(d);
    if (who && who !== d.out && who !== d.knock) {
      first = f.post('/api/draft', { player: who, grid: d.grids[who], out: !!out, knock: !!knock, hole: d.hole });
    }
    first.then(function (now) {
      if (!now) return null;
      return f.post('/api/hole', { hole: now.hole, from_draft: true, draft: now.revision }, function (r, j) {
        if (r.status !== 409) return false;
        f.refused(j.error + ' Nothing was recorded. Look at the grids shown now, then record them.');
        return true;
      });
    }).then(function (j) {
      if (!j) return;
      f.clearForm();
      status.textContent = 'Recorded hole ' + j.holes_played + ' from the phones. ' + window.tableWords(j.result.summary);
    });
  });

  document.getElementById('record').addEventListener('click', function () {
    if (f.broken()) { f.refused(f.broken()); return; }
    var grids = f.typed();
    var out = chosen(f.outBox), knock = chosen(f.knockBox);
    // asked before the hole is written, as golf hole's prompt asks: where the rules adjust
    // the ender's score, no one going out must be meant
    var ending = keeper.dataset.ending;
    var nobody = ending && !out && !knock;
    if (nobody && !window.confirm('No one is chosen as going out' + (f.knockBox ? ' or knocking' : '') +
        ': under these rules the player who ends a hole ' + ending +
        '. Record the hole with no one ending it? (Cancel to choose who went out.)')) return;
    var hole = f.entry.state().hole;
    f.post('/api/hole', { grids: grids, out: out, knock: knock, hole: f.holeNo() }, function (r, j) {
      return r.status === 409 && f.overtaken(j, 'The grids typed here');
    }).then(function (j) {
      if (!j) return;
      // recorded: what was typed for the hole is on the card, never kept aside
      if (hole === f.entry.state().hole) {
        f.clearForm();
        f.entry.type({}, false, false);
      } else {
        f.entry.drop({ match: f.match, hole: hole });
        f.showKept();
      }
      status.textContent = 'Recorded hole ' + j.holes_played + '. ' + window.tableWords(j.result.summary);
      if (nobody) {
        status.textContent += ' No one is recorded as ending the hole (going out' +
          (f.knockBox ? ' or knocking' : '') + "), so no one's score was adjusted for it: " +
          'the player who ends a hole ' + ending + '. If someone did, undo the hole and record it again with them.';
      }
    });
  });

  // mending from the page: golf amend and golf penalty, refereed the same way (a finished
  // match is reopened by a mend, as golf amend does)
  document.getElementById('amend').addEventListener('click', function () {
    var hole = Number(document.getElementById('mhole').value);
    var who = document.getElementById('mplayer').value;
    var grid = document.getElementById('mgrid').value.trim();
    var out = document.getElementById('mout').value;
    var body = { hole: hole };
    if (who && grid) { body.grids = {}; body.grids[who] = grid; }
    if (out !== '=') body.out = out || null;
    if (!body.grids && !('out' in body)) {
      f.refused('Choose a player and their corrected grid, or who went out.');
      return;
    }
    f.post('/api/amend', body).then(function (j) {
      if (j) status.textContent = 'Hole ' + hole + ' mended. ' + window.tableWords(j.result.summary);
    });
  });

  document.getElementById('penalty').addEventListener('click', function () {
    var body = {
      player: document.getElementById('pplayer').value,
      points: Number(document.getElementById('ppoints').value),
      reason: document.getElementById('preason').value.trim()
    };
    f.post('/api/penalty', body).then(function (j) {
      if (j) status.textContent = body.points + ' penalty points for ' + body.player + '. ' + window.tableWords(j.result.summary);
    });
  });

  document.getElementById('undo').addEventListener('click', function () {
    if (!window.confirm('Withdraw the last hole or penalty on the card?')) return;
    var last = window.golfLastEntry();
    if (last === null) { f.refused('There is nothing on the card to withdraw.'); return; }
    f.post('/api/undo', { entry: last }).then(function (j) {
      if (j) status.textContent = 'Withdrawn. ' + window.tableWords(j.result.summary);
    });
  });

  document.getElementById('finish').addEventListener('click', function () {
    if (!window.confirm('Finish the match?')) return;
    f.post('/api/finish').then(function (j) {
      if (j) status.textContent = window.tableWords(j.result.summary);
    });
  });
})();
