// The Fox and the Rabbit in the browser: the gamesheet (drawn by printkit as SVG) becomes
// buttons; every change is sent to the referee (printkit's validator) and its verdict shown.
// No build step, no library: a player's sheet is a map of field names to values.

const STORE = "printkit.fox-and-rabbit.v1";
const CELL = /^[FR]-[A-Z][0-9]+$/;
const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

let form = null;          // what /api/form says of the sheet: fields, trails, rewards, ...
let fields = new Map();   // field name -> {name, kind, label, digits}
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
  return { map, mode, tab: "enter", values: {}, turns: [], turn: null, picked: [], history: [] };
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

// --- talking to the referee --------------------------------------------------------------
async function api(path, body, raw = false) {
  const init = body === undefined ? {} : {
    method: "POST", body: raw ? body : JSON.stringify(body),
    headers: raw ? {} : { "Content-Type": "application/json" },
  };
  const res = await fetch(path, init);
  const type = res.headers.get("content-type") || "";
  const data = type.includes("json") ? await res.json() : await res.text();
  return { status: res.status, data };
}

async function loadSheet() {
  const q = `map=${encodeURIComponent(state.map)}&mode=${encodeURIComponent(state.mode)}`;
  const [f, s] = await Promise.all([api(`/api/form?${q}`), api(`/api/sheet?${q}`)]);
  if (f.status !== 200 || s.status !== 200) {
    showError((f.status !== 200 ? f : s).data.error || "the sheet cannot be drawn");
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
  svg.setAttribute("aria-label", `${form.title} gamesheet, ${state.mode} mode`);
  sheet.removeAttribute("aria-busy");
  buildTargets();
  return true;
}

function checkNow() {
  const mine = ++seq;
  const verdict = $("verdict");
  verdict.dataset.state = "pending";
  const body = { map: state.map, mode: state.mode, values: state.values, turns: state.turns };
  return api("/api/check", body).then(({ status, data }) => {
    if (mine !== seq) return;
    if (status === 200) {
      lastCheck = data;
      showReport(data.report);
    } else {
      lastCheck = null;
      showError(data.error || `the referee answered ${status}`, status === 422);
    }
    verdict.dataset.seq = String(mine);
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
      if (f.kind === "check") {
        el.setAttribute("aria-pressed", value ? "true" : "false");
        el.setAttribute("aria-label", f.label);
      } else {
        el.setAttribute("aria-label", `${f.label}: ${value || "empty"}`);
      }
      if (value) {
        const m = mark(el, f.kind === "check" ? null : value);
        el.after(m);
        if (f.kind === "text") fit(m, el.getBBox());
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
    p.setAttribute("d", `M${x1} ${y1}L${x2} ${y2}M${x2} ${y1}L${x1} ${y2}`);
    p.setAttribute("class", "mark cross");
    return p;
  }
  const t = document.createElementNS(SVG, "text");
  t.setAttribute("x", box.x + box.width / 2);
  t.setAttribute("y", box.y + box.height / 2);
  t.setAttribute("class", "mark written");
  t.style.fontSize = `${Math.min(box.height * 0.62, 14)}px`;
  t.textContent = text;
  return t;
}

// Shrink a written value until it fits its box, as a player writes smaller in a small box.
function fit(text, box) {
  const room = box.width - 4;
  const width = text.getComputedTextLength();
  if (width > room) text.style.fontSize = `${(parseFloat(text.style.fontSize) * room) / width}px`;
}

async function activate(name) {
  const f = fields.get(name);
  if (!f) return;
  if (state.tab === "play" && CELL.test(name)) return cross(name);
  if (f.kind === "check") {
    change(() => { state.values[name] = !state.values[name]; });
    return;
  }
  const typed = await ask(f.label, state.values[name] || "", f.digits);
  if (typed !== null) change(() => { state.values[name] = typed.trim(); });
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
function showReport(r) {
  for (const el of document.querySelectorAll(".bad")) el.classList.remove("bad");
  const n = r.violations.length + r.more_violations;
  // a game whose endgame has not begun is not over: its one "not finished" is no mistake yet
  const going = r.in_progress && n === 1;
  const head = r.legal ? "Legal run: no rule broken"
    : going ? "In progress: no rule broken so far"
    : `Illegal run: ${n} violation${n === 1 ? "" : "s"}`;
  $("verdict").dataset.state = r.legal ? "legal" : going ? "progress" : "illegal";
  $("verdict-head").textContent = head;
  $("summary").textContent = `${head} · score ${r.computed.score}`;
  const list = $("violations");
  list.textContent = "";
  for (const v of r.violations) {
    const li = document.createElement("li");
    const place = document.createElement(v.fields.length ? "button" : "strong");
    place.className = "place";
    place.textContent = v.place;
    if (v.fields.length) {
      place.type = "button";
      place.title = "Show on the sheet";
      place.addEventListener("click", () => targets(v.fields[0])[0]?.focus());
    }
    li.append(place, `: ${v.text} `);
    const cite = document.createElement("span");
    cite.className = "cite";
    cite.textContent = `(${v.rule})`;
    li.append(cite);
    list.append(li);
    for (const name of v.fields) for (const el of targets(name)) el.classList.add("bad");
  }
  if (r.more_violations) {
    const li = document.createElement("li");
    li.textContent = `and ${r.more_violations} more`;
    list.append(li);
  }
  $("consequences").replaceChildren(...r.consequences.map((c) => {
    const li = document.createElement("li");
    li.textContent = c;
    return li;
  }));
  $("consequences-box").hidden = r.consequences.length === 0;
  const claimed = (v) => (v === null || v === undefined ? "(not written)" : String(v));
  $("score-computed").textContent = String(r.computed.score);
  $("score-claimed").textContent = claimed(r.claimed.score);
  $("title-computed").textContent = r.computed.title;
  $("title-claimed").textContent = claimed(r.claimed.title);
  $("ach-computed").textContent = r.computed.achievements.join(", ") || "none";
  $("ach-claimed").textContent = r.claimed.achievements.join(", ") || "none";
  for (const [a, b] of [["score", r.computed.score === r.claimed.score || r.claimed.score === null],
                        ["title", r.claimed.title === null || r.claimed.title === r.computed.title]]) {
    $(`${a}-claimed`).classList.toggle("differs", !b);
  }
}

function showError(message, unreadable = true) {
  $("verdict").dataset.state = unreadable ? "unreadable" : "error";
  $("verdict-head").textContent = unreadable ? "The sheet cannot be read yet" : "Error";
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
  if (status !== 200) return refuse(data.error || `the referee answered ${status}`);
  if (!data.ok) return refuse(data.problems.join("; "));
  refuse("");
  return true;
}

function refuse(reason) {
  $("refusal").textContent = reason ? `Refused: ${reason}` : "";
  return false;
}

async function roll(text) {
  const dice = text.toUpperCase().replace(/[,+]/g, " ").split(/\s+/).filter(Boolean);
  if (state.turn && (state.turn.aids.length || state.turn.moves.length)) {
    return refuse("this turn is under way; end it or undo its marks first");
  }
  if (!dice.length) return refuse("type the dice rolled, e.g. R6 B4 Y5");
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
  if (!t) return refuse("roll first");
  const dice = picked();
  if (!dice.length || (kind !== "re-roll" && dice.length !== 1)) {
    return refuse(kind === "re-roll" ? "pick the dice to re-roll" : `pick one die for ${kind}`);
  }
  let after = [];
  if (kind === "re-roll") {
    const typed = await ask(`Re-roll ${dice.join(" ")}: the new faces, in the same order`, "");
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
  if (!t) return refuse("roll first, then pick the dice that cross a cell");
  const dice = picked();
  if (!dice.length) return refuse(`pick the dice that cross ${cell}, then tap it`);
  const total = dice.reduce((s, d) => s + Number(d.slice(1)), 0);
  const circle = fields.get(cell).kind === "text";
  let text = `${cell}${circle ? `=${total}` : ""} ${dice.join(" ")}`;
  const trail = form.trails.find((tr) => tr.cells[tr.cells.length - 1] === cell);
  let food = null;
  let reward = null;
  if (trail) {
    food = await choose(`${cell} ends at the ${trail.location}: what is eaten?`,
                        trail.foods.map((id) => [id, form.foods[id]]));
    if (food === null) return false;
    reward = await choose("Which reward is taken?",
                          [...Object.keys(form.rewards), "nothing"].map((r) => [r, r]));
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
  if (!state.turn) return refuse("roll first: a turn is the roll and the cells it crosses");
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
  $("hint").textContent = !t ? "Type or tap the roll."
    : "Pick dice, then tap the cell they cross (or an aid). End the turn when done.";
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
  const answer = await dialog(label, [input], [["ok", "OK"], ["clear", "Clear"], ["", "Cancel"]]);
  return answer === "ok" ? input.value : answer === "clear" ? "" : null;
}

async function choose(title, options) {
  const answer = await dialog(title, [], [...options, ["", "Cancel"]]);
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
  const res = await fetch("/api/pdf", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ map: state.map, mode: state.mode, values: state.values, turns: state.turns }) });
  if (!res.ok) return showError((await res.json()).error, res.status === 422);
  const named = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") || "");
  return download(named ? named[1] : "fox-and-rabbit-filled.pdf", await res.blob());
}

async function openFile(file) {
  const { status, data } = await api("/api/open", await file.arrayBuffer(), true);
  if (status !== 200) return showError(data.error || `the referee answered ${status}`);
  await openData(data);
}

async function openData(data) {
  await switchSheet(data.map, data.mode, () => {
    Object.assign(state, { values: data.values, turns: data.turns, turn: null, picked: [],
                           history: [] });
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
    ? "Roll, pick the dice, tap the cell they cross: the referee refuses an illegal mark "
      + "before it is made. Fill the endgame log and the score box by tapping them."
    : "Tap the cells you crossed and the boxes you ticked; tap a circle or a box you write "
      + "in to type its number. The referee answers after every tap.";
}

async function start() {
  buildPad();
  $("tab-enter").addEventListener("click", () => showTab("enter"));
  $("tab-play").addEventListener("click", () => showTab("play"));
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
  $("undo").addEventListener("click", act(undo));
  $("save-yaml").addEventListener("click", act(saveYaml));
  $("save-pdf").addEventListener("click", act(savePdf));
  $("open").addEventListener("click", () => $("file").click());
  $("file").addEventListener("change", act(async (ev) => {
    const file = ev.target.files[0];
    ev.target.value = "";
    if (file) await openFile(file);
  }));
  $("clear").addEventListener("click", act(async () => {
    if (confirm("Start a new, empty sheet? The marks on this one are lost.")) {
      await switchSheet(state.map, state.mode, () => Object.assign(
        state, blank(state.map, state.mode), { tab: state.tab }));
    }
  }));
  $("summary").addEventListener("click", () => $("verdict").scrollIntoView());
  showTab(state.tab);
  $("map").value = state.map;
  $("mode").value = state.mode;
  // the first verdict is asked beside the sheet: the stored values are of this very sheet
  const [drawn] = await busy(Promise.all([loadSheet(), checkNow()]));
  if (drawn && lastCheck) showReport(lastCheck.report);  // mark the boxes, now drawn
  showPlay();
  document.body.dataset.ready = "true";
  performance.mark("printkit-ready");  // the sheet drawn and its first verdict shown
}

start();
