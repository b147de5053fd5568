export const PATHS = {
  login: '/login',
  dashboard: '/dashboard',
  security: '/security',
  resetPassword: '/reset-password',
} as const;
