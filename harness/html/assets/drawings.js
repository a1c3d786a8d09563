
const SVG_NS = "http://www.w3.org/2000/svg";
const svgEl = (tag, attrs) => {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
};

function showDetail(box, node) {
  box.replaceChildren(el("b", {}, node.l));
  if (node.d) box.appendChild(el("pre", {}, node.d));
}

function drawTree(box, drawing, detailBox) {
  const openDepth = drawing.style === "compile_tree" ? 2 : 3;
  const list = (items, depth) => {
    const ul = el("ul", {"class": "tree"});
    for (const n of items) {
      const li = el("li", {"class": "node" + (n.m ? " mark-" + n.m : ""), "data-mark": n.m || ""});
      const label = el("span", {"class": "node-label", title: n.d || n.l}, n.l + (n.m ? "  [" + n.m + "]" : ""));
      label.addEventListener("click", ev => { ev.stopPropagation(); showDetail(detailBox, n); });
      if (n.c) {
        const det = el("details", depth < openDepth ? {open: ""} : {});
        const sum = el("summary");
        sum.appendChild(label);
        sum.appendChild(el("span", {"class": "node-count"}, " (" + n.c.length + ")"));
        det.appendChild(sum);
        det.appendChild(list(n.c, depth + 1));
        li.appendChild(det);
      } else {
        li.appendChild(label);
      }
      ul.appendChild(li);
    }
    return ul;
  };
  box.appendChild(list(drawing.roots, 0));
}

// Leaves below a node (itself when it has none), the width of its box.
const leaves = n => n.c ? n.c.reduce((s, c) => s + leaves(c), 0) : 1;
const depthOf = n => n.c ? 1 + Math.max(...n.c.map(depthOf)) : 1;
const hue = s => { let h = 0; for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) % 360; return h; };

function drawTimeline(box, drawing, detailBox) {
  const lanes = [];  // {process, thread, events}
  for (const p of drawing.roots)
    for (const t of (p.c || [])) lanes.push({title: p.l + " / " + t.l, events: t.c || []});
  const controls = el("div", {"class": "zoom"});
  const zoomIn = el("button", {type: "button", "class": "zoom-in"}, "+");
  const zoomOut = el("button", {type: "button", "class": "zoom-out"}, "\u2212");
  const zoomReset = el("button", {type: "button", "class": "zoom-reset"}, "fit");
  controls.append(zoomIn, zoomOut, zoomReset, el("span", {"class": "axis-note"},
                  " x: event order (timestamps are scrubbed); a box spans the events nested in it"));
  const scroller = el("div", {"class": "timeline-scroll"});
  box.append(controls, scroller);
  const row = 16, laneGap = 22;
  // Scale 1 fits the box (the figure is in the page when this runs).
  const fit = Math.max(600, scroller.clientWidth - 20);
  let scale = 1;
  const render = () => {
    const total = Math.max(1, ...lanes.map(l => l.events.reduce((s, e) => s + leaves(e), 0)));
    const width = fit * scale;
    const unit = width / total;
    let height = 0;
    for (const l of lanes) height += laneGap + row * Math.max(1, ...l.events.map(depthOf));
    const svg = svgEl("svg", {"class": "timeline", width: String(width), height: String(height + 4),
                              "data-scale": String(scale), "data-section": drawing.section});
    let y = 0;
    for (const l of lanes) {
      const title = svgEl("text", {x: "2", y: String(y + 14), "class": "lane-title"});
      title.textContent = l.title;
      svg.appendChild(title);
      y += laneGap;
      const put = (n, x, depth) => {
        const w = leaves(n) * unit;
        const g = svgEl("g", {"class": "ev", "data-label": n.l});
        const rect = svgEl("rect", {x: String(x), y: String(y + depth * row), width: String(Math.max(1, w - 1)),
                                    height: String(row - 2), fill: "hsl(" + hue(n.l.split(" ").slice(1).join(" ")) + ",55%,72%)"});
        const tip = svgEl("title");
        tip.textContent = n.l + (n.d ? "\n" + n.d : "");
        rect.appendChild(tip);
        g.appendChild(rect);
        if (w > 40) {
          const t = svgEl("text", {x: String(x + 3), y: String(y + depth * row + 11), "class": "ev-label"});
          t.textContent = n.l.length * 6 > w ? n.l.slice(0, Math.max(1, Math.floor(w / 6) - 1)) + "\u2026" : n.l;
          g.appendChild(t);
        }
        g.addEventListener("click", () => showDetail(detailBox, n));
        svg.appendChild(g);
        let cx = x;
        for (const c of (n.c || [])) { put(c, cx, depth + 1); cx += leaves(c) * unit; }
      };
      let x = 0;
      for (const e of l.events) { put(e, x, 0); x += leaves(e) * unit; }
      y += row * Math.max(1, ...l.events.map(depthOf));
    }
    scroller.replaceChildren(svg);
  };
  zoomIn.addEventListener("click", () => { scale *= 2; render(); });
  zoomOut.addEventListener("click", () => { scale = Math.max(1, scale / 2); render(); });
  zoomReset.addEventListener("click", () => { scale = 1; render(); });
  scroller.addEventListener("wheel", ev => {
    if (!ev.ctrlKey && !ev.altKey) return;
    ev.preventDefault();
    scale = ev.deltaY < 0 ? scale * 1.5 : Math.max(1, scale / 1.5);
    render();
  }, {passive: false});
  render();
}

function drawTraces(box, drawings) {
  for (const d of drawings) {
    const fig = el("div", {"class": "drawing", "data-style": d.style, "data-section": d.section});
    fig.appendChild(el("h4", {}, d.section + " (" + d.style.replace("_", " ") + ")" +
                       (d.not_drawn ? ": " + d.not_drawn + " more records not drawn" : "")));
    const detailBox = el("div", {"class": "node-detail"});
    box.appendChild(fig);
    if (d.style === "timeline") drawTimeline(fig, d, detailBox); else drawTree(fig, d, detailBox);
    fig.appendChild(detailBox);
  }
}
