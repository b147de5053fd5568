import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActivityIcon, activityFamily, type ActivityFamily } from './activity-icon.tsx';

describe('ActivityIcon', () => {
  it('picks the family by action prefix', () => {
    expect(activityFamily('auth.login.succeeded')).toBe('auth');
    expect(activityFamily('security.2fa.enabled')).toBe('security');
    expect(activityFamily('project.created')).toBe('project');
    expect(activityFamily('task.updated')).toBe('task');
    expect(activityFamily('authentication')).toBe('other');
  });

  it('draws a different hidden SVG for each action family, with no text glyph', () => {
    const families: ActivityFamily[] = ['auth', 'security', 'project', 'task', 'other'];
    const drawings = families.map((family) => {
      const { container, unmount } = render(<ActivityIcon family={family} />);
      const svg = container.querySelector('svg');
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(container.textContent).toBe('');
      const drawing = svg?.innerHTML ?? '';
      unmount();
      return drawing;
    });
    expect(new Set(drawings).size).toBe(families.length);
  });
});
