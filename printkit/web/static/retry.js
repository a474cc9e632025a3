// A request the server is too busy to take now (503: its heavy work, such as reading photos,
// is full) is sent again after the Retry-After it names, up to TRIES times, while the page
// says "The referee is busy: retrying…"; only then is a 503 the caller's answer.

export const TRIES = 5;
const LONGEST = 30;  // seconds: a Retry-After longer than this is not waited out
let retrying = 0;    // requests waiting to be sent again: the notice shows while any is

function waitFor(seconds) {
  return new Promise((done) => setTimeout(done, seconds * 1000));
}

function notice(change) {
  retrying += change;
  const el = document.getElementById("retrying");
  if (el) el.hidden = retrying === 0;
  if (retrying) document.body.dataset.retrying = "true";
  else delete document.body.dataset.retrying;
}

// fetch(), patient with a busy server; a network failure is thrown as fetch throws it.
export async function patientFetch(path, init = {}) {
  let res = await fetch(path, init);
  if (res.status !== 503) return res;
  notice(+1);
  try {
    for (let tried = 1; res.status === 503 && tried <= TRIES; tried++) {
      const header = res.headers.get("Retry-After");
      const asked = header === null ? 2 : Number(header);
      if (!(asked >= 0 && asked <= LONGEST)) return res;  // a date, or a long wait: said as is
      await waitFor(Math.max(asked, 1));
      res = await fetch(path, init);
    }
    return res;
  } finally {
    notice(-1);
  }
}
