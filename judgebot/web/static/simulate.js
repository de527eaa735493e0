// judgebot simulation page: step through the boards with ← → (or the
// timeline), arrows for attackers, blockers and targets, line numbers in the
// editor with a refusal shown at its line, a check while typing, download of
// the scenario as typed. The page works without this file (the timeline
// links select boards through :target); it only makes it quicker.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const view = (document.documentElement.className.match(/view-(\w+)/) || [])[1] || "both";
  const zhLang = document.documentElement.dataset.zh || "zh-Hans";

  // --- the editor ------------------------------------------------------------
  const pane = document.querySelector(".editor-pane");
  const editor = document.querySelector(".editor");
  const area = document.getElementById("scenario");
  let gutter = null, band = null, callout = null, errorLine = 0;

  function metrics() {
    const style = getComputedStyle(area);
    return {line: parseFloat(style.lineHeight) || 21, top: parseFloat(style.paddingTop) || 8};
  }

  function lineCount() { return area.value.split("\n").length; }

  function drawGutter() {
    const n = Math.max(lineCount(), 1);
    const rows = [];
    for (let i = 1; i <= n; i++) rows.push(i);
    gutter.replaceChildren();
    rows.forEach((i) => {
      const row = document.createElement("div");
      row.textContent = String(i);
      if (i === errorLine) row.className = "err";
      gutter.append(row);
    });
    gutter.scrollTop = area.scrollTop;
    placeError();
  }

  function placeError() {
    if (!errorLine || !band) return;
    const m = metrics();
    const top = m.top + (errorLine - 1) * m.line - area.scrollTop;
    band.style.top = top + "px";
    callout.style.top = (top + m.line + 7) + "px";
    const visible = top > -m.line && top < area.clientHeight;
    band.hidden = !visible;
    callout.hidden = !visible;
  }

  // A refusal at a line: a band on the line, the message right under it.
  function showError(line, zh, en) {
    clearError();
    if (!line || line > lineCount()) return;
    errorLine = line;
    band = document.createElement("div");
    band.className = "err-band";
    callout = document.createElement("div");
    callout.className = "err-callout";
    callout.setAttribute("role", "alert");
    callout.dataset.line = String(line);
    const head = document.createElement("strong");
    head.textContent = (view === "en" ? "line " : "第 ") + line + (view === "en" ? ": " : " 行：");
    callout.append(head);
    if (zh && view !== "en") {
      const span = document.createElement("span");
      span.className = "msg-zh";
      span.lang = zhLang;
      span.textContent = zh;
      callout.append(span);
    }
    if (en && (view !== "zh" || !zh)) {
      const span = document.createElement("span");
      span.className = "msg-en";
      span.lang = "en";
      span.textContent = en;
      callout.append(span);
    }
    editor.append(band, callout);
    drawGutter();
  }

  function clearError() {
    errorLine = 0;
    if (band) band.remove();
    if (callout) callout.remove();
    band = callout = null;
  }

  function selectLine(line) {
    const lines = area.value.split("\n");
    if (line < 1 || line > lines.length) return;
    let start = 0;
    for (let i = 0; i < line - 1; i++) start += lines[i].length + 1;
    area.focus();
    area.setSelectionRange(start, start + lines[line - 1].length);
    const m = metrics();
    area.scrollTop = Math.max(0, (line - 3) * m.line);
    editor.scrollIntoView({block: "nearest"});
  }

  // While typing: the engine reads the scenario (debounced); a refusal with a
  // line is shown there, anything else clears it until the next run.
  let checkTimer = 0, checkSeq = 0, checkAbort = null;
  async function check() {
    const text = area.value;
    const mine = ++checkSeq;
    if (checkAbort) checkAbort.abort();
    if (!text.trim()) { clearError(); drawGutter(); return; }
    checkAbort = new AbortController();
    try {
      // Only read, not played: typing a scenario that loops must not occupy a worker.
      const response = await fetch("/api/v1/simulate?check=read", {
        method: "POST", signal: checkAbort.signal,
        headers: {"Content-Type": "application/json", Accept: "application/json"},
        body: JSON.stringify({scenario: text})});
      const data = await response.json();
      if (mine !== checkSeq) return;
      const refused = data.refused || (data.error && data.error.line ? {
        line: data.error.line, message: data.error.message, message_zh: data.error.message_zh,
        kind: "bad-input"} : null);
      if (refused && refused.line) {
        showError(refused.line, refused.message_zh, refused.message);
      } else {
        clearError();
        drawGutter();
      }
    } catch (err) {
      if (err.name !== "AbortError") console.warn("scenario check failed", err);
    }
  }

  if (editor && area) {
    pane.classList.add("js");
    gutter = document.createElement("div");
    gutter.className = "gutter";
    gutter.setAttribute("aria-hidden", "true");
    editor.prepend(gutter);
    const inline = document.querySelector(".refusal-inline");
    const start = parseInt(editor.dataset.errorLine || "0", 10);
    if (start && inline) {
      const zh = inline.querySelector(".msg-zh"), en = inline.querySelector(".msg-en");
      showError(start, zh ? zh.textContent : "", en ? en.textContent : "");
      inline.hidden = Boolean(callout);  // the message is at its line now
    } else {
      drawGutter();
    }
    let lines = lineCount();
    area.addEventListener("input", () => {
      if (lineCount() !== lines || errorLine) { lines = lineCount(); clearError(); drawGutter(); }
      clearTimeout(checkTimer);
      checkTimer = setTimeout(check, 700);
    });
    area.addEventListener("scroll", () => { gutter.scrollTop = area.scrollTop; placeError(); });
    new ResizeObserver(() => { gutter.style.height = area.offsetHeight + "px"; placeError(); })
      .observe(area);
    // Tab indents (two spaces) instead of leaving the editor; Escape then Tab leaves.
    let escaped = false;
    area.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { escaped = true; return; }
      if (event.key === "Tab" && !escaped && !event.shiftKey && !event.ctrlKey && !event.altKey) {
        event.preventDefault();
        document.execCommand("insertText", false, "  ");
      }
      escaped = false;
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        area.form.requestSubmit();
      }
    });
    // The download: the scenario as it is in the editor now.
    const download = document.querySelector("a.download");
    if (download) {
      download.hidden = false;
      download.addEventListener("click", () => {
        if (area.value === area.defaultValue && !download.getAttribute("href").startsWith("#")) return;
        const blob = new Blob([area.value], {type: "application/yaml"});
        download.href = URL.createObjectURL(blob);
        if (!download.getAttribute("download")) download.setAttribute("download", "scenario.yaml");
      });
    }
  }

  for (const link of document.querySelectorAll("a.goto-line[data-line]")) {
    link.addEventListener("click", (event) => {
      if (!area) return;
      event.preventDefault();
      selectLine(parseInt(link.dataset.line, 10));
    });
  }

  // --- steps ---------------------------------------------------------------------
  const boards = document.querySelector(".boards");
  if (!boards) return;
  const views = Array.from(boards.querySelectorAll(".step-view"));
  const items = Array.from(document.querySelectorAll(".timeline a[data-step]"));
  const steps = views.map((v) => parseInt(v.dataset.step, 10));
  let current = steps[0];
  boards.classList.add("js");

  function show(step, scroll) {
    const i = steps.indexOf(step);
    if (i < 0) return;
    current = step;
    views.forEach((v) => v.classList.toggle("current", v === views[i]));
    items.forEach((a) => {
      const on = parseInt(a.dataset.step, 10) === step;
      a.classList.toggle("current", on);
      if (on) a.setAttribute("aria-current", "step"); else a.removeAttribute("aria-current");
      if (on) keepInList(a);
    });
    history.replaceState(null, "", location.pathname + location.search + "#step-" + step);
    drawArrows(views[i]);
    // The board and its step controls stay where the reader is looking: the page scrolls
    // only when asked (a timeline link) or when the step's head has left the screen.
    const head = views[i].querySelector(".step-head") || views[i];
    const box = head.getBoundingClientRect();
    if (scroll || box.top < 0 || box.top > window.innerHeight - 40) {
      views[i].scrollIntoView({block: "start"});
    }
  }

  // The current step's entry is scrolled into view inside the timeline's own box,
  // never by scrolling the page (on a phone the timeline is below the board).
  function keepInList(link) {
    const list = link.closest(".timeline-box");
    if (!list || list.scrollHeight <= list.clientHeight) return;
    const top = link.getBoundingClientRect().top - list.getBoundingClientRect().top +
      list.scrollTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + link.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + link.offsetHeight - list.clientHeight;
    }
  }

  function move(delta) {
    const i = steps.indexOf(current) + delta;
    if (i >= 0 && i < steps.length) show(steps[i], false);
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[data-step]");
    if (!link) return;
    event.preventDefault();
    show(parseInt(link.dataset.step, 10), !boards.contains(link));
  });

  document.addEventListener("keydown", (event) => {
    const active = document.activeElement;
    const typing = active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA" ||
                              active.tagName === "SELECT" || active.isContentEditable);
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "ArrowRight") { event.preventDefault(); move(1); }
    else if (event.key === "ArrowLeft") { event.preventDefault(); move(-1); }
    else if (event.key === "Home") { event.preventDefault(); show(steps[0], false); }
    else if (event.key === "End") { event.preventDefault(); show(steps[steps.length - 1], false); }
  });

  // --- arrows: attackers to what they attack, blockers to what they block, stack
  //     objects to their targets ----------------------------------------------------
  function centre(el, box) {
    const r = el.getBoundingClientRect();
    return {x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top};
  }

  function edgeTowards(from, to, el, box) {
    // The point where the line from the centre leaves the element's box.
    const r = el.getBoundingClientRect();
    const hw = r.width / 2, hh = r.height / 2;
    const dx = to.x - from.x, dy = to.y - from.y;
    if (!dx && !dy) return from;
    const scale = Math.min(hw / Math.abs(dx || 1e-9), hh / Math.abs(dy || 1e-9), 1);
    return {x: from.x + dx * scale, y: from.y + dy * scale};
  }

  function arrowhead(svg, id, colour) {
    const marker = document.createElementNS(SVG, "marker");
    marker.setAttribute("id", id);
    marker.setAttribute("viewBox", "0 0 10 10");
    marker.setAttribute("refX", "8");
    marker.setAttribute("refY", "5");
    marker.setAttribute("markerWidth", "6");
    marker.setAttribute("markerHeight", "6");
    marker.setAttribute("orient", "auto-start-reverse");
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", "M 0 0 L 10 5 L 0 10 z");
    path.setAttribute("fill", colour);
    marker.append(path);
    svg.append(marker);
  }

  function line(svg, a, b, cls, marker) {
    const el = document.createElementNS(SVG, "line");
    el.setAttribute("x1", a.x); el.setAttribute("y1", a.y);
    el.setAttribute("x2", b.x); el.setAttribute("y2", b.y);
    el.setAttribute("class", cls);
    el.setAttribute("marker-end", "url(#" + marker + ")");
    svg.append(el);
  }

  function find(board, ref) {
    if (!ref) return null;
    if (ref.startsWith("player:")) {
      const side = board.querySelector('.side[data-player="' + CSS.escape(ref.slice(7)) + '"] .side-head');
      return side;
    }
    if (ref.startsWith("id:")) {
      return board.querySelector('.perm[data-id="' + CSS.escape(ref.slice(3)) + '"] .card') ||
             board.querySelector('.stack-item[data-id="' + CSS.escape(ref.slice(3)) + '"]');
    }
    return null;
  }

  function drawArrows(stepView) {
    const board = stepView && stepView.querySelector(".board");
    if (!board) return;
    let svg = board.querySelector("svg.arrows");
    if (svg) svg.remove();
    const pairs = [];
    for (const perm of board.querySelectorAll(".perm[data-attacks]")) {
      pairs.push([perm.querySelector(".card"), find(board, perm.dataset.attacks), "atk"]);
    }
    for (const perm of board.querySelectorAll(".perm[data-blocks]")) {
      for (const id of perm.dataset.blocks.split(" ")) {
        pairs.push([perm.querySelector(".card"), find(board, "id:" + id), "blk"]);
      }
    }
    for (const item of board.querySelectorAll(".stack-item")) {
      for (const t of item.querySelectorAll(".target[data-target]")) {
        pairs.push([item, find(board, t.dataset.target), "tgt"]);
      }
    }
    const drawn = pairs.filter((p) => p[0] && p[1] && p[0] !== p[1]);
    if (!drawn.length) return;
    svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "arrows");
    svg.setAttribute("aria-hidden", "true");
    arrowhead(svg, "ah-atk", "#c0392b");
    arrowhead(svg, "ah-blk", "#2c6fbb");
    arrowhead(svg, "ah-tgt", "#6b5b95");
    board.append(svg);
    const box = board.getBoundingClientRect();
    for (const [fromEl, toEl, cls] of drawn) {
      const a = centre(fromEl, box), b = centre(toEl, box);
      line(svg, edgeTowards(a, b, fromEl, box), edgeTowards(b, a, toEl, box), cls, "ah-" + cls);
    }
  }

  let resizeTimer = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => drawArrows(views[steps.indexOf(current)]), 100);
  });
  // Zone lists opening change the layout: redraw.
  boards.addEventListener("toggle", () => drawArrows(views[steps.indexOf(current)]), true);

  function fromHash(scroll) {
    const wanted = /^#step-(\d+)$/.exec(location.hash);
    const step = wanted ? parseInt(wanted[1], 10) : NaN;
    if (steps.includes(step)) show(step, scroll); else if (!wanted) show(steps[0], false);
  }
  window.addEventListener("hashchange", () => fromHash(true));
  fromHash(Boolean(location.hash));
})();
