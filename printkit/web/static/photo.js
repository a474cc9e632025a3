// "Check a photo": a photo of a played gamesheet, read by the server (POST /api/scan). The
// sheet is filled with what was read through page.js ("printkit:open"); the boxes to confirm
// and the values to type are then highlighted until tapped, and the verdict comes as for a
// sheet entered by hand.
import { patientFetch } from "/static/retry.js";

const $ = (id) => document.getElementById(id);
let pending = null;

function note(text, bad = false) {
  const p = $("photo-note");
  p.textContent = text;
  p.hidden = !text;
  p.classList.toggle("photo-bad", bad);
}

function onSheet(name) {
  return $("sheet").querySelector(`[data-field="${CSS.escape(name)}"]`);
}

function highlight(data) {
  for (const el of $("sheet").querySelectorAll(".confirm, .to-type")) {
    el.classList.remove("confirm", "to-type");
  }
  // a value the photo could not read surely is to type, as one it could not read at all
  const toType = [...data.to_type, ...Object.entries(data.suggested || {})
    .filter(([, read]) => !read.sure).map(([name]) => name)];
  // a box a value's reading rests on is confirmed as a box read uncertain is
  const confirm = [...data.uncertain, ...Object.keys(data.rested || {})
    .filter((name) => !data.uncertain.includes(name))];
  for (const name of confirm) onSheet(name)?.classList.add("confirm");
  for (const name of toType) onSheet(name)?.classList.add("to-type");
  const parts = [];
  if (confirm.length) {
    parts.push(window.t("Boxes to confirm (orange): {names}", { names: confirm.join(", ") }));
  }
  if (toType.length) {
    parts.push(window.t("Values to type (blue): {names}", { names: toType.join(", ") }));
  }
  const look = data.identified === "look"
    ? [window.t("Its code could not be read: the sheet was known by its look. Check that the map and the mode above are your sheet's.")]
    : [];
  // a messaging app's small copy: the server's words, in the page's language
  const said = data.small_copy ? data.small_copy.notice_said : "";
  const copy = said ? [said.charAt(0).toUpperCase() + said.slice(1) + "."] : [];
  note([window.t("Read from the photo in {seconds} s.", { seconds: data.seconds }), ...copy,
        ...look,
        ...parts.map((part) => part + "."),
        window.t(parts.length ? "Tap each to settle it." : "Nothing to settle.")].join(" "));
}

async function check(file) {
  note(window.t("Reading the photo…"));
  const res = await patientFetch("/api/scan", {
    method: "POST", body: file,
    headers: { "Content-Type": file.type || "application/octet-stream" },
  });
  const type = res.headers.get("content-type") || "";
  const data = type.includes("json") ? await res.json() : { error: await res.text() };
  if (res.status !== 200) {
    // still busy after retry.js's tries: the server's words, which the page's catalogue has
    const said = res.status === 503 && data.error ? window.t(data.error) : data.error;
    const error = said || window.t("the server answered {status}", { status: res.status });
    note(window.t("The photo cannot be read: {error}", { error }), true);
    return;
  }
  pending = data;
  document.dispatchEvent(new CustomEvent("printkit:open", { detail: data }));
}

document.addEventListener("printkit:opened", (ev) => {
  if (ev.detail === pending) highlight(pending);
});
$("photo").addEventListener("click", () => $("photo-file").click());
$("photo-file").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  ev.target.value = "";
  if (file) await check(file);
});
// a tap on a highlighted field settles it
$("sheet").addEventListener("click", (ev) => {
  const el = ev.target.closest && ev.target.closest("[data-field]");
  if (el) el.classList.remove("confirm", "to-type");
}, true);
