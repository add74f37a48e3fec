export { NeighbourEngine, NEIGHBOURS_KEPT, type EngineSettings } from './neighbour-engine.js';
export {
  CoViewIndex,
  DEFAULT_EVENT_WEIGHTS,
  type BehaviourEvent,
  type CoViewSettings,
  type ScoredNeighbour,
} from './co-view-index.js';
