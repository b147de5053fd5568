import type { Attachment } from '@jalon/contract';
import { isPreviewable, isTmpId } from '@jalon/contract/plain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatFileSize } from '../../../lib/file-size.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { taskPage } from '../../../locales/fr/task-page.ts';
import {
  attachmentsQueryOptions,
  downloadAttachment,
  previewQueryOptions,
  removeAttachment,
  uploadAttachment,
} from '../api/attachments.ts';

const t = taskPage.files;

interface Upload {
  key: number;
  name: string;
  percent: number;
}

interface TaskAttachmentsProps {
  taskId: string;
  /** The section's heading level, under the task's title. */
  level: number;
}

/**
 * 'Fichiers joints': the task's files (name, size, who, when, a thumbnail for an image), 'Joindre un
 * fichier' or files dropped on the section, each upload's progress, and removal by the uploader or an
 * administrator. Files are online only: offline, the button says so and nothing is queued.
 */
export function TaskAttachments({ taskId, level }: TaskAttachmentsProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const online = useOnlineStatus();
  const user = useSession((session) => session.user);
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [failures, setFailures] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  // A task made offline is not on the server yet: nothing can be attached to it there.
  const unsent = isTmpId(taskId);
  const files = useQuery({ ...attachmentsQueryOptions(taskId), enabled: !unsent });
  const listKey = attachmentsQueryOptions(taskId).queryKey;
  const canAttach = online && !unsent;

  const fail = (message: string) => setFailures((current) => [...current, message]);

  async function send(file: File) {
    const key = nextKey.current++;
    setUploads((current) => [...current, { key, name: file.name, percent: 0 }]);
    try {
      await uploadAttachment(taskId, file, (sent, total) => {
        const percent = Math.round((sent / Math.max(total, 1)) * 100);
        setUploads((current) =>
          current.map((upload) => (upload.key === key ? { ...upload, percent } : upload)),
        );
      });
      await queryClient.invalidateQueries({ queryKey: listKey });
    } catch (error) {
      fail(t.uploadFailed(file.name, errorMessage(error)));
    } finally {
      setUploads((current) => current.filter((upload) => upload.key !== key));
    }
  }

  const sendAll = (list: FileList | null) => {
    if (!list || !canAttach) return;
    setFailures([]);
    for (const file of Array.from(list)) void send(file);
  };

  async function remove(attachment: Attachment) {
    try {
      await removeAttachment(attachment.id);
      await queryClient.invalidateQueries({ queryKey: listKey });
    } catch (error) {
      fail(t.removeFailed(attachment.name, errorMessage(error)));
    }
  }

  async function download(attachment: Attachment) {
    try {
      await downloadAttachment(attachment);
    } catch (error) {
      fail(t.downloadFailed(attachment.name, errorMessage(error)));
    }
  }

  const onDragOver = (event: DragEvent) => {
    if (!canAttach || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    setDragging(false);
    if (!canAttach) return;
    event.preventDefault();
    sendAll(event.dataTransfer.files);
  };

  const items = files.data?.items ?? [];
  return (
    <section
      className={`task-attachments${dragging ? ' task-attachments--dragging' : ''}`}
      aria-labelledby={headingId}
      aria-busy={files.isFetching || uploads.length > 0}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Heading id={headingId}>{t.title}</Heading>
      {unsent && <p className="muted-text">{t.unsent}</p>}
      {!unsent && files.isPending && <p className="muted-text">{t.loading}</p>}
      {files.isError && <Alert tone="error">{t.failed(errorMessage(files.error))}</Alert>}
      {failures.map((failure) => (
        <Alert key={failure} tone="error">
          {failure}
        </Alert>
      ))}
      {!files.isPending && !files.isError && items.length === 0 && <p className="empty-text">{t.empty}</p>}
      {items.length > 0 && (
        <ul className="task-attachments__list">
          {items.map((attachment) => (
            <li key={attachment.id} className="task-attachments__item">
              {isPreviewable(attachment.contentType) && <Thumbnail attachment={attachment} />}
              <div className="task-attachments__text">
                <button
                  type="button"
                  className="link-button task-attachments__name"
                  aria-label={t.download(attachment.name)}
                  onClick={() => void download(attachment)}
                >
                  {attachment.name}
                </button>
                <p className="task-attachments__meta muted-text">
                  {formatFileSize(attachment.size)} ·{' '}
                  {t.by(attachment.uploadedBy.username, formatDateTime(attachment.createdAt))}
                </p>
              </div>
              {(user?.role === 'admin' || user?.id === attachment.uploadedBy.id) && (
                <button
                  type="button"
                  className="button"
                  aria-label={t.remove(attachment.name)}
                  disabled={!online}
                  onClick={() => void remove(attachment)}
                >
                  {t.removeShort}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {uploads.map((upload) => (
        <div key={upload.key} className="task-attachments__upload">
          <label htmlFor={`${headingId}-upload-${upload.key}`}>{t.uploading(upload.name)}</label>
          <progress id={`${headingId}-upload-${upload.key}`} max={100} value={upload.percent}>
            {t.progress(upload.percent)}
          </progress>
        </div>
      ))}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          sendAll(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      {!unsent && (
        <button type="button" className="button" disabled={!canAttach} onClick={() => input.current?.click()}>
          {online ? t.attach : t.offline}
        </button>
      )}
      {canAttach && <p className="muted-text task-attachments__hint">{t.drop}</p>}
    </section>
  );
}

/** An image's thumbnail, from the server's preview; nothing while it loads or when there is none. */
function Thumbnail({ attachment }: { attachment: Attachment }) {
  const preview = useQuery(previewQueryOptions(attachment.id));
  if (!preview.data) return <span className="task-attachments__thumbnail" aria-hidden="true" />;
  return (
    <img
      className="task-attachments__thumbnail"
      src={preview.data}
      alt={taskPage.files.thumbnail(attachment.name)}
      width={64}
      height={64}
    />
  );
}
