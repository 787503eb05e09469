// golf serve: the page's one script (the Content-Security-Policy allows no other). It
// follows the server's `card` events and swaps in the scorecard the server renders; with
// the key in the address (?key=KEY) it records holes, undoes and finishes through the API.
'use strict';
(function () {
  var card = document.getElementById('card');
  // a table of a tournament has its addresses under /table/N
  var base = card.dataset.base || '';
  var live = document.getElementById('live');
  var open = null; // the explanation shown, kept open across updates
  var nextHole = null; // the next hole of the card shown (from its latest event)
  var lastEntry = null; // the entry the card shown holds last: an undo withdraws exactly it

  function show(id) {
    card.querySelectorAll('.why').forEach(function (w) { w.hidden = w.id !== id; });
    card.querySelectorAll('[data-why]').forEach(function (b) {
      b.setAttribute('aria-expanded', String(b.dataset.why === id));
    });
    open = id;
  }

  // a finished match takes no more grids: the forms give way to the result, and come
  // back if the match is reopened (an amend, an undo or a penalty at the terminal)
  function fitForms() {
    var over = !!card.querySelector('[data-finished]');
    ['keeper', 'links'].forEach(function (id) {
      var form = document.getElementById(id);
      if (form) form.hidden = over;
    });
  }
  fitForms();

  // the result in the table's words, as the card shows it (the server's JSON says the
  // terminal's commands)
  window.tableWords = function (text) {
    return String(text)
      .replace('(`golf finish` records the result)', '(the scorekeeper taps Finish match to record the result)')
      .replace('record a playoff hole with `golf hole --playoff` for', 'the scorekeeper records a playoff hole for');
  };

  var asked = 0;
  function refresh() {
    var mine = ++asked;
    return fetch(card.dataset.fragment || base + '/card.html', { cache: 'no-store' })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        if (mine !== asked) return; // a newer card is on its way
        card.innerHTML = html;
        fitForms();
        if (open && document.getElementById(open)) show(open); else open = null;
      })
      .catch(function () {});
  }

  card.addEventListener('click', function (e) {
    var b = e.target.closest('[data-why]');
    if (!b) return;
    show(open === b.dataset.why ? null : b.dataset.why);
  });

  // what a page typed but could not send before a new match took its place is kept for
  // the next page (this tab only) and shown there, never dropped without a word
  var UNSENT = 'golf-unsent';
  function unsent() {
    try { return JSON.parse(sessionStorage.getItem(UNSENT) || 'null'); } catch (e) { return null; }
  }

  // the stream: followed, and made again after any failure (a restart, a lost network, a
  // refusal when too many phones watch), waiting longer each time, up to 15 s
  var wait = 1000;
  var broken = null; // the database was deleted or replaced under the server
  function connect() {
    var events = new EventSource(base + '/events');
    events.addEventListener('card', function (e) {
      wait = 1000;
      var shown = JSON.parse(e.data);
      // a new match started at the table: show it, the scorekeeper's form with its players
      if (shown.match !== Number(card.dataset.match)) {
        if (window.keepTyped) window.keepTyped();
        location.reload();
        return;
      }
      // the hole a write records: the next of the card shown, refused if another writer took it
      nextHole = shown.next ? shown.next.hole : null;
      // an undo withdraws this entry, refused if another is last since
      lastEntry = shown.last_entry ? shown.last_entry.id : null;
      if (!broken) {
        live.textContent = 'Live';
        live.classList.remove('off');
      }
      // the first event too: the card may have changed since the page was made
      refresh();
    });
    events.addEventListener('draft', function (e) {
      if (window.onDraft) window.onDraft(JSON.parse(e.data));
    });
    events.addEventListener('problem', function (e) {
      broken = JSON.parse(e.data).error;
      live.textContent = 'Stopped';
      live.classList.add('off');
      var said = document.getElementById('problem');
      said.textContent = broken;
      said.hidden = false;
    });
    events.onerror = function () {
      events.close();
      live.textContent = 'Reconnecting…';
      live.classList.add('off');
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 15000);
    };
  }
  connect();

  // the card as a picture: to the phone's share sheet where there is one, else saved
  var share = document.getElementById('share');
  if (share) share.addEventListener('click', function () {
    var name = 'golf-match-' + card.dataset.match + '.png';
    fetch(base + '/card.png', { cache: 'no-store' })
      .then(function (r) { return r.ok ? r.blob() : Promise.reject(r.status); })
      .then(function (blob) {
        var file = new File([blob], name, { type: 'image/png' });
        if (navigator.canShare && navigator.canShare({ files: [file] })) {
          return navigator.share({ files: [file], title: 'Golf · match ' + card.dataset.match });
        }
        var a = document.createElement('a');
        a.href = URL.createObjectURL(blob);
        a.download = name;
        document.body.appendChild(a);
        a.click();
        a.remove();
      })
      .catch(function () {});
  });

  var params = new URLSearchParams(location.search);
  var key = params.get('key');
  var keeper = document.getElementById('keeper');
  // the scorekeeper's key, or a player's own token (their link): it writes their grid only
  var bearer = key || params.get('token');
  if (!bearer || !keeper) return;
  var me = keeper.dataset.me || null;

  // --- the scorekeeper: a card picker in the variant's layout ---
  var columns = Number(keeper.dataset.columns);
  var players = Array.prototype.slice.call(keeper.querySelectorAll('.player'));
  var status = document.getElementById('status');
  var suit = '';
  var at = { player: 0, slot: 0 };

  function slots(p) { return players[p].querySelectorAll('.slot'); }

  function typed() {
    var grids = {};
    players.forEach(function (p) {
      var text = p.querySelector('.grid-text').value.trim();
      if (text) grids[p.dataset.player] = text;
    });
    return grids;
  }

  // before the page gives way to a new match: what was typed here is kept to be shown
  window.keepTyped = function () {
    var grids = typed();
    if (!Object.keys(grids).length) return;
    try {
      sessionStorage.setItem(UNSENT, JSON.stringify({ match: Number(card.dataset.match), hole: nextHole, grids: grids }));
    } catch (e) {}
  };

  // the slot being filled is kept in sight (below the picker) once the scorekeeper is at it
  function activate(p, i, seen) {
    keeper.querySelectorAll('.slot.active').forEach(function (s) { s.classList.remove('active'); });
    at = { player: p, slot: i };
    var s = slots(p)[i];
    if (s) {
      s.classList.add('active');
      if (seen && s.scrollIntoView) s.scrollIntoView({ block: 'nearest' });
    }
  }

  // the grid typed from the slots: rows of cards split by " / "
  function sync(p) {
    var cards = Array.prototype.map.call(slots(p), function (s) { return s.dataset.card || ''; });
    var rows = [];
    for (var r = 0; r < cards.length; r += columns) {
      rows.push(cards.slice(r, r + columns).filter(Boolean).join(' '));
    }
    var text = rows.filter(Boolean).length ? rows.join(' / ') : '';
    players[p].querySelector('.grid-text').value = text;
  }

  // the typed text put into the slots, so that a tap afterwards keeps what was typed:
  // rows split by "/", cards by spaces; `false` when it does not fit the layout
  function unsync(p) {
    var text = players[p].querySelector('.grid-text').value.trim();
    var all = slots(p);
    var rows = text ? text.split('/') : [];
    var per = rows.map(function (r) { return r.trim().split(/\s+/).filter(Boolean); });
    var fits = per.length <= all.length / columns && per.every(function (r) { return r.length <= columns; });
    if (rows.length === 1 && per[0].length <= all.length) { fits = true; per = [per[0]]; }
    if (!fits) return false;
    Array.prototype.forEach.call(all, function (s) { delete s.dataset.card; s.textContent = ''; });
    var i = 0;
    per.forEach(function (cards, r) {
      cards.forEach(function (c, k) {
        var s = rows.length === 1 ? all[i++] : all[r * columns + k];
        if (s) { s.dataset.card = c; s.textContent = c; }
      });
    });
    return true;
  }

  // the hole being entered: the card's next when the first card of it was typed or
  // tapped; a write for it is refused (409) if another writer has recorded it since
  var began = null;
  function begin() { if (began === null) began = nextHole; }

  var fitting = players.map(function () { return true; });
  players.forEach(function (p, i) {
    p.querySelector('.grid-text').addEventListener('input', function () { begin(); fitting[i] = unsync(i); });
  });

  function put(text) {
    var s = slots(at.player)[at.slot];
    if (!s) return;
    if (!fitting[at.player]) {
      refused('The grid typed for ' + players[at.player].dataset.player +
        ' does not fit the layout, so a tap would change it: correct or clear the typed grid first.');
      return;
    }
    begin();
    s.dataset.card = text;
    s.textContent = text;
    sync(at.player);
    var n = slots(at.player).length;
    if (text && at.slot + 1 < n) activate(at.player, at.slot + 1, true);
    else if (text && at.player + 1 < players.length) activate(at.player + 1, 0, true);
  }

  function clearForm() {
    keeper.querySelectorAll('.slot').forEach(function (s) { delete s.dataset.card; s.textContent = ''; });
    keeper.querySelectorAll('.grid-text').forEach(function (t) { t.value = ''; });
    fitting = players.map(function () { return true; });
    began = null;
    keeper.querySelectorAll('select').forEach(function (s) { s.value = ''; });
    activate(0, 0);
  }

  function clearErrors() {
    players.forEach(function (p) {
      p.classList.remove('refused');
      var e = p.querySelector('.err');
      e.hidden = true;
      e.textContent = '';
    });
    status.textContent = '';
    status.classList.remove('bad');
  }

  keeper.addEventListener('click', function (e) {
    var b = e.target.closest('button');
    if (!b) return;
    if (b.classList.contains('slot')) {
      activate(players.indexOf(b.closest('.player')), Number(b.dataset.i), true);
    } else if (b.classList.contains('rank')) {
      put(b.dataset.card + suit);
      setSuit('');
    } else if (b.classList.contains('suit')) {
      setSuit(suit === b.dataset.suit ? '' : b.dataset.suit);
    } else if (b.classList.contains('back')) {
      put('');
    }
  });

  function setSuit(s) {
    suit = s;
    keeper.querySelectorAll('.suit').forEach(function (b) {
      b.setAttribute('aria-pressed', String(b.dataset.suit === s));
    });
  }

  // where the referee's message names a player, it is shown beside that grid too
  function refused(message) {
    status.textContent = message;
    status.classList.add('bad');
    var named = players.filter(function (p) {
      return new RegExp('(^|[^\\w])' + p.dataset.player.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '($|[^\\w])', 'i')
        .test(message);
    });
    if (named.length === 1) {
      named[0].classList.add('refused');
      var e = named[0].querySelector('.err');
      e.textContent = message;
      e.hidden = false;
    }
  }

  // every write once: its idempotency key and the outbox (api.js)
  var writes = window.golfWrites(base, bearer, function (n) {
    if (n) status.textContent = 'Waiting for the computer — ' + n + ' not sent yet. It is sent again by itself; nothing is lost.';
  });

  function post(path, body, conflict) {
    body = body || {};
    body.match = Number(card.dataset.match);
    clearErrors();
    status.textContent = 'Sending…';
    return writes.send(path, body).then(function (answer) {
      var r = answer.r, j = answer.j;
      if (!r.ok) {
        if (!(conflict && conflict(r, j))) refused(j.error || ('refused: ' + r.status));
        return null;
      }
      // answered once the card shows the change: nothing moves under the next tap
      return refresh().then(function () { return j; });
    });
  }

  // writes left unanswered by a page closed or reloaded: sent again with their keys
  writes.resume(function (answer) {
    status.textContent = answer.r.ok ? 'A change sent before the page was reloaded is now recorded.'
      : 'A change sent before the page was reloaded was refused: ' + (answer.j.error || answer.r.status);
    refresh();
  });

  // --- the shared draft: each player's grid as their phone sent it ---
  var drafted = document.getElementById('drafted');
  var fromDraft = document.getElementById('fromdraft');
  var draftHole = null;
  var draftRevision = null; // the draft as shown: recording from it records exactly that
  window.onDraft = function (d) {
    if (!d) { drafted.textContent = ''; if (fromDraft) fromDraft.hidden = true; return; }
    draftHole = d.hole;
    draftRevision = d.revision;
    var names = Object.keys(d.grids);
    var sent = names.filter(function (n) { return d.grids[n] !== null; });
    var here = d.typed_at_computer || [];
    var phoned = sent.filter(function (n) { return here.indexOf(n) < 0; });
    var said = [];
    if (phoned.length) said.push('Sent from the phones: ' + phoned.join(', ') + '.');
    if (here.length) said.push('Typed at the computer: ' + here.join(', ') + '.');
    if (d.missing.length && (sent.length || me)) said.push('Waiting for: ' + d.missing.join(', ') + '.');
    if (d.out) said.push(d.out + ' went out.');
    if (d.knock) said.push(d.knock + ' knocked.');
    d.problems.forEach(function (p) {
      // a problem that this player's grid brought is said on this phone as a refusal
      if (me && p.player === me) refused(p.error + ' Correct your grid and send it again.');
      else said.push(p.error);
    });
    drafted.textContent = said.join(' ');
    drafted.classList.toggle('bad', d.problems.length > 0);
    if (fromDraft) fromDraft.hidden = !(sent.length && !d.missing.length && !d.problems.length);
  };

  if (me) {
    document.getElementById('send').addEventListener('click', function () {
      if (broken) { refused(broken); return; }
      var text = players[0].querySelector('.grid-text').value.trim();
      var out = document.getElementById('iout');
      var knock = document.getElementById('iknock');
      var body = { player: me, grid: text || null, out: !!(out && out.checked), knock: !!(knock && knock.checked),
        hole: began !== null ? began : nextHole };
      post('/api/draft', body, function (r, j) {
        if (r.status === 409) {
          began = null;
          refused(j.error + ' Your grid was not sent, and is kept here: look at the card before sending anything for the next hole.');
          return true;
        }
        return false;
      }).then(function (d) {
        if (!d) return;
        began = null; // the next grid typed here is for the hole the card shows next then
        status.textContent = text ? 'Sent.' : 'Taken back.';
        // then the draft, which says it instead when this grid brought a problem
        window.onDraft(d);
      });
    });
    activate(0, 0);
    return;
  }

  fromDraft.addEventListener('click', function () {
    post('/api/hole', { hole: draftHole, from_draft: true, draft: draftRevision }).then(function (j) {
      if (!j) return;
      clearForm();
      status.textContent = 'Recorded hole ' + j.holes_played + ' from the phones. ' + window.tableWords(j.result.summary);
    });
  });

  document.getElementById('record').addEventListener('click', function () {
    if (broken) { refused(broken); return; }
    var grids = typed();
    var out = document.getElementById('out').value || null;
    var knockSelect = document.getElementById('knock');
    var knock = knockSelect ? (knockSelect.value || null) : null;
    // asked before the hole is written, as golf hole's prompt asks: where the rules adjust
    // the ender's score, no one going out must be meant
    var ending = keeper.dataset.ending;
    var nobody = ending && !out && !knock;
    if (nobody && !window.confirm('No one is chosen as going out' + (knockSelect ? ' or knocking' : '') +
        ': under these rules the player who ends a hole ' + ending +
        '. Record the hole with no one ending it? (Cancel to choose who went out.)')) return;
    var meant = began !== null ? began : nextHole;
    post('/api/hole', { grids: grids, out: out, knock: knock, hole: meant }, function (r, j) {
      // the hole was recorded meanwhile by another writer: the grids stay, for the next
      if (r.status === 409) {
        began = null; // the next tap of Record is for the hole the card shows next now
        refused(j.error + ' The grids typed here were not recorded and are kept: look at the card first — they may be the hole just recorded.');
        return true;
      }
      return false;
    }).then(function (j) {
      if (!j) return;
      clearForm();
      status.textContent = 'Recorded hole ' + j.holes_played + '. ' + window.tableWords(j.result.summary);
      if (nobody) {
        status.textContent += ' No one is recorded as ending the hole (going out' +
          (knockSelect ? ' or knocking' : '') + "), so no one's score was adjusted for it: " +
          'the player who ends a hole ' + ending + '. If someone did, undo the hole and record it again with them.';
      }
    });
  });

  // mending from the page: golf amend and golf penalty, refereed the same way
  document.getElementById('amend').addEventListener('click', function () {
    var hole = Number(document.getElementById('mhole').value);
    var who = document.getElementById('mplayer').value;
    var grid = document.getElementById('mgrid').value.trim();
    var out = document.getElementById('mout').value;
    var body = { hole: hole };
    if (who && grid) { body.grids = {}; body.grids[who] = grid; }
    if (out !== '=') body.out = out || null;
    if (!body.grids && !('out' in body)) {
      refused('Choose a player and their corrected grid, or who went out.');
      return;
    }
    post('/api/amend', body).then(function (j) {
      if (j) status.textContent = 'Hole ' + hole + ' mended. ' + j.result.summary;
    });
  });

  document.getElementById('penalty').addEventListener('click', function () {
    var body = {
      player: document.getElementById('pplayer').value,
      points: Number(document.getElementById('ppoints').value),
      reason: document.getElementById('preason').value.trim()
    };
    post('/api/penalty', body).then(function (j) {
      if (j) status.textContent = body.points + ' penalty points for ' + body.player + '. ' + j.result.summary;
    });
  });

  document.getElementById('undo').addEventListener('click', function () {
    if (!window.confirm('Withdraw the last hole or penalty on the card?')) return;
    if (lastEntry === null) { refused('There is nothing on the card to withdraw.'); return; }
    post('/api/undo', { entry: lastEntry }).then(function (j) {
      if (j) status.textContent = 'Withdrawn. ' + window.tableWords(j.result.summary);
    });
  });

  document.getElementById('finish').addEventListener('click', function () {
    if (!window.confirm('Finish the match?')) return;
    post('/api/finish').then(function (j) {
      if (j) status.textContent = window.tableWords(j.result.summary);
    });
  });

  // grids typed on this tab for a match that gave way to this one: said, not dropped
  var left = unsent();
  if (left) {
    try { sessionStorage.removeItem(UNSENT); } catch (e) {}
    var names = Object.keys(left.grids).map(function (n) { return n + ': ' + left.grids[n]; });
    if (left.match === Number(card.dataset.match)) {
      players.forEach(function (p, i) {
        var g = left.grids[p.dataset.player];
        if (g) { p.querySelector('.grid-text').value = g; fitting[i] = unsync(i); }
      });
    } else {
      refused('A new match was started while grids were typed here for match ' + left.match +
        (left.hole ? ', hole ' + left.hole : '') + '; they were not recorded: ' + names.join('; ') + '.');
    }
  }

  activate(0, 0);
})();
