import { useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { propose } from '../shared/drafts';
import { go, hrefOf } from '../shared/route';
import { QueryNote } from '../shared/ui';
import { BriefDialog } from './BriefDialog';
import { useCalendar } from './api';
import { PreviewPanel } from './PreviewPanel';
import { SliceList } from './SliceList';
import { SpreadsheetDialog } from './SpreadsheetDialog';
import { Timeline } from './Timeline';

/** A collection's calendar: its slices on a timeline and in a list, what is served now, and a preview. */
export function CollectionScreen({ collectionId }: { collectionId: number }) {
  const { t, timeZone } = useI18n();
  const { canWrite } = useSession();
  const query = useCalendar(collectionId);
  const calendar = query.data;
  const [dialog, setDialog] = useState<'spreadsheet' | 'brief' | undefined>(undefined);

  return (
    <main id="main">
      <p>
        <a href={hrefOf({ screen: 'collections' })}>← {t('back')}</a>
      </p>
      <QueryNote query={query} />
      {calendar === undefined ? (
        <p>{t('loading')}</p>
      ) : (
        <>
          <div className="heading">
            <h1>{calendar.collection.name}</h1>
            {canWrite && (
              <div className="buttons collection-actions">
                <button type="button" onClick={() => go({ screen: 'slice', collectionId, sliceId: 'new' })}>
                  {t('newSlice')}
                </button>
                <button
                  type="button"
                  onClick={() =>
                    go({
                      screen: 'slice',
                      collectionId,
                      sliceId: 'new',
                      proposal: propose({ name: '', type: 'RULES', products: [] }),
                    })
                  }
                >
                  {t('newRuleSlice')}
                </button>
                <button type="button" onClick={() => setDialog('spreadsheet')}>
                  {t('uploadSpreadsheet')}
                </button>
                <button type="button" onClick={() => setDialog('brief')}>
                  {t('generateFromBrief')}
                </button>
              </div>
            )}
          </div>
          {calendar.collection.description && <p>{calendar.collection.description}</p>}
          <p className="zone">{t('timeZoneNote', { zone: timeZone })}</p>
          <section aria-labelledby="calendar-title">
            <h2 id="calendar-title">{t('calendar')}</h2>
            <Timeline calendar={calendar} />
            <SliceList calendar={calendar} />
          </section>
          <PreviewPanel collectionId={collectionId} />
        </>
      )}
      {dialog === 'spreadsheet' && (
        <SpreadsheetDialog
          collectionId={collectionId}
          onClose={() => setDialog(undefined)}
          onSaved={(sliceId) => {
            setDialog(undefined);
            go({ screen: 'slice', collectionId, sliceId });
          }}
        />
      )}
      {dialog === 'brief' && <BriefDialog collectionId={collectionId} onClose={() => setDialog(undefined)} />}
    </main>
  );
}
