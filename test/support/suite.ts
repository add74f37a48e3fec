/**
 * `describe` for suites that run in several projects (in memory, on Redis, on MongoDB): when the
 * project's servers cannot be had, every suite is skipped, and one skipped test per file carries
 * the reason, so a report never shows them as passed.
 */
import { describe as vitestDescribe, inject, it } from 'vitest';
import './provided.js';

const reason = inject('skipReason');

if (reason !== undefined) vitestDescribe('skipped', () => it.skip(reason, () => {}));

export const describe = vitestDescribe.skipIf(reason !== undefined);
