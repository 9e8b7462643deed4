/* What stays on screen over the page (the bar and the score strip at the top, the save bar at the bottom) is kept
 * clear of: the page's scroll padding follows their heights as they change (a longer line, larger text, a toast),
 * so a focused field, or one brought into view, never sits under them (WCAG 2.4.11). */

const stuck = (el) => Boolean(el) && ['sticky', 'fixed'].includes(getComputedStyle(el).position);
const heightOf = (els) => els.filter(stuck).reduce((sum, el) => sum + el.getBoundingClientRect().height, 0);
const MARGIN_PX = 8;
let measure = () => {};

/** Keep the page's scroll padding as tall as the stuck bars; `--bar-block-size` places the strip under the bar. */
export function keepClearOfStickyBars(tops, bottoms) {
  const root = document.documentElement;
  const paint = () => {
    root.style.setProperty('--bar-block-size', `${tops[0] ? tops[0].getBoundingClientRect().height : 0}px`);
    root.style.scrollPaddingTop = `${heightOf(tops) + MARGIN_PX}px`;
    root.style.scrollPaddingBottom = `${heightOf(bottoms) + MARGIN_PX}px`;
  };
  measure = paint;
  const observer = new ResizeObserver(paint);
  for (const el of [...tops, ...bottoms]) if (el) observer.observe(el);
  window.addEventListener('resize', paint);
  paint();
  // A field focused under a bar (a Tab, a refusal's focus) is brought out from under it, where the browser's own
  // focus scrolling leaves it partly covered (a tall save bar at 200% text). Not the bars' own controls.
  // Focus given by a finger (or a mouse) waits for the finger to lift: a page that moved between the press and the
  // release would send the tap to whatever then lies under it, and the button pressed would never hear of it (a bid
  // chip half under the save bar, lost at 200% text).
  let pressing = false;
  let waiting = null;
  const bringOut = (el) => {
    if (el.isConnected && document.activeElement === el && !clearOfBars(el)) el.scrollIntoView({ block: 'center' });
  };
  const released = () => {
    pressing = false;
    const el = waiting;
    waiting = null;
    if (el) setTimeout(() => bringOut(el)); // after the click the release makes
  };
  document.addEventListener('pointerdown', () => (pressing = true), true);
  document.addEventListener('pointerup', released, true);
  document.addEventListener('pointercancel', released, true);
  document.addEventListener('focusin', (event) => {
    const el = event.target;
    if (!(el instanceof Element) || [...tops, ...bottoms].some((bar) => bar && bar.contains(el))) return;
    if (pressing) waiting = el;
    else bringOut(el);
  });
}

/** Whether `el` lies between the bars. */
function clearOfBars(el) {
  measure(); // the bars as they are now: the strip may have just grown with the new score, before its observer ran
  const style = getComputedStyle(document.documentElement);
  // Clear of the bars themselves (the padding's margin is for where it lands, not a reason to move).
  const top = (parseFloat(style.scrollPaddingTop) || 0) - MARGIN_PX;
  const bottom = window.innerHeight - (parseFloat(style.scrollPaddingBottom) || 0) + MARGIN_PX;
  const box = el.getBoundingClientRect();
  return box.top >= top && box.bottom <= bottom;
}

/** Bring `el` between the bars when it, and `also` (the form's first field under its title), are not already
 *  there; the page does not move when they are. */
export function bringIntoView(el, also = null) {
  if (!el || (clearOfBars(el) && (!also || clearOfBars(also)))) return;
  el.scrollIntoView({ block: 'start' }); // lands under the top bars: the scroll padding is theirs
  // Where the title and the field do not both fit (200% text, a correction's note), the field comes first.
  if (also && !clearOfBars(also)) also.scrollIntoView({ block: 'start' });
}
