// golf serve: every write of the pages, exactly once (CLI.md "Exactly once, and exactly
// what was seen"). Each write gets an idempotency key of 128 random bits and waits in an
// outbox (localStorage: it survives a reload, a sleeping phone and a closed tab) until it
// is answered; a write whose answer did not arrive is sent again with the same key, and
// the server answers a repeat with what it answered the first time, writing nothing. The
// page never says that nothing changed when it cannot know.

const OUTBOX = 'golf-outbox';

function outbox() {
  try {
    return JSON.parse(localStorage.getItem(OUTBOX) || '[]');
  } catch (e) {
    return [];
  }
}

function keep(list) {
  try {
    localStorage.setItem(OUTBOX, JSON.stringify(list));
  } catch (e) {
    // a phone that keeps nothing (private mode) still sends; a reload loses the outbox
  }
}

function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join('');
}

// a sender for one seat: `base` the table's addresses, `bearer` its key or token,
// `waiting(n)` told how many of its writes are not yet answered
export function writes(base, bearer, waiting) {
  const ours = (w) => w.base === base && w.bearer === bearer;
  const unanswered = () => outbox().filter(ours).length;

  // sends `w` until it is answered (any status): resolves with {r, j}
  function deliver(w, wait) {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), 12000);
    return fetch(base + w.path, {
      method: 'POST',
      headers: { 'Authorization': 'Bearer ' + bearer, 'Content-Type': 'application/json', 'Idempotency-Key': w.key },
      body: w.body,
      signal: stop.signal
    }).then((r) => {
      clearTimeout(timer);
      return r.json().then((j) => ({ r, j }));
    }).then((answer) => {
      keep(outbox().filter((o) => o.key !== w.key));
      return answer;
    }, () => {
      clearTimeout(timer);
      waiting(unanswered());
      return new Promise((resolve) => setTimeout(resolve, wait))
        .then(() => deliver(w, Math.min(wait * 2, 15000)));
    });
  }

  return {
    // a new write of `body` (JSON) to `path`: kept until answered
    send(path, body) {
      const w = { key: newKey(), base, bearer, path, body: JSON.stringify(body) };
      keep(outbox().concat([w]));
      return deliver(w, 1000);
    },
    // the writes a closed or reloaded page left unanswered, sent again with their keys;
    // `answered(answer)` is told each answer
    resume(answered) {
      outbox().filter(ours).forEach((w) => {
        waiting(unanswered());
        deliver(w, 1000).then(answered);
      });
    }
  };
}
