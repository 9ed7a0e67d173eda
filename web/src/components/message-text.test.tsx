import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText, pieces } from './message-text';

describe('MessageText', () => {
  it('shows markup as the characters typed, never as elements', () => {
    const { container } = render(
      <MessageText body={'<img src=x onerror="alert(1)"><script>alert(2)</script><b>đậm</b>'} />,
    );

    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"><script>alert(2)</script><b>đậm</b>');
  });

  it('makes web addresses links that open apart from the page, and keeps the sentence around them', () => {
    const { container } = render(<MessageText body={'Xem https://example.com/a?b=1&c=2. Và www.academy.vn nhé'} />);

    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1&c=2',
      'https://www.academy.vn',
    ]);
    expect(links.every((a) => a.getAttribute('rel')?.includes('noopener') && a.target === '_blank')).toBe(true);
    expect(container.textContent).toBe('Xem https://example.com/a?b=1&c=2. Và www.academy.vn nhé');
  });

  it('never links another scheme or an address that tries to break out of its attribute', () => {
    const { container } = render(
      <MessageText body={'javascript:alert(1) data:text/html,<b>x</b> https://a.vn/"onmouseover="alert(1)'} />,
    );

    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://a.vn/']);
    expect(container.querySelector('[onmouseover]')).toBeNull();
    expect(pieces('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });
});
