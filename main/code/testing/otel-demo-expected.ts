/**
 * Where each flag the slice reads changes behaviour: the branch (or loop) on its value,
 * read by eye in the source. Flags read through a named constant (Java ad), an accessor
 * passing the value on as an argument (CPULoad.execute), generated accessors (Go
 * flags/flags_gen.go) and a local variable (C#, Ruby).
 * Paths are relative to the demo's `src/` folder, the same in the fixture slice and the
 * full checkout.
 */
export const flagBehaviour: Record<string, { file: string; line: number }> = {
  adFailure: { file: 'ad/src/main/java/oteldemo/AdService.java', line: 238 },
  adManualGc: { file: 'ad/src/main/java/oteldemo/AdService.java', line: 242 },
  adHighCpu: { file: 'ad/src/main/java/oteldemo/problempattern/CPULoad.java', line: 47 },
  cartFailure: { file: 'cart/src/services/CartService.cs', line: 83 },
  failedReadinessProbe: { file: 'cart/src/services/HealthCheckService.cs', line: 38 },
  kafkaQueueProblems: { file: 'checkout/main.go', line: 709 },
  paymentUnreachable: { file: 'checkout/main.go', line: 570 },
  productCatalogFailure: { file: 'product-catalog/main.go', line: 373 },
  recommendationCacheFailure: { file: 'recommendation/recommendation_server.py', line: 78 },
  emailMemoryLeak: { file: 'email/email_server.rb', line: 83 },
};
