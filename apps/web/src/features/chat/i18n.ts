import { addResources, t } from '../../lib/i18n';
import chatTexts from '../../locales/en.chat.json';

// Chat texts load with the chat screens, never with the landing page.
addResources(chatTexts);

export { t };
