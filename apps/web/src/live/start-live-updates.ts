import type { Digest, SessionEndReason } from '@jalon/contract';
import { readStored, writeStored } from '../lib/storage.ts';
import type { LockRequester } from '../offline/sender-lock.ts';
import { eventsUrl, fetchDigest, probeSession } from './live-api.ts';
import { connectLive, type EventSourceLike, type SessionCheck } from './live-connection.ts';
import { joinLiveLeader, type LiveChannel, type LiveMessage } from './live-leader.ts';
import { LiveState, type LiveHandlers } from './live-state.ts';
import { setActiveLive } from './live-store.ts';
import { seenKey } from './wipe-device.ts';

/** How long after the last live change this tab counts the others' changes as seen (one request per burst). */
const SEEN_AFTER_MS = 5_000;

export interface LiveUpdatesOptions extends LiveHandlers {
  userId: string;
  /** The session ended (revoked, deactivated, signed out, expired), and why when the server said it: leave. */
  onRevoked: (reason: SessionEndReason | null) => void;
  // Seams for tests; the browser's own by default.
  url?: string;
  open?: (url: string) => EventSourceLike;
  checkSession?: () => Promise<SessionCheck>;
  fetchDigest?: (since: string) => Promise<Digest>;
  locks?: LockRequester | undefined;
  openChannel?: (name: string) => LiveChannel | undefined;
  now?: () => number;
}

/**
 * Live updates for the signed-in user in this tab (issue 12), started once after sign-in. One tab of the
 * browser holds the stream and relays it (live-leader.ts); every tab refreshes its own screens through the
 * handlers, shows the badges and the connection, and the digest of what the others changed meanwhile.
 * Returns what stops it all (sign-out, another user).
 */
export function startLiveUpdates(options: LiveUpdatesOptions): () => void {
  const now = options.now ?? Date.now;
  const key = seenKey(options.userId);
  const readDigest = options.fetchDigest ?? fetchDigest;
  let stopped = false;
  // The digest's start is only ever a time the server gave (a digest's `until`): a tab's clock may be
  // off by minutes, or jump (a test's clock does), and a start in the server's future would hide changes.
  const state = new LiveState(options, now);

  /**
   * What the others changed since the person last looked; a first visit only learns the server's time. A
   * digest is shown once: its end is the next one's start at once, so a reload does not show it again.
   */
  async function loadDigest(): Promise<void> {
    // A digest still on screen is asked again from its own start, so it takes in what came since.
    const seen = state.getSnapshot().digest?.since ?? readStored(key);
    try {
      const digest = await readDigest(seen ?? new Date(now()).toISOString());
      if (stopped) return;
      if (seen !== null && digest.people.length > 0) state.setDigest(digest);
      writeStored(key, digest.until);
    } catch (error) {
      console.warn('Résumé des changements indisponible', error);
    }
  }

  // Changes that arrive live are seen as they happen: a while after a burst, the server's time becomes the
  // next digest's start, so a page loaded later lists only what passed while the person was away.
  let seenTimer: ReturnType<typeof setTimeout> | undefined;
  const seenLive = () => {
    clearTimeout(seenTimer);
    seenTimer = setTimeout(() => {
      const seen = readStored(key);
      readDigest(seen ?? new Date(now()).toISOString())
        .then((digest) => {
          if (!stopped) writeStored(key, digest.until);
        })
        .catch((error: unknown) => console.warn('Résumé des changements indisponible', error));
    }, SEEN_AFTER_MS);
  };

  const dismiss = () => {
    const digest = state.getSnapshot().digest;
    if (digest) writeStored(key, digest.until);
    state.setDigest(null);
  };

  let revoked = false;
  const revoke = (reason: SessionEndReason | null) => {
    if (revoked) return;
    revoked = true;
    options.onRevoked(reason);
  };

  // This tab heard another leader before: when it takes over, what passed in between is read again.
  let followed = false;
  const reopened = () => {
    void state.resync();
    void loadDigest();
  };

  const leader = joinLiveLeader({
    userId: options.userId,
    locks: options.locks,
    ...(options.openChannel ? { openChannel: options.openChannel } : {}),
    lead: (post) => {
      const connection = connectLive({
        url: options.url ?? eventsUrl(),
        checkSession: options.checkSession ?? probeSession,
        ...(options.open ? { open: options.open } : {}),
        onState: (connectionState) => {
          state.setConnection(connectionState);
          post({ kind: 'state', state: connectionState });
          if (connectionState.kind === 'revoked') revoke(connectionState.reason);
        },
        onEvent: (event) => {
          state.receive(event);
          post({ kind: 'event', event });
          seenLive();
        },
        onOpen: (reconnected) => {
          post({ kind: 'opened', reconnected });
          if (reconnected || followed) reopened();
        },
      });
      return () => connection.stop();
    },
    onMessage: (message: LiveMessage) => {
      if (message.kind === 'hello') {
        if (leader.isLeader()) leader.post({ kind: 'state', state: state.getSnapshot().connection });
        return;
      }
      followed = true;
      if (message.kind === 'state') {
        state.setConnection(message.state);
        if (message.state.kind === 'revoked') revoke(message.state.reason);
      } else if (message.kind === 'event') state.receive(message.event);
      else if (message.reconnected) reopened();
    },
  });
  leader.post({ kind: 'hello' });
  setActiveLive(state, dismiss);
  void loadDigest();

  return () => {
    stopped = true;
    clearTimeout(seenTimer);
    leader.release();
    state.dispose();
    setActiveLive(null);
  };
}
