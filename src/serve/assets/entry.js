// golf serve: one hole's entry on this phone, as an explicit state (CLI.md "The phone knows
// its hole"): empty → typing → sent → recorded, bound to the match, the hole and the seat it
// began for. What is typed is kept in localStorage (per match, hole and seat) after every
// tap, so that a reload, a sleeping phone or a closed tab loses nothing; once the hole is
// recorded anywhere, the form starts the next one empty, and cards typed for the recorded
// hole and never sent are kept aside ("kept"), labelled, sent nowhere unless the player
// chooses.

const PREFIX = 'golf-entry:';

function read(k) {
  try {
    return JSON.parse(localStorage.getItem(k) || 'null');
  } catch (e) {
    return null;
  }
}

function write(k, v) {
  try {
    if (v) localStorage.setItem(k, JSON.stringify(v));
    else localStorage.removeItem(k);
  } catch (e) {
    // a phone that keeps nothing (private mode): the entry lives as long as the page
  }
}

function hasCards(s) {
  return Object.keys(s.grids).some((n) => s.grids[n]) || s.out || s.knock;
}

// the entry of `seat` ("keeper" or a player's name) in match `match`; a hole is "6" for
// hole 6, "p1" for playoff hole 1
export function entryOf(match, seat) {
  const key = (hole) => PREFIX + match + ':' + hole + ':' + seat;
  let s = null;

  const entry = {
    // the state of the entry for `hole`: as kept here, or empty
    begin(hole) {
      s = read(key(hole)) || { match, hole, phase: 'empty', grids: {}, out: false, knock: false };
      if (s.phase === 'kept') s.phase = 'typing';
      return s;
    },
    state() {
      return s;
    },
    // cards tapped or typed, or "went out" ticked: kept at once
    type(grids, out, knock) {
      s.grids = grids;
      s.out = out || false;
      s.knock = knock || false;
      s.phase = hasCards(s) ? 'typing' : 'empty';
      write(key(s.hole), s.phase === 'empty' ? null : s);
    },
    // the server took the grid into the draft
    sent() {
      s.phase = 'sent';
      write(key(s.hole), s);
    },
    // the grid the draft holds for this seat, shown when nothing is typed here
    adopt(grids) {
      if (s.phase !== 'empty') return false;
      s.grids = grids;
      s.phase = 'sent';
      return true;
    },
    // the hole was recorded (from any phone or the terminal) and `next` is next: what was
    // typed for it and not sent is kept aside and returned; the entry starts empty
    recorded(next) {
      let left = null;
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
    kept() {
      const all = [];
      try {
        // the names first: a name removed below must not shift the ones not yet read
        const names = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
        for (const k of names) {
          if (k.indexOf(PREFIX) !== 0 || k.slice(-(seat.length + 1)) !== ':' + seat) continue;
          const e = read(k);
          if (!e || (e.match === match && e.hole === s.hole)) continue;
          if (e.phase === 'kept' || e.phase === 'typing') all.push(e);
          else write(k, null); // sent or empty: nothing to keep
        }
      } catch (err) {
        // nothing kept can be read: nothing is offered
      }
      return all;
    },
    // a kept entry dropped (the player chose to, or it was recorded after all)
    drop(e) {
      write(PREFIX + e.match + ':' + e.hole + ':' + seat, null);
    }
  };
  return entry;
}
