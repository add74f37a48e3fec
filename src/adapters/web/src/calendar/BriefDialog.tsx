import { useId, useState, type FormEvent } from 'react';
import type { Product } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { propose } from '../shared/drafts';
import { useRememberProducts } from '../api/products';
import { go } from '../shared/route';
import { briefFormErrors, hasErrors, type BriefField, type FieldErrors } from '../shared/field-errors';
import { describedBy, ErrorSummary, FieldMessage, focusFirst } from '../shared/field-messages';
import { Dialog, ErrorNote } from '../shared/ui';
import { useProposal } from './api';

const DEFAULT_SIZE = 24;

/**
 * Proposals asked of the service, from a brief or from seeds alike: the one made opens in the new
 * slice editor (kept under an id in its URL) and closes the dialog; nothing is saved until Save.
 */
function useProposals(collectionId: number, onClose: () => void) {
  const { t } = useI18n();
  const remember = useRememberProducts();
  const ask = useProposal();
  const [empty, setEmpty] = useState(false);

  function opened(products: Product[], name: string) {
    if (products.length === 0) {
      setEmpty(true);
      return;
    }
    remember(products);
    const proposal = propose({ name: name.slice(0, 200), type: 'AI', products: products.map((p) => p.id) });
    onClose();
    go({ screen: 'slice', collectionId, sliceId: 'new', proposal });
  }

  function fromBrief(brief: string, size: number) {
    setEmpty(false);
    ask.mutate({ brief, size }, { onSuccess: (products) => opened(products, brief) });
  }

  function fromSeeds(seeds: string, size: number) {
    const list = seeds
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    setEmpty(false);
    ask.mutate({ seeds: list, size }, { onSuccess: (products) => opened(products, `AI: ${list.join(', ')}`) });
  }
  const error = ask.error ?? (empty ? new Error(t('noResults')) : undefined);
  return { fromBrief, fromSeeds, error, busy: ask.isPending };
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

  function submit(event: FormEvent) {
    event.preventDefault();
    if (checked(false)) fromBrief(brief, size);
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
          <button type="button" disabled={busy || seeds.trim() === ''} onClick={() => checked(true) && fromSeeds(seeds, size)}>
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
