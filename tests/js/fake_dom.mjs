// Just enough of a DOM for h() (dom.js) to build elements in Node and for a test to read their text, and a page's
// language and catalogue for i18n.js: call installDom() before the page's modules are imported (import() them).
class FakeNode {
  constructor(tag, text) {
    Object.assign(this, { tag, text, children: [], attributes: {}, style: {}, className: '' });
  }
  appendChild(child) {
    this.children.push(child);
    return child;
  }
  setAttribute(key, value) {
    this.attributes[key] = String(value);
  }
  getAttribute(key) {
    return key in this.attributes ? this.attributes[key] : null;
  }
  addEventListener() {}
  get textContent() {
    return this.text ?? this.children.map((c) => c.textContent).join('');
  }
  set textContent(text) {
    this.children = [];
    this.text = String(text);
  }
  replaceChildren(...children) {
    this.children = children;
  }
}

export function installDom({ lang = 'en', dir = 'ltr', catalogue = null } = {}) {
  globalThis.Node = FakeNode;
  globalThis.document = {
    documentElement: { lang, dir },
    createElement: (tag) => new FakeNode(tag),
    createElementNS: (_namespace, tag) => new FakeNode(tag),
    createTextNode: (text) => new FakeNode('#text', text),
    querySelector: (selector) =>
      selector === '#page-i18n' && catalogue ? { textContent: JSON.stringify(catalogue) } : null,
  };
}
