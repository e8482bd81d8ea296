import { NotificationCentre } from '../../../components/notification-centre';

/** Notification: the client's notification centre. */
export default function NotificationsRoute() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <NotificationCentre />
    </div>
  );
}
