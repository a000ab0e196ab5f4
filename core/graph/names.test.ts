import { describe, expect, it } from 'vitest';
import { appNameOf, deploymentOfReplicaSet, serviceOfPod } from './names.js';

describe('name normalisation', () => {
  it('drops the replica-set and pod hashes of a deployment pod', () => {
    expect(serviceOfPod('ts-order-service-5d8f7b6c9-abcde')).toBe('ts-order-service');
    expect(serviceOfPod('cart-7f9c-x2p')).toBe('cart');
  });

  it('drops only the ordinal of a stateful-set pod', () => {
    expect(serviceOfPod('redis-cart-0')).toBe('redis-cart');
    expect(serviceOfPod('kafka-12')).toBe('kafka');
  });

  it('does not mistake an all-digit pod suffix for a stateful-set ordinal', () => {
    expect(serviceOfPod('ts-basic-service-5dc8d4f9fd-46997')).toBe('ts-basic-service');
  });

  it('leaves names too short to carry two hashes alone', () => {
    expect(serviceOfPod('frontend')).toBe('frontend');
    expect(serviceOfPod('fluentd-abcde')).toBe('fluentd-abcde');
  });

  it('maps a replica set to its deployment', () => {
    expect(deploymentOfReplicaSet('ts-order-service-5d8f7b6c9')).toBe('ts-order-service');
  });

  it('knows which kinds belong to an app', () => {
    expect(appNameOf('Pod', 'cart-5d8f7b6c9-abcde')).toBe('cart');
    expect(appNameOf('Service', 'cart')).toBe('cart');
    expect(appNameOf('ConfigMap', 'cart-config')).toBeNull();
  });
});
