import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MarkdownText from './markdown-text.tsx';
import { safeHref } from './safe-link.ts';

const renderMarkdown = (source: string) => render(<MarkdownText source={source} />).container;

describe('safeHref', () => {
  it('keeps web and e-mail addresses, and addresses without a scheme', () => {
    expect(safeHref('https://example.org/a?b=c')).toBe('https://example.org/a?b=c');
    expect(safeHref('HTTP://example.org')).toBe('HTTP://example.org');
    expect(safeHref('mailto:equipe@example.org')).toBe('mailto:equipe@example.org');
    expect(safeHref('/tasks/42')).toBe('/tasks/42');
    expect(safeHref('#suite')).toBe('#suite');
  });

  it('refuses schemes that run code or carry content, however they are disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '',
    ]) {
      expect(safeHref(url), JSON.stringify(url)).toBeNull();
    }
  });
});

describe('MarkdownText', () => {
  it('renders headings, lists, task lists, emphasis, code and links', () => {
    const container = renderMarkdown(
      '# Plan\n\n- **gras** et *italique*\n- [x] fait\n- [ ] à faire\n\n`code` [site](https://example.org)',
    );
    expect(container.querySelector('h3')?.textContent).toBe('Plan');
    expect(container.querySelector('strong')?.textContent).toBe('gras');
    expect(container.querySelector('em')?.textContent).toBe('italique');
    expect(container.querySelectorAll('input[type="checkbox"]')).toHaveLength(2);
    expect(container.querySelector('code')?.textContent).toBe('code');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.org');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('never renders raw HTML: script, event handlers and iframes stay out of the page', () => {
    const container = renderMarkdown(
      'Avant <script>window.hacked = true</script> <img src=x onerror="window.hacked = true"> <iframe src="https://evil.example"></iframe>\n\n<div onclick="x()">bloc</div>',
    );
    expect(container.querySelector('script, iframe, img, div[onclick], [onerror]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('makes javascript: and data: addresses plain text, written as links, references, autolinks or entities', () => {
    const container = renderMarkdown(
      [
        '[un](javascript:alert(1))',
        '[deux](data:text/html,<script>alert(1)</script>)',
        '[trois][ref]',
        '<javascript:alert(1)>',
        '[quatre](&#106;avascript:alert(1))',
        '![image](javascript:alert(1))',
        '',
        '[ref]: javascript:alert(1)',
      ].join('\n\n'),
    );
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toContain('un');
    expect(container.textContent).toContain('quatre');
  });

  it('shows an image as a link to it, never loading it', () => {
    const container = renderMarkdown('![schéma](https://example.org/s.png)');
    expect(container.querySelector('img')).toBeNull();
    const link = container.querySelector('a')!;
    expect(link.textContent).toBe('schéma');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });
});
