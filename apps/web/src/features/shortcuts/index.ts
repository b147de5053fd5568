// The shortcuts' public entry for other features: the keys of a binding, to show beside what it does.
export { keysOf } from './shortcut-dispatcher.ts';
