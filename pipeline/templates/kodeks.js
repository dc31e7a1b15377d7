/* Kodeks site UI: reference previews, copy-link, address jump and offline search.
   Works from file:// with no network. Data: window.KODEKS_PAGES (address -> page#anchor)
   and window.KODEKS_INDEX (search data) from search-index.js. */
(function () {
  "use strict";

  // ---- addresses (port of pipeline.addresses.lenient) -----------------------
  var LOOK = {"А":"A","В":"B","С":"C","Е":"E","Н":"H","К":"K","М":"M","О":"O","Р":"P","Т":"T","Х":"X",
              "а":"a","в":"b","с":"c","е":"e","н":"h","к":"k","м":"m","о":"o","р":"p","т":"t","х":"x"};
  function latin(s) { return s.replace(/[АВСЕНКМОРТХавсенкмортх]/g, function (c) { return LOOK[c]; }); }
  var HUMAN = new RegExp("^\\s*(?:(?:правил\\S*|law|rule|п\\.?\\s*п\\.?|п\\.|пункт\\S*|§)\\s*)?" +
    "(\\d{1,3})" +
    "(?:\\s*\\.\\s*(\\d{1,2})\\.?\\s*((?:\\(\\s*[ivx]+\\s*\\)\\s*)*)" +
    "|[\\s,]*([A-EА-ЕВСa-eа-е])" +
      "(?:\\s*(\\d{1,2})" +
        "((?:\\s*\\(\\s*(?:[A-Za-zА-Яа-я]|\\d{1,2})\\s*\\)|\\s*[a-eа-е](?![0-9A-Za-zА-Яа-я]))*)" +
      ")?" +
    ")?\\s*\\.?\\s*$", "i");
  function lenient(text) {
    text = (text || "").trim();
    var m = /^(?:part:|раздел\s+|part\s+)([IVXLC]+)\s*$/i.exec(text);
    if (m) return "part:" + m[1].toUpperCase();
    m = HUMAN.exec(text);
    if (!m) return null;
    var law = String(parseInt(m[1], 10));
    if (m[2]) {
      var items = (m[3] || "").match(/[ivx]+/gi) || [];
      return law + "." + parseInt(m[2], 10) + items.map(function (i) { return "(" + i.toLowerCase() + ")"; }).join("");
    }
    if (!m[4]) return law;
    var out = law + latin(m[4]).toUpperCase();
    if (m[5]) {
      out += String(parseInt(m[5], 10));
      var subs = (m[6] || "").match(/[A-Za-zА-Яа-я]|\d{1,2}/g) || [];
      subs.forEach(function (s) {
        s = latin(s);
        out += "(" + (/^[ivx]+$/.test(s) && false ? s : s.toUpperCase()) + ")";
      });
    }
    return out;
  }
  window.kodeksLenient = lenient;

  function pages() { return window.KODEKS_PAGES || {}; }
  function target(address) {
    var p = pages();
    if (p[address]) return p[address];
    return null;
  }

  // ---- reference previews -----------------------------------------------------
  var tip = null;
  function showTip(el) {
    hideTip();
    var title = el.getAttribute("data-preview-title");
    if (!title) return;
    tip = document.createElement("div");
    tip.className = "ref-tooltip";
    tip.id = "ref-tooltip";
    tip.setAttribute("role", "tooltip");
    var strong = document.createElement("strong");
    strong.textContent = title;
    tip.appendChild(strong);
    var body = document.createElement("span");
    body.textContent = el.getAttribute("data-preview") || "";
    tip.appendChild(body);
    var note = el.getAttribute("data-note");
    if (note) {
      var n = document.createElement("span");
      n.className = "note";
      n.textContent = note;
      tip.appendChild(n);
    }
    document.body.appendChild(tip);
    var r = el.getBoundingClientRect();
    var left = Math.max(4, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 4));
    tip.style.left = left + "px";
    tip.style.top = (r.bottom + window.scrollY + 6) + "px";
    el.setAttribute("aria-describedby", "ref-tooltip");
  }
  function hideTip() {
    if (tip && tip.parentNode) tip.parentNode.removeChild(tip);
    tip = null;
    var d = document.querySelectorAll("[aria-describedby='ref-tooltip']");
    for (var i = 0; i < d.length; i++) d[i].removeAttribute("aria-describedby");
  }
  function refOf(e) { return e.target && e.target.closest ? e.target.closest("[data-preview-title]") : null; }
  document.addEventListener("mouseover", function (e) { var el = refOf(e); if (el) showTip(el); });
  document.addEventListener("mouseout", function (e) { var el = refOf(e); if (el && !el.contains(e.relatedTarget)) hideTip(); });
  document.addEventListener("focusin", function (e) { var el = refOf(e); if (el) showTip(el); else hideTip(); });
  document.addEventListener("focusout", function (e) { if (refOf(e)) hideTip(); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { hideTip(); closeResults(); }
  });

  // ---- copy link ----------------------------------------------------------------
  document.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("[data-copy-link]") : null;
    if (!a) return;
    var url = location.href.split("#")[0] + a.getAttribute("href");
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(function () { flash(a); }, function () {});
    }
  });
  function flash(a) { a.classList.add("copied"); setTimeout(function () { a.classList.remove("copied"); }, 1500); }

  // ---- search ------------------------------------------------------------------------
  function norm(s) { return (s || "").toLowerCase().replace(/ё/g, "е"); }
  function words(s) { return norm(s).match(/[0-9a-zа-я]+/g) || []; }
  function stem(w) { return w.length > 5 ? w.slice(0, Math.max(5, w.length - 3)) : w; }

  function entries() {
    var d = window.KODEKS_INDEX || {};
    return d.entries || d.docs || [];
  }
  function search(q) {
    var qw = words(q).map(stem);
    if (!qw.length) return [];
    var res = [];
    entries().forEach(function (e) {
      var hay = e._words;
      if (!hay) {
        var src = [e.title, e.text].concat(e.lemmas || e.terms || []).join(" ");
        hay = e._words = words(src);
      }
      var score = 0, all = true;
      qw.forEach(function (w) {
        var hit = 0;
        for (var i = 0; i < hay.length; i++) {
          var at = hay[i].indexOf(w);
          if (at === 0 || (at > 0 && w.length >= 4)) hit++;
        }
        if (!hit) all = false;
        score += hit;
      });
      if (all && score) res.push({e: e, score: score});
    });
    res.sort(function (a, b) { return b.score - a.score; });
    return res.slice(0, 30);
  }
  function snippet(text, q) {
    text = text || "";
    var ws = words(q).map(stem), lower = norm(text), pos = -1;
    for (var i = 0; i < ws.length && pos < 0; i++) pos = lower.indexOf(ws[i]);
    var start = Math.max(0, pos - 60);
    var s = (start ? "…" : "") + text.slice(start, start + 180) + (text.length > start + 180 ? "…" : "");
    return {text: s, ws: ws};
  }
  function renderSnippet(el, sn) {
    // highlight by text nodes only (no HTML strings)
    var lower = norm(sn.text), pos = 0;
    var marks = [];
    sn.ws.forEach(function (w) { var i = lower.indexOf(w); if (i >= 0) marks.push([i, i + w.length]); });
    marks.sort(function (a, b) { return a[0] - b[0]; });
    marks.forEach(function (m) {
      if (m[0] < pos) return;
      el.appendChild(document.createTextNode(sn.text.slice(pos, m[0])));
      var mk = document.createElement("mark"); mk.textContent = sn.text.slice(m[0], m[1]); el.appendChild(mk);
      pos = m[1];
    });
    el.appendChild(document.createTextNode(sn.text.slice(pos)));
  }
  function showResults(box, q) {
    while (box.firstChild) box.removeChild(box.firstChild);
    var found = search(q);
    var h = document.createElement("p");
    h.textContent = found.length ? "Найдено: " + found.length : "Ничего не найдено по запросу «" + q + "»";
    box.appendChild(h);
    if (found.length) {
      var ol = document.createElement("ol");
      found.forEach(function (r) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = r.e.page || target(r.e.address) || "#";
        a.textContent = r.e.address + (r.e.title ? ". " + r.e.title : "");
        li.appendChild(a);
        var sp = document.createElement("span"); sp.className = "result-snippet";
        renderSnippet(sp, snippet(r.e.text, q));
        li.appendChild(sp);
        ol.appendChild(li);
      });
      box.appendChild(ol);
    }
    box.hidden = false;
  }
  function closeResults() {
    var b = document.getElementById("search-results");
    if (b) b.hidden = true;
  }
  function go(q, box) {
    var addr = lenient(q);
    if (addr) {
      var t = target(addr);
      if (t) { location.href = t; return true; }
    }
    showResults(box, q);
    return false;
  }
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("[data-kodeks-search]");
    if (!form) return;
    var input = form.querySelector("input[type=search]");
    var box = document.getElementById("search-results");
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var q = input.value.trim();
      if (q) go(q, box);
    });
    var page = document.getElementById("search-page-results");
    var m = /[?&]q=([^&#]*)/.exec(location.search);
    if (m) {
      var q = decodeURIComponent(m[1].replace(/\+/g, " "));
      input.value = q;
      if (page) { if (!go(q, page)) { box.hidden = true; } }
      else go(q, box);
    }
  });
})();
