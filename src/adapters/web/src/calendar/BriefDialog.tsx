import { useId, useState, type FormEvent } from 'react';
import { ok, type Product } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { propose } from '../shared/drafts';
import { useRememberProducts } from '../api/products';
import { go } from '../shared/route';
import { Dialog, ErrorNote } from '../shared/ui';

const DEFAULT_SIZE = 24;

/** Proposals asked of the service; the one made opens in the slice editor and closes the dialog. */
function useProposals(collectionId: number, onClose: () => void) {
  const { t } = useI18n();
  const { api } = useSession();
  const remember = useRememberProducts();
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  async function fromBrief(brief: string, size: number) {
    await generate(
      () => ok(api.POST('/api/v1/merchandising-collections/protected/proposals', { body: { brief, size, availableOnly: true } })),
      brief,
    );
  }

  /** Seeds make an AI slice at once (the service keeps its seeds, to generate it again later); it opens in the editor. */
  async function fromSeeds(seeds: string, size: number) {
    const list = seeds
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    setBusy(true);
    try {
      const start = new Date();
      start.setMinutes(0, 0, 0);
      start.setHours(start.getHours() + 1);
      const slice = await ok(
        api.POST('/api/v1/merchandising-collections/protected/{id}/slices/ai', {
          params: { path: { id: collectionId } },
          body: {
            name: `AI: ${list.join(', ')}`.slice(0, 200),
            startsAt: start.toISOString(),
            seeds: list,
            size,
            includeSeeds: true,
          },
        }),
      );
      onClose();
      go({ screen: 'slice', collectionId, sliceId: slice.id });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  async function generate(call: () => Promise<{ products: Product[] }>, name: string) {
    setBusy(true);
    try {
      const proposal = await call();
      if (proposal.products.length === 0) {
        setError(new Error(t('noResults')));
        return;
      }
      remember(proposal.products);
      propose({ name: name.slice(0, 200), type: 'AI', products: proposal.products.map((p) => p.id) });
      onClose();
      go({ screen: 'slice', collectionId, sliceId: 'new' });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  return { fromBrief, fromSeeds, error, busy };
}

/**
 * A proposal from a text brief (words, price bounds, categories and brands recognised by the
 * service) or from seed products, opened in the slice editor to edit before saving.
 */
export function BriefDialog({ collectionId, onClose }: { collectionId: number; onClose: () => void }) {
  const { t } = useI18n();
  const { fromBrief, fromSeeds, error, busy } = useProposals(collectionId, onClose);
  const [brief, setBrief] = useState('');
  const [seeds, setSeeds] = useState('');
  const [size, setSize] = useState(DEFAULT_SIZE);
  const ids = { brief: useId(), size: useId(), seeds: useId(), help: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    await fromBrief(brief, size);
  }

  return (
    <Dialog title={t('generateFromBrief')} onClose={onClose}>
      <form onSubmit={submit} className="stack">
        <label htmlFor={ids.brief}>{t('brief')}</label>
        <textarea
          id={ids.brief}
          aria-describedby={ids.help}
          maxLength={500}
          value={brief}
          onChange={(e) => setBrief(e.target.value)}
        />
        <p id={ids.help} className="help">
          {t('briefHelp')}
        </p>
        <label htmlFor={ids.size}>{t('size')}</label>
        <input
          id={ids.size}
          type="number"
          min={1}
          max={500}
          required
          value={size}
          onChange={(e) => setSize(Number(e.target.value))}
        />
        <label htmlFor={ids.seeds}>{t('fromSeeds')}</label>
        <input id={ids.seeds} value={seeds} onChange={(e) => setSeeds(e.target.value)} />
        <ErrorNote error={error} />
        <div className="buttons">
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="button" disabled={busy || seeds.trim() === ''} onClick={() => void fromSeeds(seeds, size)}>
            {t('generateFromSeeds')}
          </button>
          <button type="submit" disabled={busy || brief.trim() === ''}>
            {t('generateFromBrief')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
