import { h } from './dom.js';
import { seatLabel } from './seating.js';

/** An auction entered call by call: the chips so far, then only the calls the rules allow now. */
function auctionWidget(match, dealerSeg, rules) {
  let calls = [];
  const chips = h('div', { class: 'auction', id: 'auction-calls' });
  const turnInfo = h('div', { class: 'hint', id: 'turn-info' });
  const controls = h('div', { class: 'stack', id: 'auction-controls' });
  const el = h('div', { 'data-field': 'auction' }, h('span', { class: 'label' }, 'Auction'), chips, turnInfo, controls);
  function render() {
    chips.replaceChildren(...calls.map((call, index) => h('span', { class: 'call', 'data-field': `auction[${index}]` }, rules.callText(call))));
    const state = rules.state(calls, dealerSeg.get());
    controls.replaceChildren();
    if (state.closed) {
      turnInfo.textContent = state.summary;
    } else {
      turnInfo.textContent = `${seatLabel(match, state.turn)} to call`;
      controls.appendChild(rules.offer(state, (call) => { calls.push(Object.assign({ seat: state.turn }, call)); render(); }));
    }
    if (calls.length) controls.appendChild(h('button', { type: 'button', class: 'small', id: 'undo-call', onclick: () => { calls.pop(); render(); } }, 'Undo last call'));
    if (rules.onChange) rules.onChange(state);
  }
  return { el, render, get: () => calls.slice(), set: (list) => { calls = list.map((c) => Object.assign({}, c)); render(); },
    reset: () => { calls = []; render(); }, state: () => rules.state(calls, dealerSeg.get()) };
}

export { auctionWidget };
