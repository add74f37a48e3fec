import { describe, expect, it } from 'vitest';
import { InMemoryProfileStore } from '../../src/adapters/memory/in-memory-profile-store.js';
import { EraseProfile } from '../../src/application/profile/erase-profile.js';
import { LookUpProfile } from '../../src/application/profile/look-up-profile.js';
import { ProfileStyles } from '../../src/application/profile/profile-styles.js';
import { UpsertProfile } from '../../src/application/profile/upsert-profile.js';
import { someProfileContent } from '../support/mothers.js';
import { testContainer } from '../support/test-container.js';
import { override } from '../../src/composition/overrides.js';
import { ProfileStoreToken } from '../../src/domain/profile/profile-store.js';

/** Lets a read started in the background (from the in-memory store) run to its end. */
const finished = () => new Promise<void>((done) => setImmediate(done));

const ANA_STYLE = ['Clássico', 'Convidada elegante', 'Vestido midi', 'Luz natural'];

/** The service's container (answers cached for CACHE_TTL, 60 s by default) with Ana's profile stored. */
async function service(profileStore?: InMemoryProfileStore) {
  const { get, clock } = testContainer({
    overrides: profileStore === undefined ? [] : [override(ProfileStoreToken, profileStore)],
  });
  await get(UpsertProfile).execute({ userProfileId: 'up_ana', profile: someProfileContent() });
  return { clock, get, styles: get(ProfileStyles), upsert: get(UpsertProfile) };
}

describe('the style words of shoppers’ profiles', () => {
  it('answers undefined for a profile not at hand, reads it in the background, and then answers its words', async () => {
    const { styles } = await service();
    expect(styles.styleOf('up_ana')).toBeUndefined();
    await finished();
    const words = styles.styleOf('up_ana');
    expect(words).toEqual(ANA_STYLE);
    expect(styles.styleOf('up_ana')).toBe(words);
  });

  it('answers at once for a profile a lookup has at hand', async () => {
    const { get, styles } = await service();
    await get(LookUpProfile).execute({ by: 'userProfileId', value: 'up_ana' });
    expect(styles.styleOf('up_ana')).toEqual(ANA_STYLE);
  });

  it('answers no words for a shopper without a profile once it is known, and at once for an id no profile can have', async () => {
    const { styles } = await service();
    expect(styles.styleOf('up_nobody')).toBeUndefined();
    await finished();
    expect(styles.styleOf('up_nobody')).toEqual([]);
    expect(styles.styleOf('   ')).toEqual([]);
    expect(styles.styleOf('x'.repeat(129))).toEqual([]);
  });

  it('follows the profile’s writes and its erasure', async () => {
    const { get, styles, upsert } = await service();
    styles.styleOf('up_ana');
    await finished();
    await upsert.execute({ userProfileId: 'up_ana', profile: { perfil_cliente: { estilo_geral: 'Boho' } } });
    expect(styles.styleOf('up_ana')).toBeUndefined();
    await finished();
    expect(styles.styleOf('up_ana')).toEqual(['Boho']);
    await get(EraseProfile).execute('up_ana');
    styles.styleOf('up_ana');
    await finished();
    expect(styles.styleOf('up_ana')).toEqual([]);
  });

  it('keeps the words as long as the lookup keeps the profile: CACHE_TTL, to the millisecond', async () => {
    const { clock, styles } = await service();
    styles.styleOf('up_ana');
    await finished();
    clock.advance(59_999);
    expect(styles.styleOf('up_ana')).toEqual(ANA_STYLE);
    clock.advance(1);
    expect(styles.styleOf('up_ana')).toBeUndefined();
  });
});

describe('the style words’ background reads', () => {
  /** A profile store whose reads by id wait until released, counted. */
  function slowStore() {
    const store = new InMemoryProfileStore();
    const read: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((open) => (release = open));
    const findById = store.findById.bind(store);
    store.findById = async (id) => {
      read.push(id);
      await gate;
      return findById(id);
    };
    return { store, read, release };
  }

  it('starts at most 32 at once, one per shopper, and more once they are done', async () => {
    const { store, read, release } = slowStore();
    const { styles } = await service(store);
    const shoppers = Array.from({ length: 40 }, (_, i) => `up_${i}`);
    for (const id of shoppers) expect(styles.styleOf(id)).toBeUndefined();
    styles.styleOf('up_0');
    await finished();
    expect(read).toEqual(shoppers.slice(0, 32));
    release();
    await finished();
    expect(styles.styleOf('up_0')).toEqual([]);
    expect(styles.styleOf('up_39')).toBeUndefined();
    await finished();
    expect(read).toEqual([...shoppers.slice(0, 32), 'up_39']);
    expect(styles.styleOf('up_39')).toEqual([]);
  });
});
