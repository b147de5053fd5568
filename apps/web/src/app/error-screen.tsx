import { isRawIpHost } from '../lib/host.ts';
import { fr } from '../locales/fr/index.ts';

const t = fr.app;

/** Where the app currently is, whichever router was in use (path in the hash or in the URL). */
function currentRoute(location: Location): string {
  if (location.hash.startsWith('#/')) return location.hash.slice(1);
  return `${location.pathname}${location.search}`;
}

/**
 * Last-resort screen ('Une erreur est survenue.'). On a raw IP address a deep link may have reached a
 * server without SPA fallback; reopening the same route in hash form always loads the app.
 */
export function ErrorScreen() {
  const { location } = window;
  const onIpAddress = isRawIpHost(location.hostname);
  const openInHashMode = () => {
    location.assign(`${location.origin}/#${currentRoute(location)}`);
  };
  return (
    <main className="full-page-center" id="main">
      <div className="card error-screen" role="alert">
        <h1>{t.errorTitle}</h1>
        <p>{t.errorHint}</p>
        <div className="form__actions">
          <button type="button" className="button button--primary" onClick={() => location.reload()}>
            {t.reload}
          </button>
          {onIpAddress && (
            <button type="button" className="button" onClick={openInHashMode}>
              {t.hashMode}
            </button>
          )}
        </div>
      </div>
    </main>
  );
}
