export { NeighbourEngine, NEIGHBOURS_KEPT, type EngineSettings } from './neighbour-engine.js';
