export { loadKnowledge, defaultKnowledgeFile, causalSettingsFor } from './load.js';
