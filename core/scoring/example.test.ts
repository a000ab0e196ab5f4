import { describe, expect, it } from 'vitest';
import { exampleNameForGroup } from './example.js';
import { parseGroundTruth } from './parse.js';

const groupsOf = (yaml: string) => parseGroundTruth(yaml).groups;

describe('exampleNameForGroup', () => {
  it('uses the group name when there is one', () => {
    const [group] = groupsOf('groups: [{id: a, kind: ConfigMap, name: flagd-config, root_cause: true}]');
    expect(group && exampleNameForGroup(group)).toBe('flagd-config');
  });

  it('synthesises a name that the group matches from simple filters', () => {
    const names = groupsOf(`groups:
  - {id: a, kind: Pod, filter: [load-generator-.*]}
  - {id: b, kind: Service, filter: [frontend\\b]}
  - {id: c, kind: NetworkChaos, filter: [.*product-catalog]}
  - {id: d, kind: Service, filter: [reviews-v*]}
  - {id: e, kind: Pod, filter: ["*.*"]}
  - {id: f, kind: Pod, filter: ["data\\\\.json", "[a-c]x"]}`).map((g) => exampleNameForGroup(g, 'z9'));
    expect(names).toEqual(['load-generator-z9', 'frontend', 'z9product-catalog', 'reviews-vz9', 'z9z9', 'data.json']);
  });

  it('gives up on constructs it does not invert', () => {
    const [alt, counted] = groupsOf(`groups:
  - {id: a, kind: Pod, filter: ["(cart|checkout)-.*"]}
  - {id: b, kind: Pod, filter: ["cart-[0-9]{3}"]}`);
    expect(alt && exampleNameForGroup(alt)).toBeNull();
    expect(counted && exampleNameForGroup(counted)).toBeNull();
  });
});
