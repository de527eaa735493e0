// judgebot: instant search, keyboard use, copy citation, glossary tips,
// list filters. Every page works without this file; it only makes it quicker.
"use strict";

(function () {
  const doc = document.documentElement;
  const box = document.getElementById("q");
  const panel = document.getElementById("instant");
  const labels = panel ? JSON.parse(panel.dataset.labels || "{}") : {};
  const view = (doc.className.match(/view-(\w+)/) || [])[1] || "both";
  const zhLang = doc.dataset.zh || "zh-Hans";
  const DEBOUNCE_MS = 180;

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v !== undefined && v !== null && v !== "") node.setAttribute(k, v);
    }
    for (const c of children || []) {
      if (c !== null && c !== undefined) node.append(c);
    }
    return node;
  }

  // A snippet from the API is escaped text with <mark> tags. Build it as DOM
  // nodes: text parts become text nodes (entities decoded), so nothing in a
  // snippet can ever become markup here.
  const decoder = new DOMParser();
  function snippetNodes(html) {
    const out = [];
    let marked = false;
    for (const part of String(html).split(/(<mark>|<\/mark>)/)) {
      if (part === "<mark>") { marked = true; continue; }
      if (part === "</mark>") { marked = false; continue; }
      const text = decoder.parseFromString(part, "text/html").documentElement.textContent;
      out.push(marked ? el("mark", {}, [text]) : document.createTextNode(text));
    }
    return out;
  }

  function titles(zh, en) {
    const out = [];
    if (zh && (view !== "en" || !en)) out.push(el("span", {class: "t-zh", lang: zhLang}, [zh]));
    if (en && (view !== "zh" || !zh)) out.push(el("span", {class: "t-en", lang: "en"}, [en]));
    return out;
  }

  function hitNode(h) {
    const numbered = h.kind === "rule" || h.kind === "guide";
    const named = h.title_zh || h.title_en;
    const link = el("a", {class: "hit-link", href: h.url}, [
      numbered ? el("span", {class: "label"}, [h.number]) : null, numbered ? " " : null,
      named ? el("span", {class: "titles"}, titles(h.title_zh, h.title_en))
            : (numbered ? null : el("span", {class: "label"}, [h.label])),
    ]);
    const parts = [link];
    if (h.pinned) parts.push(" ", el("span", {class: "badge pin"}, [labels.best_match]));
    if (h.breadcrumb && h.breadcrumb.length > 1) {
      const crumbs = el("div", {class: "hit-crumbs"});
      h.breadcrumb.slice(0, -1).forEach((c, i) => {
        if (i) crumbs.append(" › ");
        crumbs.append(el("a", {href: c.url}, [c.label, " ", ...titles(c.title_zh, c.title_en)]));
      });
      parts.push(crumbs);
    }
    const zh = h.snippets.zh, en = h.snippets.en;
    if (zh && (view !== "en" || !en)) parts.push(el("p", {class: "snippet", lang: zhLang}, snippetNodes(zh)));
    if (en && (view !== "zh" || !zh)) parts.push(el("p", {class: "snippet", lang: "en"}, snippetNodes(en)));
    return el("li", {class: "hit", "data-kind": h.kind}, parts);
  }

  function render(target, data) {
    const nodes = [];
    if (data.error) {
      nodes.push(el("div", {class: "message error", role: "alert"},
        [el("strong", {}, [labels.bad_request + ": "]), data.error.message]));
      target.replaceChildren(...nodes);
      return;
    }
    if (data.message) nodes.push(el("p", {class: "message"}, [data.message]));
    if (data.suggestion) {
      nodes.push(el("p", {class: "didyoumean"}, [labels.did_you_mean + ": ",
        el("a", {href: "/search?q=" + encodeURIComponent(data.suggestion)}, [data.suggestion])]));
    }
    let count = data.total + " " + labels.results;
    if (data.expansions && data.expansions.length) count += " · " + labels.also_searched + ": " + data.expansions.join("; ");
    nodes.push(el("p", {class: "count", role: "status"}, [count]));
    const groups = new Map();
    for (const h of data.hits) {
      if (!groups.has(h.group)) groups.set(h.group, []);
      groups.get(h.group).push(h);
    }
    for (const [group, hits] of groups) {
      nodes.push(el("section", {class: "group", "data-group": group}, [
        el("h2", {}, [labels["group_" + group] || group]),
        el("ol", {class: "hits"}, hits.map(hitNode)),
      ]));
    }
    if (!data.hits.length) nodes.push(el("h2", {}, [labels.nothing_matched]));
    target.replaceChildren(...nodes);
  }

  // --- instant search -----------------------------------------------------
  const inPage = document.querySelector("#results[data-instant]");
  let timer = 0, seq = 0, controller = null;

  function target() {
    if (inPage) return inPage;
    panel.hidden = false;
    const top = document.querySelector(".top");
    if (top) doc.style.setProperty("--header-h", top.getBoundingClientRect().bottom + "px");
    return panel;
  }

  function closePanel() {
    if (panel && !inPage) { panel.hidden = true; panel.replaceChildren(); }
  }

  async function instant() {
    const q = box.value.trim();
    const mine = ++seq;
    if (controller) controller.abort();
    if (!q) { closePanel(); return; }
    controller = new AbortController();
    const params = new URLSearchParams({q: q, per_page: "10"});
    if (inPage) {
      for (const name of ["game", "kind", "edition", "section"]) {
        const field = document.querySelector(".filters [name=" + name + "]");
        if (field && field.value) params.set(name, field.value);
      }
    }
    try {
      // The results in this page's script, whatever set it (cookie, browser, address).
      const api = new URLSearchParams(params);
      api.set("script", zhLang === "zh-Hant" ? "hant" : "hans");
      const response = await fetch("/api/v1/search?" + api, {signal: controller.signal,
                                                            headers: {Accept: "application/json"}});
      const data = await response.json();
      if (mine !== seq) return;
      render(target(), data);
      if (inPage && document.body.dataset.page === "search") {
        history.replaceState(null, "", "/search?" + params.toString().replace(/&per_page=10/, ""));
      }
    } catch (err) {
      if (err.name !== "AbortError") console.warn("instant search failed", err);
    }
  }

  if (box) {
    box.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(instant, DEBOUNCE_MS);
    });
    box.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown") {
        const first = document.querySelector((inPage ? "#results" : "#instant") + " a.hit-link");
        // Stop here: the document's handler below would move on a second step.
        if (first) { event.preventDefault(); event.stopPropagation(); first.focus(); }
      } else if (event.key === "Escape") {
        closePanel();
        box.blur();
      }
    });
  }

  // Arrow keys move between results; Escape goes back to the box.
  document.addEventListener("keydown", (event) => {
    const active = document.activeElement;
    if (active && active.classList.contains("hit-link") && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      const links = Array.from(document.querySelectorAll(
        (panel && !panel.hidden ? "#instant" : "#results") + " a.hit-link"));
      const i = links.indexOf(active) + (event.key === "ArrowDown" ? 1 : -1);
      event.preventDefault();
      if (i < 0) box.focus(); else if (links[i]) links[i].focus();
      return;
    }
    const typing = active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA" ||
                              active.tagName === "SELECT" || active.isContentEditable);
    if (event.key === "Escape" && panel && !panel.hidden) { closePanel(); return; }
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "/") {
      event.preventDefault();
      box.focus();
      box.select();
    } else if (event.key === "[" || event.key === "]") {
      const link = document.querySelector('a[data-key="' + event.key + '"]');
      if (link) location.href = link.href;
    }
  });

  // --- copy citation -------------------------------------------------------
  for (const button of document.querySelectorAll("button.copy[data-copy]")) {
    button.addEventListener("click", async () => {
      // A quote ends with the page's full address, wherever the site is served.
      const link = button.dataset.link;
      const text = button.dataset.copy + (link ? "\n" + new URL(link, location.href).href : "");
      let ok = false;
      try {
        await navigator.clipboard.writeText(text);
        ok = true;
      } catch (err) {
        // Plain http on a LAN address has no clipboard API: the old way.
        const area = el("textarea", {readonly: "", "aria-hidden": "true"}, [text]);
        area.style.position = "fixed";
        area.style.opacity = "0";
        document.body.append(area);
        area.select();
        ok = document.execCommand("copy");
        area.remove();
      }
      if (ok) {
        button.classList.add("done");
        button.dataset.copied = text;
        const label = button.firstChild;
        if (!button.dataset.label) button.dataset.label = label.textContent;
        label.textContent = button.dataset.done + " ";
        clearTimeout(button.doneTimer);  // a second click restarts the wait, keeps the label
        button.doneTimer = setTimeout(() => {
          label.textContent = button.dataset.label;
          button.classList.remove("done");
        }, 1800);
      }
    });
  }

  // --- settings: a tap or click elsewhere, or Escape, closes the popover ----
  const settings = document.querySelector("details.settings");
  if (settings) {
    document.addEventListener("click", (event) => {
      if (settings.open && !settings.contains(event.target)) settings.open = false;
    });
    settings.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && settings.open) {
        settings.open = false;
        settings.querySelector("summary").focus();
      }
    });
  }

  // --- glossary terms: the first tap on a touch screen shows the definition --
  // A page with many texts (a section in full) lists each definition once, in
  // #term-tips; a term gets its copy when it is first pointed at or focused.
  const tipTable = new Map();
  for (const tip of document.querySelectorAll("#term-tips .tip")) {
    tipTable.set(tip.lang + " " + tip.dataset.href, tip);
  }
  function ensureTip(term) {
    const next = term.nextElementSibling;
    if (!tipTable.size || (next && next.classList.contains("tip"))) return;
    const scope = term.closest("[lang]");
    const source = tipTable.get((scope ? scope.lang : "") + " " + term.getAttribute("href"));
    if (!source) return;
    const tip = source.cloneNode(true);
    tip.removeAttribute("data-href");
    term.after(tip);
  }
  for (const type of ["pointerover", "focusin"]) {
    document.addEventListener(type, (event) => {
      const term = event.target.closest && event.target.closest("a.term");
      if (term) ensureTip(term);
    });
  }
  let openTip = null;
  document.addEventListener("pointerdown", (event) => {
    const term = event.target.closest && event.target.closest("a.term");
    if (term) ensureTip(term);
    if (openTip && (!term || term.nextElementSibling !== openTip)) {
      openTip.classList.remove("open");
      openTip = null;
    }
    if (term && event.pointerType === "touch") term.dataset.touch = "1";
  });
  document.addEventListener("click", (event) => {
    const term = event.target.closest && event.target.closest("a.term");
    if (!term || term.dataset.touch !== "1") return;
    const tip = term.nextElementSibling;
    delete term.dataset.touch;
    if (tip && tip.classList.contains("tip") && !tip.classList.contains("open")) {
      event.preventDefault();
      tip.classList.add("open");
      openTip = tip;
    }
  });

  // --- list filters --------------------------------------------------------
  // An item matches by its data-key (its names in both scripts and their
  // pinyin, see judgebot/web/filterkeys.py) or else its text. What is typed is
  // folded the same way: case, full width, tone marks; tone numbers (jian4)
  // and spaces between syllables may be there or not.
  const fold = (text) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  function matcher(query) {
    const folded = fold(query).trim();
    const forms = [folded, folded.replace(/([a-z])[1-5](?=[a-z\s]|$)/g, "$1")];
    return (key) => forms.some((form) => {
      const words = form.split(/\s+/).filter(Boolean);
      return words.every((w) => key.includes(w)) || key.includes(form.replace(/\s+/g, ""));
    });
  }
  for (const input of document.querySelectorAll("input.filter[data-filter]")) {
    const items = Array.from(document.querySelectorAll(input.dataset.filter));
    const keys = items.map((item) => fold(item.dataset.key || item.textContent));
    // An entry listed twice (A–Z and by pinyin) counts once.
    const entries = items.map((item, i) => item.dataset.entry || String(i));
    const count = input.parentElement.querySelector(".count");
    input.addEventListener("input", () => {
      const matches = matcher(input.value);
      const shown = new Set();
      items.forEach((item, i) => {
        item.hidden = !matches(keys[i]);
        if (!item.hidden) shown.add(entries[i]);
      });
      // Hide a heading whose list has nothing left.
      for (const list of new Set(items.map((item) => item.parentElement))) {
        const empty = Array.from(list.children).every((child) => child.hidden);
        list.hidden = empty;
        const heading = list.previousElementSibling;
        if (heading && /^H[2-4]$/.test(heading.tagName)) heading.hidden = empty;
      }
      if (count && count.querySelector(".shown")) {
        count.querySelector(".shown").textContent = shown.size;
        count.querySelector(".of").hidden = !input.value.trim();
      }
    });
  }
})();
