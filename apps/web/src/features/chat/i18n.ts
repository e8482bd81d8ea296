import { addResources, t } from '../../lib/i18n';
import chatTexts from '../../locales/en.chat.json';
import swahiliChatTexts from '../../locales/sw.chat.json';

// Chat texts load with the chat screens, never with the landing page.
addResources(chatTexts, swahiliChatTexts);

export { t };
