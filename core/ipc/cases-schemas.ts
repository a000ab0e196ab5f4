import { z } from 'zod';

/**
 * The case library a Start uses (docs/cases.md): `file` names one, null uses none. Absent from
 * the Start: the host's own (`eog serve --cases FILE`, else the user's default, none with
 * `--no-cases`). The app's setting, kept as a preference.
 */
export const CasesChoice = z.object({ file: z.string().trim().min(1).max(4096).nullable() });
export type CasesChoice = z.infer<typeof CasesChoice>;

/** What the Settings tab shows of the case library. */
export const CasesInfo = z.object({
  /** The library the host uses when the app names none; null when it was started with `--no-cases`. */
  hostFile: z.string().nullable(),
  /** The library the last Start used (the one the similar cases came from); null: none. */
  file: z.string().nullable(),
});
export type CasesInfo = z.infer<typeof CasesInfo>;

/** A past case to open as a read-only replay of its recording, by its name in the library in use. */
export const CaseOpenInput = z.object({ case: z.string().min(1).max(2000) });
export type CaseOpenInput = z.infer<typeof CaseOpenInput>;
