import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/composition/config.js';
import { generatedTokenNotice } from '../../src/composition/start.js';

describe('the notice of a generated admin token', () => {
  const secret = 'vtr_UNNHZ9rUVuUZAwW7iqb6Umww2TUDwqGeesw0RvJwl_k';

  it('shows the secret once and, on the in-memory stores, how to keep it across restarts', () => {
    const notice = generatedTokenNotice(secret, parseConfig({}));
    expect(notice.split(secret)).toHaveLength(2);
    expect(notice).toBe(
      '\nNo token existed, so an admin token with every scope was created. It is shown this once:\n\n' +
        `  ${secret}\n\n` +
        'The in-memory stores forget it when the service stops, and the next start prints a new one:\n' +
        'to keep this one, start with BOOTSTRAP_ADMIN_TOKEN set to it.\n\n',
    );
  });

  it('says nothing of keeping it on MongoDB, which keeps it', () => {
    const notice = generatedTokenNotice(secret, parseConfig({ MONGODB_URI: 'mongodb://127.0.0.1:27017' }));
    expect(notice).toBe(
      `\nNo token existed, so an admin token with every scope was created. It is shown this once:\n\n  ${secret}\n\n`,
    );
  });
});
