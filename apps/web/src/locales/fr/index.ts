// The whole French catalogue, by domain. Components read strings from here and nowhere else.
import { activity } from './activity.ts';
import { app } from './app.ts';
import { auth } from './auth.ts';
import { backgrounds } from './backgrounds.ts';
import { common } from './common.ts';
import { errors, problemMessages } from './errors.ts';
import { importExport } from './import-export.ts';
import { integrations } from './integrations.ts';
import { labels } from './labels.ts';
import { layout } from './layout.ts';
import { members } from './members.ts';
import { me } from './me.ts';
import { notifications } from './notifications.ts';
import { live } from './live.ts';
import { projects } from './projects.ts';
import { search } from './search.ts';
import { security } from './security.ts';
import { shortcuts } from './shortcuts.ts';
import { sync } from './sync.ts';
import { tasks } from './tasks.ts';

export const fr = {
  activity,
  app,
  auth,
  backgrounds,
  common,
  errors,
  problemMessages,
  importExport,
  integrations,
  labels,
  layout,
  members,
  me,
  notifications,
  live,
  projects,
  search,
  security,
  shortcuts,
  sync,
  tasks,
} as const;
