// golf serve: every write of the pages, exactly once (CLI.md "Exactly once, and exactly
// what was seen"). Each write gets an idempotency key of 128 random bits and waits in an
// outbox (localStorage: it survives a reload, a sleeping phone and a closed tab) until it
// is answered; a write whose answer did not arrive is sent again with the same key, and
// the server answers a repeat with what it answered the first time, writing nothing. The
// page never says that nothing changed when it cannot know.
'use strict';
(function () {
  var OUTBOX = 'golf-outbox';
  function outbox() {
    try { return JSON.parse(localStorage.getItem(OUTBOX) || '[]'); } catch (e) { return []; }
  }
  function keep(list) {
    try { localStorage.setItem(OUTBOX, JSON.stringify(list)); } catch (e) {}
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }

  // a sender for one seat: `base` the table's addresses, `bearer` its key or token,
  // `waiting(n)` told how many of its writes are not yet answered
  window.golfWrites = function (base, bearer, waiting) {
    function ours(w) { return w.base === base && w.bearer === bearer; }
    function unanswered() { return outbox().filter(ours).length; }

    // sends `w` until it is answered (any status): resolves with {r, j}
    function deliver(w, wait) {
      var stop = new AbortController();
      var timer = setTimeout(function () { stop.abort(); }, 12000);
      return fetch(base + w.path, {
        method: 'POST',
        headers: { 'Authorization': 'Bearer ' + bearer, 'Content-Type': 'application/json', 'Idempotency-Key': w.key },
        body: w.body,
        signal: stop.signal
      }).then(function (r) {
        clearTimeout(timer);
        return r.json().then(function (j) { return { r: r, j: j }; });
      }).then(function (answer) {
        keep(outbox().filter(function (o) { return o.key !== w.key; }));
        return answer;
      }, function () {
        clearTimeout(timer);
        waiting(unanswered());
        return new Promise(function (resolve) { setTimeout(resolve, wait); })
          .then(function () { return deliver(w, Math.min(wait * 2, 15000)); });
      });
    }

    return {
      // a new write of `body` (JSON) to `path`: kept until answered
      send: function (path, body) {
        var w = { key: newKey(), base: base, bearer: bearer, path: path, body: JSON.stringify(body) };
        keep(outbox().concat([w]));
        return deliver(w, 1000);
      },
      // the writes a closed or reloaded page left unanswered, sent again with their keys;
      // `answered(answer)` is told each answer
      resume: function (answered) {
        outbox().filter(ours).forEach(function (w) {
          waiting(unanswered());
          deliver(w, 1000).then(answered);
        });
      }
    };
  };
})();
