/* The form widgets: a row of big buttons as one choice, quick-pick chips, number inputs, steppers, and labelled
 * fields. Every control gets an accessible name from the field it sits in. */
import { h } from './dom.js';
import { asciiDigits, numberText, t } from './i18n.js';

const TEXT = {
  less: (what) => t('{what}: one less', { what }),
  more: (what) => t('{what}: one more', { what }),
  dealer: (label, name) => t('{label}: {name} (change)', { label, name }),
};

/** A row of big buttons acting as one choice (seats lay out as a grid of names). */
function seg(options, value, onChange, name) {
  const seats = options.length && /^S\d$/.test(String(options[0][0]));
  const box = h('div', { class: seats ? 'seg seats' : 'seg', role: 'group', 'data-name': name || null });
  let current = value;
  const paint = () =>
    box
      .querySelectorAll('button')
      .forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.value === String(current))));
  for (const [v, label, aria] of options) {
    // A seat's button shows a name: dir=auto lays "مریم رضایی" out right to left (and cuts it at its end) on any page.
    box.appendChild(
      h(
        'button',
        {
          type: 'button',
          'data-value': String(v),
          'aria-label': aria || null,
          dir: seats ? 'auto' : null,
          onclick: () => {
            current = v;
            paint();
            if (onChange) onChange(v);
          },
        },
        label,
      ),
    );
  }
  paint();
  box.get = () => current;
  box.set = (v) => {
    current = v;
    paint();
  };
  return box;
}
/** Quick picks for the common values of a number input: one tap fills it in (the input keeps ASCII digits, the
 *  chip shows the page's). */
function chips(values, input, onPick) {
  return h(
    'div',
    { class: 'seg chips', role: 'group' },
    values.map((v) =>
      h(
        'button',
        {
          type: 'button',
          'data-chip': String(v),
          onclick: () => {
            input.value = String(v);
            input.dispatchEvent(new Event('input', { bubbles: true }));
            if (onPick) onPick(v);
          },
        },
        numberText(v),
      ),
    ),
  );
}
function numberInput(value, name) {
  return h('input', {
    type: 'text',
    inputmode: 'numeric',
    pattern: '-?[0-9]*',
    value: value ?? '',
    name,
    autocomplete: 'off',
  });
}
/** A number with - and + beside it, stepping within [low, high] (the server's bounds where it has them). */
function stepper(value, name, onChange, { low = 0, high = Number.POSITIVE_INFINITY } = {}) {
  const input = numberInput(value, name);
  // A value typed on a Persian keyboard (۳) steps from 3, not from 0.
  const step = (delta) => {
    const n = parseInt(asciiDigits(input.value || '0'), 10) || 0;
    input.value = Math.min(high, Math.max(low, n + delta));
    if (onChange) onChange();
  };
  if (onChange) input.addEventListener('input', onChange);
  const box = h(
    'div',
    { class: 'stepper' },
    h('button', { type: 'button', 'data-step': '-1', onclick: () => step(-1) }, '−'),
    input,
    h('button', { type: 'button', 'data-step': '1', onclick: () => step(1) }, '+'),
  );
  box.input = input;
  return box;
}
/** Give the unnamed controls inside `box` the name `label` (inputs, selects, button groups, steppers). */
function nameControls(box, label) {
  box
    .querySelectorAll('input:not([aria-label]):not([id]), select:not([aria-label])')
    .forEach((el) => el.setAttribute('aria-label', label));
  box.querySelectorAll('[role=group]:not([aria-label])').forEach((el) => el.setAttribute('aria-label', label));
  box
    .querySelectorAll('button[data-step]:not([aria-label])')
    .forEach((el) => el.setAttribute('aria-label', el.dataset.step === '1' ? TEXT.more(label) : TEXT.less(label)));
}
/** A labelled part of a form that a refusal naming `path` lands beside. */
function field(path, label, ...controls) {
  const box = h('div', { 'data-field': path }, h('span', { class: 'label' }, label), ...controls);
  nameControls(box, label);
  return box;
}
/** A label and its input on one line (a compact row of the form). */
function line(path, label, control) {
  const box = h('div', { 'data-field': path, class: 'line' }, h('span', { class: 'label' }, label), control);
  nameControls(box, label);
  return box;
}
/** A labelled control that no refusal names (a field('') would catch the refusals that name no field). */
function group(label, ...controls) {
  const box = h('div', {}, h('span', { class: 'label' }, label), ...controls);
  nameControls(box, label);
  return box;
}
/** The dealer's choice: a row of names, or with more seats than fit one row a fold whose summary names the
 *  dealer, so the screen is kept for the deal (the preselected dealer is right unless the table changed seats). */
function dealerChoice(path, label, choice, nameOf) {
  if (choice.querySelectorAll('button').length <= 4) return field(path, label, choice);
  const summary = h('summary', {});
  const paint = () => {
    // No dealer yet (offline, not known until the waiting deals are scored): the question alone, asked open.
    summary.textContent = choice.get() ? TEXT.dealer(label, nameOf(choice.get())) : label;
  };
  choice.addEventListener('click', () => setTimeout(paint));
  const set = choice.set;
  choice.set = (v) => {
    set(v);
    paint();
  };
  const box = h('details', { class: 'fold dealer-fold', 'data-field': path }, summary, choice);
  nameControls(box, label);
  paint();
  box.repaint = paint;
  return box;
}
/** What kind of deal this is (played, or one of the redeals the match allows): a row of buttons where there are
 *  two, else a fold whose summary names the kind chosen, so the usual deal (played) keeps the screen for its
 *  auction in every language; it opens where a redeal is chosen (a refused or corrected redeal record). */
function kindChoice(label, choice, nameOf) {
  if (choice.querySelectorAll('button').length <= 2) return group(label, choice);
  const summary = h('summary', {});
  const box = h('details', { class: 'fold kind-fold' }, summary, choice);
  const paint = () => {
    summary.textContent = TEXT.dealer(label, nameOf(choice.get()));
  };
  choice.addEventListener('click', () => setTimeout(paint));
  const set = choice.set;
  choice.set = (v) => {
    set(v);
    paint();
    if (v !== choice.querySelector('button').dataset.value) box.open = true;
  };
  nameControls(box, label);
  paint();
  return box;
}
/** A score in the headline: who (and a short name for the strip on the entry page), the number in big type in the
 *  page's digits. */
const scoreBox = (label, value, extra, short) =>
  h(
    'div',
    { class: `score ${extra || ''}` },
    h('div', { class: 'who' }, label),
    short ? h('div', { class: 'short', 'aria-hidden': 'true' }, short) : null,
    h('div', { class: 'n' }, numberText(value)),
  );

export { dealerChoice, kindChoice, scoreBox, seg, chips, numberInput, stepper, field, line, group, nameControls };
