/** Evidence charts: the schema the inspector and the report draw, downsampling and bucketing (pure). */
export * from './schema.js';
export { downsampleMinMax } from './downsample.js';
export {
  makeBuckets,
  bucketOf,
  bucketCentres,
  ratePerMinute,
  errorRate,
  quantilesPerBucket,
  baselineBand,
  bandAround,
  type Buckets,
} from './buckets.js';
export { citationsFor } from './citations.js';
export * from './palette.js';
