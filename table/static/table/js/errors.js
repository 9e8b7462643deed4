import { h } from './dom.js';
import { t } from './i18n.js';

// ---------- refusals shown next to the field they name ----------
function clearErrors(root) {
  root.querySelectorAll('.err').forEach((el) => el.remove());
  root.querySelectorAll('.has-err').forEach((el) => el.classList.remove('has-err'));
}
/** The element for an error path: `bid.value`, else `bid`, else the form's general error area. */
function fieldBox(root, path) {
  let p = path || '';
  for (;;) {
    const el = root.querySelector(`[data-field="${CSS.escape(p)}"]`);
    if (el) return el;
    if (!p) return root;
    const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
    p = cut > 0 ? p.slice(0, cut) : '';
  }
}
function showErrors(root, body) {
  clearErrors(root);
  const errors =
    body && body.errors && body.errors.length
      ? body.errors
      : [{ code: body && body.code, detail: (body && body.detail) || t('The server refused this.'), field: null }];
  for (const error of errors) {
    const box = fieldBox(root, error.field);
    // A refusal inside a fold (the trick entry, the rarer parts of a deal) opens it, and the folds round it.
    for (let folded = box.closest('details'); folded; folded = folded.parentElement.closest('details'))
      folded.open = true;
    box.classList.add('has-err');
    box.appendChild(h('p', { class: 'err', role: 'alert', 'data-code': error.code || '' }, error.detail));
  }
  const first = root.querySelector('.err');
  if (first && first.scrollIntoView) first.scrollIntoView({ block: 'center' });
}

export { clearErrors, fieldBox, showErrors };
