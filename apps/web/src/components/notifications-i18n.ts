import { addResources, t } from '../lib/i18n';
import notificationTexts from '../locales/en.notifications.json';
import swahiliNotificationTexts from '../locales/sw.notifications.json';

// The notification texts load with the bell's lazy chunk or a notification screen, never with the
// landing page's entry chunk.
addResources(notificationTexts, swahiliNotificationTexts);

export { t };
