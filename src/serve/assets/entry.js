// golf serve: one hole's entry on this phone, as an explicit state (CLI.md "The phone knows
// its hole"): empty → typing → sent → recorded, bound to the match, the hole and the seat it
// began for. What is typed is kept in localStorage (per match, hole and seat) after every
// tap, so that a reload, a sleeping phone or a closed tab loses nothing; once the hole is
// recorded anywhere, the form starts the next one empty, and cards typed for the recorded
// hole and never sent are kept aside, labelled, sent nowhere unless the player chooses.
'use strict';
(function () {
  var PREFIX = 'golf-entry:';
  function read(k) {
    try { return JSON.parse(localStorage.getItem(k) || 'null'); } catch (e) { return null; }
  }
  function write(k, v) {
    try {
      if (v) localStorage.setItem(k, JSON.stringify(v)); else localStorage.removeItem(k);
    } catch (e) {}
  }
  function hasCards(s) {
    return Object.keys(s.grids).some(function (n) { return s.grids[n]; }) || s.out || s.knock;
  }

  // `hole` is "6" for hole 6, "p1" for playoff hole 1
  window.golfEntry = function (match, seat) {
    var base = PREFIX + match + ':';
    function key(hole) { return base + hole + ':' + seat; }
    var s = null;

    var entry = {
      // the state of the entry for `hole`: as kept here, or empty
      begin: function (hole) {
        s = read(key(hole)) || { match: match, hole: hole, phase: 'empty', grids: {}, out: false, knock: false };
        if (s.phase === 'kept') s.phase = 'typing';
        return s;
      },
      state: function () { return s; },
      // cards tapped or typed, or "went out" ticked: kept at once
      type: function (grids, out, knock) {
        s.grids = grids;
        s.out = out || false;
        s.knock = knock || false;
        s.phase = hasCards(s) ? 'typing' : 'empty';
        write(key(s.hole), s.phase === 'empty' ? null : s);
      },
      // the server took the grid into the draft
      sent: function () {
        s.phase = 'sent';
        write(key(s.hole), s);
      },
      // the grid the draft holds for this seat, shown when nothing is typed here
      adopt: function (grids) {
        if (s.phase !== 'empty') return false;
        s.grids = grids;
        s.phase = 'sent';
        return true;
      },
      // the hole was recorded (from any phone or the terminal) and `next` is next: what was
      // typed for it and not sent is kept aside and returned; the entry starts empty
      recorded: function (next) {
        var left = null;
        if (s && s.hole !== next) {
          if (s.phase === 'typing' && hasCards(s)) {
            s.phase = 'kept';
            write(key(s.hole), s);
            left = s;
          } else {
            write(key(s.hole), null);
          }
        }
        entry.begin(next);
        return left;
      },
      // every entry of this seat kept aside for a correction: of other holes, or of a match
      // that gave way to this one
      kept: function () {
        var all = [];
        try {
          for (var i = 0; i < localStorage.length; i++) {
            var k = localStorage.key(i);
            if (k.indexOf(PREFIX) !== 0 || k.slice(-(seat.length + 1)) !== ':' + seat) continue;
            var e = read(k);
            if (!e || (e.match === match && e.hole === s.hole)) continue;
            if (e.phase === 'kept' || e.phase === 'typing') all.push(e);
            else write(k, null); // sent or empty: nothing to keep
          }
        } catch (err) {}
        return all;
      },
      // a kept entry dropped (the player chose to)
      drop: function (e) { write(PREFIX + e.match + ':' + e.hole + ':' + seat, null); }
    };
    return entry;
  };

  // a card as shown: its rank, then its suit's symbol in red or black
  var SUITS = { s: ['♠', 'black'], h: ['♥', 'red'], d: ['♦', 'red'], c: ['♣', 'black'] };
  window.golfCard = function (node, text) {
    node.textContent = '';
    var m = /^(.*?)([shdcSHDC])$/.exec(text || '');
    if (!m || !m[1]) { node.textContent = text || ''; return text || ''; }
    var suit = SUITS[m[2].toLowerCase()];
    node.appendChild(document.createTextNode(m[1]));
    var span = document.createElement('span');
    span.className = suit[1];
    span.textContent = suit[0];
    node.appendChild(span);
    return m[1] + suit[0];
  };
  // a whole grid as shown: rows of cards
  window.golfGrid = function (node, text) {
    node.textContent = '';
    String(text).split('/').forEach(function (row, r) {
      if (r) node.appendChild(document.createTextNode(' / '));
      row.trim().split(/\s+/).filter(Boolean).forEach(function (c, i) {
        if (i) node.appendChild(document.createTextNode(' '));
        var span = document.createElement('span');
        span.className = 'cd';
        window.golfCard(span, c);
        node.appendChild(span);
      });
    });
  };
})();
