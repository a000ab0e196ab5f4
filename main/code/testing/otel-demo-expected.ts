/**
 * Which services of the OpenTelemetry Demo read each flag of its flagd file, read by eye in
 * the source (a service is a folder of `src/`); and, for the flags the committed slice reads,
 * the branch (or loop) on the flag's value at the dataset's commit. Flags read through a named
 * constant (Java ad), an accessor passing the value on as an argument (CPULoad.execute),
 * generated accessors (Go flags/flags_gen.go), a local variable (C#, Ruby), an accessor taking
 * the key (Python, Kotlin, JavaScript), a shell function (Bash) and a branch's value (Rust).
 * The flag editor (flagd-ui) lists and writes every flag and reads none.
 * Paths are relative to the demo's `src/` folder, the same in the fixture slice and the full
 * checkout.
 */
export interface FlagExpectation {
  services: readonly string[];
  /** The deciding block at the dataset's commit, when known. */
  file?: string;
  line?: number;
}

export const flagBehaviour: Record<string, FlagExpectation> = {
  adFailure: { services: ['ad'], file: 'ad/src/main/java/oteldemo/AdService.java', line: 238 },
  adManualGc: { services: ['ad'], file: 'ad/src/main/java/oteldemo/AdService.java', line: 242 },
  adHighCpu: { services: ['ad'], file: 'ad/src/main/java/oteldemo/problempattern/CPULoad.java', line: 47 },
  cartFailure: { services: ['cart'], file: 'cart/src/services/CartService.cs', line: 83 },
  failedReadinessProbe: { services: ['cart'], file: 'cart/src/services/HealthCheckService.cs', line: 38 },
  kafkaQueueProblems: { services: ['checkout', 'fraud-detection', 'accounting'], file: 'checkout/main.go', line: 709 },
  paymentUnreachable: { services: ['checkout'], file: 'checkout/main.go', line: 570 },
  productCatalogFailure: { services: ['product-catalog'], file: 'product-catalog/main.go', line: 373 },
  recommendationCacheFailure: { services: ['recommendation'], file: 'recommendation/recommendation_server.py', line: 78 },
  emailMemoryLeak: { services: ['email'], file: 'email/email_server.rb', line: 83 },
  imageSlowLoad: { services: ['frontend'] },
  intlShippingSlowdown: { services: ['shipping'] },
  loadGeneratorTraffic: { services: ['load-generator'] },
  loadGeneratorVUs: { services: ['load-generator'] },
  paymentFailure: { services: ['payment'] },
};
