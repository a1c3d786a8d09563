"use strict";
const data = JSON.parse(document.getElementById("report-data").textContent);
const el = (tag, attrs, text) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};
function excerptBlock(text, mark) {
  const pre = el("pre", {"class": "excerpt"});
  const at = Math.max(0, Math.min(text.length, mark));
  pre.appendChild(document.createTextNode(text.slice(0, at)));
  pre.appendChild(el("mark", {}, text.slice(at, at + 1) || " "));
  pre.appendChild(document.createTextNode(text.slice(at + 1)));
  return pre;
}
