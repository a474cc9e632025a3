// The Fox and the Rabbit in the browser: the gamesheet (drawn by printkit as SVG) becomes
// buttons; every change is sent to the referee (printkit's validator) and its verdict shown.
// No build step, no library: a player's sheet is a map of field names to values.
import { patientFetch } from "/static/retry.js";

const STORE = "printkit.fox-and-rabbit.v1";
const CELL = /^[FR]-[A-Z][0-9]+$/;
const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

let form = null;          // what /api/form says of the sheet: fields, trails, rewards, ...
let fields = new Map();   // field name -> {name, kind, written, label, digits} (/api/form)
let onSheet = new Map();  // field name -> its element in the drawing
let state = load();
let lastCheck = null;     // the last verdict and record
let seq = 0;              // the verdict shown answers the latest change, never an older one
let inFlight = 0;         // actions not yet answered: body[data-busy] while there are any

// Run an action; while any is unanswered the page says it is busy (for the cursor, and tests).
async function busy(promise) {
  inFlight += 1;
  document.body.dataset.busy = "true";
  try {
    return await promise;
  } finally {
    inFlight -= 1;
    if (inFlight === 0) delete document.body.dataset.busy;
  }
}

// A handler that runs an action as busy.
const act = (fn) => (...args) => busy(fn(...args));

function blank(map = "classic", mode = "easy") {
  return { map, mode, tab: "enter", values: {}, turns: [], turn: null, picked: [], history: [],
           eg: blankAttempt(), asked: false, photo: null };
}

// The endgame attempt being made: its roll (the farmer's: and re-rolls' faces), its aids.
function blankAttempt(started = false) {
  return { started, roll: "", aids: [], rolls: [] };
}

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE));
    if (saved && typeof saved.values === "object") return { ...blank(), ...saved };
  } catch (err) { /* a broken store starts a new sheet */ }
  return blank();
}

function save() {
  localStorage.setItem(STORE, JSON.stringify(state));
}

// --- the page's words -------------------------------------------------------------------
// The page is written in English; /api/text gives each text in the page's language.
let words = {};

window.t = t;  // showPlay's local `t` (the turn) hides this one

function t(text, values = {}) {
  const said = words[text] ?? text;
  return said.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

const COLOURS = { R: "red", B: "blue", Y: "yellow" };
const SAID = ["placeholder", "aria-label", "alt", "title"];

// Say the HTML's own texts (and its labels for readers) in the page's language.
function translatePage() {
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const text = node.nodeValue.replace(/\s+/g, " ").trim();
    if (text && text in words) node.nodeValue = node.nodeValue.replace(/\S[\s\S]*\S|\S/, t(text));
  }
  for (const el of document.querySelectorAll(SAID.map((a) => `[${a}]`).join(","))) {
    for (const a of SAID) {
      const text = el.getAttribute(a);
      if (text && text in words) el.setAttribute(a, t(text));
    }
  }
  document.title = t(document.title);
}

async function loadText() {
  const { status, data } = await api("/api/text");
  if (status !== 200) return;
  forgetToken();
  words = data.text;
  document.documentElement.lang = data.lang;
  translatePage();
}

// Opened with --lan's token in its address (?t=...): once the server has answered this page
// by its cookie, the address loses it, so that it stays out of the address bar, the tab's
// history and any bookmark or link made of the page.
function forgetToken() {
  const url = new URL(location.href);
  if (!url.searchParams.has("t")) return;
  url.searchParams.delete("t");
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
}

// --- talking to the referee --------------------------------------------------------------
const OFFLINE_TEXT = "the referee cannot be reached (is printkit serve still running, and "
  + "this device on its network?); your marks are kept on this device";
let OFFLINE = OFFLINE_TEXT;
// what the server says when it stays too busy to answer (retry.js asked a few times)
const BUSY_TEXT = "printkit is busy with other requests; try again in a moment";

async function api(path, body, raw = false) {
  const init = body === undefined ? {} : {
    method: "POST", body: raw ? body : JSON.stringify(body),
    headers: raw ? {} : { "Content-Type": "application/json" },
  };
  let res;
  try {
    res = await patientFetch(path, init);
  } catch (err) {  // no server: the page (kept by the service worker) still holds the sheet
    return { status: 0, data: { error: OFFLINE } };
  }
  const type = res.headers.get("content-type") || "";
  const data = type.includes("json") ? await res.json() : await res.text();
  if (res.status === 503 && data.error === BUSY_TEXT) data.error = t(BUSY_TEXT);
  return { status: res.status, data };
}

// What a screen reader calls the sheet, in the page's language once its words are in.
function nameSheet() {
  $("sheet").querySelector("svg")?.setAttribute("aria-label", t(
    "{title} gamesheet, {mode} mode", { title: form.title, mode: t(state.mode) }));
}

async function loadSheet() {
  const q = `map=${encodeURIComponent(state.map)}&mode=${encodeURIComponent(state.mode)}`;
  const [f, s] = await Promise.all([api(`/api/form?${q}`), api(`/api/sheet?${q}`)]);
  if (f.status !== 200 || s.status !== 200) {
    showError((f.status !== 200 ? f : s).data.error || window.t("the sheet cannot be drawn"));
    return false;
  }
  form = f.data;
  fields = new Map(form.fields.map((x) => [x.name, x]));
  state.values = Object.fromEntries(Object.entries(state.values).filter(([k]) => fields.has(k)));
  const sheet = $("sheet");
  sheet.innerHTML = s.data;
  const svg = sheet.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("role", "group");
  nameSheet();
  sheet.removeAttribute("aria-busy");
  buildTargets();
  return true;
}

function checkNow() {
  const mine = ++seq;
  const verdict = $("verdict");
  verdict.dataset.state = "pending";
  // the turn being played goes with the sheet: its marks are judged as that turn's
  const body = { map: state.map, mode: state.mode, values: state.values, turns: state.turns,
                 turn: state.turn ? turnLine(state.turn) : null };
  // a sheet read from a photo: its reading goes along, so that the referee checks it
  // before it blames the player for what the camera may have misread
  if (state.photo) {
    // what the referee doubted before goes back too: a question not answered yet is asked
    // again while the run still breaks a rule (the server's `photo.doubted`)
    body.photo = { reading: state.photo.reading, settled: state.photo.settled,
                   taken: state.photo.taken ?? [], doubted: state.photo.doubted ?? [] };
  }
  return api("/api/check", body).then(({ status, data }) => {
    if (mine !== seq) return;
    if (status === 200) {
      lastCheck = data;
      showVerdict(data);
    } else if (status === 422 && state.photo && photoToSettle().length) {
      // a photo's sheet with values still to type cannot be read yet: that is what the
      // player is asked for, not an error
      lastCheck = null;
      showPhoto();
      showPhotoWaiting();
    } else {
      lastCheck = null;
      showError(data.error_said || data.error || window.t("the referee answered {status}", { status }),
                status === 422);
    }
    verdict.dataset.seq = String(mine);
    return showEndgame();
  });
}

// --- the sheet's fields as buttons -----------------------------------------------------------
function buildTargets() {
  onSheet = new Map();
  for (const el of $("sheet").querySelectorAll("svg [data-kind]")) {
    if (!fields.has(el.id)) continue;
    onSheet.set(el.id, el);
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", "0");
    el.dataset.field = el.id;
    hook(el);
  }
  paint();
  layoutHits();
}

// Give each field a tap area of at least TAP CSS px a side where its neighbours leave room:
// a transparent rectangle beneath the drawing, centred on the field, that stops halfway to
// the next field. Laid out again when the drawing's scale changes (Zoom, a turned phone).
const TAP = 44;

function layoutHits() {
  const svg = $("sheet").querySelector("svg");
  if (!svg) return;
  const scale = svg.getScreenCTM()?.a || 1;
  const want = TAP / scale;
  const toSvg = svg.getScreenCTM()?.inverse();
  if (!toSvg) return;
  const boxes = [...onSheet].map(([name, el]) => {
    // the field's box in the drawing's own units (a field may sit in a moved group)
    const r = el.getBoundingClientRect();
    const a = new DOMPoint(r.left, r.top).matrixTransform(toSvg);
    const b = new DOMPoint(r.right, r.bottom).matrixTransform(toSvg);
    return { name, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, w: (b.x - a.x) / 2, h: (b.y - a.y) / 2 };
  });
  // laid out again in place: a tap (or a test) holding a tap area finds it still there
  let layer = svg.querySelector(":scope > g.hits");
  if (!layer) {
    layer = document.createElementNS(SVG, "g");
    layer.setAttribute("class", "hits");
    layer.setAttribute("aria-hidden", "true");
    svg.prepend(layer);
  }
  const kept = new Map([...layer.querySelectorAll(".hit")].map((r) => [r.dataset.for, r]));
  for (const [name, r] of kept) if (!onSheet.has(name)) r.remove();
  for (const b of boxes) {
    let hw = Math.max(b.w, want / 2);
    let hh = Math.max(b.h, want / 2);
    for (const o of boxes) {
      if (o === b) continue;
      const dx = Math.abs(o.x - b.x) - o.w - b.w;  // the gaps between the two fields
      const dy = Math.abs(o.y - b.y) - o.h - b.h;
      const overX = Math.abs(o.x - b.x) < hw + o.w;
      const overY = Math.abs(o.y - b.y) < hh + o.h;
      if (!overX || !overY) continue;
      if (dx >= dy) hw = Math.max(b.w, Math.min(hw, b.w + dx / 2));
      else hh = Math.max(b.h, Math.min(hh, b.h + dy / 2));
    }
    let r = kept.get(b.name);
    if (!r) {
      r = document.createElementNS(SVG, "rect");
      r.setAttribute("class", "hit");
      r.dataset.for = b.name;
      r.addEventListener("click", () => busy(activate(b.name)));
      layer.append(r);
    }
    r.setAttribute("x", b.x - hw);
    r.setAttribute("y", b.y - hh);
    r.setAttribute("width", 2 * hw);
    r.setAttribute("height", 2 * hh);
  }
}

function hook(el) {
  el.addEventListener("click", () => busy(activate(el.dataset.field)));
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      busy(activate(el.dataset.field));
    }
  });
}

function targets(name) {
  const el = onSheet.get(name);
  return el ? [el] : [];
}

// Draw the values: a cross on a ticked box, the number in a written one, state for readers.
function paint() {
  for (const old of $("sheet").querySelectorAll(".mark")) old.remove();
  for (const f of form.fields) {
    const value = state.values[f.name];
    for (const el of targets(f.name)) {
      if (!f.written) {
        el.setAttribute("aria-pressed", value ? "true" : "false");
        el.setAttribute("aria-label", f.label);
      } else {
        el.setAttribute("aria-label", t("{label}: {value}", { label: f.label, value: value || t("empty") }));
      }
      if (value) {
        const m = mark(el, f.written ? value : null);
        el.after(m);
        if (f.written) fit(m, el.getBBox());
      }
    }
  }
  $("turn-no").textContent = String(state.turns.length + 1);
}

function mark(el, text) {
  const box = el.getBBox();
  if (text === null) {
    const p = document.createElementNS(SVG, "path");
    const i = Math.min(box.width, box.height) * 0.2;
    const [x1, y1, x2, y2] = [box.x + i, box.y + i, box.x + box.width - i, box.y + box.height - i];
    // a trap box keeps its number readable under one stroke; other boxes take a cross
    const slash = el.id.startsWith("trap-");
    p.setAttribute("d", slash ? `M${x1} ${y2}L${x2} ${y1}`
      : `M${x1} ${y1}L${x2} ${y2}M${x2} ${y1}L${x1} ${y2}`);
    p.setAttribute("class", slash ? "mark cross slash" : "mark cross");
    return p;
  }
  const t = document.createElementNS(SVG, "text");
  t.setAttribute("x", box.x + box.width / 2);
  t.setAttribute("y", box.y + box.height / 2);
  t.setAttribute("class", "mark written");
  const scale = el.ownerSVGElement.getScreenCTM()?.a || 1;  // CSS px per unit of the drawing
  t.style.fontSize = `${Math.max(Math.min(box.height * 0.62, 14), READABLE / scale)}px`;
  t.textContent = text;
  return t;
}

// Fit a written value in its box, as a player writes smaller in a small box, but never
// below READABLE CSS px: a long endgame attempt ("R2 R4 B5 B5; -1 R2") goes on two lines,
// its dice then its aids, and what still does not fit spills over the box on a white halo.
const READABLE = 12;

function fit(text, box) {
  const scale = text.ownerSVGElement.getScreenCTM()?.a || 1;  // CSS px per unit of the drawing
  const least = READABLE / scale;
  const room = box.width - 4;
  let size = parseFloat(text.style.fontSize);
  const width = text.getComputedTextLength();
  if (width <= room) return;
  if (size * room / width >= least) {
    text.style.fontSize = `${(size * room) / width}px`;
    return;
  }
  const value = text.textContent;
  const cut = value.indexOf("; ");
  if (cut > 0) {
    const lines = [value.slice(0, cut + 1), value.slice(cut + 2)];
    text.textContent = "";
    lines.forEach((line, i) => {
      const span = document.createElementNS(SVG, "tspan");
      span.setAttribute("x", box.x + box.width / 2);
      span.setAttribute("dy", i === 0 ? "-0.5em" : "1.05em");
      span.textContent = line;
      text.append(span);
    });
    size = Math.min(size, box.height / 2.1);
    text.style.fontSize = `${size}px`;
    const widest = Math.max(...[...text.children].map((t) => t.getComputedTextLength()));
    if (widest > room) size = (size * room) / widest;
  } else {
    size = (size * room) / width;
  }
  text.style.fontSize = `${Math.max(size, least)}px`;
  if (size < least) text.classList.add("spill");
}

async function activate(name) {
  const f = fields.get(name);
  if (!f) return;
  if (state.tab === "play" && CELL.test(name)) return cross(name);
  // the tap is busy until the referee has answered it: a verdict read before would be the
  // one from before the tap
  if (!f.written) {
    const done = change(() => { state.values[name] = !state.values[name]; tapped(name); });
    // a box a value's reading rests on, answered on the sheet itself: read the values again
    if (state.photo?.rested?.[name]) return Promise.resolve(done).then(readAgain);
    return done;
  }
  const typed = await ask(f.label, state.values[name] || "", f.digits);
  if (typed !== null) return change(() => { state.values[name] = typed.trim(); tapped(name); });
  return null;
}

// Every change: kept for undo, stored, painted and judged.
function change(apply) {
  state.history.push(JSON.stringify({ values: state.values, turns: state.turns,
                                      turn: state.turn, picked: state.picked }));
  if (state.history.length > 300) state.history.shift();
  apply();
  for (const [k, v] of Object.entries(state.values)) if (!v) delete state.values[k];
  save();
  paint();
  showPlay();
  return checkNow();
}

function undo() {
  const last = state.history.pop();
  if (!last) return null;
  Object.assign(state, JSON.parse(last));
  save();
  paint();
  showPlay();
  refuse("");
  return checkNow();
}

// --- the verdict -----------------------------------------------------------------------------
// A finished sheet being entered is judged when the player asks for it (Check the sheet) or
// fills its score box: half a sheet breaks rules it will keep once whole (a trail crossed to
// its end before its food is ticked), so a verdict per tap would alarm at every other tap.
// Playing along, each mark is judged as it is made.
function verdictDue() {
  return state.tab === "play" || state.asked || Boolean(state.values.score);
}

function showVerdict(check) {
  if (state.photo) {
    state.photo.doubts = check.photo?.doubts ?? [];
    state.photo.doubted = check.photo?.doubted ?? state.photo.doubted ?? [];
    state.photo.misread = check.photo?.misread ?? null;
    if (decideScore(check)) return;
    showPhoto();
    if (photoToSettle().length) {
      $("check-now").hidden = true;
      showPhotoWaiting();
      return;
    }
  }
  $("check-now").hidden = verdictDue();
  if (verdictDue()) showReport(check.report, check.progress, check.photo?.evidence);
  else showEntering();
}

// The score box read from a photo waits while a value it rests on is to type: once only its
// boxes are left, the rules decide them from the values given (the server's `scores`), and
// where the photo's ink reads the same, they are settled without a tap, as `printkit
// validate PHOTO` settles them; where the ink reads otherwise, they are asked. Returns
// whether it settled them (a new check follows).
function decideScore(check) {
  const todo = photoToSettle();
  const suggested = state.photo.suggested ?? {};
  const scores = check.photo?.scores ?? {};
  const waiting = todo.filter((ask) => ask.read === undefined
    && suggested[ask.box]?.waits_for_values_to_type && scores[ask.box] !== undefined);
  if (!check.report || !waiting.length || waiting.length !== todo.length) return false;
  const agreed = waiting.filter((ask) => suggested[ask.box].candidates
    .some((c) => c.value === scores[ask.box]));
  if (!agreed.length) return false;
  settleAll(agreed.map((ask) => [ask.box, scores[ask.box]]));
  return true;
}

// --- a sheet read from a photo ------------------------------------------------------------
// What the photo could not read surely (boxes to confirm, values to type) is asked first,
// each beside its crop of the photo; then the boxes the referee doubts (read one way with
// less than its sure confidence, and the rules disagree), one at a time, the least sure
// first, as the server's referee chooses (`questions.next_doubt`, as `validate PHOTO`
// asks); only then the verdict, with the crop of every box it names. No verdict is shown
// before.
let photoImage = null;  // the photo flattened to the sheet: kept in memory, not stored

function photoToSettle() {
  const p = state.photo;
  if (!p) return [];
  const done = new Set(p.settled);
  const asks = p.asks.filter((name) => !done.has(name)).map((box) => ({ box }));
  // a box still to confirm that the rules doubt too is asked once, as a box to confirm;
  // what one tap took as the photo shows it is asked again where the rules disagree with it
  const pending = new Set(asks.map((ask) => ask.box));
  const taken = new Set(p.taken ?? []);
  return [...asks, ...p.doubts.filter((d) => (!done.has(d.box) || taken.has(d.box))
                                         && !pending.has(d.box))];
}

function cropOf(name) {
  const p = state.photo;
  const box = p?.boxes[name];
  const canvas = document.createElement("canvas");
  canvas.className = "crop";
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", t("{box} in the photo", { box: name }));
  if (!box || !photoImage) {
    canvas.hidden = true;
    return canvas;
  }
  const margin = 14;
  const [x, y, w, h] = box;
  const [sx, sy] = [Math.max(0, x - margin), Math.max(0, y - margin)];
  const [sw, sh] = [w + 2 * margin, h + 2 * margin];
  const zoom = Math.min(3, 150 / sw);
  canvas.width = Math.round(sw * zoom);
  canvas.height = Math.round(sh * zoom);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(photoImage, sx * p.scale, sy * p.scale, sw * p.scale, sh * p.scale, 0, 0,
                canvas.width, canvas.height);
  ctx.strokeStyle = "#e06c00";
  ctx.lineWidth = 2;
  ctx.strokeRect((x - sx) * zoom - 2, (y - sy) * zoom - 2, w * zoom + 4, h * zoom + 4);
  return canvas;
}

// A box of a photo's sheet tapped or typed on the sheet itself is settled by the player.
function tapped(name) {
  if (state.photo && !state.photo.settled.includes(name)) state.photo.settled.push(name);
  if (state.photo && !photoToSettle().length) state.asked = true;
}

// What one tap on Confirm all took as the photo shows it (a box as it leans, a value as
// filled in) is the photo's reading still, not the player's: the referee asks it again where
// the rules disagree with it, as `validate PHOTO` asks what one Enter took (the server's
// `photo.taken`). A box or a value answered on its own is the player's.
function took(name, value, asRead) {
  const p = state.photo;
  if (!p || !(name in p.reading)) return;
  p.taken = (p.taken ?? []).filter((n) => n !== name);
  // a value typed over the photo's reading before the tap is the player's
  if (asRead && (!fields.get(name)?.written || value === readOf(name))) p.taken.push(name);
}

function settle(name, value) {
  return settleAll([[name, value]]);
}

function settleAll(answers, asRead = false) {
  const rested = answers.some(([name]) => state.photo?.rested?.[name]);
  const done = change(() => {
    for (const [name, value] of answers) {
      // "-" in a written field is nothing written there, as the terminal takes it
      const nothing = value === "-" && fields.get(name)?.written;
      if (value === "" || value === false || nothing) delete state.values[name];
      else state.values[name] = value;
      took(name, value, asRead);
      tapped(name);
    }
  });
  return rested ? Promise.resolve(done).then(readAgain) : done;
}

// A value whose reading rests on a box read short of sure (the box as read rules the reading
// out) waits for the box: it is not taken before the box is answered.
function restsOnOpen(box) {
  const p = state.photo;
  return (p.suggested?.[box]?.rests_on_boxes ?? []).some((b) => !p.settled.includes(b));
}

// Once a box a value's reading rests on is answered, the server reads the photo's values
// again against every answer the player gave (POST /api/scan/values), as `printkit validate
// PHOTO` does: each value not settled yet takes its new suggestion, and a box a reading
// rests on now is asked too. The rules are the server's; the page only shows them.
async function readAgain() {
  const p = state.photo;
  if (!p?.id) return null;
  const given = {};
  for (const name of p.settled) {
    if (!(name in p.reading)) continue;
    const value = state.values[name];
    if (fields.get(name)?.written) {
      if (value) given[name] = String(value);
    } else {
      given[name] = value ? "x" : "no";
    }
  }
  const { status, data } = await api("/api/scan/values", { photo: p.id, given });
  if (status !== 200) {
    return showError(data.error_said || data.error || t("the referee answered {status}", { status }));
  }
  for (const [name, read] of Object.entries(data.suggested)) {
    if (!p.settled.includes(name)) p.suggested[name] = read;
  }
  Object.assign(p.leans, data.leans);
  Object.assign(p.rested, data.rested);
  const boxes = Object.keys(data.rested).filter((box) => !p.asks.includes(box));
  p.asks.unshift(...boxes);
  showPhoto();
  return checkNow();
}

// The values written, as the photo read them: each is filled in beside its crop (one the
// photo could not read surely with its likeliest reading, flagged as asked, its other
// readings offered to tap), and one tap (Confirm all) confirms every value filled in and
// every box to confirm as it leans (its answer shown pressed), as Enter does at the
// terminal; a value the photo read nothing of is left empty to type, a score waiting on
// the values stays for the rules to decide, and a box that leans no way or that the rules
// doubt stays to answer.
function confirmAll() {
  const answers = [];
  for (const li of $("photo-asks").children) {
    const input = li.querySelector("input");
    // a value resting on a box not answered yet is read again once the box is
    if (input && input.value.trim() && !restsOnOpen(li.dataset.box)) answers.push([li.dataset.box, input.value.trim()]);
    if (li.dataset.lean) answers.push([li.dataset.box, li.dataset.lean === "true"]);
  }
  return settleAll(answers, true);
}

// The box to confirm's lean, as one tap takes it: null for a box that leans no way, or one
// the rules doubt (whose answer decides an accusation, never taken for the player).
function leanOf(ask) {
  if (ask.read !== undefined || fields.get(ask.box).written) return null;
  return state.photo.leans?.[ask.box] ?? null;
}

function confirmWords(values, boxes) {
  if (!boxes) {
    return values === 1 ? t("Confirm the value read")
      : t("Confirm all {n} values read", { n: values });
  }
  if (!values) {
    return boxes === 1 ? t("Confirm the box as it looks")
      : t("Confirm all {n} boxes as they look", { n: boxes });
  }
  return t("Confirm all {n} boxes and values as read", { n: boxes + values });
}

// How sure the photo is of a box, as the questions and the verdict say it: "90.0 %".
function sure(confidence) {
  const lang = document.documentElement.lang;
  if (!lang || lang === "en") return `${(confidence * 100).toFixed(1)} %`;
  // as the server says a share in the player's language (Babel's CLDR patterns): 93,8 %
  return new Intl.NumberFormat(lang, { style: "percent", minimumFractionDigits: 1,
    maximumFractionDigits: 1 }).format(confidence);
}

// A box the photo could not read surely: how it leans, as the server's referee says it and
// the terminal asks it (null: the photo tells nothing of it, and it leans no way).
function boxWords(box) {
  const lean = state.photo.leans?.[box];
  // why the server asks it, in the terminal's words: a value's reading needs it the other
  // way than the photo read it (`rested`), or the rules lean it, not the photo
  const why = state.photo.rested?.[box]?.why ?? state.photo.leansWhy?.[box];
  if (why) return t("{box}: is it crossed? {why}", { box, why: why[0].toUpperCase() + why.slice(1) });
  if (lean === undefined || lean === null) return t("{box}: is it crossed?", { box });
  const [, confidence] = state.photo.reading[box];
  return t(lean ? "{box}: is it crossed? It looks crossed ({sure} sure)"
    : "{box}: is it crossed? It looks empty ({sure} sure)",
  { box, sure: sure(confidence) });
}

function showPhoto() {
  const list = $("photo-asks");
  const todo = photoToSettle();
  $("photo-panel").hidden = !todo.length;
  // a value the rules doubt is typed as the sheet shows it: no tap confirms it
  const filled = todo.filter((ask) => ask.read !== "value" && readOf(ask.box) !== ""
    && !restsOnOpen(ask.box));
  const leaning = todo.filter((ask) => leanOf(ask) !== null);
  $("photo-confirm").hidden = !filled.length && !leaning.length;
  $("photo-confirm").textContent = confirmWords(filled.length, leaning.length);
  // the player's answers have shown the photo wrong about many boxes (the server's
  // `questions.SHOWN_MISREAD`): the questions go on, and a better photo would ask fewer
  const misread = state.photo.misread;
  $("photo-misread").hidden = !misread || !todo.length;
  $("photo-misread").textContent = misread ? t("The photo read {n} of the {m} boxes you answered the other way: it does not show your marks well. Going over light pencil marks, or a photo in daylight without shadow, asks far fewer questions; or answer on.",
    { n: misread.n, m: misread.m }) : "";
  list.replaceChildren(...todo.map((ask) => {
    const f = fields.get(ask.box);
    const li = document.createElement("li");
    li.dataset.box = ask.box;
    const words = document.createElement("p");
    const read = state.photo.suggested?.[ask.box];
    words.replaceChildren(...withNames(ask.read === undefined
      ? (f.written ? readWords(ask.box, read) : boxWords(ask.box))
      : ask.read === "value"
        ? t("{box} was read {value}, but the rules disagree: what is written?",
          { box: ask.box, value: ask.value })
        : t(ask.read === "marked"
        ? "{box} was read crossed ({sure} sure), but the rules disagree: is it crossed?"
        // a circle or the score box read empty holds a number, if anything: it is typed
        : f.written
          ? "{box} was read empty ({sure} sure), but the rules disagree: what is written?"
          : "{box} was read empty ({sure} sure), but the rules disagree: is it crossed?",
          { box: ask.box, sure: sure(ask.confidence) })));
    li.append(cropOf(ask.box), words);
    if (f.written) {
      const form = document.createElement("form");
      const input = document.createElement("input");
      // a value the rules disagree with is typed as the sheet shows it, not taken again
      input.value = ask.read === "value" ? "" : state.values[ask.box] || readOf(ask.box);
      // the player must look at a value asked: the page says so, as the terminal's list does
      if (read && !read.sure && input.value) li.dataset.asked = "true";
      input.setAttribute("aria-label", f.label);
      if (f.digits) input.inputMode = "numeric";
      input.className = f.digits ? "number" : "text";
      const ok = document.createElement("button");
      ok.type = "submit";
      ok.textContent = t("OK");
      form.append(input, ok);
      form.addEventListener("submit", act((ev) => {
        ev.preventDefault();
        return settle(ask.box, input.value.trim());
      }));
      li.append(form);
      if (read && !read.sure) {
        for (const c of read.candidates.slice(0, 3)) {
          const b = document.createElement("button");
          b.type = "button";
          b.className = "candidate";
          b.textContent = c.value === "-" && read.nothing_written ? t("nothing written") : c.value;
          b.addEventListener("click", act(() => settle(ask.box, c.value)));
          li.append(b);
        }
      }
    } else {
      const lean = leanOf(ask);
      if (lean !== null) li.dataset.lean = String(lean);
      for (const [label, value] of [[t("Crossed"), true], [t("Empty"), false]]) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = label;
        b.dataset.answer = String(value);
        // the way the photo leans, pre-selected: Confirm all takes it
        if (lean !== null) b.setAttribute("aria-pressed", String(lean === value));
        b.addEventListener("click", act(() => settle(ask.box, value)));
        li.append(b);
      }
    }
    return li;
  }));
}

// A sentence with each field's name in it kept whole on its line (`name`): a phone's narrow
// panel would otherwise break `F-B4` at its hyphen.
function withNames(text) {
  return text.split(/(\w+(?:-\w+)+)/).filter((part) => part).map((part) => {
    if (!fields.has(part)) return part;
    const span = document.createElement("span");
    span.className = "name";
    span.textContent = part;
    return span;
  });
}

// The value a written field is filled in with as the photo read it: its value where sure,
// its likeliest reading where asked, nothing where it read none or the score waits on the
// values (the rules decide it once they are given).
function readOf(box) {
  const read = state.photo.suggested?.[box];
  // (read against the rules: typed as the sheet shows it, the rules' readings offered as taps)
  if (!read || read.waits_for_values_to_type || read.read_against_rules) return "";
  return read.sure ? read.value ?? "" : read.candidates[0]?.value ?? "";
}

function readWords(box, read) {
  if (!read) return t("{box}: what is written?", { box });
  // a line the rules say is empty: nothing written ("-") filled in, why in the referee's words
  const nothing = read.nothing_written;
  if (nothing && read.candidates[0]?.value === "-") {
    const why = nothing.why_said ?? nothing.why;
    if (read.sure) return t("{box}: nothing written (-), as the rules say: {why}", { box, why });
    const values = read.candidates.slice(1, 3).map((c) => c.value).join(" / ");
    if (!values) return t("{box}: asked, look at it: nothing written (-, filled in), as the rules say: {why}", { box, why });
    return t("{box}: asked, look at it: nothing written (-, filled in), as the rules say: {why}; the photo reads {values}", {
      box, why, values });
  }
  // a score box the rules decide once the values asked are typed: left empty, not filled in
  if (read.waits_for_values_to_type) {
    return t("{box}: the rules decide it once the values asked are typed; the photo reads {value}",
      { box, value: read.candidates[0]?.value ?? read.value ?? "" });
  }
  if (read.sure) {
    return read.decided_by_rules ? t("{box}: read {value}, as the rules decide it", { box, value: read.value })
      : t("{box}: read {value}", { box, value: read.value });
  }
  const against = read.read_against_rules;
  if (against) {
    return t("{box}: what is written? The photo reads {value} here, but {why}", {
      box, value: against.value, why: against.why_said ?? against.why });
  }
  if (!read.candidates.length) return t("{box}: what is written? The photo cannot read it surely", { box });
  return t("{box}: asked, look at it: the photo reads {values} (the first filled in)", {
    box, values: read.candidates.slice(0, 3).map((c) => c.value).join(" / ") });
}

function showPhotoWaiting() {
  for (const el of document.querySelectorAll(".bad")) el.classList.remove("bad");
  const todo = photoToSettle();
  const n = todo.length;
  // the referee asks one at a time, and an answer may raise the next: no count to promise
  const head = todo.some((ask) => ask.read !== undefined)
    ? t("From the photo: the referee's questions, one at a time, before the verdict")
    : n === 1 ? t("From the photo: 1 question to answer before the verdict")
    : t("From the photo: {n} questions to answer before the verdict", { n });
  $("verdict").dataset.state = "photo";
  $("verdict-head").textContent = head;
  $("summary").textContent = head;
  $("progress").replaceChildren();
  $("violations").textContent = "";
  $("consequences-box").hidden = true;
  $("scores").hidden = true;
}

function showEntering() {
  for (const el of document.querySelectorAll(".bad")) el.classList.remove("bad");
  const n = Object.keys(state.values).length;
  const head = n === 1 ? t("Entering the sheet: 1 mark so far")
    : t("Entering the sheet: {n} marks so far", { n });
  $("verdict").dataset.state = "entering";
  $("verdict-head").textContent = head;
  $("summary").textContent = head;
  const li = document.createElement("li");
  li.textContent = t("Fill in the score box, or tap Check the sheet, for the verdict.");
  $("progress").replaceChildren(li);
  $("violations").textContent = "";
  $("consequences-box").hidden = true;
  $("scores").hidden = true;
}

function showReport(r, p, evidence) {
  $("scores").hidden = false;
  for (const el of document.querySelectorAll(".bad")) el.classList.remove("bad");
  // a game not over yet is no mistake: what says only "not finished" is shown as progress
  const over = new Set(p ? p.not_finished : []);
  const problems = r.violations.filter((_, i) => !over.has(i));
  const n = problems.length + r.more_violations;
  const going = Boolean(p && !p.finished);
  const head = n === 1 ? t("Illegal run: 1 violation")
    : n ? t("Illegal run: {n} violations", { n })
    : !going ? t("Legal run: no rule broken")
    : state.turn ? t("Turn {n} in progress: legal so far", { n: state.turns.length + 1 })
    : t("In progress: no rule broken so far");
  $("verdict").dataset.state = n ? "illegal" : going ? "progress" : "legal";
  $("verdict-head").textContent = head;
  $("summary").textContent = t("{head} · score {score}", { head, score: r.computed.score });
  $("progress").replaceChildren(...(going ? p.lines : []).map((line) => {
    const li = document.createElement("li");
    li.textContent = line.charAt(0).toUpperCase() + line.slice(1);
    return li;
  }));
  $("progress").dataset.mayEnd = String(Boolean(p && p.may_end));
  const list = $("violations");
  list.textContent = "";
  for (const v of problems) {
    const li = document.createElement("li");
    const place = document.createElement(v.fields.length ? "button" : "strong");
    place.className = "place";
    place.textContent = v.said?.place ?? v.place;
    if (v.fields.length) {
      place.type = "button";
      place.title = t("Show on the sheet");
      place.addEventListener("click", () => targets(v.fields[0])[0]?.focus());
    }
    // French puts a (no-break) space before its colon
    const colon = document.documentElement.lang === "fr" ? "\u00a0: " : ": ";
    li.append(place, `${colon}${v.said?.text ?? v.text} `);
    const cite = document.createElement("span");
    cite.className = "cite";
    cite.textContent = `(${v.said?.rule ?? v.rule})`;
    li.append(cite);
    // read from a photo: the crop of each box the violation rests on, and how sure
    for (const name of v.fields) {
      const seen = evidence?.[name];
      if (!seen) continue;
      const figure = document.createElement("figure");
      const caption = document.createElement("figcaption");
      caption.textContent = t(seen.read === "marked" ? "{box}: read crossed, {sure} sure"
        : "{box}: read empty, {sure} sure",
      { box: name, sure: sure(seen.confidence) });
      figure.append(cropOf(name), caption);
      li.append(figure);
    }
    list.append(li);
    for (const name of v.fields) for (const el of targets(name)) el.classList.add("bad");
  }
  if (r.more_violations) {
    const li = document.createElement("li");
    li.textContent = t("and {n} more", { n: r.more_violations });
    list.append(li);
  }
  $("consequences").replaceChildren(...(r.consequences_said ?? r.consequences).map((c) => {
    const li = document.createElement("li");
    li.textContent = c;
    return li;
  }));
  $("consequences-box").hidden = r.consequences.length === 0;
  const claimed = (v) => (v === null || v === undefined ? t("(not written)") : String(v));
  $("score-computed").textContent = String(r.computed.score);
  $("score-claimed").textContent = claimed(r.claimed.score);
  $("title-computed").textContent = r.computed.title_said ?? r.computed.title;
  $("title-claimed").textContent = claimed(r.claimed.title);
  $("ach-computed").textContent = (r.computed.achievements_said || r.computed.achievements).join("; ") || t("none");
  $("ach-claimed").textContent = (r.claimed.achievements_said || r.claimed.achievements).join("; ") || t("none");
  for (const [a, b] of [["score", r.computed.score === r.claimed.score || r.claimed.score === null],
                        ["title", r.claimed.title === null || r.claimed.title === r.computed.title]]) {
    $(`${a}-claimed`).classList.toggle("differs", !b);
  }
}

function showError(message, unreadable = true) {
  $("verdict").dataset.state = message === OFFLINE ? "offline" : unreadable ? "unreadable" : "error";
  $("verdict-head").textContent = message === OFFLINE ? t("Offline")
    : unreadable ? t("The sheet cannot be read yet") : t("Error");
  $("summary").textContent = message;
  const li = document.createElement("li");
  li.textContent = message;
  $("violations").replaceChildren(li);
}

// --- play along ------------------------------------------------------------------------------
const turnLine = (t) => [t.roll.join(" "), ...t.aids, ...t.moves].join("; ");

async function allowed(line) {
  const { status, data } = await api("/api/play", { map: state.map, mode: state.mode,
                                                   turns: [...state.turns, line] });
  if (status !== 200) return refuse(data.error || window.t("the referee answered {status}", { status }));
  if (!data.ok) return refuse(data.problems.join("; "));
  refuse("");
  return true;
}

function refuse(reason) {
  $("refusal").textContent = reason ? t("Refused: {reason}", { reason }) : "";
  return false;
}

async function roll(text) {
  const dice = text.toUpperCase().replace(/[,+]/g, " ").split(/\s+/).filter(Boolean);
  if (state.turn && (state.turn.aids.length || state.turn.moves.length)) {
    return refuse(window.t("this turn is under way; end it or undo its marks first"));
  }
  if (!dice.length) return refuse(window.t("type the dice rolled, e.g. R6 B4 Y5"));
  const turn = { roll: dice, dice: [...dice], aids: [], moves: [], used: [] };
  if (await allowed(turnLine(turn))) {
    await change(() => { state.turn = turn; state.picked = []; });
    $("roll").value = "";
  }
}

function picked() {
  return state.picked.map((i) => state.turn.dice[i]);
}

async function useAid(kind) {
  const t = state.turn;
  if (!t) return refuse(window.t("roll first"));
  const dice = picked();
  if (!dice.length || (kind !== "re-roll" && dice.length !== 1)) {
    return refuse(kind === "re-roll" ? window.t("pick the dice to re-roll")
      : window.t("pick one die for {aid}", { aid: kind }));
  }
  let after = [];
  if (kind === "re-roll") {
    const typed = await ask(window.t("Re-roll {dice}: the new faces, in the same order",
                              { dice: dice.join(" ") }), "");
    if (typed === null) return false;
    after = typed.toUpperCase().split(/\s+/).filter(Boolean);
  } else {
    const [c, v] = [dice[0][0], Number(dice[0].slice(1))];
    after = [c + (kind === "+1" ? v + 1 : kind === "-1" ? v - 1 : 7 - v)];
  }
  const text = kind === "re-roll" ? `re-roll ${dice.join(" ")} -> ${after.join(" ")}`
    : `${kind} ${dice[0]}`;
  const next = { ...t, aids: [...t.aids, text] };
  if (!(await allowed(turnLine(next)))) return false;
  const aid = kind === "re-roll" ? "re-roll" : kind === "flip" ? "flip" : "plus-minus";
  return change(() => {
    state.picked.forEach((i, k) => { next.dice[i] = after[k] ?? next.dice[i]; });
    next.dice = [...next.dice];
    state.turn = next;
    state.picked = [];
    tickNext(form.aids.find((a) => a.id === aid).circles);
  });
}

function tickNext(names) {
  const free = names.find((n) => !state.values[n]);
  if (free) state.values[free] = true;
}

async function cross(cell) {
  const t = state.turn;
  if (!t) return refuse(window.t("roll first, then pick the dice that cross a cell"));
  const dice = picked();
  if (!dice.length) return refuse(window.t("pick the dice that cross {cell}, then tap it", { cell }));
  const total = dice.reduce((s, d) => s + Number(d.slice(1)), 0);
  const circle = fields.get(cell).written;
  let text = `${cell}${circle ? `=${total}` : ""} ${dice.join(" ")}`;
  const trail = form.trails.find((tr) => tr.cells[tr.cells.length - 1] === cell);
  let food = null;
  let reward = null;
  if (trail) {
    food = await choose(window.t("{cell} ends at the {place}: what is eaten?",
                          { cell, place: trail.location }),
                        trail.foods.map((id) => [id, form.foods[id]]));
    if (food === null) return false;
    reward = await choose(window.t("Which reward is taken?"),
                          [...Object.keys(form.rewards), "nothing"].map((r) => [r, window.t(r)]));
    if (reward === null) return false;
    text += ` eats ${food}, takes ${reward}`;
  }
  const next = { ...t, moves: [...t.moves, text], used: [...t.used, ...state.picked] };
  if (!(await allowed(turnLine(next)))) {
    state.picked = [];
    showPlay();
    return false;
  }
  return change(() => {
    state.values[cell] = circle ? String(total) : true;
    if (food) state.values[`${cell[0]}-${food}`] = true;
    if (reward && reward !== "nothing") tickNext(form.rewards[reward]);
    state.turn = next;
    state.picked = [];
  });
}

function endTurn() {
  if (!state.turn) return refuse(window.t("roll first: a turn is the roll and the cells it crosses"));
  const line = turnLine(state.turn);
  refuse("");
  return change(() => {
    state.turns = [...state.turns, line];
    tickNext(form.traps);
    state.turn = null;
    state.picked = [];
  });
}

function showPlay() {
  const t = state.turn;
  const dice = $("dice");
  dice.textContent = "";
  for (const [i, d] of (t ? t.dice : []).entries()) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `die die-${d[0]}`;
    b.textContent = d;
    b.setAttribute("aria-label", `${form?.dice[d[0]] ?? d[0]} ${d.slice(1)}`);
    b.setAttribute("aria-pressed", state.picked.includes(i) ? "true" : "false");
    b.disabled = t.used.includes(i);
    b.addEventListener("click", () => {
      state.picked = state.picked.includes(i) ? state.picked.filter((x) => x !== i)
        : [...state.picked, i];
      save();
      showPlay();
    });
    dice.append(b);
  }
  $("pad").hidden = Boolean(t);  // a roll taken: its dice take the pad's place
  if (t) document.body.dataset.rolled = "true";
  else delete document.body.dataset.rolled;
  $("hint").textContent = !t ? window.t("Type or tap the roll.")
    : window.t("Pick dice, then tap the cell they cross (or an aid). End the turn when done.");
  const log = $("log");
  log.replaceChildren(...[...state.turns, ...(t ? [turnLine(t)] : [])].map((line, i) => {
    const li = document.createElement("li");
    li.textContent = line;
    if (t && i === state.turns.length) li.className = "current";
    return li;
  }));
}

function buildPad() {
  const pad = $("pad");
  for (const c of "RBY") {
    for (let v = 1; v <= 6; v++) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `die die-${c}`;
      b.textContent = `${c}${v}`;
      b.addEventListener("click", () => {
        const input = $("roll");
        input.value = `${input.value.trim()} ${c}${v}`.trim();
      });
      pad.append(b);
    }
  }
}

// --- the guided endgame ------------------------------------------------------------------
// The referee says whose attempt comes next and what it may use; the page offers only that,
// and records each attempt in its boxes. At the end the score box fills itself.
const sheetBody = (extra = {}) => ({ map: state.map, mode: state.mode, values: state.values,
                                     turns: state.turns, ...extra });

function hideEndgame() {
  $("endgame").hidden = true;
  $("start-endgame").hidden = true;
  delete document.body.dataset.endgame;
}

async function showEndgame() {
  if (state.tab !== "play" || state.turn || !lastCheck) return hideEndgame();
  const { status, data } = await api("/api/endgame", sheetBody());
  if (status !== 200 || data.stage === "not-yet") return hideEndgame();
  const begun = state.eg.started || data.stage !== "attempt" || lastCheck.progress.endgame;
  $("start-endgame").hidden = begun;
  $("endgame").hidden = !begun;
  if (!begun) return delete document.body.dataset.endgame;
  document.body.dataset.endgame = "true";
  $("eg-aids").replaceChildren();
  $("eg-record").hidden = true;
  $("eg-again").hidden = true;
  $("eg-result").textContent = "";
  if (data.stage !== "attempt") {
    $("eg-head").textContent = data.stage === "over" ? t("The game is over")
      : t("The sheet's endgame log is full");
    $("eg-need").textContent = data.stage === "over"
      ? t("Each animal has escaped or been caught; the score box is filled in.")
      : t("Keep the rest of the endgame in a YAML record (Download YAML).");
    $("eg-form").hidden = true;
    if (data.stage === "over") return fillScore(data.score);
    return null;
  }
  const who = t(data.animal);
  if (data.side === "escape") {
    const owned = Object.entries(data.dice).filter(([, n]) => n)
      .map(([c, n]) => t(`{n} ${COLOURS[c]}`, { n }));
    const left = form.aids.map((a) => `${a.name} ${data.circles[a.id]}`).join(", ");
    $("eg-head").textContent = t("Round {round}: the {animal}'s escape attempt",
                                 { round: data.round, animal: who });
    $("eg-need").textContent = t("It escapes with {need}. Roll any of your dice ({dice}). "
                                 + "Circles left: {circles}; one more aid is free.",
                                 { need: data.need, dice: owned.join(", "), circles: left });
  } else {
    const left = form.aids.filter((a) => data.boxes[a.id]).map((a) => a.name).join(", ");
    $("eg-head").textContent = t("Round {round}: the farmer against the {animal}'s trap",
                                 { round: data.round, animal: who });
    $("eg-need").textContent = t("The trap triggers on {need}. Roll the farmer's dice ({dice}); "
                                 + "he plays to catch with his boxes left ({boxes}).",
                                 { need: data.need, dice: data.dice.join(" "),
                                   boxes: left || t("none") });
  }
  $("eg-form").hidden = Boolean(state.eg.roll);
  if (state.eg.roll) return attemptNow(data);
  $("eg-roll").value = "";
  return null;
}

let attempts = 0;  // the attempt shown answers the latest question, never an older one

async function attemptNow(step) {
  const mine = ++attempts;
  const escape = step.side === "escape";
  const sent = [...state.eg.aids];
  const body = escape ? sheetBody({ escape: { roll: state.eg.roll, aids: sent } })
    : sheetBody({ farmer: { rolls: [state.eg.roll, ...state.eg.rolls] } });
  const { status, data } = await api("/api/endgame", body);
  if (mine !== attempts) return null;
  const result = $("eg-result");
  $("eg-again").hidden = false;
  if (status !== 200 || !data.ok) {
    result.dataset.ok = "false";
    result.textContent = t("Refused: {reason}", { reason: data.problem || data.error });
    return null;
  }
  if (!escape && data.reroll) {
    const faces = await ask(t("The farmer re-rolls {dice}: roll them and type the new faces, "
                              + "in the same order", { dice: data.reroll }), "");
    if (faces === null) return null;
    state.eg.rolls = [...state.eg.rolls, faces.toUpperCase()];
    save();
    return attemptNow(step);
  }
  const done = escape ? data.escaped : data.caught;
  result.dataset.ok = String(escape ? done : !done);
  const aids = escape ? sent : data.aids;
  const dice = aids.length ? t("{dice} (after {aids})", { dice: data.dice, aids: aids.join(", ") })
    : data.dice;
  result.textContent = t(escape ? (done ? "{dice}: the {animal} escapes"
    : "{dice}: the {animal} does not escape yet")
    : (done ? "{dice}: the {animal} is caught" : "{dice}: the {animal} is not caught"),
  { dice, animal: t(step.animal) });
  $("eg-aids").replaceChildren(...(escape ? data.options : []).map((o) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = o.aid;
    b.dataset.aid = o.aid;
    b.addEventListener("click", act(async () => {
      let aid = o.aid;
      if (aid === "re-roll") {
        const typed = await ask(t("Re-roll: the dice, then the new faces (now {dice}), e.g. "
                                  + "R2 B5 -> R6 B1", { dice: data.dice }), "");
        if (typed === null) return null;
        aid = `re-roll ${typed.toUpperCase()}`;
      }
      state.eg.aids = [...state.eg.aids, aid];
      save();
      return attemptNow(step);
    }));
    return b;
  }));
  const record = $("eg-record");
  record.hidden = false;
  record.onclick = act(() => change(() => {
    for (const [k, v] of Object.entries(data.record)) state.values[k] = v;
    state.eg = blankAttempt(true);
  }));
  return null;
}

function fillScore(score) {
  const differs = Object.entries(score).some(([k, v]) => (state.values[k] || false) !== v);
  if (!differs) return null;
  return change(() => { Object.assign(state.values, score); });
}

// --- dialogs ---------------------------------------------------------------------------------
function dialog(title, body, buttons) {
  const dlg = $("ask");
  $("ask-title").textContent = title;
  $("ask-body").replaceChildren(...body);
  $("ask-buttons").replaceChildren(...buttons.map(([value, label]) => {
    const b = document.createElement("button");
    b.value = value;
    b.textContent = label;
    return b;
  }));
  dlg.returnValue = "";
  dlg.showModal();
  return new Promise((done) => dlg.addEventListener("close", () => done(dlg.returnValue),
                                                    { once: true }));
}

async function ask(label, value, digits = false) {
  const input = document.createElement("input");
  input.id = "ask-input";
  input.value = value;
  input.autocomplete = "off";
  input.setAttribute("aria-label", label);
  if (digits) input.inputMode = "numeric";
  const answer = await dialog(label, [input], [["ok", t("OK")], ["clear", t("Clear")],
                                               ["", t("Cancel")]]);
  return answer === "ok" ? input.value : answer === "clear" ? "" : null;
}

async function choose(title, options) {
  const answer = await dialog(title, [], [...options, ["", t("Cancel")]]);
  return answer || null;
}

// --- keep and share --------------------------------------------------------------------------
function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function saveYaml() {
  await checkNow();
  if (!lastCheck) return;
  download(`fox-and-rabbit-${state.mode}-${state.map}.yaml`,
           new Blob([lastCheck.record], { type: "application/yaml" }));
}

async function savePdf() {
  const res = await patientFetch("/api/pdf", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ map: state.map, mode: state.mode, values: state.values, turns: state.turns }) });
  if (!res.ok) {
    const data = await res.json();
    return showError(data.error_said || data.error, res.status === 422);
  }
  const named = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") || "");
  return download(named ? named[1] : "fox-and-rabbit-filled.pdf", await res.blob());
}

async function openFile(file) {
  const { status, data } = await api("/api/open", await file.arrayBuffer(), true);
  if (status !== 200) {
    return showError(data.error_said || data.error || window.t("the referee answered {status}", { status }));
  }
  await openData(data);
}

// An opened record or PDF is a finished sheet: its verdict shows at once. A photo's is
// asked for once its boxes to confirm and its values to type are settled.
async function openData(data) {
  const suggested = data.suggested || {};
  photoImage = null;
  const rested = data.rested || {};
  const settled = !(data.uncertain?.length || data.to_type?.length
                    || Object.keys(suggested).length);
  const photo = data.reading ? {
    reading: data.reading, leans: data.leans || {}, leansWhy: data.leans_why || {}, boxes: data.boxes, scale: data.scale,
    settled: [], taken: [], doubts: [], doubted: [], id: data.photo, rested,
    suggested, asks: [...data.uncertain, ...Object.keys(rested).filter((box) => !data.uncertain.includes(box)),
                      ...Object.keys(suggested), ...data.to_type],
  } : null;
  if (data.image) {
    const image = new Image();
    image.src = data.image;
    await image.decode().catch(() => null);
    photoImage = image;
  }
  await switchSheet(data.map, data.mode, () => {
    Object.assign(state, { values: data.values, turns: data.turns, turn: null, picked: [],
                           history: [], asked: settled, photo });
  });
}

// another module (photo.js) opens a sheet read elsewhere: {map, mode, values, turns}; it
// hears "printkit:opened" once the sheet shows it
document.addEventListener("printkit:open", (ev) => busy(openData(ev.detail).then(() => {
  document.dispatchEvent(new CustomEvent("printkit:opened", { detail: ev.detail }));
})));

async function switchSheet(map, mode, reset) {
  state.map = map;
  state.mode = mode;
  reset();
  $("map").value = map;
  $("mode").value = mode;
  save();
  if (await loadSheet()) {
    showPlay();
    await checkNow();
  }
}

function showTab(tab) {
  state.tab = tab;
  save();
  $("tab-enter").setAttribute("aria-selected", String(tab === "enter"));
  $("tab-play").setAttribute("aria-selected", String(tab === "play"));
  $("play").hidden = tab !== "play";
  document.body.dataset.tab = tab;
  $("how").textContent = tab === "play"
    ? t("Roll, pick the dice, tap the cell they cross: the referee refuses an illegal mark "
        + "before it is made. The endgame is played round by round below.")
    : t("Tap the cells you crossed and the boxes you ticked; tap a circle or a box you write "
        + "in to type its number. The referee answers when the score box is filled in, or "
        + "when you tap Check the sheet.");
  if (lastCheck) showVerdict(lastCheck);
}

// Served on the local network (--lan): the address, token included, for another device.
async function showLan() {
  const { status, data } = await api("/api/lan");
  if (status !== 200 || !data.url) return;
  $("lan-url").textContent = data.url;
  $("lan-qr").src = "/api/lan.svg";
  $("lan").hidden = false;
}

// Where the browser allows a service worker (this machine; HTTPS), the page asks it to keep
// everything it loaded (its files, fonts, this sheet), so that it opens again offline.
async function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("/sw.js");
    const reg = await navigator.serviceWorker.ready;
    const urls = performance.getEntriesByType("resource").map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && /^\/(static|fonts|api\/(form|sheet))\b/.test(u.pathname))
      .map((u) => u.pathname + u.search);
    navigator.serviceWorker.addEventListener("message", (ev) => {
      if (ev.data === "kept") document.body.dataset.offlineReady = "true";
    });
    reg.active.postMessage({ keep: ["/", ...new Set(urls)] });
  } catch (err) { /* no service worker: the page works online as before */ }
}

async function start() {
  const said = loadText();  // the page's words, fetched beside the sheet
  buildPad();
  $("tab-enter").addEventListener("click", act(async () => { showTab("enter"); await showEndgame(); }));
  $("tab-play").addEventListener("click", act(async () => { showTab("play"); await showEndgame(); }));
  $("mode").addEventListener("change", act((ev) => switchSheet(state.map, ev.target.value,
                                                               () => {})));
  $("map").addEventListener("change", act((ev) => switchSheet(
    ev.target.value.trim().toLowerCase(), state.mode, () => {})));
  $("roll-form").addEventListener("submit", act((ev) => {
    ev.preventDefault();
    return roll($("roll").value);
  }));
  for (const b of $("aid-row").querySelectorAll("button")) {
    b.addEventListener("click", act(() => useAid(b.dataset.aid)));
  }
  $("end-turn").addEventListener("click", act(endTurn));
  $("start-endgame").addEventListener("click", act(() => {
    state.eg = blankAttempt(true);
    save();
    return showEndgame();
  }));
  $("eg-form").addEventListener("submit", act((ev) => {
    ev.preventDefault();
    const roll = $("eg-roll").value.trim().toUpperCase();
    if (!roll) return null;
    state.eg = { ...blankAttempt(true), roll };
    save();
    return showEndgame();
  }));
  $("eg-again").addEventListener("click", act(() => {
    state.eg = blankAttempt(true);
    save();
    return showEndgame();
  }));
  $("undo").addEventListener("click", act(undo));
  $("photo-confirm").addEventListener("click", act(confirmAll));
  $("check-now").addEventListener("click", act(async () => {
    state.asked = true;
    save();
    if (lastCheck) showVerdict(lastCheck);
    else await checkNow();
  }));
  $("save-yaml").addEventListener("click", act(saveYaml));
  $("save-pdf").addEventListener("click", act(savePdf));
  $("open").addEventListener("click", () => $("file").click());
  $("file").addEventListener("change", act(async (ev) => {
    const file = ev.target.files[0];
    ev.target.value = "";
    if (file) await openFile(file);
  }));
  $("clear").addEventListener("click", act(async () => {
    if (confirm(t("Start a new, empty sheet? The marks on this one are lost."))) {
      await switchSheet(state.map, state.mode, () => Object.assign(
        state, blank(state.map, state.mode), { tab: state.tab }));
    }
  }));
  $("summary").addEventListener("click", () => {
    // playing along on a phone the verdict opens below the sheet; elsewhere it is scrolled to
    const open = !document.body.dataset.verdict;
    if (open) document.body.dataset.verdict = "open";
    else delete document.body.dataset.verdict;
    $("summary").setAttribute("aria-expanded", String(open));
    if (open) $("verdict").scrollIntoView({ block: "nearest" });
  });
  $("menu").addEventListener("click", () => {
    const open = !document.body.dataset.menu;
    if (open) document.body.dataset.menu = "open";
    else delete document.body.dataset.menu;
    $("menu").setAttribute("aria-expanded", String(open));
  });
  const zoom = () => {
    // the same sheet, twice as large: nothing of the game changes, the view stays centred
    const pane = state.tab === "play" ? $("sheet-pane") : $("sheet");
    const [fx, fy] = [(pane.scrollLeft + pane.clientWidth / 2) / pane.scrollWidth,
                      (pane.scrollTop + pane.clientHeight / 2) / pane.scrollHeight];
    const on = !document.body.dataset.zoom;
    if (on) document.body.dataset.zoom = "on";
    else delete document.body.dataset.zoom;
    for (const b of document.querySelectorAll(".zoom")) b.setAttribute("aria-pressed", String(on));
    pane.scrollLeft = fx * pane.scrollWidth - pane.clientWidth / 2;
    pane.scrollTop = fy * pane.scrollHeight - pane.clientHeight / 2;
  };
  for (const b of document.querySelectorAll(".zoom")) b.addEventListener("click", zoom);
  let resized = 0;  // the drawing's scale changed: written values are fitted again
  let drawnWidth = 0;
  new ResizeObserver(([entry]) => {
    const width = Math.round(entry.contentRect.width);
    if (width === drawnWidth) return;
    drawnWidth = width;
    clearTimeout(resized);
    resized = setTimeout(() => {
      if (!form) return;
      paint();
      layoutHits();
    }, 100);
  }).observe($("sheet"));
  showLan();
  showTab(state.tab);
  $("map").value = state.map;
  $("mode").value = state.mode;
  // the first verdict is asked beside the sheet: the stored values are of this very sheet
  const [drawn] = await busy(Promise.all([loadSheet(), checkNow(), said]));
  OFFLINE = t(OFFLINE_TEXT);
  showTab(state.tab);  // its words, now in the page's language
  if (drawn) {  // the sheet may have come before the words: its labels said again
    nameSheet();
    paint();
  }
  if (drawn && lastCheck) showVerdict(lastCheck);  // mark the boxes, now drawn
  showPlay();
  document.body.dataset.ready = "true";
  performance.mark("printkit-ready");  // the sheet drawn and its first verdict shown
  // kept for offline use where the browser allows a service worker (this machine, HTTPS)
  keepOffline();
}

start();
