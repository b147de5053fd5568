import { useState } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-media-query.ts';
import { fr } from '../../../locales/fr/index.ts';
import {
  nextBackground,
  readBackground,
  writeBackground,
  type BackgroundVariant,
} from '../background-variant.ts';
import { AnimatedCanvas } from './animated-canvas.tsx';

const t = fr.backgrounds;

/**
 * Decoration behind the login card: hidden from assistive technology, behind an opaque card so it
 * never affects text contrast, and replaced by a still gradient when the system asks for less motion.
 */
export function LoginBackground() {
  const reducedMotion = usePrefersReducedMotion();
  const [variant, setVariant] = useState<BackgroundVariant>(readBackground);

  if (reducedMotion) return <div className="backdrop backdrop--static" aria-hidden="true" />;

  const cycle = () => {
    const next = nextBackground(variant);
    writeBackground(next);
    setVariant(next);
  };

  return (
    <>
      <div className={`backdrop backdrop--${variant}`} aria-hidden="true" data-variant={variant}>
        {variant !== 'gradient' && <AnimatedCanvas key={variant} scene={variant} />}
      </div>
      <button type="button" className="button button--ghost backdrop__cycle" onClick={cycle}>
        {t.cycle(t.names[variant])}
      </button>
    </>
  );
}
