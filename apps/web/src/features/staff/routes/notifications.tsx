import { NotificationCentre } from '../../../components/notification-centre';

/** Every staff role: their own notification centre (requests for the firm, clients' decisions…). */
export default function StaffNotificationsRoute() {
  return <NotificationCentre />;
}
