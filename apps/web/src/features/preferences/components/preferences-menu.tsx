import Contrast from 'lucide-react/icons/contrast';
import { AUDIO } from '@jalon/contract/plain';
import { useId } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { Popover } from '../../../components/ui/popover.tsx';
import { usePrefersReducedMotion } from '../../../lib/use-media-query.ts';
import { preferences } from '../../../locales/fr/preferences.ts';
import '../../../styles/preferences.css';
import { updatePreferences, usePreferences } from '../preferences-store.ts';
import { THEMES } from '../themes.ts';

const t = preferences;

/** The theme and preferences menu of the dashboard header: a disclosure holding ordinary form controls. */
export function PreferencesMenu() {
  return (
    <Popover
      button={{
        className: 'button',
        children: (
          <>
            <Contrast aria-hidden="true" focusable="false" size={18} /> {t.menu}
          </>
        ),
      }}
      align="end"
    >
      {() => <PreferencesForm />}
    </Popover>
  );
}

/** The preferences themselves: in the dashboard's menu and on /me. */
export function PreferencesForm() {
  const preferences = usePreferences();
  const reducedMotion = usePrefersReducedMotion();
  const hintId = useId();
  return (
    <div className="prefs-form">
      <fieldset className="prefs-form__group">
        <legend>{t.theme}</legend>
        {THEMES.map((theme) => (
          <label key={theme.key} className="prefs-theme">
            <input
              type="radio"
              name="jalon-theme"
              value={theme.key}
              checked={preferences.theme === theme.key}
              onChange={() => updatePreferences({ theme: theme.key })}
            />
            <span className="prefs-theme__swatch" style={{ background: theme.swatch }} aria-hidden="true" />
            <span className="prefs-theme__name">{t.themeNames[theme.key]}</span>
            <span className="prefs-theme__grade">
              <span aria-hidden="true">{theme.grade}</span>
              <span className="visually-hidden">{t.contrast(theme.grade)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="prefs-form__group prefs-form__group--row">
        <legend>{t.scheme}</legend>
        {(['light', 'dark'] as const).map((scheme) => (
          <label key={scheme} className="checkbox">
            <input
              type="radio"
              name="jalon-scheme"
              checked={preferences.colorScheme === scheme}
              onChange={() => updatePreferences({ colorScheme: scheme })}
            />
            {scheme === 'light' ? t.light : t.dark}
          </label>
        ))}
      </fieldset>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={preferences.focusMode === 'mono'}
          aria-describedby={`${hintId}-focus`}
          onChange={(event) => updatePreferences({ focusMode: event.target.checked ? 'mono' : 'off' })}
        />
        {t.focusMode}
      </label>
      <p className="field__hint" id={`${hintId}-focus`}>
        {t.focusModeHint}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={preferences.uiSounds && !reducedMotion}
          disabled={reducedMotion}
          aria-describedby={reducedMotion ? `${hintId}-sounds` : undefined}
          onChange={(event) => updatePreferences({ uiSounds: event.target.checked })}
        />
        {t.uiSounds}
      </label>
      {reducedMotion && (
        <p className="field__hint" id={`${hintId}-sounds`}>
          {t.uiSoundsReducedMotion}
        </p>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={preferences.advancedAudio}
          onChange={(event) => updatePreferences({ advancedAudio: event.target.checked })}
        />
        {t.advancedAudio}
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={preferences.singleKeyShortcuts}
          aria-describedby={`${hintId}-keys`}
          onChange={(event) => updatePreferences({ singleKeyShortcuts: event.target.checked })}
        />
        {t.singleKeyShortcuts}
      </label>
      <p className="field__hint" id={`${hintId}-keys`}>
        {t.singleKeyShortcutsHint}
      </p>
      <Slider
        label={t.animationIntensity}
        min={AUDIO.animationIntensityMin}
        max={AUDIO.animationIntensityMax}
        value={Math.max(AUDIO.animationIntensityMin, preferences.animationIntensity)}
        onChange={(value) => updatePreferences({ animationIntensity: value })}
      />
      <Slider
        label={t.ambientVolume}
        min={0}
        max={100}
        value={preferences.ambientVolume}
        onChange={(value) => updatePreferences({ ambientVolume: value })}
      />
    </div>
  );
}

interface SliderProps {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}

function Slider({ label, min, max, value, onChange }: SliderProps) {
  const id = useId();
  return (
    <Field id={id} label={label} className="prefs-slider">
      {(control) => (
        <div className="prefs-slider__row">
          <input
            {...control}
            type="range"
            min={min}
            max={max}
            step={1}
            value={value}
            aria-valuetext={t.percent(value)}
            onChange={(event) => onChange(Number(event.target.value))}
          />
          <output htmlFor={id}>{t.percent(value)}</output>
        </div>
      )}
    </Field>
  );
}
