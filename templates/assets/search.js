// VibeKeeper search: filters the site's search index as you type. No dependencies.
// The index comes from search-index.js beside the page (a script, so it loads from file://
// too), or from the page itself (<script type="application/json" id="search-index">, as a
// template of one's own may embed it), or else from search-index.json.
// Scoring is the same as `vibekeeper search`: name equal 100, starts with 50, contains 25
// (only the best), plus 10 for every other field containing the query; highest first,
// ties by folded name, then name, kind and id.
(function () {
  "use strict";

  var LETTERS = { "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "þ": "th", "ı": "i" };
  var KINDS = { contact: "person", gift: "gift", item: "grocery" };
  var MARK = /\p{Mn}/u;
  var SPACE = /\s/u;

  // Folds text like the server: NFKD, combining marks dropped, a few letters spelt out,
  // lower-case, white space collapsed and trimmed.
  function fold(text) {
    var out = "";
    var space = false;
    for (var ch of String(text).normalize("NFKD")) {
      if (MARK.test(ch)) continue;
      if (SPACE.test(ch)) { space = out.length > 0; continue; }
      if (space) { out += " "; space = false; }
      var lower = ch.toLowerCase();
      out += Object.prototype.hasOwnProperty.call(LETTERS, lower) ? LETTERS[lower] : lower;
    }
    return out;
  }

  function score(q, record) {
    var total = 0;
    var name = record.folded;
    if (name === q) total += 100;
    else if (name.indexOf(q) === 0) total += 50;
    else if (name.indexOf(q) !== -1) total += 25;
    var fields = record.fields || {};
    Object.keys(fields).forEach(function (key) {
      var texts = fields[key] || [];
      for (var i = 0; i < texts.length; i++) {
        if (String(texts[i]).indexOf(q) !== -1) { total += 10; break; }
      }
    });
    return total;
  }

  function compare(a, b) {
    if (a.score !== b.score) return b.score - a.score;
    var keys = [[a.r.folded, b.r.folded], [a.r.name, b.r.name], [a.r.kind, b.r.kind], [a.r.id, b.r.id]];
    for (var i = 0; i < keys.length; i++) {
      if (keys[i][0] < keys[i][1]) return -1;
      if (keys[i][0] > keys[i][1]) return 1;
    }
    return 0;
  }

  function search(records, query) {
    var q = fold(query);
    if (!q) return [];
    var hits = [];
    records.forEach(function (r) {
      var s = score(q, r);
      if (s > 0) hits.push({ r: r, score: s });
    });
    return hits.sort(compare);
  }

  function start(records) {
    var input = document.getElementById("q");
    var list = document.getElementById("search-results");
    var status = document.getElementById("search-status");
    var browse = document.getElementById("browse");
    var form = document.getElementById("search-form");
    if (!input || !list || !status) return;

    function show() {
      var query = input.value;
      var hits = search(records, query);
      list.textContent = "";
      if (!fold(query)) {
        list.hidden = true;
        if (browse) browse.hidden = false;
        status.textContent = "Type to search " + records.length + " people, gifts and groceries.";
        return;
      }
      if (browse) browse.hidden = true;
      hits.forEach(function (hit) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = hit.r.url;
        a.textContent = hit.r.name;
        var badge = document.createElement("span");
        badge.className = "badge badge-muted";
        badge.textContent = KINDS[hit.r.kind] || hit.r.kind;
        li.appendChild(a);
        li.appendChild(document.createTextNode(" "));
        li.appendChild(badge);
        list.appendChild(li);
      });
      list.hidden = hits.length === 0;
      status.textContent = hits.length === 0 ? "No results for “" + query.trim() + "”."
        : hits.length === 1 ? "1 result." : hits.length + " results.";
    }

    input.addEventListener("input", show);
    if (form) form.addEventListener("submit", function (event) { event.preventDefault(); show(); });
    var params = new URLSearchParams(window.location.search);
    if (params.get("q")) input.value = params.get("q");
    show();
  }

  function fromPage() {
    var loaded = window.vibekeeperSearchIndex;
    if (loaded && loaded.records) return loaded.records;
    var node = document.getElementById("search-index");
    if (!node) return null;
    try {
      var data = JSON.parse(node.textContent);
      if (typeof data === "string") data = JSON.parse(data);
      return data && data.records ? data.records : null;
    } catch (e) {
      return null;
    }
  }

  function init() {
    var records = fromPage();
    if (records) { start(records); return; }
    var status = document.getElementById("search-status");
    if (!window.fetch || window.location.protocol === "file:") {
      if (status) status.textContent = "Search as you type is not available here; everything is listed below.";
      return;
    }
    fetch("search-index.json")
      .then(function (response) { return response.json(); })
      .then(function (data) { start(data.records || []); })
      .catch(function () {
        if (status) status.textContent = "The search index could not be loaded; everything is listed below.";
      });
  }

  window.VibeKeeperSearch = { fold: fold, search: search };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
