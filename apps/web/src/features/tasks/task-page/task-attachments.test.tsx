import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '@jalon/contract';
import { updateSession } from '../../../lib/session-store.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { json, mockFetch, pathOf } from '../../../test/http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { TaskAttachments } from './task-attachments.tsx';

const TASK = '11111111-1111-4111-8111-111111111111';

const attachment = (overrides: Partial<Attachment>): Attachment => ({
  id: '22222222-2222-4222-8222-222222222222',
  taskId: TASK,
  name: 'devis.pdf',
  size: 1_572_864,
  contentType: 'application/pdf',
  sha256: 'a'.repeat(64),
  uploadedBy: { id: 'user-2', username: 'Bruno' },
  createdAt: '2030-01-15T09:00:00.000Z',
  ...overrides,
});

/** XMLHttpRequest as far as an upload uses it: the test says when the body has gone out and what answered. */
class FakeUpload {
  static last: FakeUpload | null = null;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  status = 0;
  responseText = '';
  url = '';
  headers = new Map<string, string>();
  body: FormData | null = null;
  constructor() {
    FakeUpload.last = this;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {}
  getResponseHeader() {
    return null;
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

function signIn(role: 'member' | 'admin' = 'member') {
  updateSession({
    token: 'tok-1',
    sessionId: 'sess-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser({ id: 'user-1', username: 'alice', role }),
  });
}

const renderFiles = () =>
  renderRoute(<TaskAttachments taskId={TASK} level={2} />, '/tasks/:id', `/tasks/${TASK}`);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Fichiers joints', { timeout: 20_000 }, () => {
  it('lists each file with its size in French, who sent it and when, and an image’s thumbnail', async () => {
    signIn();
    const files = [
      attachment({}),
      attachment({
        id: '33333333-3333-4333-8333-333333333333',
        name: 'stand.png',
        size: 2_048,
        contentType: 'image/png',
      }),
    ];
    const calls = mockFetch((call) => {
      const path = pathOf(call);
      if (path === `/tasks/${TASK}/attachments`) return json({ items: files });
      if (path === `/attachments/${files[1]!.id}/preview`)
        return new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/webp' } });
      if (path === `/attachments/${files[0]!.id}`)
        return new Response('%PDF', { headers: { 'content-type': 'application/pdf' } });
      throw new Error(`unexpected ${path}`);
    });
    renderFiles();
    const section = await screen.findByRole('region', { name: 'Fichiers joints' });
    const items = await within(section).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('devis.pdf');
    expect(items[0]).toHaveTextContent(/1,5 Mo · par Bruno, le \d\d\/01\/2030/);
    expect(items[1]).toHaveTextContent('2 Ko');
    const thumbnail = await within(items[1]!).findByRole('img', { name: 'Aperçu de « stand.png »' });
    expect(thumbnail.getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
    // No thumbnail asked for a file that is no image; not the uploader, not an administrator: no removal.
    expect(calls.filter((call) => pathOf(call).endsWith('/preview'))).toHaveLength(1);
    expect(within(section).queryByRole('button', { name: /Retirer/ })).toBeNull();

    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Télécharger « devis.pdf »' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(
      calls.find((call) => pathOf(call) === `/attachments/${files[0]!.id}`)?.headers.get('authorization'),
    ).toBe('Bearer tok-1');
  });

  it('sends a chosen file with its progress, then shows it in the list', async () => {
    signIn();
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    let items: Attachment[] = [];
    mockFetch((call) => {
      if (pathOf(call) === `/tasks/${TASK}/attachments`) return json({ items });
      throw new Error(`unexpected ${pathOf(call)}`);
    });
    const { container } = renderFiles();
    await screen.findByText('Aucun fichier joint.');
    expect(screen.getByText('Déposez des fichiers ici pour les joindre.')).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File(['0123456789'], 'plan.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });

    await waitFor(() => expect(FakeUpload.last?.body).not.toBeNull());
    const upload = FakeUpload.last!;
    expect(upload.url).toMatch(new RegExp(`/api/tasks/${TASK}/attachments$`));
    expect(upload.headers.get('authorization')).toBe('Bearer tok-1');
    expect((upload.body!.get('file') as File).name).toBe('plan.pdf');
    upload.progress(40, 100);
    const progress = await screen.findByRole('progressbar', { name: 'Envoi de « plan.pdf »' });
    await waitFor(() => expect(progress).toHaveAttribute('value', '40'));

    const sent = attachment({ name: 'plan.pdf', size: 10, uploadedBy: { id: 'user-1', username: 'alice' } });
    items = [sent];
    upload.answer(201, { data: sent });
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('plan.pdf');
    expect(item).toHaveTextContent('10 octets');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('lets the uploader remove a file', async () => {
    signIn();
    let items = [attachment({ uploadedBy: { id: 'user-1', username: 'alice' } })];
    const calls = mockFetch((call) => {
      const path = pathOf(call);
      if (call.method === 'DELETE') {
        items = [];
        return json({ id: items.length, deleted: true });
      }
      if (path === `/tasks/${TASK}/attachments`) return json({ items });
      throw new Error(`unexpected ${path}`);
    });
    renderFiles();
    await userEvent.click(await screen.findByRole('button', { name: 'Retirer « devis.pdf »' }));
    await screen.findByText('Aucun fichier joint.');
    expect(calls.find((call) => call.method === 'DELETE')?.url).toMatch(
      /\/api\/attachments\/22222222-2222-4222-8222-222222222222$/,
    );
  });

  it('says offline that files are online only, and takes none', async () => {
    signIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch(() => json({ items: [] }));
    renderFiles();
    const button = await screen.findByRole('button', { name: 'Disponible en ligne seulement.' });
    expect(button).toBeDisabled();
    expect(screen.queryByText('Déposez des fichiers ici pour les joindre.')).toBeNull();
  });
});
