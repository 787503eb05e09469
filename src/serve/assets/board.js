// golf serve --tournament: the board's one script (the Content-Security-Policy allows no
// other). It follows the server's `board` events and swaps in the board the server
// renders; on a TV (/board) it pages through more players than fit; with the director's
// key in the address (?key=KEY) it seats the next round and records penalties.
'use strict';
(function () {
  var board = document.getElementById('board');
  var live = document.getElementById('live');
  var director = document.getElementById('director');
  var tv = document.body.classList.contains('board-tv');
  var latest = null; // the board's JSON of the latest event

  // --- a TV: more players than fit are shown a page at a time, each for PAGE_MS ---
  var PAGE_MS = 8000;
  var page = 0;
  var pager = null;
  function paginate() {
    if (!tv) return;
    var rows = Array.prototype.slice.call(board.querySelectorAll('table.standing tbody tr'));
    var table = board.querySelector('table.standing');
    var pages = document.getElementById('pages');
    if (!table || !rows.length) return;
    rows.forEach(function (r) { r.hidden = false; });
    // the rows that fit between the table's top and the bottom of the screen (the tables'
    // progress and the ties stand beside it)
    var room = window.innerHeight - table.getBoundingClientRect().top - 64;
    var head = table.tHead ? table.tHead.getBoundingClientRect().height : 0;
    var height = rows[0].getBoundingClientRect().height || 1;
    var fit = Math.max(3, Math.floor((room - head) / height));
    var count = Math.ceil(rows.length / fit);
    if (count <= 1) {
      if (pages) pages.textContent = '';
      return;
    }
    page = page % count;
    rows.forEach(function (r, i) { r.hidden = Math.floor(i / fit) !== page; });
    if (pages) pages.textContent = 'Page ' + (page + 1) + ' of ' + count;
  }
  if (tv) {
    pager = setInterval(function () { page += 1; paginate(); }, PAGE_MS);
    window.addEventListener('resize', paginate);
    paginate();
  }

  var asked = 0;
  function refresh() {
    var mine = ++asked;
    return fetch('/board.html', { cache: 'no-store' })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        if (mine !== asked) return;
        board.innerHTML = html;
        paginate();
      })
      .catch(function () {});
  }

  // the director's page: the next round can be seated once every table has finished; a
  // round seated (here or at the terminal) brings the new tables' links
  function fitDirector(b) {
    if (!director) return;
    if (b.round !== Number(director.dataset.round)) {
      location.reload();
      return;
    }
    var seat = document.getElementById('seat');
    var why = document.getElementById('seat-why');
    if (!seat) return;
    var playing = b.tables.filter(function (t) { return !t.finished; });
    seat.disabled = playing.length > 0;
    if (why) {
      why.textContent = playing.length
        ? 'Still playing: ' + playing.map(function (t) { return 'table ' + t.table + ' (' + t.holes_played + ' of ' + t.holes + ' holes)'; }).join(', ') + '.'
        : 'Every table has finished: round ' + (b.round + 1) + ' can be seated.';
    }
  }

  var wait = 1000;
  function connect() {
    var events = new EventSource('/events');
    events.addEventListener('board', function (e) {
      wait = 1000;
      latest = JSON.parse(e.data);
      live.textContent = 'Live';
      live.classList.remove('off');
      board.dataset.round = latest.round;
      fitDirector(latest);
      refresh();
    });
    events.addEventListener('problem', function (e) {
      live.textContent = 'Stopped';
      live.classList.add('off');
      var said = document.getElementById('problem');
      said.textContent = JSON.parse(e.data).error;
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

  if (!director) return;
  var key = new URLSearchParams(location.search).get('key');
  var dstatus = document.getElementById('dstatus');
  function post(path, body) {
    dstatus.textContent = 'Sending…';
    return fetch(path, {
      method: 'POST',
      headers: { 'Authorization': 'Bearer ' + key, 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().then(function (j) {
        if (!r.ok) {
          dstatus.textContent = j.error || ('refused: ' + r.status);
          return null;
        }
        dstatus.textContent = '';
        return j;
      });
    }).catch(function () {
      dstatus.textContent = 'The server did not answer; nothing was changed. Try again.';
      return null;
    });
  }

  var seat = document.getElementById('seat');
  if (seat) seat.addEventListener('click', function () {
    seat.disabled = true;
    post('/api/round', { round: Number(seat.dataset.next) }).then(function (j) {
      if (j) location.reload();
      else if (latest) fitDirector(latest);
    });
  });

  var send = document.getElementById('dsend');
  if (send) send.addEventListener('click', function () {
    var kind = document.getElementById('dkind').value;
    var body = {
      player: document.getElementById('dplayer').value,
      reason: document.getElementById('dreason').value
    };
    if (kind === 'points') body.points = Number(document.getElementById('dpoints').value);
    else body.disqualify = kind;
    post('/api/penalty', body).then(function (j) {
      if (j) {
        dstatus.textContent = 'Recorded.';
        document.getElementById('dreason').value = '';
      }
    });
  });
})();
