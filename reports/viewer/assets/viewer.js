// The Barrage game viewer: steps through a game's events and draws the position after each (docs/viewer.md).
// The data is the view document (experiments/view.py) inline as JSON; positions are patches over a flat base
// document (reports/viewer/frames.py), rebuilt here by the same rules. `#event=N`, `#move=K` (the position in which
// the (K+1)-th player decision is taken) and `#round=R` in the URL open the page at that point.
"use strict";
(() => {
  const DATA = JSON.parse(document.getElementById("view-data").textContent);
  const NODES = JSON.parse(document.getElementById("view-layout").textContent).nodes;
  const EVENTS = DATA.events;
  const SEATS = DATA.seats;
  const CATALOG = DATA.catalog;
  const ROWS = ["base", "elevation", "conduit", "powerhouse"];
  const SPACE_GROUPS = [
    ["Turbine Station", ["turbine"]], ["Water Management", ["water_2_delayed", "water_1_now"]],
    ["Workshop", ["workshop"]], ["Machinery Shop", ["machinery_exc", "machinery_any", "machinery_exc_mix"]],
    ["Contract Office", ["contract_take"]], ["Patent Office", ["patent"]]];
  const SPACE_TEXT = {
    turbine: (p) => `${p >= 0 ? "+" : ""}${p}`, water_2_delayed: () => "2 drops, delayed",
    water_1_now: () => "1 drop now",
    workshop: (p) => `rotate ${p}`, machinery_exc: () => "Excavator", machinery_any: () => "any machinery",
    machinery_exc_mix: () => "Exc. + Mixer", contract_take: (p) => `take ${p}`, patent: (p) => `tile ${p + 1}`};
  const EXPANSION_KEYS = ["geological_tokens", "leeghwater", "colorado", "duel"];

  const ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"};
  const esc = (text) => String(text).replace(/[&<>"]/g, (c) => ENTITIES[c]);
  const byId = (id) => document.getElementById(id);
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  // -- positions -------------------------------------------------------------------------------------------
  const FLATS = [DATA.frames.base];
  for (const entries of DATA.frames.patches) {
    const flat = Object.assign({}, FLATS[FLATS.length - 1]);
    for (const entry of entries) {
      if (entry.length === 1) delete flat[entry[0]]; else flat[entry[0]] = entry[1];
    }
    FLATS.push(flat);
  }
  const part = (p) => (p.startsWith("#") ? Number(p.slice(1)) : p);
  function unflatten(flat) {
    const root = {};
    for (const [path, value] of Object.entries(flat)) {
      const parts = path.split("/");
      let node = root;
      for (let i = 0; i < parts.length - 1; i++) {
        const key = part(parts[i]);
        if (node[key] === undefined || node[key] === null) node[key] = parts[i + 1].startsWith("#") ? [] : {};
        node = node[key];
      }
      node[part(parts[parts.length - 1])] = value;
    }
    return root;
  }

  // Per event: the latest Automa turn at or before it (the Automa panel shows its cards).
  const LAST_AUTOMA = [];
  EVENTS.forEach((e, i) => LAST_AUTOMA.push(e.k === "automa_turn" ? i : (i ? LAST_AUTOMA[i - 1] : -1)));

  const seatOf = (owner) => SEATS.find((s) => s.company === owner);
  const companyOf = (seat) => (seat === null || seat === undefined || !SEATS[seat] ? "" : SEATS[seat].company);

  // -- the map -----------------------------------------------------------------------------------------------
  const spaceElements = (kind) => [...document.querySelectorAll(`#board [data-${kind}]`)];
  const DAMS = spaceElements("dam");
  const CONDUITS = spaceElements("conduit");
  const POWERHOUSES = spaceElements("powerhouse");
  const HEADSTREAMS = spaceElements("headstream");
  const PIPES = spaceElements("pipe");

  function setTitle(element, text) {
    const title = element.querySelector("title");
    if (title) title.textContent = text;
  }

  function drawMap(event, doc) {
    const dams = doc.dams || {};
    const bridges = {};
    for (const [tile, b] of Object.entries((doc.colorado || {}).bridges || {})) if (b.dam) bridges[b.dam] = tile;
    for (const g of DAMS) {
      const id = g.dataset.dam;
      const dam = dams[id] || {owner: "", level: 0, drops: 0};
      g.dataset.owner = dam.owner;
      g.dataset.level = dam.level;
      g.dataset.drops = dam.drops;
      g.querySelectorAll(".pip").forEach((p) => p.classList.toggle("on", Number(p.dataset.pip) <= dam.level));
      g.querySelectorAll(".drop").forEach((d) => d.classList.toggle("on", Number(d.dataset.slot) <= dam.drops));
      g.querySelector(".bridge").textContent = bridges[id] ? "\u2312" : "";
      setTitle(g, dam.owner ? `${id}: ${dam.owner} dam, level ${dam.level}, ${plural(dam.drops, "drop")}` +
        (bridges[id] ? `, bridge ${bridges[id]}` : "") : `${id}: empty${g.dataset.paying ? " (paying space)" : ""}`);
    }
    const conduits = doc.conduits || {};
    for (const g of CONDUITS) g.dataset.owner = conduits[g.dataset.conduit] || "";
    for (const p of PIPES) p.dataset.owner = conduits[p.dataset.pipe] || "";
    const powerhouses = doc.powerhouses || {};
    for (const g of POWERHOUSES) {
      g.dataset.owner = powerhouses[g.dataset.powerhouse] || "";
      setTitle(g, `${g.dataset.powerhouse}: ${g.dataset.owner || "empty"}${g.dataset.paying ? " (paying space)" : ""}`);
    }
    const heads = doc.headstreams || {};
    for (const g of HEADSTREAMS) {
      const h = heads[g.dataset.headstream] || {tile: "", drops: 0};
      g.dataset.drops = h.drops;
      g.querySelector(".tile").textContent = h.tile ? `tile ${h.tile}` : "";
      g.querySelector(".count").textContent = h.drops ? `\u25CF ${h.drops}` : "";
    }
    const tokens = doc.geological_tokens || {};
    document.querySelectorAll("[data-zone-token]").forEach((t) => {
      t.textContent = (tokens[t.dataset.zoneToken] || "").replace(/_/g, " ");
    });
    document.querySelectorAll("#board .hl").forEach((e) => e.classList.remove("hl"));
    for (const id of event.spaces || []) {
      const element = document.querySelector(`#board [data-space="${id}"]`);
      if (element) element.classList.add("hl");
    }
    drawWater(event);
  }

  function drawWater(event) {
    const water = byId("water");
    water.textContent = "";
    const points = (event.nodes || []).filter((n) => NODES[n]).map((n) => NODES[n]);
    if (points.length < 2) return;
    const path = "M" + points.map((p) => `${p[0]} ${p[1]}`).join(" L");
    const seconds = (0.35 * points.length).toFixed(2);
    water.innerHTML = `<path class="flow" d="${path}"/><circle class="moving" r="6">` +
      `<animateMotion dur="${seconds}s" repeatCount="indefinite" path="${path}"/></circle>`;
  }

  // -- the companies -----------------------------------------------------------------------------------------
  const TILE_SHORT = {base: "B", elevation: "E", conduit: "C", powerhouse: "P", wild: "W", building: "Bd",
    anton: "Ant", leslie: "Les"};
  const tileShort = (t) => {
    const m = /^L(\d)_(.*)$/.exec(t);
    return m ? `${TILE_SHORT[m[2]] || m[2]}${m[1]}` : (TILE_SHORT[t] || t);
  };

  function wheelSvg(wheel) {
    const r = 56, c = 58;
    const cells = [];
    for (let k = 0; k < 6; k++) {
      const a0 = (k * 60 - 120) * Math.PI / 180, a1 = ((k + 1) * 60 - 120) * Math.PI / 180;
      const seg = (wheel.segments || {})[k] || {};
      const open = wheel.open === k;
      const d = `M${c} ${c} L${(c + r * Math.cos(a0)).toFixed(1)} ${(c + r * Math.sin(a0)).toFixed(1)} ` +
        `A${r} ${r} 0 0 1 ${(c + r * Math.cos(a1)).toFixed(1)} ${(c + r * Math.sin(a1)).toFixed(1)} Z`;
      const mid = (a0 + a1) / 2;
      const x = (c + 0.62 * r * Math.cos(mid)).toFixed(1), y = (c + 0.62 * r * Math.sin(mid)).toFixed(1);
      const tiles = (seg.tiles || []).map(tileShort).join(" ");
      const machines = [seg.excavators ? `${seg.excavators}x` : "", seg.mixers ? `${seg.mixers}m` : "",
        seg.excamixers ? `${seg.excamixers}xm` : ""].filter(Boolean).join(" ");
      const full = [(seg.tiles || []).join(", "), seg.excavators ? plural(seg.excavators, "Excavator") : "",
        seg.mixers ? plural(seg.mixers, "Mixer") : "", seg.excamixers ? plural(seg.excamixers, "Excamixer") : ""]
        .filter(Boolean).join(", ");
      cells.push(`<g data-segment="${k}"><title>segment ${k}${open ? " (open)" : ""}: ${esc(full || "empty")}</title>` +
        `<path class="${open ? "open" : ""}" d="${d}"/><text x="${x}" y="${y}">${esc(tiles)}</text>` +
        `<text x="${x}" y="${(Number(y) + 10).toFixed(1)}">${esc(machines)}</text></g>`);
    }
    return `<svg class="wheel" viewBox="0 0 116 116" width="116" height="116" aria-label="construction wheel">` +
      `${cells.join("")}</svg>`;
  }

  function contractChip(id) {
    const c = CATALOG.contracts[id];
    if (!c) return `<span class="contract">${esc(id)}</span>`;
    return `<span class="contract ${c.colour}" title="${esc(`${id}: needs ${c.requirement} energy; ${c.reward}`)}">` +
      `${esc(id)} \u26A1${c.requirement}: ${esc(c.reward)}</span>`;
  }

  function piecesRow(company, row, left, total) {
    const placed = total - left;
    const boxes = Array.from({length: total}, (_, i) => `<span class="${i < placed ? "placed" : ""}"></span>`).join("");
    const incomes = ((CATALOG.incomes[company] || {})[row] || []).map((inc) =>
      `<span class="income${placed >= inc.piece ? " revealed" : ""}" title="income under piece ${inc.piece} ` +
      `(INCOME-04)">${inc.piece}: ${esc(inc.reward)}</span>`).join("");
    return `<dt>${row}</dt><dd><span class="pieces">${boxes}</span> ${placed}/${total} ${incomes}</dd>`;
  }

  function companyCard(c, s, doc, current) {
    const seat = SEATS[s];
    const owner = c.company;
    if (!owner) return `<section class="company" data-seat="${s}"><header><b>seat ${s}</b>` +
      `<span class="bot">${esc(seat.strategy)}</span><span class="muted">no company chosen yet</span>` +
      "</header></section>";
    const totals = DATA.pieces[s] || {};
    const left = c.structures_left || {};
    const rows = ROWS.map((row) => piecesRow(owner, row, left[row] || 0, totals[row] || 0)).join("");
    const hand = ((doc.contracts || {}).hand || {})[owner] || [];
    const done = ((doc.contracts || {}).fulfilled || {})[owner] || [];
    let officer = c.officer;
    if (c.automa && c.automa < 4) officer += " (no officer ability below Automa level 4, AUTOMA-03)";
    else if (c.effective_officer !== undefined && c.effective_officer !== c.officer) {
      officer += ` (copying ${c.effective_officer}, OFFICER-MAHIRI-02)`;
    }
    const automa = c.automa ? `<span class="automa-badge">Automa level ${c.automa}</span>` : "";
    const resources = [["Credits", c.credits], ["Excavators", c.excavators], ["Mixers", c.mixers],
      ["Excamixers", c.excamixers], ["Engineers", c.engineers], ["energy", c.energy]]
      .filter(([, v]) => v !== undefined).map(([k, v]) => `${v} ${k}`).join(" · ");
    const places = [c.bank_engineers ? `${plural(c.bank_engineers, "Engineer")} on the Bank` : "",
      c.construction_spaces_used ? `${c.construction_spaces_used} of 4 construction spaces used` : "",
      c.automa_engineers ? `${plural(c.automa_engineers, "Engineer")} ${c.automa
        ? "on its construction space or beside full boards (AUTOMA-12)"
        : "placed by the Automa procedure for its first action (AUTOMA-66)"}` : ""]
      .filter(Boolean).join("; ");
    return `<section class="company co-${esc(owner)}${current ? " current" : ""}" data-seat="${s}" ` +
      `data-company="${esc(owner)}" data-vp="${c.vp}" data-energy="${c.energy}" data-credits="${c.credits}">` +
      `<header><span class="swatch co-${esc(owner)}"></span><b>${esc(owner)}</b><span>${esc(officer)}</span>${automa}` +
      `<span class="bot">seat ${s} · ${esc(seat.strategy)}</span><span class="vp">${c.vp} VP</span></header>` +
      `<dl><dt>supply</dt><dd>${resources}</dd>${places ? `<dt>this round</dt><dd>${places}</dd>` : ""}${rows}` +
      `<dt>tiles</dt><dd>${esc((c.tiles || []).join(", ") || "none")}</dd>` +
      `<dt>contracts</dt><dd>${hand.map(contractChip).join("") || "none in hand"}` +
      `${done.length ? ` <span class="muted">fulfilled: ${esc(done.join(", "))}</span>` : ""}</dd></dl>` +
      `${wheelSvg(c.wheel || {})}</section>`;
  }

  function drawCompanies(event, doc) {
    const current = event.s;
    byId("companies").innerHTML = (doc.companies || []).map((c, s) => companyCard(c, s, doc, s === current)).join("");
  }

  // -- energy track, tiles, action spaces, contracts, Patent Office --------------------------------------------
  function drawEnergy(doc) {
    const bands = CATALOG.credits_by_energy;
    const companies = doc.companies || [];
    const sectionEnd = CATALOG.section_size * Math.max(1, doc.round || 1);
    const cells = bands.map((credits, e) => {
      const here = companies.map((c) => (c.company && Math.min(c.energy, bands.length - 1) === e
        ? `<span class="marker co-${esc(c.company)}" title="${esc(c.company)}: ${c.energy} energy"></span>` : ""));
      const marks = [e === CATALOG.bonus_threshold ? "threshold" : "", e === sectionEnd ? "section" : ""];
      const band = e === 0 || bands[e - 1] !== credits ? `<div class="band">${credits}\u00A2</div>` : "";
      const title = `${e} energy: ${credits} Credits at scoring` +
        (e === sectionEnd ? "; from here no section behind this round (BONUS-02)" : "");
      return `<div class="${marks.join(" ").trim()}" title="${title}">${e}${band}${here.join("")}</div>`;
    }).join("");
    const bonus = (doc.bonus_tiles || []).map((b, r) => `<span class="tile${r + 1 === doc.round ? " now" : ""}">` +
      `round ${r + 1}: ${esc(b.replace(/_/g, " "))} (${CATALOG.bonus_vp[b] ?? "?"} VP each)</span>`).join("");
    byId("energy").innerHTML = `<div class="track">${cells}</div><div class="tiles-row">${bonus}` +
      `<span class="tile">objective: ${esc((doc.objective || "").replace(/_/g, " "))}</span>` +
      `<span class="muted">bonus tiles score from ${CATALOG.bonus_threshold} energy (red line) and lose VP per ` +
      `section behind the tinted cell (BONUS-02); the numbers under the track are the Credits of each band ` +
      `(SCORE-05)</span></div>`;
  }

  function drawSpaces(doc) {
    const taken = doc.action_spaces || {};
    const grouped = SPACE_GROUPS.flatMap(([, kinds]) => kinds);
    const others = [...new Set(CATALOG.spaces.map((sp) => sp.kind).filter((k) => !grouped.includes(k)))];
    const groups = [...SPACE_GROUPS, ...others.map((k) => [k.replace(/_/g, " "), [k]])];
    byId("spaces").innerHTML = groups.map(([title, kinds]) => {
      const slots = CATALOG.spaces.filter((sp) => kinds.includes(sp.kind)).map((sp) => {
        const t = taken[sp.id];
        const who = t ? companyOf(t.seat) : "";
        const cost = `${sp.engineers} Eng.${sp.credits ? ` + ${sp.credits}\u00A2` : ""}`;
        const text = `${(SPACE_TEXT[sp.kind] || (() => ""))(sp.param)} · ${cost}`;
        const title = `${sp.id}${t ? `: ${who}, ${plural(t.engineers, "Engineer")}` : ""}`;
        return `<span class="slot${t ? ` taken co-${esc(who)}` : ""}" data-action-space="${esc(sp.id)}" ` +
          `data-seat="${t ? t.seat : ""}" title="${esc(title)}">` +
          `${esc(text)}${t ? `<br>${esc(who)} \u00D7${t.engineers}` : ""}</span>`;
      }).join("");
      return slots ? `<div class="space-group"><h3>${esc(title)}</h3>${slots}</div>` : "";
    }).join("");
  }

  function drawContracts(doc) {
    const contracts = doc.contracts || {};
    const slot = (id) => (id ? contractChip(id) : '<span class="contract">empty</span>');
    const display = Object.entries(contracts.display || {})
      .map(([colour, slots]) => `<div>${colour}: ${slots.map(slot).join("")}</div>`).join("");
    const national = (contracts.national_board || []).map(contractChip).join("");
    byId("contracts").innerHTML = display + (national ? `<div>national: ${national}</div>` : "");
    const patent = doc.patent_office;
    byId("patent").innerHTML = patent
      ? (patent.display || []).map((t) => `<span class="contract">${esc(t || "bought")}</span>`).join("")
      : '<span class="muted">not in the introductory game</span>';
  }

  // -- Automa, scores, expansions -----------------------------------------------------------------------------
  function drawAutoma(doc) {
    const panel = byId("automa-panel");
    panel.hidden = !doc.automa_deck;
    if (!doc.automa_deck) return;
    const deck = doc.automa_deck;
    const turn = LAST_AUTOMA[cursor] >= 0 ? EVENTS[LAST_AUTOMA[cursor]] : null;
    let html = `<p class="muted">Deck: ${deck.position} of ${deck.cards.length} cards flipped (AUTOMA-02).</p>`;
    if (turn) {
      const cards = CATALOG.automa_cards || {};
      const action = cards[turn.card] || {actions: [], criteria: []};
      const criteria = cards[turn.criteria] || {actions: [], criteria: []};
      html += `<div class="automa-card" data-card="${turn.card}" data-criteria="${turn.criteria}">` +
        `<b>Latest Automa turn</b> (R${turn.r}, ${esc(companyOf(turn.s))}${turn.proxy ? ", its first action " +
          "chosen by the Automa procedure, AUTOMA-66" : ""}): action card ${turn.card}` +
        `<ol>${action.actions.map((a, i) => `<li class="${turn.entries.includes(i + 1) ? "done" : ""}">${esc(a)}` +
          `${turn.entries.includes(i + 1) ? " \u2714" : ""}</li>`).join("")}</ol>` +
        `criteria card ${turn.criteria}<ul>${criteria.criteria.map((c) => `<li>${esc(c)}</li>`).join("")}</ul></div>`;
    } else {
      html += '<p class="muted">No Automa turn yet.</p>';
    }
    byId("automa").innerHTML = html;
  }

  function drawScores(doc) {
    const scored = DATA.round_scores.filter((r) => r.event <= cursor);
    const over = scored.length > 0 && scored[scored.length - 1].round === 5;
    const companies = doc.companies || [];
    const name = (s) => esc(companies[s].company || `seat ${s}`);
    const rounds = `<tr><th>company</th>${scored.map((r) => `<th>after R${r.round}</th>`).join("")}<th>VP now</th>` +
      `${over ? "<th>rank</th>" : ""}</tr>` + companies.map((c, s) => `<tr data-seat="${s}"><td>${name(s)}</td>` +
      `${scored.map((r) => `<td>${r.vp[s]}</td>`).join("")}<td><b>${c.vp}</b></td>` +
      `${over ? `<td>${DATA.result[s].rank}</td>` : ""}</tr>`).join("");
    const sources = [...new Set(companies.flatMap((c) => Object.keys(c.vp_by_source || {})))];
    const bySource = `<tr><th>VP by source</th>${companies.map((c, s) => `<th>${name(s)}</th>`).join("")}</tr>` +
      sources.map((k) => `<tr><td>${esc(k.replace(/_/g, " "))}</td>` +
        `${companies.map((c) => `<td>${(c.vp_by_source || {})[k] || 0}</td>`).join("")}</tr>`).join("");
    byId("scores").innerHTML = `<table class="scores">${rounds}</table><table class="scores">${bySource}</table>` +
      `<p class="muted">${over ? "Final VP by source (END-01..05); rank 1 = best (END-06..08)."
        : "VP after each scored round (SCORE-01) and by source so far."}</p>`;
  }

  function valueHtml(value) {
    if (value === null || value === undefined) return "\u2014";
    if (Array.isArray(value)) {
      return value.some((v) => v && typeof v === "object") ? value.map(valueHtml).join("; ")
        : esc(value.map((v) => (v === null ? "\u2014" : v)).join(", "));
    }
    if (typeof value === "object") {
      const items = Object.entries(value)
        .map(([k, v]) => `<dt>${esc(k.replace(/_/g, " "))}</dt><dd>${valueHtml(v)}</dd>`);
      return `<dl>${items.join("")}</dl>`;
    }
    return esc(String(value).replace(/_/g, " "));
  }

  function drawExpansions(doc) {
    const present = EXPANSION_KEYS.filter((k) => doc[k] !== undefined);
    byId("expansions-panel").hidden = !present.length;
    byId("expansions").innerHTML = present.map((k) => `<dl><dt>${esc(k.replace(/_/g, " "))}</dt>` +
      `<dd>${valueHtml(doc[k])}</dd></dl>`).join("");
  }

  // -- the event log and the controls -------------------------------------------------------------------------
  const log = byId("log");
  log.innerHTML = EVENTS.map((e, i) => `<li data-i="${i}" class="${e.k === "move" && !e.forced ? "move" : ""}">` +
    `${esc(e.t)}</li>`).join("");
  const logItems = [...log.children];
  log.addEventListener("click", (e) => {
    const li = e.target.closest("li");
    if (li) show(Number(li.dataset.i));
  });

  let cursor = 0;
  let previous = -1;
  let position = null;
  let positionFrame = -1;

  function show(index) {
    cursor = Math.max(0, Math.min(EVENTS.length - 1, index));
    const event = EVENTS[cursor];
    if (event.f !== positionFrame) {
      position = unflatten(FLATS[event.f]);
      positionFrame = event.f;
    }
    const doc = position;
    byId("event-rule").textContent = event.rule;
    byId("event-text").textContent = event.t;
    byId("where").textContent = `event ${cursor} of ${EVENTS.length - 1} · ` +
      `${event.r ? `round ${event.r}` : "setup"} · ${event.p.replace(/_/g, " ")}`;
    byId("slider").value = cursor;
    drawMap(event, doc);
    drawCompanies(event, doc);
    drawEnergy(doc);
    drawSpaces(doc);
    drawContracts(doc);
    drawAutoma(doc);
    drawScores(doc);
    drawExpansions(doc);
    if (previous >= 0) logItems[previous].classList.remove("now");
    logItems[cursor].classList.add("now");
    const item = logItems[cursor];
    if (item.offsetTop < log.scrollTop || item.offsetTop > log.scrollTop + log.clientHeight - 20) {
      log.scrollTop = item.offsetTop - log.clientHeight / 3;
    }
    previous = cursor;
    Object.assign(document.body.dataset, {event: cursor, frame: event.f, round: event.r, phase: event.p});
    if (!document.body.dataset.ready) document.body.dataset.ready = Math.round(performance.now());  // ms to first draw
    try { history.replaceState(null, "", `#event=${cursor}`); } catch (e) { /* a file: URL may refuse it */ }
  }

  function go(where) {
    if (where === "start") return show(0);
    if (where === "end") return show(EVENTS.length - 1);
    const forward = where[0] === "+";
    const unit = where.slice(1);
    if (unit === "event") return show(cursor + (forward ? 1 : -1));
    const marks = DATA.marks[unit];
    const target = forward ? marks.find((m) => m > cursor) : [...marks].reverse().find((m) => m < cursor);
    return show(target === undefined ? (forward ? EVENTS.length - 1 : 0) : target);
  }

  let timer = null;
  function togglePlay() {
    if (timer) {
      clearInterval(timer);
      timer = null;
    } else {
      timer = setInterval(() => (cursor >= EVENTS.length - 1 ? togglePlay() : show(cursor + 1)), 500);
    }
    byId("play").textContent = timer ? "\u23F8" : "\u25B6";
  }

  document.querySelectorAll("#controls [data-go]").forEach((b) => b.addEventListener("click", () => go(b.dataset.go)));
  byId("play").addEventListener("click", togglePlay);
  const slider = byId("slider");
  slider.max = EVENTS.length - 1;
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT") return;
    const keys = {ArrowRight: e.shiftKey ? "+turn" : "+event", ArrowLeft: e.shiftKey ? "-turn" : "-event",
      PageDown: "+round", PageUp: "-round", Home: "start", End: "end"};
    if (keys[e.key]) {
      e.preventDefault();
      go(keys[e.key]);
    } else if (e.key === " ") {
      e.preventDefault();
      togglePlay();
    }
  });

  function fromHash() {
    const m = /^#(event|move|round)=(\d+)$/.exec(location.hash);
    if (!m) return 0;
    const n = Number(m[2]);
    if (m[1] === "event") return n;
    if (m[1] === "round") return DATA.marks.round.find((k) => EVENTS[k].r === n) ?? 0;
    return n < DATA.moves.length ? DATA.moves[n] - 1 : EVENTS.length - 1;
  }
  window.addEventListener("hashchange", () => {
    const target = fromHash();
    if (target !== cursor) show(target);
  });
  show(fromHash());
})();
