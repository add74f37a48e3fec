import { useId, useState, type FormEvent } from 'react';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';

export function SignIn({ notice, signIn }: { notice: MessageKey | undefined; signIn: (token: string) => Promise<boolean> }) {
  const { t } = useI18n();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const fieldId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setRefused(undefined);
    try {
      if (!(await signIn(token.trim()))) setRefused(t('tokenRefused'));
    } catch (error) {
      setRefused(t('error', { message: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className="sign-in">
      <h1>{t('signInTitle')}</h1>
      {notice !== undefined && (
        <p role="alert" className="notice">
          {t(notice)}
        </p>
      )}
      <form onSubmit={submit}>
        <p>{t('signInHelp')}</p>
        <label htmlFor={fieldId}>{t('appToken')}</label>
        <input
          id={fieldId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
        {refused !== undefined && (
          <p role="alert" className="error">
            {refused}
          </p>
        )}
        <button type="submit" disabled={busy || token.trim() === ''}>
          {busy ? t('signingIn') : t('signIn')}
        </button>
      </form>
    </main>
  );
}
