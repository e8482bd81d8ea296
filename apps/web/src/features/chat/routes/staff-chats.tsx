import { useParams } from 'react-router';
import { staffPaths } from '../../../config/staff-paths';
import { ChatScreen } from '../components/chat-screen';
import { t } from '../i18n';

/** Staff chats (`/staff/chats`): an intermediary's firm's conversations, or support's for admins. */
export default function StaffChatsRoute() {
  const { id } = useParams();
  const conversationId = id && /^\d+$/.test(id) ? Number(id) : null;
  return (
    <ChatScreen
      side="staff"
      heading={t('chat.staffTitle')}
      intro={t('chat.staffIntro')}
      conversationId={conversationId}
      hrefOf={(conversation) => staffPaths.chat.getHref(conversation)}
      listHref={staffPaths.chats.getHref()}
      empty={<p className="text-slate-800">{t('chat.noConversationsStaff')}</p>}
    />
  );
}
