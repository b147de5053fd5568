import { ambientLevel } from '@jalon/contract/plain';
import { useEffect } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-media-query.ts';
import { soundEngine, type SoundEngine } from '../audio/sound-engine.ts';
import { ambientActive, uiSoundsActive, usePreferences } from '../preferences-store.ts';

const INTERACTIVE =
  'button, a[href], [role="tab"], summary, select, input[type="checkbox"], input[type="radio"]';

const interactiveOf = (target: EventTarget | null): Element | null =>
  target instanceof Element ? target.closest(INTERACTIVE) : null;

/**
 * The UI sounds and the ambient drone, following the preferences: hover and click tones
 * on interactive elements, the drone at ambientLevel(slider); focus mode 'mono' silences both.
 */
export function SoundEffects({ engine = soundEngine }: { engine?: SoundEngine }) {
  const preferences = usePreferences();
  const reducedMotion = usePrefersReducedMotion();
  const uiOn = uiSoundsActive(preferences, reducedMotion);
  const ambientOn = ambientActive(preferences);
  const level = ambientLevel(preferences.ambientVolume);

  useEffect(() => {
    engine.setAmbient(ambientOn && engine.unlocked ? level : null);
    if (!uiOn && !ambientOn) return;
    const onGesture = () => {
      if (engine.unlock() && ambientOn && !engine.ambientPlaying) engine.setAmbient(level);
    };
    const onPointerOver = (event: PointerEvent) => {
      const target = interactiveOf(event.target);
      // Moving between the children of one button is not a new hover.
      if (uiOn && target && target !== interactiveOf(event.relatedTarget)) engine.hover();
    };
    const onClick = (event: MouseEvent) => {
      onGesture();
      if (uiOn && interactiveOf(event.target)) engine.click();
    };
    document.addEventListener('pointerdown', onGesture, true);
    document.addEventListener('keydown', onGesture, true);
    document.addEventListener('pointerover', onPointerOver, true);
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('pointerdown', onGesture, true);
      document.removeEventListener('keydown', onGesture, true);
      document.removeEventListener('pointerover', onPointerOver, true);
      document.removeEventListener('click', onClick, true);
    };
  }, [engine, uiOn, ambientOn, level]);

  // Leaving the signed-in screens (sign-out) stops the drone.
  useEffect(() => () => engine.setAmbient(null), [engine]);
  return null;
}
