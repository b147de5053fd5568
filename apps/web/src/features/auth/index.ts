// What other features use of sign-in: the signed-in person's profile, and the password strength meter.
export { meQueryOptions } from './api/me.ts';
export { PasswordStrengthMeter } from './components/password-strength-meter.tsx';
