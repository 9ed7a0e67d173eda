/**
 * A second line of defence for post HTML (the server sanitises it when stored): keeps a small set of text
 * elements, drops every attribute except a safe `href` on links, and removes everything else with its content
 * when it can run code (script, style, iframe, object…).
 */
const KEEP = new Set([
  'H2',
  'H3',
  'H4',
  'P',
  'UL',
  'OL',
  'LI',
  'STRONG',
  'EM',
  'B',
  'I',
  'A',
  'BR',
  'BLOCKQUOTE',
  'CODE',
  'PRE',
]);
const DROP_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
  'FORM',
  'INPUT',
  'TEXTAREA',
  'SELECT',
  'BUTTON',
]);
const SAFE_HREF = /^(https?:|mailto:|\/(?!\/)|#)/i;

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = element.tagName.toUpperCase();
  if (DROP_WITH_CONTENT.has(tag)) return [];
  const children = [...element.childNodes].flatMap((child) => clean(child, doc));
  if (!KEEP.has(tag)) return children; // unwrap unknown elements, keep their text
  const copy = doc.createElement(tag.toLowerCase());
  if (tag === 'A') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (SAFE_HREF.test(href)) {
      copy.setAttribute('href', href);
      if (/^https?:/i.test(href)) {
        copy.setAttribute('rel', 'noopener noreferrer nofollow');
        copy.setAttribute('target', '_blank');
      }
    }
  }
  copy.append(...children);
  return [copy];
}

export function sanitizeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  container.append(...[...parsed.body.childNodes].flatMap((node) => clean(node, out)));
  return container.innerHTML;
}
