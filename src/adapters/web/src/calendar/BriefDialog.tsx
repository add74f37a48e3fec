import { useId, useState, type FormEvent } from 'react';
import { ok, type Product } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { propose } from '../shared/drafts';
import { useRememberProducts } from '../api/products';
import { go } from '../shared/route';
import { briefFormErrors, hasErrors, type BriefField, type FieldErrors } from '../shared/field-errors';
import { describedBy, ErrorSummary, FieldMessage, focusFirst } from '../shared/field-messages';
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
  const [errors, setErrors] = useState<FieldErrors<BriefField>>({});

  /** Whether the proposal can be asked for; if not, the errors are shown beside their fields. */
  function checked(fromSeedsToo: boolean): boolean {
    const found = briefFormErrors({ brief, seeds, size }, fromSeedsToo);
    setErrors(found);
    focusFirst(found, ids);
    return !hasErrors(found);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checked(false)) await fromBrief(brief, size);
  }

  return (
    <Dialog title={t('generateFromBrief')} onClose={onClose}>
      <form onSubmit={submit} className="stack" noValidate>
        <ErrorSummary errors={errors} labels={{ brief: t('brief'), size: t('size'), seeds: t('fromSeeds') }} />
        <label htmlFor={ids.brief}>{t('brief')}</label>
        <textarea
          id={ids.brief}
          maxLength={500}
          value={brief}
          onChange={(e) => setBrief(e.target.value)}
          {...describedBy(errors.brief, `${ids.brief}-error`, ids.help)}
        />
        <FieldMessage id={`${ids.brief}-error`} error={errors.brief} />
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
          value={Number.isNaN(size) ? '' : size}
          onChange={(e) => setSize(e.target.value === '' ? Number.NaN : Number(e.target.value))}
          {...describedBy(errors.size, `${ids.size}-error`)}
        />
        <FieldMessage id={`${ids.size}-error`} error={errors.size} />
        <label htmlFor={ids.seeds}>{t('fromSeeds')}</label>
        <input
          id={ids.seeds}
          value={seeds}
          onChange={(e) => setSeeds(e.target.value)}
          {...describedBy(errors.seeds, `${ids.seeds}-error`)}
        />
        <FieldMessage id={`${ids.seeds}-error`} error={errors.seeds} />
        <ErrorNote error={error} />
        <div className="buttons">
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="button"
            disabled={busy || seeds.trim() === ''}
            onClick={() => checked(true) && void fromSeeds(seeds, size)}
          >
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
