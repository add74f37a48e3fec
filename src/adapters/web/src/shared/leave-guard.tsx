import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { holdNavigation, leaveTo } from './route';
import { ConfirmDialog } from './ui';

/**
 * While `dirty`, leaving asks first: the browser's own prompt on reload or close (beforeunload),
 * and "Leave without saving?" on an in-app link (a `#/…` link clicked anywhere on the page) and on
 * the browser's Back and Forward buttons (the route holds the fragment: holdNavigation).
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useI18n();
  const [leavingTo, setLeavingTo] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href^="#/"]');
      if (!link) return;
      event.preventDefault();
      setLeavingTo(link.getAttribute('href') ?? undefined);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    holdNavigation(setLeavingTo);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
      holdNavigation(undefined);
    };
  }, [dirty]);
  return (
    leavingTo !== undefined && (
      <ConfirmDialog
        title={t('leaveTitle')}
        message={t('leaveMessage')}
        confirm={t('leave')}
        onConfirm={() => {
          setLeavingTo(undefined);
          leaveTo(leavingTo);
        }}
        onCancel={() => setLeavingTo(undefined)}
      />
    )
  );
}
