/* An auction entered call by call (56, Bid Euchre): the calls so far, then only the calls the rules allow now,
 * and one tap for "everyone else passes" once a bid stands. */
import { h } from './dom.js';
import { seatLabel } from './seating.js';
import { t } from './i18n.js';

const TEXT = {
  label: () => t('Auction:'),
  toCall: (name) => t('{name} to call', { name }),
  undo: () => t('Undo last call'),
  restPass: () => t('Everyone else passes'),
};

/** `name` is the deal's field the calls go to (`auction`, Twenty-Eight's `second_auction`): the ids of a second
 *  widget on the page start with it, and its `label` says which bidding it is. */
function auctionWidget(match, dealerSeg, rules, name = 'auction', label = TEXT.label()) {
  let calls = [];
  const id = (part) => (name === 'auction' ? part : `${name}-${part}`);
  const chips = h('div', { class: 'auction', id: id('auction-calls') });
  const turnInfo = h('span', { class: 'hint', id: id('turn-info') });
  const controls = h('div', { class: 'stack', id: id('auction-controls') });
  const el = h('div', { 'data-field': name }, h('span', { class: 'label' }, label, ' ', turnInfo), chips, controls);
  const add = (call) => {
    calls.push(Object.assign({ seat: rules.state(calls, dealerSeg.get()).turn }, call));
    render();
  };
  /** Pass for every seat still to call until the auction closes (never more calls than the seats could make). */
  function restPass() {
    for (let guard = 0; guard < 16; guard++) {
      const state = rules.state(calls, dealerSeg.get());
      if (state.closed) break;
      calls.push({ seat: state.turn, call: 'pass' });
    }
    render();
  }
  function render() {
    chips.replaceChildren(
      ...calls.map((call, index) =>
        h('span', { class: 'call', 'data-field': `${name}[${index}]` }, rules.callText(call)),
      ),
    );
    const state = rules.state(calls, dealerSeg.get());
    controls.replaceChildren();
    if (state.closed) {
      turnInfo.textContent = state.summary;
    } else {
      turnInfo.textContent = TEXT.toCall(seatLabel(match, state.turn));
      const offered = rules.offer(state, add);
      if (state.standing && offered.querySelector('[data-call=pass]')) {
        offered
          .querySelector('[data-call=pass]')
          .after(h('button', { type: 'button', 'data-call': 'rest-pass', onclick: restPass }, TEXT.restPass()));
      }
      controls.appendChild(offered);
    }
    if (calls.length)
      controls.appendChild(
        h(
          'button',
          {
            type: 'button',
            class: 'small',
            id: id('undo-call'),
            onclick: () => {
              calls.pop();
              render();
            },
          },
          TEXT.undo(),
        ),
      );
    if (rules.onChange) rules.onChange(state);
  }
  return {
    el,
    render,
    get: () => calls.slice(),
    set: (list) => {
      calls = list.map((c) => Object.assign({}, c));
      render();
    },
    reset: () => {
      calls = [];
      render();
    },
    state: () => rules.state(calls, dealerSeg.get()),
  };
}

export { auctionWidget };
