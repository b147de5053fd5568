import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures.ts';
import { clearSession, updateSession, useSession } from './session-store.ts';

afterEach(() => clearSession());

describe('useSession', () => {
  it('re-renders a component for the part of the session it reads, not for the expiry every API answer moves', () => {
    updateSession({
      token: 'tok-1',
      user: makeUser({ username: 'alice' }),
      sessionExpiry: '2030-01-15T10:00:00.000Z',
    });
    let renders = 0;
    function Greeting() {
      renders += 1;
      const user = useSession((session) => session.user);
      return <p>{user?.username}</p>;
    }
    const view = render(<Greeting />);
    expect(view.getByText('alice')).toBeInTheDocument();
    const before = renders;

    act(() => updateSession({ sessionExpiry: '2030-01-15T10:30:00.000Z' }));
    act(() => updateSession({ sessionExpiry: '2030-01-15T11:00:00.000Z' }));
    expect(renders).toBe(before);

    act(() => updateSession({ user: makeUser({ username: 'bruno' }) }));
    expect(view.getByText('bruno')).toBeInTheDocument();
    expect(renders).toBe(before + 1);
  });
});
