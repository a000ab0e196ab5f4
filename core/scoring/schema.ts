import { z } from 'zod';

/**
 * Raw shape of an ITBench ground-truth document. Deliberately loose: real files mix
 * `recommendedActions`/`recommended_actions`, omit filters, and name groups that do not exist,
 * so every field is optional here and the parser decides what is usable.
 */
const scalarText = z.union([z.string(), z.number(), z.boolean()]).transform(String);
const optionalText = scalarText.nullish().catch(null);

export const rawGroupSchema = z.looseObject({
  id: scalarText,
  kind: scalarText,
  namespace: optionalText,
  name: optionalText,
  filter: z
    .union([z.array(z.unknown()), z.string(), z.null()])
    .optional()
    .catch(undefined),
  root_cause: z.unknown().optional(),
});
export type RawGroup = z.infer<typeof rawGroupSchema>;

export const rawAlertSchema = z.looseObject({
  id: optionalText,
  group_id: optionalText,
  metadata: z.looseObject({ description: optionalText }).nullish().catch(null),
});

export const rawPropagationSchema = z.looseObject({
  source: optionalText,
  target: optionalText,
  condition: optionalText,
  effect: optionalText,
});

export const rawFaultSchema = z.looseObject({
  category: optionalText,
  condition: optionalText,
  fault_mechanism: optionalText,
  entity: z.looseObject({ group_id: optionalText, kind: optionalText, name: optionalText }).nullish().catch(null),
});

/** Lists whose items are validated one by one, so one bad entry does not discard the rest. */
const looseList = z.array(z.unknown()).nullish().catch(null);

export const rawDocumentSchema = z.looseObject({
  groups: looseList,
  aliases: looseList,
  alerts: looseList,
  propagations: looseList,
  fault: looseList,
});
