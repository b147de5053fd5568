import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asAudioContext, FakeAudioContext } from '../../../test/fake-audio-context.ts';
import { SoundEngine } from '../audio/sound-engine.ts';
import { getPreferences, reloadPreferences, updatePreferences } from '../preferences-store.ts';
import { SoundEffects } from './sound-effects.tsx';

function setup() {
  const context = new FakeAudioContext();
  let now = 0;
  const engine = new SoundEngine(
    () => asAudioContext(context),
    () => (now += 1000),
  );
  render(
    <>
      <SoundEffects engine={engine} />
      <button type="button">Ouvrir</button>
    </>,
  );
  return { context, engine, button: screen.getByRole('button', { name: 'Ouvrir' }) };
}

beforeEach(() => {
  window.localStorage.clear();
  reloadPreferences();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sound effects', () => {
  it('plays hover and click tones when UI sounds are on', () => {
    updatePreferences({ uiSounds: true });
    const { context, button } = setup();
    fireEvent.click(button);
    fireEvent.pointerOver(button);
    expect(context.oscillators).toHaveLength(2);
  });

  it("stays silent with UI sounds off, or in focus mode 'mono' which keeps the settings", () => {
    const { context, button, engine } = setup();
    fireEvent.click(button);
    expect(context.oscillators).toHaveLength(0);

    act(() => updatePreferences({ uiSounds: true, advancedAudio: true }));
    fireEvent.click(button);
    expect(context.oscillators.length).toBeGreaterThan(0);
    expect(engine.ambientPlaying).toBe(true);

    const before = context.oscillators.length;
    act(() => updatePreferences({ focusMode: 'mono' }));
    fireEvent.click(button);
    fireEvent.pointerOver(button);
    expect(context.oscillators).toHaveLength(before);
    expect(engine.ambientPlaying).toBe(false);
    expect(getPreferences()).toMatchObject({ uiSounds: true, advancedAudio: true, focusMode: 'mono' });
  });

  it('never plays UI sounds when the system asks for reduced motion', () => {
    updatePreferences({ uiSounds: true });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const { context, button } = setup();
    fireEvent.click(button);
    expect(context.oscillators).toHaveLength(0);
  });
});
