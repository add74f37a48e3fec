import type { Logger } from '../../logging/logger.js';
import type { Admission } from './admission.js';
import type { RequestObserver } from './observe.js';

/** What both lanes answer a request with: one admission, one observer, one logger for failures. */
export interface Pipeline {
  readonly admission: Admission;
  readonly observer: RequestObserver;
  readonly logger: Logger;
}
