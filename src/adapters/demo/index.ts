export { loadDemoData, type DemoDataLoaders } from './load-demo-data.js';
export { demoCatalog } from './demo-catalog.js';
export { demoProfiles } from './demo-profiles.js';
export { demoCollections } from './demo-collections.js';
export { demoEvents } from './demo-events.js';
