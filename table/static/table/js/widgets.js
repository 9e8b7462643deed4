import { h } from './dom.js';

// ---------- widgets ----------
/** A row of big buttons acting as one choice. */
function seg(options, value, onChange, name) {
  const seats = options.length && /^S\d$/.test(String(options[0][0]));
  const box = h('div', { class: seats ? 'seg seats' : 'seg', role: 'group', 'data-name': name || null });
  let current = value;
  const paint = () => box.querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.value === String(current))));
  for (const [v, label] of options) {
    box.appendChild(h('button', { type: 'button', 'data-value': String(v),
      onclick: () => { current = v; paint(); if (onChange) onChange(v); } }, label));
  }
  paint();
  box.get = () => current;
  box.set = (v) => { current = v; paint(); };
  return box;
}
function numberInput(value, name) {
  return h('input', { type: 'text', inputmode: 'numeric', pattern: '-?[0-9]*', value: value === undefined ? '' : value, name });
}
function stepper(value, name, onChange) {
  const input = numberInput(value, name);
  const step = (delta) => { const n = parseInt(input.value || '0', 10) || 0; input.value = Math.max(0, n + delta); if (onChange) onChange(); };
  if (onChange) input.addEventListener('input', onChange);
  const box = h('div', { class: 'stepper' },
    h('button', { type: 'button', 'aria-label': 'less', onclick: () => step(-1) }, '−'), input,
    h('button', { type: 'button', 'aria-label': 'more', onclick: () => step(1) }, '+'));
  box.input = input;
  return box;
}
const field = (path, label, ...controls) => h('div', { 'data-field': path }, h('span', { class: 'label' }, label), ...controls);
/** A labelled control that no refusal names (a field('') would catch the refusals that name no field). */
const group = (label, ...controls) => h('div', {}, h('span', { class: 'label' }, label), ...controls);
/** A score in the headline: who, and the number in big type. */
const scoreBox = (label, value, extra) => h('div', { class: `score ${extra || ''}` }, h('div', { class: 'who' }, label), h('div', { class: 'n' }, value));

export { scoreBox, seg, numberInput, stepper, field, group };
