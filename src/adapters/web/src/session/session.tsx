import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError, createApi, type Api, type OwnToken } from '../api/client';
import { createQueryClient } from '../api/query-client';
import type { MessageKey } from '../i18n/messages';
import { whoIs } from './api';

/** Kept for this tab only: never a cookie, a URL or localStorage. */
const TOKEN_KEY = 'vitrine.token';

export interface Session {
  api: Api;
  me: OwnToken;
  /** Whether the token may change collections; without it the builder is read only. */
  canWrite: boolean;
  signOut(reason?: MessageKey): void;
}

const SessionContext = createContext<Session | undefined>(undefined);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === undefined) throw new Error('useSession outside a signed-in screen');
  return session;
}

interface Signed {
  token: string;
  me: OwnToken;
}

export function useSignIn() {
  const [signed, setSigned] = useState<Signed | undefined>(undefined);
  const [notice, setNotice] = useState<MessageKey | undefined>(undefined);
  const [restoring, setRestoring] = useState(() => sessionStorage.getItem(TOKEN_KEY) !== null);

  const signOut = useCallback((reason?: MessageKey) => {
    sessionStorage.removeItem(TOKEN_KEY);
    setSigned(undefined);
    setNotice(reason);
  }, []);

  const signIn = useCallback(async (token: string): Promise<boolean> => {
    try {
      const me = await whoIs(token, () => undefined);
      sessionStorage.setItem(TOKEN_KEY, token);
      setSigned({ token, me });
      setNotice(undefined);
      return true;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
      throw error;
    }
  }, []);

  const restore = useCallback(async () => {
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token !== null) {
      const accepted = await signIn(token).catch(() => false);
      if (!accepted) signOut('sessionEnded');
    }
    setRestoring(false);
  }, [signIn, signOut]);

  return { signed, notice, restoring, signIn, signOut, restore };
}

export function SessionProvider({
  signed,
  signOut,
  children,
}: {
  signed: Signed;
  signOut: (reason?: MessageKey) => void;
  children: ReactNode;
}) {
  const value = useMemo<Session>(() => {
    const api = createApi(signed.token, () => signOut('sessionEnded'));
    return { api, me: signed.me, canWrite: signed.me.scopes.includes('collections:write'), signOut };
  }, [signed, signOut]);
  // One cache per signed-in token: what one merchandiser read is never shown to the next.
  const [queries] = useState(createQueryClient);
  return (
    <SessionContext.Provider value={value}>
      <QueryClientProvider client={queries}>{children}</QueryClientProvider>
    </SessionContext.Provider>
  );
}
