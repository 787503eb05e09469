// golf serve: the form's card picker (CLI.md "The phone knows its hole"): each grid's slots
// in the variant's layout, the keys (the four suits, the ranks, ⌫) and the grid as typed in
// notation, each kept in step with the other. Tap a slot, then a card: the next slot
// follows, into the next player's grid after the last. And cards as the page shows them:
// the rank, then the suit's symbol in red (hearts, diamonds) or black (spades, clubs).

const SUITS = { s: ['♠', 'black'], h: ['♥', 'red'], d: ['♦', 'red'], c: ['♣', 'black'] };

// `node` showing the card `text` ("Ah", "10", ""): returns the card as shown ("A♥")
export function showCard(node, text) {
  node.textContent = '';
  const m = /^(.*?)([shdcSHDC])$/.exec(text || '');
  if (!m || !m[1]) {
    node.textContent = text || '';
    return text || '';
  }
  const suit = SUITS[m[2].toLowerCase()];
  node.appendChild(document.createTextNode(m[1]));
  const span = document.createElement('span');
  span.className = suit[1];
  span.textContent = suit[0];
  node.appendChild(span);
  return m[1] + suit[0];
}

// `node` showing a whole grid in notation ("Ah 3 4 / 5 5 K"): rows of cards
export function showGrid(node, text) {
  node.textContent = '';
  String(text).split('/').forEach((row, r) => {
    if (r) node.appendChild(document.createTextNode(' / '));
    row.trim().split(/\s+/).filter(Boolean).forEach((c, i) => {
      if (i) node.appendChild(document.createTextNode(' '));
      const span = document.createElement('span');
      span.className = 'cd';
      showCard(span, c);
      node.appendChild(span);
    });
  });
}

// the picker of the form `keeper`: `changed()` is told after every change of a grid,
// `refused(text)` what cannot be done
export function picker(keeper, changed, refused) {
  const columns = Number(keeper.dataset.columns);
  const players = Array.from(keeper.querySelectorAll('.player'));
  const fitting = players.map(() => true);
  let suit = '';
  let at = { player: 0, slot: 0 };

  const slots = (p) => players[p].querySelectorAll('.slot');
  const text = (p) => players[p].querySelector('.grid-text');

  // the slot being filled is kept in sight (below the picker) once the player is at it
  function activate(p, i, seen) {
    keeper.querySelectorAll('.slot.active').forEach((s) => s.classList.remove('active'));
    at = { player: p, slot: i };
    const s = slots(p)[i];
    if (!s) return;
    s.classList.add('active');
    if (seen && s.scrollIntoView) s.scrollIntoView({ block: 'nearest' });
  }

  // a slot showing `card` (its suit in red or black), its name holding what it shows
  function showSlot(p, s, card) {
    // changed: fixed or not, no longer the refused card
    if (card !== (s.dataset.card || '')) s.removeAttribute('aria-invalid');
    if (card) s.dataset.card = card;
    else delete s.dataset.card;
    const shown = showCard(s, card);
    s.setAttribute('aria-label', (shown ? shown + ': ' : '') + players[p].dataset.player + "'s card " + (Number(s.dataset.i) + 1));
  }

  // the grid typed from the slots: rows of cards split by " / "
  function sync(p) {
    const cards = Array.from(slots(p), (s) => s.dataset.card || '');
    const rows = [];
    for (let r = 0; r < cards.length; r += columns) {
      rows.push(cards.slice(r, r + columns).filter(Boolean).join(' '));
    }
    while (rows.length && !rows[rows.length - 1]) rows.pop(); // "Ah 3s", not "Ah 3s / "
    text(p).value = rows.join(' / ');
  }

  // the typed text put into the slots, so that a tap afterwards keeps what was typed:
  // rows split by "/", cards by spaces; `false` when it does not fit the layout
  function unsync(p) {
    const typed = text(p).value.trim();
    const all = slots(p);
    const rows = typed ? typed.split('/') : [];
    let per = rows.map((r) => r.trim().split(/\s+/).filter(Boolean));
    let fits = per.length <= all.length / columns && per.every((r) => r.length <= columns);
    if (rows.length === 1 && per[0].length <= all.length) {
      fits = true;
      per = [per[0]];
    }
    if (!fits) return false;
    all.forEach((s) => showSlot(p, s, ''));
    let i = 0;
    per.forEach((cards, r) => {
      cards.forEach((c, k) => {
        const s = rows.length === 1 ? all[i++] : all[r * columns + k];
        if (s) showSlot(p, s, c);
      });
    });
    return true;
  }

  function put(card) {
    const s = slots(at.player)[at.slot];
    if (!s) return;
    if (!fitting[at.player]) {
      refused('The grid typed for ' + players[at.player].dataset.player +
        ' does not fit the layout, so a tap would change it: correct or clear the typed grid first.');
      return;
    }
    showSlot(at.player, s, card);
    sync(at.player);
    changed();
    const n = slots(at.player).length;
    if (card && at.slot + 1 < n) activate(at.player, at.slot + 1, true);
    else if (card && at.player + 1 < players.length) activate(at.player + 1, 0, true);
  }

  function setSuit(s) {
    suit = s;
    keeper.querySelectorAll('.suit').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.suit === s)));
  }

  keeper.addEventListener('click', (e) => {
    const b = e.target.closest('button');
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
  players.forEach((p, i) => {
    text(i).addEventListener('input', () => {
      fitting[i] = unsync(i);
      changed();
    });
  });

  return {
    players,
    // every grid given, by player: the text in notation
    typed() {
      const grids = {};
      players.forEach((p, i) => {
        const t = text(i).value.trim();
        if (t) grids[p.dataset.player] = t;
      });
      return grids;
    },
    // the slots a refusal names, `[{player, slot}]` (the referee's facts), marked until
    // each is changed; any marked before are cleared
    mark(all) {
      keeper.querySelectorAll('.slot[aria-invalid]').forEach((s) => s.removeAttribute('aria-invalid'));
      (all || []).forEach((m) => {
        const p = players.findIndex((q) => q.dataset.player === m.player);
        const s = p >= 0 ? slots(p)[m.slot] : null;
        if (s) s.setAttribute('aria-invalid', 'true');
      });
    },
    // the grids shown: `grids` by player (a player not named is emptied), from the first slot
    fill(grids) {
      players.forEach((p, i) => {
        text(i).value = grids[p.dataset.player] || '';
        fitting[i] = unsync(i);
      });
      activate(0, 0);
    }
  };
}
