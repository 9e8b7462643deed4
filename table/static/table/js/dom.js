/* DOM and text helpers every module uses. */
import { asciiDigits } from './i18n.js';

const $ = (selector, root) => (root || document).querySelector(selector);
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else if (key === 'style')
      el.style.cssText = value; // CSSOM: allowed by the CSP, a style attribute is not
    else el.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return el;
}
/** Replace a box's children; arrays are flattened and null/false skipped (as in h()). */
const fill = (box, ...children) =>
  box.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
const pageConfig = () => JSON.parse($('#page-config').textContent);
const csrfToken = () => ($('meta[name=csrf-token]') || {}).content || '';
// A number typed on a Persian keyboard (۱۲) is the number 12.
const num = (value) => {
  const text = asciiDigits(value).trim();
  return /^-?\d+$/.test(text) ? parseInt(text, 10) : text;
};
const cardList = (text) => (text.trim() ? text.trim().split(/[\s,]+/) : []);
const words = (key) => key.replace(/_/g, ' ');

function uuid4() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = Array.from(b, (v) => v.toString(16).padStart(2, '0')).join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export { $, h, fill, pageConfig, csrfToken, num, cardList, words, uuid4 };
