import { PageHeader } from '../../../components/ui/page-header.tsx';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/notifications.css';
import { useInbox } from '../use-inbox.ts';
import { InboxView } from './inbox-view.tsx';

/** /notifications (shortcut g n, and the phone's bell): the inbox on a screen of its own. */
export function NotificationsPage() {
  const inbox = useInbox();
  return (
    <>
      <PageHeader title={fr.notifications.title} />
      <div className="card notifications-page">
        <InboxView inbox={inbox} />
      </div>
    </>
  );
}
