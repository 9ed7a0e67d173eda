import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('post HTML sanitising', () => {
  it('keeps the text elements posts use', () => {
    const html = '<h2>Title</h2><p>One <strong>two</strong></p><ul><li>a</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, styles and frames with their content', () => {
    expect(sanitizeHtml('<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="x"></iframe>')).toBe(
      '<p>ok</p>',
    );
  });

  it('drops event handlers and styles from kept elements', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red">hi</p>')).toBe('<p>hi</p>');
  });

  it('keeps safe links, opens external ones in a new tab, and drops javascript: links', () => {
    expect(sanitizeHtml('<a href="/courselist">in</a>')).toBe('<a href="/courselist">in</a>');
    expect(sanitizeHtml('<a href="https://example.com">out</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">out</a>',
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<div><span>text</span></div><img src=x onerror=alert(1)>')).toBe('text');
  });
});
