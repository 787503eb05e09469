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
  // the entry the card shown holds last: an undo withdraws exactly it
  window.golfLastEntry = function () {
    var sheet = card.querySelector('[data-last-entry]');
    return sheet ? Number(sheet.dataset.lastEntry) : null;
  };

  function show(id) {
    card.querySelectorAll('.why').forEach(function (w) { w.hidden = w.id !== id; });
    card.querySelectorAll('[data-why]').forEach(function (b) {
      b.setAttribute('aria-expanded', String(b.dataset.why === id));
    });
    open = id;
  }

  // a finished match takes no more grids: the forms give way to the result (mending stays:
  // it reopens the match), and come back if the match is reopened
  function fitForms() {
    var over = !!card.querySelector('[data-finished]');
    ['entry', 'links'].forEach(function (id) {
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

  // the card is fetched with its validator: a card the page holds already costs a 304
  var asked = 0;
  function refresh() {
    var mine = ++asked;
    var tag = null;
    return fetch(card.dataset.fragment || base + '/card.html', { cache: 'no-cache' })
      .then(function (r) { tag = r.headers.get('ETag'); return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        if (mine !== asked) return; // a newer card is on its way
        if (tag) card.dataset.tag = tag;
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

  // the stream: followed, and made again after any failure (a restart, a lost network, a
  // refusal when too many phones watch), waiting longer each time, up to 15 s
  var wait = 1000;
  var broken = null; // the database was deleted or replaced under the server
  function connect() {
    // the card this page holds is named: the stream sends it only if it changed since
    var events = new EventSource(base + '/events?seen=' + encodeURIComponent(card.dataset.tag || ''));
    events.onopen = function () {
      wait = 1000;
      if (!broken) {
        live.textContent = 'Live';
        live.classList.remove('off');
      }
    };
    events.addEventListener('card', function (e) {
      wait = 1000;
      var shown = JSON.parse(e.data);
      // a new match started at the table: show it, the scorekeeper's form with its players
      // (what was typed here is kept in localStorage and said there)
      if (shown.match !== Number(card.dataset.match)) {
        location.reload();
        return;
      }
      // the hole a write records: the next of the card shown, refused if another writer took it
      nextHole = shown.next ? shown.next.hole : null;
      // the form follows the hole the card takes next
      if (window.onHole) window.onHole(shown.next ? (shown.next.playoff ? 'p' : '') + shown.next.hole : null);
      if (!broken) {
        live.textContent = 'Live';
        live.classList.remove('off');
      }
      // the first event too, unless it names the card the page holds (its id is the
      // card's ETag): the card may have changed since the page was made
      if (!e.lastEventId || e.lastEventId !== card.dataset.tag) refresh();
    });
    events.addEventListener('draft', function (e) {
      // the TV names who has sent for the next hole: its card follows the draft too
      if (card.dataset.followsDraft !== undefined) refresh();
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
  var match = Number(card.dataset.match);

  // --- the form: a card picker in the variant's layout ---
  var columns = Number(keeper.dataset.columns);
  var players = Array.prototype.slice.call(keeper.querySelectorAll('.player'));
  var status = document.getElementById('status');
  var kept = document.getElementById('kept');
  var drafted = document.getElementById('drafted');
  var outBox = document.getElementById(me ? 'iout' : 'out');
  var knockBox = document.getElementById(me ? 'iknock' : 'knock');
  var suit = '';
  var at = { player: 0, slot: 0 };

  // the entry of one hole, bound to this match, the hole and this seat (entry.js)
  var entry = window.golfEntry(match, me || 'keeper');
  var first = keeper.dataset.hole;
  entry.begin((keeper.dataset.playoff !== undefined ? 'p' : '') + first);
  function holeNo() { return Number(String(entry.state().hole).replace('p', '')); }
  function holeWords(h) {
    h = String(h);
    return (h[0] === 'p' ? 'playoff hole ' + h.slice(1) : 'hole ' + h);
  }
  function named() {
    keeper.querySelectorAll('.which').forEach(function (w) { w.textContent = holeWords(entry.state().hole); });
  }

  function slots(p) { return players[p].querySelectorAll('.slot'); }

  function typed() {
    var grids = {};
    players.forEach(function (p) {
      var text = p.querySelector('.grid-text').value.trim();
      if (text) grids[p.dataset.player] = text;
    });
    return grids;
  }
  function ender(box) {
    if (!box) return false;
    return me ? box.checked : (box.value || false);
  }
  // every tap kept at once: a reload, a sleeping phone or a closed tab loses nothing
  function remember() { entry.type(typed(), ender(outBox), ender(knockBox)); }

  // the slot being filled is kept in sight (below the picker) once the player is at it
  function activate(p, i, seen) {
    keeper.querySelectorAll('.slot.active').forEach(function (s) { s.classList.remove('active'); });
    at = { player: p, slot: i };
    var s = slots(p)[i];
    if (s) {
      s.classList.add('active');
      if (seen && s.scrollIntoView) s.scrollIntoView({ block: 'nearest' });
    }
  }

  // a slot showing `text` (its suit in red or black), its name holding what it shows
  function showSlot(p, s, text) {
    if (text !== (s.dataset.card || '')) s.removeAttribute('aria-invalid'); // changed: fixed or not, no longer the refused card
    if (text) s.dataset.card = text; else delete s.dataset.card;
    var shown = window.golfCard(s, text);
    s.setAttribute('aria-label', (shown ? shown + ': ' : '') + players[p].dataset.player + "'s card " + (Number(s.dataset.i) + 1));
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
    Array.prototype.forEach.call(all, function (s) { showSlot(p, s, ''); });
    var i = 0;
    per.forEach(function (cards, r) {
      cards.forEach(function (c, k) {
        var s = rows.length === 1 ? all[i++] : all[r * columns + k];
        if (s) showSlot(p, s, c);
      });
    });
    return true;
  }

  var fitting = players.map(function () { return true; });
  players.forEach(function (p, i) {
    p.querySelector('.grid-text').addEventListener('input', function () { fitting[i] = unsync(i); remember(); });
  });
  [outBox, knockBox].forEach(function (b) { if (b) b.addEventListener('change', remember); });

  function put(text) {
    var s = slots(at.player)[at.slot];
    if (!s) return;
    if (!fitting[at.player]) {
      refused('The grid typed for ' + players[at.player].dataset.player +
        ' does not fit the layout, so a tap would change it: correct or clear the typed grid first.');
      return;
    }
    showSlot(at.player, s, text);
    sync(at.player);
    remember();
    var n = slots(at.player).length;
    if (text && at.slot + 1 < n) activate(at.player, at.slot + 1, true);
    else if (text && at.player + 1 < players.length) activate(at.player + 1, 0, true);
  }

  // the form showing `grids` (by player) and who ended the hole
  function fill(grids, out, knock) {
    players.forEach(function (p, i) {
      p.querySelector('.grid-text').value = grids[p.dataset.player] || '';
      fitting[i] = unsync(i);
    });
    [[outBox, out], [knockBox, knock]].forEach(function (b) {
      if (!b[0]) return;
      if (me) b[0].checked = !!b[1]; else b[0].value = b[1] || '';
    });
  }

  function clearForm() {
    fill({}, false, false);
    activate(0, 0);
  }

  // the slots a refusal names, `[{player, slot}]` (the referee's facts), marked until
  // each is changed; any marked before are cleared
  function mark(all) {
    keeper.querySelectorAll('.slot[aria-invalid]').forEach(function (s) { s.removeAttribute('aria-invalid'); });
    (all || []).forEach(function (m) {
      var p = players.map(function (q) { return q.dataset.player; }).indexOf(m.player);
      var s = p >= 0 ? slots(p)[m.slot] : null;
      if (s) s.setAttribute('aria-invalid', 'true');
    });
  }

  function clearErrors() {
    mark([]);
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

  // --- what was typed for a hole recorded without it: kept, labelled, sent nowhere ---
  function showKept() {
    kept.textContent = '';
    var all = entry.kept();
    kept.hidden = !all.length;
    all.forEach(function (k) {
      var p = document.createElement('p');
      var whose = Object.keys(k.grids).filter(function (n) { return k.grids[n]; });
      var where = k.match === match ? holeWords(k.hole) : holeWords(k.hole) + ' of match ' + k.match;
      p.textContent = (k.match === match ? where[0].toUpperCase() + where.slice(1) + ' was recorded without these cards'
        : 'A new match was started while these cards were typed for ' + where) +
        '; they are kept here for a correction and sent nowhere: ';
      whose.forEach(function (n, i) {
        var g = document.createElement('span');
        window.golfGrid(g, k.grids[n]);
        p.appendChild(document.createTextNode((i ? '; ' : '') + (me ? '' : n + ': ')));
        p.appendChild(g);
      });
      if (k.out) p.appendChild(document.createTextNode(me ? ' (you said you went out)' : ' (' + k.out + ' went out)'));
      var drop = document.createElement('button');
      drop.type = 'button';
      drop.textContent = 'Forget the cards of ' + where;
      drop.addEventListener('click', function () { entry.drop(k); showKept(); });
      var use = document.createElement('button');
      use.type = 'button';
      use.textContent = 'Put them in ' + holeWords(entry.state().hole);
      use.addEventListener('click', function () {
        fill(k.grids, false, false);
        remember();
        entry.drop(k);
        showKept();
      });
      kept.appendChild(p);
      kept.appendChild(use);
      kept.appendChild(drop);
    });
  }

  // the card takes `next` now: when that is another hole, the one entered here was recorded
  // (from any phone or the terminal); the form starts the next hole empty
  window.onHole = function (next) {
    if (next === null || next === entry.state().hole) return;
    var was = entry.state();
    var left = entry.recorded(next);
    clearForm();
    var now = entry.state(); // cards this phone typed for the new hole before (a reload)
    if (now.phase !== 'empty') fill(now.grids, now.out, now.knock);
    named();
    showKept();
    if (was.phase === 'sent') status.textContent = holeWords(was.hole) + ' is recorded. This form is for ' + holeWords(next) + ' now.';
    else if (left) status.textContent = '';
  };

  // every write once: its idempotency key and the outbox (api.js)
  var writes = window.golfWrites(base, bearer, function (n) {
    if (n) status.textContent = 'Waiting for the computer — ' + n + ' not sent yet. It is sent again by itself; nothing is lost.';
  });

  function post(path, body, conflict) {
    body = body || {};
    body.match = match;
    clearErrors();
    status.textContent = 'Sending…';
    return writes.send(path, body).then(function (answer) {
      var r = answer.r, j = answer.j;
      if (!r.ok) {
        if (!(conflict && conflict(r, j))) {
          refused(j.error || ('refused: ' + r.status));
          mark(j.slots);
        }
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

  // a refusal (409) because the hole was recorded meanwhile: said, and the form moves on
  function overtaken(j, what) {
    refused(j.error + ' ' + what + ' for ' + holeWords(entry.state().hole) +
      ' were not sent: that hole was recorded without them. They are kept on this phone for a correction.');
    return true;
  }

  window.golfForm = {
    me: me, match: match, entry: entry, players: players, post: post, refused: refused,
    clearForm: clearForm, holeNo: holeNo, holeWords: holeWords, typed: typed, fill: fill, mark: mark,
    status: status, drafted: drafted, showKept: showKept, outBox: outBox, knockBox: knockBox, overtaken: overtaken,
    broken: function () { return broken; }
  };

  // what this phone typed before a reload: back in the form, and what was kept aside
  var was = entry.state();
  if (was.phase !== 'empty') fill(was.grids, was.out, was.knock);
  showKept();
  activate(0, 0);
})();
