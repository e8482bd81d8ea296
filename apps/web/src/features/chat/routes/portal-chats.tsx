import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { buttonSecondary, cardClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { startConversation } from '../api/chat';
import { ChatScreen } from '../components/chat-screen';
import { t } from '../i18n';
import { startInputFrom } from '../utils/start-input';

/** The client's chats (`/newportal/chats`, `/newportal/chats/:id`); `?with=…` opens one first. */
export default function PortalChatsRoute() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const start = startInputFrom(params);
  const [startFailed, setStartFailed] = useState(false);
  const started = useRef<string | null>(null);
  const conversationId = id && /^\d+$/.test(id) ? Number(id) : null;

  useEffect(() => {
    const key = params.toString();
    if (!start || started.current === key) return;
    started.current = key;
    setStartFailed(false);
    startConversation(start).then(
      (conversation) => navigate(paths.portalChat.getHref(conversation.id), { replace: true }),
      () => setStartFailed(true),
    );
  }, [start, params, navigate]);

  if (start) {
    return (
      <div className={cardClass}>
        {startFailed ? (
          <>
            <p role="alert" className="text-slate-900">
              {t('chat.startFailed')}
            </p>
            <Link to={paths.portalChats.getHref()} className={`${buttonSecondary} mt-4`}>
              {t('chat.backToList')}
            </Link>
          </>
        ) : (
          <p role="status">{t('chat.starting')}</p>
        )}
      </div>
    );
  }

  return (
    <ChatScreen
      side="client"
      heading={t('chat.title')}
      intro={t('chat.intro')}
      conversationId={conversationId}
      hrefOf={(conversation) => paths.portalChat.getHref(conversation)}
      listHref={paths.portalChats.getHref()}
      actions={
        <Button variant="secondary" onClick={() => navigate(paths.portalChats.getHref({ with: 'support' }))}>
          {t('chat.chatWithSupport')}
        </Button>
      }
      empty={
        <div className="text-slate-800">
          <p>{t('chat.noConversations')}</p>
          <p className="mt-1 text-sm">{t('chat.noConversationsHint')}</p>
          <Link to={paths.portalIntermediaries.getHref()} className={`${buttonSecondary} mt-3`}>
            {t('chat.findIntermediary')}
          </Link>
        </div>
      }
    />
  );
}
