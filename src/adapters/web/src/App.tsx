import { useEffect } from 'react';
import { CollectionScreen } from './calendar/CollectionScreen';
import { CollectionsScreen } from './collections/CollectionsScreen';
import { LOCALES, useI18n, type Locale } from './i18n/i18n';
import { PlannerScreen } from './planner/PlannerScreen';
import { SessionProvider, useSession, useSignIn } from './session/session';
import { SignIn } from './session/SignIn';
import { useNarrow } from './shared/media';
import { hrefOf, useRoute } from './shared/route';
import { SliceScreen } from './slice-editor/SliceScreen';

export function App() {
  const { signed, notice, restoring, signIn, signOut, restore } = useSignIn();
  useEffect(() => {
    void restore();
  }, [restore]);
  if (restoring) return <Frame />;
  if (signed === undefined) {
    return (
      <Frame>
        <SignIn notice={notice} signIn={signIn} />
      </Frame>
    );
  }
  return (
    <SessionProvider signed={signed} signOut={signOut}>
      <Frame signedIn>
        <Screens />
      </Frame>
    </SessionProvider>
  );
}

function Screens() {
  const route = useRoute();
  if (route.screen === 'planner') return <PlannerScreen />;
  if (route.screen === 'collection') return <CollectionScreen key={route.collectionId} collectionId={route.collectionId} />;
  if (route.screen === 'slice') {
    return (
      <SliceScreen
        key={`${route.collectionId}/${route.sliceId}/${route.proposal ?? ''}`}
        collectionId={route.collectionId}
        sliceId={route.sliceId}
        proposal={route.proposal}
      />
    );
  }
  return <CollectionsScreen />;
}

function Frame({ signedIn = false, children }: { signedIn?: boolean; children?: React.ReactNode }) {
  const { t } = useI18n();
  const narrow = useNarrow();
  const links = (
    <>
      {signedIn && <a href={hrefOf({ screen: 'planner' })}>{t('planner')}</a>}
      <a href="/docs" target="_blank" rel="noopener">
        {t('apiReference')}
      </a>
      <LanguageSelect />
      {signedIn && <Who />}
    </>
  );
  return (
    <>
      <a className="skip" href="#main">
        {t('skipToContent')}
      </a>
      <header className="top">
        <a className="brand" href="#/">
          {t('appName')}
        </a>
        {narrow ? (
          // On a phone the header is one row: the rest waits in a menu (a read-only token still says so at once).
          <div className="header-row">
            {signedIn && <ReadOnlyMark />}
            <details className="menu">
              <summary>{t('menu')}</summary>
              <nav aria-label={t('appName')}>{links}</nav>
            </details>
          </div>
        ) : (
          <nav aria-label={t('appName')}>{links}</nav>
        )}
      </header>
      {children}
    </>
  );
}

function LanguageSelect() {
  const { t, locale, setLocale } = useI18n();
  return (
    <label>
      {t('language')}{' '}
      <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l.locale} value={l.locale} lang={l.locale}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function ReadOnlyMark() {
  const { t } = useI18n();
  const { canWrite } = useSession();
  return canWrite ? null : (
    <span className="badge" title={t('readOnly')}>
      {t('readOnlyShort')}
    </span>
  );
}

function Who() {
  const { t } = useI18n();
  const { me, canWrite, signOut } = useSession();
  return (
    <>
      <span className="who">{t('signedInAs', { name: me.name })}</span>
      {!canWrite && <span className="badge">{t('readOnly')}</span>}
      <button type="button" onClick={() => signOut()}>
        {t('signOut')}
      </button>
    </>
  );
}
