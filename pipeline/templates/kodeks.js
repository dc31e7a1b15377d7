/* Kodeks site UI: reference previews, copy-link, address jump and offline search.
   Works from file:// with no network. Data: window.KODEKS_PAGES (address -> page#anchor)
   and window.KODEKS_INDEX (search data) from search-index.js. */
(function () {
  "use strict";

  // ---- address jump --------------------------------------------------------------
  // No address parser here: search-index.js carries window.KODEKS_ADDRESSES, a
  // table from folded typed forms to pages made by pipeline.addresses.jump_table,
  // and window.KODEKS_FOLD, the folding rules of pipeline.addresses.fold, as data.
  function pages() { return window.KODEKS_PAGES || {}; }
  function foldAddress(text) {
    var F = window.KODEKS_FOLD;
    if (!F) return null;
    var t = String(text || "").trim().toLowerCase(), head = "";
    var m = new RegExp(F.edition).exec(t);
    if (m) { head = m[1] + ":"; t = t.slice(m[0].length); }
    t = t.replace(new RegExp(F.noun), "").replace(/[\s\S]/g, function (c) {
      return Object.prototype.hasOwnProperty.call(F.lookalike, c) ? F.lookalike[c] : c;
    });
    return head + t.replace(new RegExp(F.drop, "g"), "").replace(new RegExp(F.end), "");
  }
  function jump(text) {
    var p = pages(), q = String(text || "").trim();
    if (Object.prototype.hasOwnProperty.call(p, q)) return p[q];
    var table = window.KODEKS_ADDRESSES || {}, key = foldAddress(q);
    return key !== null && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : null;
  }
  window.kodeksJump = jump;
  window.kodeksFold = foldAddress;
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

  // ---- search: a line-by-line port of pipeline.search.Engine -----------------------
  // The data (window.KODEKS_INDEX) is pipeline.search.index_data(): the same terms,
  // word forms, stems, synonyms, question words and constants the CLI and the API
  // search with, so the box returns the same top 10 (tests/browser checks it).
  var TOKEN = /[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*/gu;
  var SAFE = /^[\p{L}\p{N}]+(?:[-.][\p{L}\p{N}]+)*$/u;
  var DIGIT = /\p{Nd}/u;
  function fold(w) { return w.toLowerCase().replace(/ё/g, "е"); }
  var QUERY_TOKEN = new RegExp("\\p{Nd}+(?:\\.\\p{Nd}+)+|" + TOKEN.source, "gu");  // search.QUERY_TOKEN
  function queryTokens(text) { return (text || "").match(QUERY_TOKEN) || []; }
  function has(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }

  function osa(a, b) {  // optimal string alignment distance (rapidfuzz OSA)
    var n = a.length, m = b.length, d = [], i, j;
    for (i = 0; i <= n; i++) { d.push(new Array(m + 1)); d[i][0] = i; }
    for (j = 0; j <= m; j++) d[0][j] = j;
    for (i = 1; i <= n; i++) {
      for (j = 1; j <= m; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2][j - 2] + 1);
        d[i][j] = v;
      }
    }
    return d[n][m];
  }
  function strcmp(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function Engine(data) {
    var self = this;
    this.data = data; this.p = data.params; this.entries = data.entries; this.idf = data.idf;
    this.avgdl = data.avgdl; this.synonyms = data.synonyms; this.stems = data.stems;
    this.latin = data.latin; this.limits = data.limits;
    this.subjects = data.subjects;
    this.negation = {};
    data.negation.forEach(function (w) { self.negation[w] = true; });
    this.forms = {};
    Object.keys(data.lexicon).forEach(function (lem) {
      data.lexicon[lem].forEach(function (f) { self.forms[f] = lem; });
    });
    this.stop = {};
    data.stop.forEach(function (f) { self.stop[f] = true; });
    this.words = Object.keys(this.idf).filter(function (t) { return !DIGIT.test(t); }).sort(strcmp);
    this.byAddress = {};
    this.postings = new Map();
    this.titleTokens = []; this.textTokens = []; this.length = []; this.titled = []; this.titleNeg = [];
    this.entries.forEach(function (e, i) {
      self.byAddress[e.address] = i;
      var tt = e.title_tokens ? e.title_tokens.split(" ") : [];
      var xt = e.tokens ? e.tokens.split(" ") : [];
      if (e.name) tt.push(e.name);
      self.titleTokens.push(tt); self.textTokens.push(xt); self.length.push(tt.length + xt.length);
      self.titled.push(Boolean(e.title_tokens));
      self.titleNeg.push(tt.some(function (t) { return has(self.negation, t); }));
      [tt, xt].forEach(function (toks, field) {
        toks.forEach(function (t) {
          var p = self.postings.get(t);
          if (!p) { p = new Map(); self.postings.set(t, p); }
          var c = p.get(i);
          if (!c) { c = [0, 0]; p.set(i, c); }
          c[field] += 1;
        });
      });
    });
    this.formsByLen = {};
    Object.keys(this.forms).sort(strcmp).forEach(function (f) {
      (self.formsByLen[f.length] = self.formsByLen[f.length] || []).push(f);
    });
  }
  Engine.prototype.term = function (word) {
    if (!DIGIT.test(word)) return null;
    var self = this, t = "";
    for (var k = 0; k < word.length; k++) t += has(self.latin, word[k]) ? self.latin[word[k]] : word[k];
    t = t.toLowerCase();
    return SAFE.test(t) ? t : "";
  };
  Engine.prototype.idfOr = function (lemma) { return has(this.idf, lemma) ? this.idf[lemma] : Infinity; };
  Engine.prototype.correct = function (word) {
    if (word.length < this.p.typo_min) return null;
    var d = this.p.typo_distance, best = null;
    for (var n = word.length - d; n <= word.length + d; n++) {
      var forms = this.formsByLen[n] || [];
      for (var k = 0; k < forms.length; k++) {
        var f = forms[k], dist = osa(word, f);
        if (dist > d) continue;
        var key = [dist, this.idfOr(this.forms[f]), f];
        if (!best || key[0] < best[0] || (key[0] === best[0] && (key[1] < best[1] ||
            (key[1] === best[1] && key[2] < best[2])))) best = key;
      }
    }
    return best ? best[2] : null;
  };
  Engine.prototype.resolve = function (typed) {
    var corrected = null, lemma, t = this.term(typed), self = this;
    if (t !== null) lemma = t;
    else if (has(this.forms, typed)) lemma = this.forms[typed];
    else {
      corrected = this.correct(typed);
      lemma = corrected ? this.forms[corrected] : typed;
    }
    var alts = new Map();
    alts.set(lemma, [this.p.exact, "exact"]);
    var s = has(this.stems, lemma) ? this.stems[lemma] : null;
    if (s) this.words.forEach(function (w) { if (w.indexOf(s) === 0 && !alts.has(w)) alts.set(w, [self.p.stem, "stem"]); });
    (has(this.synonyms, lemma) ? this.synonyms[lemma] : []).forEach(function (w) {
      if (!alts.has(w)) alts.set(w, [self.p.synonym, "synonym"]);
    });
    if (lemma.length >= this.p.part_min && t === null) {
      // a compound that only negates the word («неправильно») is its opposite, not a part
      var opposite = {};
      Object.keys(this.negation).forEach(function (n) { opposite[n + lemma] = true; });
      this.words.forEach(function (w) {
        if (w.indexOf(lemma) >= 0 && !has(opposite, w) && !alts.has(w)) alts.set(w, [self.p.part, "part"]);
      });
    }
    var found = [];
    alts.forEach(function (v, w) { if (has(self.idf, w)) found.push([w, v[0], v[1]]); });
    return {typed: typed, lemma: lemma, corrected: corrected, alternatives: found};
  };
  Engine.prototype.parse = function (text) {
    text = String(text || "");
    var maxChars = this.limits.query_chars, maxTerms = this.limits.terms, self = this;
    var truncated = text.length > maxChars;
    text = text.slice(0, maxChars);
    var parts = text.split('"'), balanced = parts.length % 2 === 1;
    var typed = [], phrases = [], seenPh = {};
    parts.forEach(function (part, i) {
      var toks = queryTokens(part).map(fold).filter(function (w) { return SAFE.test(w); });
      var inside = i % 2 === 1 && (balanced || i < parts.length - 1);
      if (inside && toks.length > 1) {
        var lemmas = toks.slice(0, maxTerms).map(function (w) { return self.resolve(w).lemma; });
        var key = lemmas.join(" ");
        if (!seenPh[key]) { seenPh[key] = true; phrases.push(lemmas); }
      } else typed = typed.concat(toks);
    });
    var content = typed.filter(function (w) { return !has(self.stop, w); });
    if (content.length || phrases.length) typed = content;
    var words = [], seen = {};
    typed.forEach(function (w) {
      var r = self.resolve(w);
      if (!has(seen, r.lemma)) { seen[r.lemma] = true; words.push(r); }
    });
    if (words.length + phrases.length > maxTerms) {
      truncated = true;
      phrases = phrases.slice(0, maxTerms);
      words = words.slice(0, Math.max(0, maxTerms - phrases.length));
    }
    return {words: words, phrases: phrases, truncated: truncated};
  };
  Engine.prototype.bm25 = function (idf, tfTitle, tfText, i) {
    var p = this.p;
    var tf = p.title * tfTitle + tfText;
    var norm = p.k1 * (1 - p.b + p.b * this.length[i] / this.avgdl);
    return idf * tf * (p.k1 + 1) / (tf + norm);
  };
  Engine.prototype.phraseCounts = function (phrase, i) {
    var n = phrase.length;
    return [this.titleTokens[i], this.textTokens[i]].map(function (toks) {
      var c = 0;
      for (var k = 0; k < toks.length - n + 1; k++) {
        var ok = true;
        for (var j = 0; j < n; j++) if (toks[k + j] !== phrase[j]) { ok = false; break; }
        if (ok) c++;
      }
      return c;
    });
  };
  Engine.prototype.subjectsOf = function (words, allowed) {
    var self = this, out = [], seen = {};
    var answers = words.map(function (w) {
      var set = {};
      set[w.lemma] = true;
      w.alternatives.forEach(function (a) { set[a[0]] = true; });
      return set;
    });
    this.subjects.forEach(function (s) {
      var lemmas = s[0], shown = s[1], targets = s[2];
      if (!lemmas.length || !lemmas.every(function (l) { return answers.some(function (a) { return has(a, l); }); })) return;
      targets.forEach(function (address) {
        if (!has(self.byAddress, address)) return;
        var i = self.byAddress[address];
        if (allowed(i) && !has(seen, i)) { seen[i] = true; out.push([i, shown]); }
      });
    });
    return out;
  };
  Engine.prototype.adjacent = function (i, answers) {
    var found = 0;
    for (var g = 0; g < answers.length - 1; g++) {
      var first = answers[g], second = answers[g + 1], hit = false;
      [this.titleTokens[i], this.textTokens[i]].forEach(function (toks) {
        for (var k = 0; !hit && k < toks.length - 1; k++) {
          if (has(first, toks[k]) && has(second, toks[k + 1])) hit = true;
        }
      });
      if (hit) found++;
    }
    return found;
  };
  Engine.prototype.search = function (text, opts) {
    opts = opts || {};
    var law = opts.law == null ? null : String(opts.law), kind = opts.kind || null;
    var limit = opts.limit == null ? 20 : opts.limit, self = this;
    var q = this.parse(text), words = q.words, phrases = q.phrases;
    var corrections = words.filter(function (w) { return w.corrected; }).map(function (w) { return [w.typed, w.corrected]; });
    var live = words.filter(function (w) { return w.alternatives.length; });
    var ignored = words.filter(function (w) { return !w.alternatives.length; }).map(function (w) { return w.typed; });
    var nGroups = live.length + phrases.length;
    var negated = words.some(function (w) { return has(self.negation, w.lemma); });
    function allowed(i) {
      var e = self.entries[i];
      return (law === null || e.law === law) && (kind === null || e.kind === kind);
    }
    var scores = new Map(), inTitle = new Map(), best = new Map();
    function slot(i) {
      if (!scores.has(i)) {
        var a = [], b = [], c = [];
        for (var g = 0; g < nGroups; g++) { a.push(0.0); b.push(false); c.push(null); }
        scores.set(i, a); inTitle.set(i, b); best.set(i, c);
      }
    }
    live.forEach(function (w, g) {
      w.alternatives.forEach(function (alt) {
        var t = alt[0], weight = alt[1], how = alt[2], idf = self.idf[t];
        var post = self.postings.get(t);
        if (!post) return;
        post.forEach(function (tf, i) {
          if (!allowed(i)) return;
          var s = weight * self.bm25(idf, tf[0], tf[1], i);
          slot(i);
          if (s > scores.get(i)[g]) { scores.get(i)[g] = s; best.get(i)[g] = [t, how]; }
          if (tf[0]) inTitle.get(i)[g] = true;
        });
      });
    });
    phrases.forEach(function (ph, k) {
      var g = live.length + k;
      if (!ph.every(function (t) { return self.postings.has(t); })) return;
      var idf = 0;
      ph.forEach(function (t) { idf += self.idf[t]; });
      var cand = Array.from(self.postings.get(ph[0]).keys()).filter(function (i) {
        return ph.slice(1).every(function (t) { return self.postings.get(t).has(i); });
      }).sort(function (a, b) { return a - b; });
      cand.forEach(function (i) {
        if (!allowed(i)) return;
        var c = self.phraseCounts(ph, i);
        if (c[0] + c[1]) {
          slot(i);
          scores.get(i)[g] = self.bm25(idf, c[0], c[1], i);
          best.get(i)[g] = [ph.join(" "), "exact"];
          inTitle.get(i)[g] = c[0] > 0;
        }
      });
    });
    var chosen = Array.from(scores.keys()).sort(function (a, b) { return a - b; }).filter(function (i) {
      return best.get(i).some(function (b) { return b !== null; });
    });
    var matched = new Map();
    chosen.forEach(function (i) { matched.set(i, best.get(i).filter(function (b) { return b !== null; }).length); });
    var partial = chosen.length > 0 && (ignored.length > 0 ||
      chosen.every(function (i) { return matched.get(i) < nGroups; }));
    function count(a) { return a.filter(Boolean).length; }
    function lifts(i, parent) {
      var mine = count(inTitle.get(i)), theirs = count(inTitle.get(parent));
      if (!mine || mine < theirs || matched.get(i) < matched.get(parent)) return false;
      var name = self.entries[parent].name;
      if (name && words.some(function (w) { return w.lemma === name; })) return false;
      return !inTitle.get(parent).every(Boolean);
    }
    // a word weighs its rarest answer's idf: lacking «игрок» costs less than lacking «мало»
    var wordIdf = live.map(function (w) {
      return Math.max.apply(null, w.alternatives.map(function (a) { return self.idf[a[0]]; }));
    });
    phrases.forEach(function (ph) {
      var phraseIdf = 0.0;
      ph.forEach(function (t) { phraseIdf += has(self.idf, t) ? self.idf[t] : 0.0; });
      wordIdf.push(phraseIdf);
    });
    var allWeight = 0.0;
    wordIdf.forEach(function (x) { allWeight += x; });
    var base = new Map();
    chosen.forEach(function (i) {
      var total = 0.0, held = 0.0, g;
      for (g = 0; g < nGroups; g++) total += scores.get(i)[g];
      for (g = 0; g < nGroups; g++) if (best.get(i)[g] !== null) held += wordIdf[g];
      var share = allWeight > 0 ? held / allWeight : 0.0, factor = 1.0;
      for (var k = 0; k < self.p.coord; k++) factor *= share;
      if (self.titled[i] && self.titleNeg[i] !== negated) factor *= self.p.negation;
      base.set(i, total * factor);
    });
    var near = new Map();
    if (live.length > 1) {
      var answers = live.map(function (w) {
        var set = {};
        w.alternatives.forEach(function (a) { set[a[0]] = true; });
        return set;
      });
      chosen.slice().sort(function (a, b) {
        var d = base.get(b) - base.get(a);
        return d !== 0 ? (d > 0 ? 1 : -1) : a - b;
      }).slice(0, self.p.near_top).forEach(function (i) { near.set(i, self.adjacent(i, answers)); });
    }
    var effective = new Map();
    chosen.forEach(function (i) {  // document order: a parent is placed before its children
      effective.set(i, base.get(i));
      if (near.get(i)) effective.set(i, base.get(i) * (1 + self.p.near * near.get(i) / (live.length - 1)));
      var pa = self.entries[i].parent;
      var parent = pa !== null && has(self.byAddress, pa) ? self.byAddress[pa] : null;
      if (parent !== null && effective.has(parent) && lifts(i, parent)) {
        if (effective.get(parent) >= effective.get(i)) effective.set(i, effective.get(parent) * self.p.lift);
      }
    });
    // a term of a subject index that the query names puts the laws it gives first
    var named = this.subjectsOf(words, allowed);
    if (named.length) {
      var top = effective.size ? Math.max.apply(null, Array.from(effective.values())) : 1.0;
      named.forEach(function (n) {
        var i = n[0];
        if (!effective.has(i)) {
          chosen.push(i);
          matched.set(i, 0);
          var empty = [];
          for (var g = 0; g < nGroups; g++) empty.push(null);
          best.set(i, empty);
        }
        effective.set(i, top * self.p.lift + (effective.has(i) ? effective.get(i) : 0.0));
      });
    }
    var order = chosen.slice().sort(function (a, b) {
      var d = effective.get(b) - effective.get(a);
      return d !== 0 ? (d > 0 ? 1 : -1) : a - b;
    }).slice(0, Math.max(0, limit));
    // every term that answers a word is highlighted, whichever scored best
    var terms = {};
    live.forEach(function (w) { w.alternatives.forEach(function (a) { terms[a[0]] = true; }); });
    phrases.forEach(function (ph) { ph.forEach(function (t) { terms[t] = true; }); });
    var hits = order.map(function (i) {
      var via = [];
      for (var g = 0; g < nGroups; g++) {
        var b = best.get(i)[g];
        if (b && (b[1] === "synonym" || b[1] === "part" || b[1] === "stem") && g < live.length) {
          via.push([b[1], live[g].corrected || live[g].typed, b[0]]);
        }
      }
      named.forEach(function (n) { if (n[0] === i) via.push(["index", n[1], self.entries[i].address]); });
      var e = self.entries[i];
      return {address: e.address, title: e.title, kind: e.kind, law: e.law, entry: e,
              score: effective.get(i), via: via, terms: terms,
              partial: matched.get(i) < nGroups || ignored.length > 0};
    });
    var suggestion = null;
    if (corrections.length) {
      var fixes = {};
      corrections.forEach(function (c) { fixes[c[0]] = c[1]; });
      suggestion = String(text || "").slice(0, this.limits.query_chars).replace(TOKEN, function (m) {
        var w = fold(m);
        return has(fixes, w) ? fixes[w] : m;
      });
    }
    return {hits: hits, corrections: corrections, suggestion: suggestion, ignored: ignored,
            partial: partial, words: words.map(function (w) { return w.lemma; }), phrases: phrases};
  };

  var engine = null;
  function getEngine() {
    if (!engine && window.KODEKS_INDEX && window.KODEKS_INDEX.params) engine = new Engine(window.KODEKS_INDEX);
    return engine;
  }
  window.kodeksSearch = function (q, opts) {
    var eng = getEngine();
    return eng ? eng.search(q, opts) : {hits: [], corrections: [], suggestion: null, ignored: [], partial: false};
  };

  var SNIPPET_CHARS = 200;
  function snippet(text, hit) {  // port of pipeline.search.snippet
    var eng = getEngine();
    text = (text || "").split(/\s+/).filter(Boolean).join(" ");
    var spans = [], m, re = new RegExp(TOKEN.source, "gu");
    while ((m = re.exec(text)) !== null) {
      var w = fold(m[0]), t = eng.term(w);
      if (t === null) t = has(eng.forms, w) ? eng.forms[w] : w;
      if (has(hit.terms, t)) spans.push([m.index, m.index + m[0].length]);
    }
    var width = SNIPPET_CHARS, start = 0;
    if (spans.length && spans[0][0] > Math.floor(width / 3)) {
      start = spans[0][0] - Math.floor(width / 4);
      var sp = text.indexOf(" ", start);
      start = sp >= 0 && sp < spans[0][0] ? sp + 1 : spans[0][0];
    }
    var end = Math.min(text.length, start + width);
    if (end < text.length) {
      var sp2 = text.lastIndexOf(" ", end - 1);
      if (sp2 > start) end = sp2;
    }
    var prefix = start > 0 ? "…" : "", suffix = end < text.length ? "…" : "";
    var off = prefix.length - start;
    var marks = spans.filter(function (s) { return s[0] >= start && s[1] <= end; })
                     .map(function (s) { return [s[0] + off, s[1] + off]; });
    return {text: prefix + text.slice(start, end) + suffix, marks: marks};
  }
  function renderSnippet(el, sn) {
    // highlight by text nodes only (no HTML strings)
    var pos = 0;
    sn.marks.forEach(function (m) {
      el.appendChild(document.createTextNode(sn.text.slice(pos, m[0])));
      var mk = document.createElement("mark"); mk.textContent = sn.text.slice(m[0], m[1]); el.appendChild(mk);
      pos = m[1];
    });
    el.appendChild(document.createTextNode(sn.text.slice(pos)));
  }
  var VIA = {synonym: "по синониму", part: "часть слова", stem: "однокоренное",
             index: "по предметному указателю"};
  function showResults(box, q) {
    while (box.firstChild) box.removeChild(box.firstChild);
    var res = window.kodeksSearch(q, {limit: 30}), found = res.hits;
    if (res.suggestion) {
      var sg = document.createElement("p");
      sg.className = "search-suggestion";
      sg.appendChild(document.createTextNode("Возможно, вы имели в виду: "));
      var sa = document.createElement("a");
      sa.href = "search.html?q=" + encodeURIComponent(res.suggestion);
      sa.textContent = res.suggestion;
      sg.appendChild(sa);
      box.appendChild(sg);
    }
    var h = document.createElement("p");
    h.className = "search-count";
    h.textContent = found.length ? "Найдено: " + found.length +
      (res.partial ? " (ни в одном пункте нет всех слов; пункты с частью слов)" : "")
      : "Ничего не найдено по запросу «" + q + "»";
    box.appendChild(h);
    if (found.length) {
      var ol = document.createElement("ol");
      found.forEach(function (r) {
        var li = document.createElement("li");
        li.setAttribute("data-address", r.address);
        var a = document.createElement("a");
        a.href = target(r.address) || "#";
        a.textContent = r.address + (r.title ? ". " + r.title : "");
        li.appendChild(a);
        if (r.via.length) {
          var v = document.createElement("span"); v.className = "result-via";
          v.textContent = r.via.map(function (x) { return VIA[x[0]] + ": " + x[1] + " → " + x[2]; }).join("; ");
          li.appendChild(v);
        }
        var sp = document.createElement("span"); sp.className = "result-snippet";
        var sn = snippet(r.entry.text, r);
        if (!sn.marks.length && r.entry.title) {
          var st = snippet(r.entry.title, r);
          if (st.marks.length || !sn.text) sn = st;
        }
        renderSnippet(sp, sn);
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
    var t = jump(q);
    if (t) { location.href = t; return true; }
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
      var q = m[1].replace(/\+/g, " ");
      try { q = decodeURIComponent(q); } catch (err) { /* a malformed %-escape: search it as written */ }
      input.value = q;
      if (page) { if (!go(q, page)) { box.hidden = true; } }
      else go(q, box);
    }
  });
})();
