import { ContainerModule } from 'inversify';
import { RecordEvents } from '../../application/events/record-events.js';
import { EventStoreToken } from '../../domain/events/event-store.js';
import { EventPolicyToken } from '../../domain/events/shopper-event.js';
import { ClockToken } from '../../domain/shared/clock.js';
import { eventRoutes } from '../../adapters/http/events/event-routes.js';
import { bindClass, bindFactory, bindRoutes } from '../binding.js';
import {
  BehaviourFollowSettingsToken,
  EventFeedExtensionToken,
  EventFeedToken,
  FollowEvents,
  type EventFeed,
} from '../../application/events/follow-events.js';
import { RecommendationCountsToken } from '../../domain/product/recommendation-counts.js';
import { EventNewsToken } from '../../domain/events/event-news.js';
import { AnswerReadsToken, SimilarityFeedToken } from '../../domain/product/similarity.js';
import { SimilarAnswers } from '../../application/product/similar-answers.js';
import { SchedulerToken } from '../../domain/shared/scheduler.js';

/** What shoppers do: events recorded in batches, their route, and the feed that learns from them (FollowEvents). */
export const eventsModule = new ContainerModule(({ bind }) => {
  bindClass(bind, FollowEvents, [
    EventStoreToken,
    SimilarityFeedToken,
    EventNewsToken,
    SchedulerToken,
    BehaviourFollowSettingsToken,
  ]);
  bindFactory(bind, EventFeedToken, (follow: FollowEvents, extend: (feed: EventFeed) => EventFeed): EventFeed => extend(follow), [
    FollowEvents,
    EventFeedExtensionToken,
  ]);
  bindClass(bind, RecordEvents, [
    EventStoreToken,
    ClockToken,
    EventPolicyToken,
    EventFeedToken,
    SimilarAnswers,
    AnswerReadsToken,
    RecommendationCountsToken,
  ]);
  bindRoutes(bind, eventRoutes, [RecordEvents]);
});
