import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppLocation } from './app/router.ts';
import { preloadScreen } from './app/routes.tsx';
import { verifySessionEarly } from './app/verify-session-early.ts';
import { applyPreferencesToDocument } from './features/preferences/preferences-store.ts';
import { applyColorScheme } from './features/preferences/theme-store.ts';
import { onSessionExpired } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { wipeIfRevoked } from './live/session-end.ts';
import './styles/tokens.css';
import './styles/themes.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/security.css';
import './styles/auth.css';
import './styles/backgrounds.css';

// Before the first paint, so a dark-theme user never sees a light flash.
applyColorScheme();
applyPreferencesToDocument();

// The location first: it installs itself as the way to redirect (lib/redirects.ts), so that a refused
// session check, asked right after, goes to /login?expired=true through it, not by a full page load;
// and it discards the session an address with ?forceLogin or ?logout asks to discard, before that check.
const location = createAppLocation();
const queryClient = createQueryClient();
// Before the first request: a revoked session's first 401 (a device offline meanwhile) wipes its copy.
onSessionExpired((ended) => void wipeIfRevoked(ended));
if (verifySessionEarly(queryClient)) preloadScreen(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} location={location} />
  </StrictMode>,
);

// The service worker (offline app shell, background sync) registers once the page has loaded: the first
// paint never waits on it, and its module stays out of the first screen's JavaScript.
const startServiceWorker = () =>
  void import('./offline/service-worker/register.ts').then((worker) => worker.startServiceWorker());
if (document.readyState === 'complete') startServiceWorker();
else window.addEventListener('load', startServiceWorker, { once: true });
