// The package's public entry: every schema, type and constant that the server and the web app share.
export * from './constants.ts';
export * from './http.ts';
export * from './defaults.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './text.ts';
export * from './dates.ts';
export * from './envelope.ts';
export * from './preferences.ts';
export * from './auth.ts';
export * from './sessions.ts';
export * from './health.ts';
export * from './two-factor.ts';
export * from './audit.ts';
export * from './projects.ts';
export * from './tasks.ts';
export * from './dashboard.ts';
