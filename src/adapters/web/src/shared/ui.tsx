import { useEffect, useRef, type ReactNode } from 'react';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import type { ProductsFailure } from '../api/products';

/** What went wrong, in the problem's own words (the service explains every refusal). */
export function problemText(error: unknown): string {
  if (error instanceof ApiError) {
    const details = error.problem?.errors?.map((e) => `${e.path}: ${e.message}`).join('; ');
    return [error.problem?.detail ?? error.problem?.title ?? `HTTP ${error.status}`, details].filter(Boolean).join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}

export function ErrorNote({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (error === undefined || error === null) return null;
  return (
    <p role="alert" className="error">
      {t('error', { message: problemText(error) })}
    </p>
  );
}

/**
 * What a read from the service is going through: its failure while it is tried again (a 429 or an
 * outage: "trying again"), or the refusal that ended it; nothing while it is fine. Never data.
 */
export function QueryNote({ query }: { query: { error: unknown; failureReason: unknown; isError: boolean } }) {
  const { t } = useI18n();
  if (query.isError) return <ErrorNote error={query.error} />;
  if (query.failureReason === null || query.failureReason === undefined) return null;
  return (
    <p role="alert" className="error">
      {t('error', { message: problemText(query.failureReason) })} {t('retrying')}
    </p>
  );
}

/** Why products are not shown yet, and when they are asked for again; nothing once they are read. */
export function ProductsFailureNote({ failure }: { failure: ProductsFailure | undefined }) {
  const { t } = useI18n();
  if (failure === undefined) return null;
  const retry = failure.retryInSeconds === undefined ? '' : ` ${t('retryingIn', { seconds: failure.retryInSeconds })}`;
  return (
    <p role="alert" className="error">
      {t('productsFailed', { message: problemText(failure.error) })}
      {retry}
    </p>
  );
}

/** A modal dialog (the browser's own <dialog>: focus kept inside, Escape closes). */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} aria-label={title} onClose={onClose} onCancel={onClose}>
      <h2>{title}</h2>
      {children}
    </dialog>
  );
}

export function ConfirmDialog(props: {
  title: string;
  message: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog title={props.title} onClose={props.onCancel}>
      <p>{props.message}</p>
      <div className="buttons">
        <button type="button" onClick={props.onCancel} autoFocus>
          {t('cancel')}
        </button>
        <button type="button" className="danger" onClick={props.onConfirm}>
          {props.confirm}
        </button>
      </div>
    </Dialog>
  );
}

/** A date and time input in the merchandiser's time zone, read and written as UTC ISO instants. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(local: string): string {
  return new Date(local).toISOString();
}

export function isNoEnd(iso: string): boolean {
  return new Date(iso).getUTCFullYear() >= 9999;
}
