// golf serve: cards as the page shows them (CLI.md "The phone knows its hole"): the rank,
// then the suit's symbol in red (hearts, diamonds) or black (spades, clubs).

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
