export { buildEntityCharts, unavailableCharts, MAX_EDGE_CHARTS } from './build.js';
export { reportCharts, MAX_REPORT_ENTITIES } from './report.js';
export { chartRange, RATE_BUCKETS, type ChartRange } from './range.js';
