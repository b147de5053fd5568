import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './error-screen.tsx';

function at(url: string) {
  const parsed = new URL(url);
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    hostname: parsed.hostname,
    origin: parsed.origin,
    pathname: parsed.pathname,
    search: parsed.search,
    hash: parsed.hash,
  });
}

describe('global error screen', () => {
  it("says 'Une erreur est survenue.' and offers a reload", () => {
    render(<ErrorScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Une erreur est survenue.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /mode hash/ })).not.toBeInTheDocument();
  });

  it('offers the hash-router mode on a raw IP address', () => {
    at('http://192.168.1.20:4000/tasks');
    render(<ErrorScreen />);
    expect(screen.getByRole('button', { name: 'Passer en mode hash (adresse IP)' })).toBeInTheDocument();
  });
});
