import { ContainerModule } from 'inversify';
import { RecordEvents } from '../../application/events/record-events.js';
import { EventStoreToken } from '../../domain/events/event-store.js';
import { EventPolicyToken } from '../../domain/events/shopper-event.js';
import { ClockToken } from '../../domain/shared/clock.js';
import { eventRoutes } from '../../adapters/http/events/event-routes.js';
import { bindClass, bindRoutes } from '../binding.js';

/** What shoppers do: events recorded in batches, and their route. */
export const eventsModule = new ContainerModule(({ bind }) => {
  bindClass(bind, RecordEvents, [EventStoreToken, ClockToken, EventPolicyToken]);
  bindRoutes(bind, eventRoutes, [RecordEvents]);
});
