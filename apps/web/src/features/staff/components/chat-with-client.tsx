import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { staffPaths } from '../../../config/staff-paths';
import { ApiError, callAction } from '../../../lib/api-client';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore, getRole } from '../../../stores/auth';
import { t } from '../i18n';

/** An intermediary's "Chat with the client" on a request: opens (or reopens) the chat, then shows it. */
export function ChatWithClient({ requestId }: { requestId: number }) {
  const role = usePersistedStore(authStore, getRole);
  const navigate = useNavigate();
  const [isOpening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (role !== 'intermediary') return null;
  const open = async () => {
    setOpening(true);
    setError(null);
    try {
      const conversation = await callAction(
        'chat/conversation/startWithClient',
        { requestId },
        { secure: true, silent: true },
      );
      navigate(staffPaths.chat.getHref(conversation.id));
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.err_msg ? failure.err_msg : t('staff.request.chatFailed'),
      );
      setOpening(false);
    }
  };
  return (
    <div>
      <Button variant="secondary" onClick={() => void open()} disabled={isOpening}>
        {t('staff.request.chat')}
      </Button>
      {error ? (
        <p role="alert" className="mt-2 font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
