// golf serve --tournament: the Accept button of a table's page (CLI.md "Event night, run
// as a club runs it"; RULES.md §13, "Accepting the card"). Once the card's last hole is in,
// a player's own link shows "Accept the card" for that player; the scorekeeper's link shows
// one for each player who has not accepted (for players without a phone). Each accept goes
// through the outbox (api.js), exactly once; the table finishes once everyone has accepted.
import { writes as outbox } from './api.js';
import { on } from './live.js';

(function () {
  var card = document.getElementById('card');
  if (!card || !card.dataset.base) return;
  var base = card.dataset.base;
  var params = new URLSearchParams(location.search);
  var key = params.get('key');
  var me = params.get('player');
  var bearer = key || params.get('token');
  if (!bearer) return;
  var box = document.createElement('section');
  box.id = 'accept';
  box.setAttribute('aria-labelledby', 'accept-h');
  box.hidden = true;
  card.insertAdjacentElement('afterend', box);
  var writes = outbox(base, bearer, function () {});

  function button(name, state) {
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'accept';
    b.textContent = key ? 'Accept for ' + name : 'Accept the card';
    b.addEventListener('click', function () {
      b.disabled = true;
      writes.send('/api/accept', { match: state.match, hole: state.hole, player: name })
        .then(function (a) {
          say(a.r.ok ? name + ' accepted the card up to hole ' + state.hole + '.' : a.j.error);
          look();
        });
    });
    return b;
  }

  function say(text) {
    var p = document.getElementById('accept-said');
    if (p) p.textContent = text || '';
  }

  function show(state) {
    box.textContent = '';
    var waiting = state.players.filter(function (p) { return !p.accepted; });
    var mine = waiting.filter(function (p) { return key || p.name === me; });
    box.hidden = !state.tournament || state.finished || !state.complete || state.hole === 0;
    if (box.hidden) return;
    var h = document.createElement('h2');
    h.id = 'accept-h';
    h.textContent = 'Accept the card, up to hole ' + state.hole;
    box.appendChild(h);
    var p = document.createElement('p');
    p.textContent = waiting.length
      ? 'Waiting for ' + waiting.map(function (w) { return w.name; }).join(', ') + ' to accept.'
      : 'Everyone has accepted.';
    box.appendChild(p);
    mine.forEach(function (w) { box.appendChild(button(w.name, state)); });
    var said = document.createElement('p');
    said.id = 'accept-said';
    said.setAttribute('role', 'status');
    box.appendChild(said);
  }

  function look() {
    fetch(base + '/api/accepts', { cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(show)
      .catch(function () {});
  }
  look();
  // every change to the card may change what is to accept
  on('card', look);
})();
