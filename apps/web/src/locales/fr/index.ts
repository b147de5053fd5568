// The whole French catalogue, by domain. Components read strings from here and nowhere else.
import { app } from './app.ts';
import { auth } from './auth.ts';
import { backgrounds } from './backgrounds.ts';
import { common } from './common.ts';
import { errors, problemMessages } from './errors.ts';
import { layout } from './layout.ts';
import { projects } from './projects.ts';
import { security } from './security.ts';
import { shortcuts } from './shortcuts.ts';
import { tasks } from './tasks.ts';

export const fr = {
  app,
  auth,
  backgrounds,
  common,
  errors,
  problemMessages,
  layout,
  projects,
  security,
  shortcuts,
  tasks,
} as const;
