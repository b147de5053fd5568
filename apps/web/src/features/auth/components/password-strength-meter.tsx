import Check from 'lucide-react/icons/check';
import Dot from 'lucide-react/icons/dot';
import { fr } from '../../../locales/fr/index.ts';
import { STRENGTH_CHECKS, passwordStrength } from '../password-strength.ts';

const t = fr.auth.strength;
const CHECK_ICON = { 'aria-hidden': true, focusable: false, size: 16 } as const;

interface PasswordStrengthMeterProps {
  password: string;
  /** Id of the list of checks, so the password field can point at it with aria-describedby. */
  checksId: string;
}

/** Advisory meter: the colour is never the only signal, the level and each check are spelled out. */
export function PasswordStrengthMeter({ password, checksId }: PasswordStrengthMeterProps) {
  const strength = passwordStrength(password);
  const levelLabel = t.levels[strength.level];
  return (
    <div className="strength">
      <div
        className={`strength__meter strength__meter--${strength.level}`}
        role="meter"
        aria-label={t.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={strength.percent}
        aria-valuetext={t.valueText(levelLabel, strength.percent)}
        data-level={strength.level}
      >
        <div className="strength__bar" style={{ width: `${strength.percent}%` }} />
      </div>
      <p className="strength__text" aria-hidden="true">
        {t.label} : {levelLabel}
      </p>
      <ul className="strength__checks" id={checksId} aria-label={t.checksLabel}>
        {STRENGTH_CHECKS.map((check) => (
          <li key={check} className={strength.checks[check] ? 'is-met' : undefined}>
            {strength.checks[check] ? <Check {...CHECK_ICON} /> : <Dot {...CHECK_ICON} />} {t.checks[check]}
            <span className="visually-hidden"> ({strength.checks[check] ? t.met : t.unmet})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
